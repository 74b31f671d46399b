"""`/tournament …`: rounds of many boards on a server — created by an organiser, a roll call of
players (with their power preferences), each round seeded onto boards started together, and the
round and overall standings as boards end. The service is `service.tournaments` (seeding and
boards) and `service.seasons.boards` (standings); docs/tournaments.md."""
from __future__ import annotations

from ..errors import BadInput
from ..seasons.tournament_tables import overall_text, round_text, tournament_csv
from ..seasons.tournaments import SHAPE_VARIANT
from .leagues import channel_of, roles
from .spec import Arg, Ask, Command, Part

NAME = Arg("name", description="the tournament's name (default: the server's only one)", shown="NAME")
SECTION = "Leagues and tournaments"


async def _create(service, ask: Ask):
    return await service.tournaments.create(
        ask.guild_id, ask.actor, ask["name"], ask.get("family"), ask.get("rounds"), ask.get("scoring"),
        ask.get("hours"), ask.get("fill"), roles=roles(ask), channel_id=channel_of(ask), counted=ask.get("counted"))


def created(info, ask: Ask) -> str:
    hours = f"{info.hours:g}h phases" if info.hours else "the server's phase length"
    fill = ("bots fill the empty seats" if info.fill == "bots"
            else "players left over wait for the next round")
    where = f"in <#{info.channel_id}>" if info.channel_id else "here"
    return (f"🏆 Tournament **{info.name}** created: {info.rounds} rounds of {info.shape.title} "
            f"({info.shape.size} a board), scored by {info.scoring}, {hours}; {fill}. Standings are posted "
            f"{where}.\nPlayers: `/tournament join name:{info.name}`, and `/tournament prefs letters:"
            f"{info.shape.letters}` for the seats they want most. Organiser: `/tournament seed round:1` when the roll "
            f"call is done.")


async def _join(service, ask: Ask):
    return await service.tournaments.join(ask.guild_id, ask.actor, ask.get("name"))


def joined(info, ask: Ask) -> str:
    return (f"You are registered for **{info.name}**. Seats you want most: `/tournament prefs letters:"
            f"{info.shape.letters}` (most wanted first; letters: "
            + ", ".join(f"{s.letter} {s.name}" for s in info.shape.seats) + ").")


async def _leave(service, ask: Ask):
    return await service.tournaments.leave(ask.guild_id, ask.actor, ask.get("name"))


def left(info, ask: Ask) -> str:
    return (f"You left **{info.name}**: later rounds will not seat you; your results so far stay. "
            f"`/tournament join name:{info.name}` brings you back.")


async def _prefs(service, ask: Ask):
    return await service.tournaments.prefs(ask.guild_id, ask.actor, ask["letters"], ask.get("name"))


def prefs_set(found, ask: Ask) -> str:
    info, prefs = found
    if not prefs.order:
        return f"Any seat suits you in **{info.name}**."
    return (f"Your seats in **{info.name}**, most wanted first: {', '.join(prefs.order)}"
            + (" (the others after them, alike)" if len(prefs.order) < info.shape.size else "")
            + ". The seeding honours them as far as it can, after not meeting the same players and not playing "
              "the same seat twice.")


async def _seed(service, ask: Ask):
    """The console's seed: the round and its boards, started at once (Discord makes each board's
    channels first: `cogs.tournaments`)."""
    seeded = await service.tournaments.seed(ask.guild_id, ask.actor, ask["round"], ask.get("name"),
                                            bool(ask.get("top")), roles=roles(ask))
    started = await service.tournaments.start_boards(ask.guild_id, ask.actor, seeded.info.name, roles=roles(ask))
    return seeded, started


def seeded_text(found, ask: Ask) -> str:
    seeded, started = found
    waiting = [game_id for game_id in seeded.games if game_id not in {g.id for g in started}]
    tail = (f"\n▶️ All {len(started)} boards have started together: each player's orders go in their seat "
            f"channel. Standings follow as boards end (`/tournament standings`)." if not waiting else
            f"\n⚠️ Boards not started yet: {', '.join(f'#{g}' for g in waiting)}; `/tournament start` starts them.")
    return seeded.text() + tail


