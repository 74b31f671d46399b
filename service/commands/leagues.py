"""`/league …`: a season of ordinary games on a server — created by an organiser (a server admin or
a member with the organiser role), joined by players, counted from every game created with
`league=<name>`, its standings on a phone, as CSV, and frozen at the close. The service is
`service.seasons.leagues` (docs/tournaments.md)."""
from __future__ import annotations

from ..errors import BadInput
from .spec import Arg, Ask, Command, Part

NAME = Arg("name", description="the league's name (default: the server's only open league)", shown="NAME")


def channel_of(ask: Ask) -> int | None:
    """Where the standings go: the channel named (`<#id>` or its number), else where the
    command was typed (the console: nowhere, they are printed)."""
    given = str(ask.get("channel") or "").strip()
    if given:
        digits = given[2:-1] if given.startswith("<#") and given.endswith(">") else given
        if digits.isdigit():
            return int(digits)
        raise BadInput(f"channel: a channel of this server (type # and pick it), not `{given[:40]}`")
    return ask.channel_id


def roles(ask: Ask) -> tuple[int, ...]:
    """The asker's roles, as the front end found them (Discord: the member's; the console: none)."""
    return tuple(ask.get("roles") or ())


async def _create(service, ask: Ask):
    return await service.seasons.leagues.create(
        ask.guild_id, ask.actor, ask["name"], ask.get("scoring"), ask.get("families"), ask.get("ends"),
        roles=roles(ask), channel_id=channel_of(ask), rank_by=ask.get("rank"), best=ask.get("best"),
        min_games=ask.get("minimum"), abandoned=ask.get("abandoned"))


def created(league, ask: Ask) -> str:
    where = f"in <#{league.channel_id}>" if league.channel_id else "here"
    ends = f" New games until {league.ends_on}." if league.ends_on else ""
    return (f"🏆 League **{league.name}** created: {league.rules_words()}; it counts {league.games_words()}.{ends} "
            f"Abandoned games: {'do not count' if league.abandoned == 'none' else league.abandoned}. Its standings "
            f"are posted {where} as games end.\nPlayers: `/league join name:{league.name}`. A game counts when it "
            f"is created for the league: `/game create variant:rx07 options:league={league.name}`; everyone who "
            f"holds one of its seats joins the league when it ends.")


async def _organisers(service, ask: Ask):
    return await service.seasons.organisers.set_role(ask.guild_id, ask.actor, ask["role"])


def organisers_set(role_id, ask: Ask) -> str:
    if role_id is None:
        return "Only server admins organise leagues and tournaments now. `/league organisers role:` gives a role."
    return (f"Members with <@&{role_id}> may now create and close leagues and tournaments and seed rounds "
            f"(`/league create`, `/tournament create`).")


async def _join(service, ask: Ask):
    return await service.seasons.leagues.join(ask.guild_id, ask.actor, ask.get("name"))


def joined(league, ask: Ask) -> str:
    return (f"You are in the league **{league.name}**. Your games count when they are created with "
            f"`league={league.name}`; `/league standings name:{league.name}` shows the table.")


async def _leave(service, ask: Ask):
    return await service.seasons.leagues.leave(ask.guild_id, ask.actor, ask.get("name"))


def left(league, ask: Ask) -> str:
    return (f"You left the league **{league.name}**; the points of the games you played stay in its table. "
            f"`/league join name:{league.name}` brings you back.")


async def _standings(service, ask: Ask):
    return await service.seasons.leagues.standings(ask.guild_id, ask.get("name"))


def standings_page(table, ask: Ask) -> str:
    return table.text(ask.get("page"))


def exported(table, ask: Ask) -> tuple[Part, ...]:
    return (Part(f"**{table.league.name}**: {table.games} counted game(s), one line per player and game.",
                 (table.file_name, table.csv())),)


async def _close(service, ask: Ask):
    return await service.seasons.leagues.close(ask.guild_id, ask.actor, ask.get("name"), roles=roles(ask))


def closed(table, ask: Ask) -> str:
    return (f"🏁 The league **{table.league.name}** is closed: its table is frozen as below and stays readable; "
            f"no new game counts in it.\n" + table.text())


COMMANDS = (
    Command("league create", "Organiser: a new league (a season of games) of this server", "organiser",
            "Leagues and tournaments",
            (Arg("name", required=True, description="one word: letters, digits, - and _", shown="NAME"),
             Arg("scoring", description="dss (default), sos, cdiplo100, …; two-sided games score win/draw/loss"),
             Arg("families", description="the games that count: classic, rx07, aa1914 or a game's key; default all"),
             Arg("ends", description="the last day a game may be created for it, YYYY-MM-DD (default: none)"),
             Arg("rank", description="points (default: most points first) or average (best average first)",
                 choices=("points", "average")),
             Arg("best", "int", "count each player's best N games only (default: all)", shown="BEST"),
             Arg("minimum", "int", "with rank average: games a player needs to rank among the rest", shown="MIN"),
             Arg("abandoned", description="how an abandoned game counts: none (default), zero, standing",
                 choices=("none", "zero", "standing")),
             Arg("channel", description="where its standings are posted (default: this channel)")),
            _create, created, game=None, guild_only=True,
            example="/league create name:Spring-2025 scoring:sos families:classic ends:2025-06-30"),
    Command("league organisers", "Admin: the role whose members organise leagues and tournaments", "server admin",
            "Leagues and tournaments",
            (Arg("role", required=True, description="a role of this server, or off (server admins only)"),),
            _organisers, organisers_set, game=None, guild_only=True, example="/league organisers role:off"),
    Command("league join", "Join a league (your games for it count anyway)", "anyone", "Leagues and tournaments",
            (NAME,), _join, joined, game=None, guild_only=True, example="/league join name:Spring-2025"),
    Command("league leave", "Leave a league; your points so far stay in its table", "anyone",
            "Leagues and tournaments", (NAME,), _leave, left, game=None, guild_only=True),
    Command("league standings", "A league's table: points, games, tie-breaks (20 a page)", "anyone",
            "Leagues and tournaments",
            (NAME, Arg("page", "int", "which page of 20 players (default: the first)", shown="PAGE")),
            _standings, standings_page, game=None, guild_only=True,
            example="/league standings name:Spring-2025 page:2"),
    Command("league export", "A league's counted games and each player's points, as CSV", "anyone",
            "Leagues and tournaments", (NAME,), _standings, exported, game=None, guild_only=True,
            example="/league export name:Spring-2025"),
    Command("league close", "Organiser: end the season: the table is frozen, new games refused", "organiser",
            "Leagues and tournaments", (NAME,), _close, closed, game=None, guild_only=True),
)
