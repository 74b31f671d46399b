"""`/match …`: A&A league mode (docs/tournaments.md) — a two-game match between two players,
opened by a sealed bid for sides (answered to the bidder alone; the channel learns only that a
bid is in, until both are), the bid placed as extra units, game 2 with sides swapped; and a
playoff of a league's top 8, with its bracket. The service is `service.matches` and
`service.playoffs`; the cog (`cogs.matches`) adds what only Discord does: the channel post of a
sealed bid's news, and a game's channels when a command starts it."""
from __future__ import annotations

from dataclasses import replace

from ..errors import ServiceError
from ..text import parse_option_words
from .spec import Arg, Ask, Command

SECTION = "Leagues and tournaments"
MATCH_ID = Arg("match_id", "int", "the match's number; default: your only match on this server", shown="MATCH")
SEEDS = tuple(Arg(f"seed{n}", "member", f"the player seeded {n} (a ranked list instead of a league's table)",
                  shown="NAME") for n in range(1, 9))


# ------------------------------------------------------------------ a match
async def create_match(service, ask: Ask):
    options = parse_option_words(ask.get("options", ""))
    hours = ask.get("hours") if ask.get("hours") is not None else options.pop("hours", None)
    return await service.matches.create(ask.guild_id, ask.actor, ask["opponent"], hours, options, ask.channel_id)


async def bid(service, ask: Ask):
    return await service.matches.bid(ask.guild_id, ask.actor, ask["side"], ask["ipcs"], ask.get("match_id"))


async def place(service, ask: Ask):
    return await service.matches.place(ask.guild_id, ask.actor, ask.get("units", ""), ask.get("match_id"))


async def ready(service, ask: Ask):
    return await service.matches.ready(ask.guild_id, ask.actor, ask.get("match_id"))


async def start_due(service, news, guild_id: int | None, channels=None):
    """The game a match command made due, started (with its channels on Discord); a start that
    fails leaves the game waiting and says why, and how to try again."""
    if news.due is None:
        return news
    try:
        return replace(news, started=await service.matches.start(news.match.id, guild_id, channels))
    except ServiceError as exc:
        return replace(news, start_problem=str(exc))


def then_started(act):
    """A match command's act in the console: the command, then the start it made due."""
    async def acted(service, ask: Ask):
        return await start_due(service, await act(service, ask), ask.guild_id)
    acted.__name__ = act.__name__
    return acted


def started_words(news) -> str:
    if news.started is not None:
        game = news.started
        where = (f"results and maps in <#{game.channel_id}>, orders in each seat's private channel"
                 if game.channel_id else "each player's first brief follows")
        return f"▶️ Game **#{game.id} {game.name}** has started: {where}."
    if news.start_problem is not None:
        return (f"⚠️ The game could not start: {news.start_problem}. Nothing was lost: "
                f"`/match ready match_id:{news.match.id}` tries again.")
    return ""


def said(news, ask: Ask) -> str:
    """The answer to the asker; in the console also what the channel is told (one screen)."""
    parts = [news.private]
    if ask.console and news.public:
        parts.append(news.public)
    parts.append(started_words(news))
    return "\n".join(p for p in parts if p)


def public_words(news) -> str | None:
    """What the match's channel is told by a command answered to its asker alone (`/match bid`)."""
    parts = [p for p in (news.public, started_words(news)) if p]
    return "\n".join(parts) if parts else None


async def _status(service, ask: Ask) -> str:
    return await service.matches.status(ask.guild_id, ask.actor, ask.get("match_id"))


# ------------------------------------------------------------------ playoffs
async def _playoff(service, ask: Ask):
    options = parse_option_words(ask.get("options", ""))
    hours = ask.get("hours") if ask.get("hours") is not None else options.pop("hours", None)
    seeds = [ask.get(arg.name) for arg in SEEDS if ask.get(arg.name) is not None]
    return await service.playoffs.create(ask.guild_id, ask.actor, seeds, ask.get("league"), hours, options,
                                         ask.channel_id, roles=ask.get("roles", ()))


async def _bracket(service, ask: Ask) -> str:
    return await service.playoffs.bracket(ask.guild_id, ask.get("playoff_id"))


COMMANDS = (
    Command("match create", "A&A league match: two games v a member, sides set by a sealed bid", "anyone", SECTION,
            (Arg("opponent", "member", "the member you play", required=True, shown="NAME"),
             Arg("hours", "float", "hours per phase (default: the server's setting)"),
             Arg("options", description="A&A options as key=value words; league=<name>: the games count there",
                 rest=True, shown="opt=val ...")),
            then_started(create_match), said, game=None, guild_only=True,
            example="/match create opponent:@bob hours:24"),
    Command("match bid", "Your sealed bid: the side you want and the extra IPCs you ask to play it", "players",
            SECTION,
            (Arg("side", description="Central Powers or Allies (Central, Allies)", required=True, words=True),
             Arg("ipcs", "int", "the extra IPCs you ask for that side, 0 or more (the lower ask wins)",
                 required=True, shown="IPCS"),
             MATCH_ID),
            then_started(bid), said, game=None, private=True, guild_only=True,
            example="/match bid side:Central ipcs:12"),
    Command("match place", "Place your won bid as extra units (one per territory your side holds)", "players",
            SECTION,
            (Arg("match_id", "int", "the match's number", required=True, shown="MATCH"),
             Arg("units", description="e.g. infantry Berlin, artillery Vienna, Germany cruiser SZ 5, 2 IPCs Germany",
                 rest=True, shown="UNITS")),
            then_started(place), said, game=None, guild_only=True,
            example="/match place match_id:1 units:infantry Berlin, artillery Vienna"),
    Command("match ready", "Confirm the start of your match's next game (game 2: both players)", "players",
            SECTION, (MATCH_ID,), then_started(ready), said, game=None, guild_only=True,
            example="/match ready match_id:1"),
    Command("match status", "Where a match stands: bids (yours only, until both are in), sides, games", "players",
            SECTION, (MATCH_ID,), _status, game=None, private=True, guild_only=True,
            example="/match status match_id:1"),
    Command("match playoff", "Organiser: a playoff of a league's top 8 (1v8, 4v5, 2v7, 3v6) in matches",
            "organiser", SECTION,
            (*SEEDS,
             Arg("league", description="seed from this league's table (instead of seed1 … seed8)"),
             Arg("hours", "float", "hours per phase of its games (default: the server's setting)"),
             Arg("options", description="A&A options of its games as key=value words", rest=True,
                 shown="opt=val ...")),
            _playoff, lambda news, ask: news.text, game=None, guild_only=True,
            example="/match playoff league:Spring"),
    Command("match bracket", "A playoff's bracket: who plays whom, who went through", "anyone", SECTION,
            (Arg("playoff_id", "int", "the playoff's number; default: the server's newest", shown="PLAYOFF"),),
            _bracket, game=None, guild_only=True, example="/match bracket"),
)