async def _start(service, ask: Ask):
    return await service.tournaments.start_boards(ask.guild_id, ask.actor, ask.get("name"), roles=roles(ask))


def started_text(games, ask: Ask) -> str:
    if not games:
        return "Every board of the last round has started already."
    return (f"▶️ {len(games)} board(s) started: " + ", ".join(f"#{g.id} {g.name}" for g in games)
            + ". Each player's orders go in their seat channel.")


async def _state(service, ask: Ask):
    return await service.tournaments.state(ask.guild_id, ask.get("name"))


def standings_text(state, ask: Ask) -> str:
    if ask.get("round") is not None:
        number = ask.get("round")
        if not 1 <= number <= len(state.rounds):
            raise BadInput(f"round: {state.info.name} has {len(state.rounds)} seeded round(s)"
                           + (f"; give 1 to {len(state.rounds)}" if state.rounds else ""))
        return round_text(state, number, ask.get("page"))
    return overall_text(state, ask.get("page"))


def exported(state, ask: Ask) -> tuple[Part, ...]:
    return (Part(f"**{state.info.name}**: {len(state.scored)} finished board(s), one line per player and board.",
                 (f"tournament-{state.info.name}.csv", tournament_csv(state))),)


COMMANDS = (
    Command("tournament create", "Organiser: a new tournament of rounds of many boards", "organiser", SECTION,
            (Arg("name", required=True, description="one word: letters, digits, - and _", shown="NAME"),
             Arg("family", description="the boards: classic (default), rx07, france_austria, aa1914_sides, …",
                 choices=tuple(SHAPE_VARIANT)),
             Arg("rounds", "int", "how many rounds (default 3)", shown="N"),
             Arg("scoring", description="dss (default), sos, cdiplo100, …; two-sided boards: winloss"),
             Arg("hours", "float", "each board's phase length in hours (default: the server's)", shown="HOURS"),
             Arg("fill", description="players left over: wait (default) for the next round, or bots fill seats",
                 choices=("wait", "bots")),
             Arg("counted", "int", "only each player's best N rounds count (default: all)", shown="N"),
             Arg("channel", description="where its standings are posted (default: this channel)")),
            _create, created, game=None, guild_only=True,
            example="/tournament create name:Cup family:classic rounds:3 scoring:sos hours:24"),
    Command("tournament join", "Register for a tournament (until the organiser seeds a round)", "anyone", SECTION,
            (NAME,), _join, joined, game=None, guild_only=True, example="/tournament join name:Cup"),
    Command("tournament leave", "Leave a tournament: later rounds do not seat you", "anyone", SECTION,
            (NAME,), _leave, left, game=None, guild_only=True),
    Command("tournament prefs", "The seats you want most, dipvis letters (FGIRTEA), - for any", "anyone", SECTION,
            (Arg("letters", required=True, description="seat letters, most wanted first, e.g. FGIRTEA; - for any",
                 shown="LETTERS"), NAME),
            _prefs, prefs_set, game=None, guild_only=True, example="/tournament prefs letters:FGI"),
    Command("tournament seed", "Organiser: seat the next round on boards and start them together", "organiser",
            SECTION,
            (Arg("round", "int", "the round to seed: the next one", required=True, shown="ROUND"), NAME,
             Arg("top", "bool", "board 1 is the top board: the leaders of the standings")),
            _seed, seeded_text, game=None, guild_only=True, example="/tournament seed round:1"),
    Command("tournament start", "Organiser: start the last round's boards still waiting", "organiser", SECTION,
            (NAME,), _start, started_text, game=None, guild_only=True),
    Command("tournament standings", "Overall or one round's standings (20 a page)", "anyone", SECTION,
            (Arg("round", "int", "one round's table (default: the overall standings)", shown="ROUND"), NAME,
             Arg("page", "int", "which page of 20 players (default: the first)", shown="PAGE")),
            _state, standings_text, game=None, guild_only=True, example="/tournament standings round:1"),
    Command("tournament export", "Every finished board and each player's points, as CSV", "anyone", SECTION,
            (NAME,), _state, exported, game=None, guild_only=True, example="/tournament export name:Cup"),
)
