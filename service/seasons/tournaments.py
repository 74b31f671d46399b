"""Tournaments: rounds of many boards on a server (docs/tournaments.md, "Tournaments").

An organiser creates a tournament (the family's board, the rounds, the scoring, the boards'
phase length, and what happens to players left over: they wait, or bots fill the seats); players
register (`join`), may leave, and give their power preferences (dipvis letters). `seed` seats the
registered players for the next round (engine.tournaments `seed_round`, or `seed_final_round`
with a top board by the standings), in the worker pool, then writes the round and creates its
boards as games — through the lobby's creation path, players seated, bots on the empty seats —
in one transaction; the boards then start together (on Discord after their channels are made,
`cogs.tournaments`). A round is seeded once, in order, and only when every board of the round
before is over (a board that drags on is ended by abandoning it: it is scored as it stands).
Standings are posted as boards end (`boards.BoardResults`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

from engine.errors import RulesError
from engine.tournaments import Fill, Preferences, SeededRound, parse_preferences, shape_for
from engine.variant import get_variant

from ..bots import require_bot
from ..checks import check_hours
from ..errors import BadInput, BadState, NotFound, clip
from ..ids import checked_ids
from ..lobby import Lobby
from ..models import CONSOLE_GUILD, Actor, GameInfo, iso
from ..runtime import Now, Workers
from ..store import Store
from .league_rules import read_choice, read_count, read_name, read_scoring
from .seasons import Seasons
from .seeding_job import seed_job
from .settings import SeasonSettings, allowed_systems, default_scoring
from .tournament_tables import TournamentInfo, TournamentState, read_state, seated_words

SHAPE_VARIANT = {"classic": "classic", "rx07": "rx07", "france_austria": "france_austria",
                 "england_turkey": "england_turkey", "aa1914": "aa1914", "aa1914_sides": "aa1914",
                 "aa1914_teams": "aa1914"}
FILLS = tuple(f.value for f in Fill)
SEED_SECONDS = 60.0          # the worker's bound for seeding one round


@dataclass(frozen=True)
class SeededBoards:
    """A round just seeded: its seating, each board's game, and what could not be avoided."""

    info: TournamentInfo
    round: SeededRound
    games: tuple[int, ...]
    repeat_meetings: int
    repeated_seats: int
    top: bool

    def text(self) -> str:
        seeded = self.round
        players = len(seeded.players)
        bots = sum(len(b.bots) for b in seeded.boards)
        lines = [f"🎲 **{self.info.name}** round {seeded.number}: {players} players on {len(seeded.boards)} "
                 f"board{'s' if len(seeded.boards) != 1 else ''}" + (f", {bots} seats to bots 🤖" if bots else "")
                 + (" (board 1: the top board)" if self.top else "") + "."]
        lines += seated_words(seeded, self.games)
        if seeded.waiting:
            lines.append("⏳ Waiting this round (too few for another board; they play first next round): "
                         + ", ".join(f"<@{p}>" for p in seeded.waiting) + ".")
        if self.repeat_meetings or self.repeated_seats:
            lines.append(f"Could not be avoided: {self.repeat_meetings} pair(s) meeting again, "
                         f"{self.repeated_seats} seat(s) played before.")
        return "\n".join(lines)


@checked_ids
class Tournaments:
    """A server's tournaments: registration, preferences, seeding, the boards' games."""

    def __init__(self, store: Store, clock: Now, workers: Workers, lobby: Lobby, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.workers = workers
        self.lobby = lobby
        self.seasons = seasons

    # ------------------------------------------------------------------ the organiser's commands
    async def create(self, guild_id: int, actor: Actor, name: str, family: str | None = None,
                     rounds: int | None = None, scoring: str | None = None, hours: float | None = None,
                     fill: str | None = None, *, roles: Collection[int] = (), channel_id: int | None = None,
                     counted: int | None = None) -> TournamentInfo:
        """Organiser: a new tournament of this server; its standings go to `channel_id`."""
        name = read_name(name, "tournament")
        shape_key = str(family or "classic").strip().lower()
        if shape_key not in SHAPE_VARIANT:
            raise BadInput(f"family: the board of a tournament is one of {', '.join(SHAPE_VARIANT)}, not "
                           f"`{clip(shape_key, 20)}`")
        variant = get_variant(SHAPE_VARIANT[shape_key])
        options = variant.parse_options({})
        system = read_scoring(scoring, default_scoring(variant, options))
        allowed = allowed_systems(variant, options)
        if system not in allowed:
            raise BadInput(f"scoring: {variant.title} is scored by {', '.join(allowed)}, not `{system}`")
        rounds = read_count(rounds, "rounds", 1, 20) or 3
        counted = read_count(counted, "counted rounds", 1, rounds)
        chosen_fill = read_choice(fill, FILLS, "fill")
        if chosen_fill == Fill.BOTS.value:
            require_bot(variant)
        if hours is not None:
            hours = check_hours(hours)
        async with self.store.db.transaction() as tx:
            await self.seasons.organisers.require(tx, guild_id, actor, roles, "create a tournament")
            twin = await tx.tournaments.named(guild_id, name.lower())
            if twin is not None:
                raise BadState(f"this server already has a tournament called {twin['name']}: pick another name")
            tournament_id = await tx.tournaments.create(guild_id, name, shape_key, variant.key, rounds, system, hours,
                                                        chosen_fill, counted, channel_id, actor.user_id,
                                                        iso(self.clock()))
            return TournamentInfo.from_row(await tx.tournaments.get(tournament_id))

    async def seed(self, guild_id: int, actor: Actor, number: int, name: str | None = None, top: bool = False, *,
                   roles: Collection[int] = ()) -> SeededBoards:
        """Organiser: seat the registered players for round `number` (the next one) and create
        its boards; `start_boards` (or, on Discord, the cog with the boards' channels) starts them."""
        async with self.store.db.read() as r:
            info = await self._tournament(r, guild_id, name)
            await self.seasons.organisers.require(r, guild_id, actor, roles,
                                                  f"seed a round of the tournament {info.name}")
            state = await read_state(r, info)
        self._may_seed(state, number, top)
        settings = await self.store.guild_settings(guild_id)
        ranked = None
        if top:
            active = set(state.active)
            ranked = [p for p in state.overall().ranked if p in active]
        try:
            found = await self.workers.run(seed_job, info.id, info.shape_key, number, list(state.active),
                                           [r.to_json() for r in state.rounds], dict(state.prefs), info.fill, ranked,
                                           timeout=SEED_SECONDS)
        except RulesError as exc:
            raise BadState(f"round {number} cannot be seeded: {exc}") from None
        seeded = SeededRound.from_json(found["round"])
        variant = get_variant(info.variant)
        options = variant.parse_options({})
        hours = info.hours if info.hours is not None else settings["phase_hours"]
        async with self.store.db.transaction() as tx:
            again = await read_state(tx, info)        # nothing changed while the pool seeded?
            if len(again.rounds) != len(state.rounds) or again.active != state.active or again.prefs != state.prefs:
                raise BadState("the tournament changed while the round was being seeded (a player joined or "
                               "left, or the round was seeded meanwhile); seed it again")
            open_games = await tx.games.open_count(guild_id)
            if open_games + len(seeded.boards) > settings["max_games_per_server"]:
                raise BadState(f"round {number} needs {len(seeded.boards)} boards, and this server has {open_games} "
                               f"open games of the {settings['max_games_per_server']} allowed; a server admin raises "
                               f"the limit with `/game settings per_server:`")
            games = []
            for board in seeded.boards:
                holders = {power: place.player for place in board.places for power in info.shape.seat(place.seat).powers
                           if place.player is not None}
                game_id = await self.lobby.create_in(
                    tx, guild_id, actor.user_id, variant.key, options, f"{info.name} R{number} B{board.number}",
                    hours, settings["reminder_hours"], True, "server", SeasonSettings(info.scoring), holders)
                bots = [power for place in board.places if place.player is None
                        for power in info.shape.seat(place.seat).powers]
                level = require_bot(variant) if bots else None
                for power in bots:
                    await tx.seats.set_bot(game_id, power, level)
                await tx.tournaments.add_board(info.id, number, board.number, game_id)
                games.append(game_id)
            await tx.tournaments.add_round(info.id, number, seeded.to_json(), top, actor.user_id, iso(self.clock()))
            outcome = SeededBoards(info, seeded, tuple(games), len(found["repeat_meetings"]),
                                   len(found["repeated_seats"]), top)
            target = f"channel:{info.channel_id}" if info.channel_id and guild_id != CONSOLE_GUILD else "game"
            await self.store.outbox(tx, games[0], target, outcome.text(), None, iso(self.clock()))
        return outcome

    async def waiting_boards(self, guild_id: int, actor: Actor, name: str | None = None, *,
                             roles: Collection[int] = ()) -> list[GameInfo]:
        """Organiser: the boards of the last round not started yet (to start them)."""
        async with self.store.db.read() as r:
            info = await self._tournament(r, guild_id, name)
            await self.seasons.organisers.require(r, guild_id, actor, roles,
                                                  f"start the boards of the tournament {info.name}")
            state = await read_state(r, info)
        last = len(state.rounds)
        forming = [b.game_id for b in state.boards_of(last) if b.game_id is not None and b.status == "forming"]
        return [await self.store.game(game_id) for game_id in forming]

    async def start_boards(self, guild_id: int, actor: Actor, name: str | None = None, *,
                           roles: Collection[int] = ()) -> list[GameInfo]:
        """Organiser: start every board of the last round still waiting (the console's start;
        on Discord the cog makes each board's channels first)."""
        started = []
        for game in await self.waiting_boards(guild_id, actor, name, roles=roles):
            started.append(await self.lobby.start(game.id, board_gm(game, actor), None, guild_id))
        return started

    # ------------------------------------------------------------------ players
    async def join(self, guild_id: int, actor: Actor, name: str | None = None) -> TournamentInfo:
        async with self.store.db.transaction() as tx:
            info = await self._tournament(tx, guild_id, name)
            player = await tx.tournaments.player(info.id, actor.user_id)
            if player is not None and player["left_at"] is None:
                raise BadState(f"you are already registered for {info.name} (since {player['registered_at'][:10]})")
            await tx.tournaments.register(info.id, actor.user_id, iso(self.clock()))
        return info

    async def leave(self, guild_id: int, actor: Actor, name: str | None = None) -> TournamentInfo:
        """Leave the roll call: later rounds seat you no more; your results so far stay."""
        async with self.store.db.transaction() as tx:
            info = await self._tournament(tx, guild_id, name)
            player = await tx.tournaments.player(info.id, actor.user_id)
            if player is None or player["left_at"] is not None:
                raise BadState(f"you are not registered for {info.name}")
            await tx.tournaments.leave(info.id, actor.user_id, iso(self.clock()))
        return info

    async def prefs(self, guild_id: int, actor: Actor, letters: str, name: str | None = None
                    ) -> tuple[TournamentInfo, Preferences]:
        """Your seats from most to least wanted, as dipvis writes them (`FGIRTEA`); `-` for any."""
        async with self.store.db.transaction() as tx:
            info = await self._tournament(tx, guild_id, name)
            player = await tx.tournaments.player(info.id, actor.user_id)
            if player is None or player["left_at"] is not None:
                raise BadState(f"you are not registered for {info.name}: `/tournament join` first")
            word = str(letters or "").strip()
            chosen = Preferences() if word in ("-", "any", "none", "") else _preferences(word, info)
            await tx.tournaments.set_prefs(info.id, actor.user_id, chosen.letters(info.shape) or None)
        return info, chosen

    # ------------------------------------------------------------------ reading
    async def state(self, guild_id: int, name: str | None = None) -> TournamentState:
        async with self.store.db.read() as r:
            return await read_state(r, await self._tournament(r, guild_id, name))

    async def _tournament(self, r, guild_id: int, name: str | None) -> TournamentInfo:
        """The tournament named (any case), or the server's only one when no name is given."""
        if name is not None and str(name).strip():
            row = await r.tournaments.named(guild_id, str(name).strip().lower())
            if row is None:
                known = [t["name"] for t in await r.tournaments.of_guild(guild_id)]
                listed = f"its tournaments: {', '.join(known[:10])}" if known else "it has none yet"
                raise NotFound(f"this server has no tournament called `{clip(name, 40)}`; {listed}")
            return TournamentInfo.from_row(row)
        rows = await r.tournaments.of_guild(guild_id)
        if len(rows) == 1:
            return TournamentInfo.from_row(rows[0])
        if not rows:
            raise NotFound("this server has no tournament; an organiser creates one with `/tournament create`")
        raise BadInput("which tournament? this server has several: " + ", ".join(t["name"] for t in rows[-10:])
                       + " (give `name:`)")

    @staticmethod
    def _may_seed(state: TournamentState, number: int, top: bool) -> None:
        info, seeded = state.info, len(state.rounds)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise BadInput(f"round: a round number from 1 to {info.rounds}")
        if number <= seeded:
            raise BadState(f"round {number} of {info.name} is already seeded; the next is round {seeded + 1}"
                           if seeded < info.rounds else f"every round of {info.name} is seeded ({info.rounds})")
        if number > info.rounds:
            raise BadState(f"{info.name} has {info.rounds} rounds; there is no round {number}")
        if number > seeded + 1:
            raise BadState(f"round {seeded + 1} of {info.name} comes first")
        if seeded and not state.round_over(seeded):
            playing = [f"board {b.number} (game #{b.game_id})" for b in state.boards_of(seeded) if not b.over]
            raise BadState(f"round {seeded} is still being played: {', '.join(playing[:8])}. Seed round {number} when "
                           f"every board is over; a board that drags on ends as it stands when its GM abandons it "
                           f"(`/gm abandon`)")
        if top and not state.scored:
            raise BadState("a top board is seated by the standings: no board has finished yet")


def _preferences(word: str, info: TournamentInfo) -> Preferences:
    try:
        return parse_preferences(word, shape_for(info.shape_key))
    except RulesError as exc:
        raise BadInput(f"prefs: {exc}") from None


def board_gm(game: GameInfo, actor: Actor) -> Actor:
    """Who starts a board: its GM (the organiser who seeded the round); another organiser starts
    it with the GM's rights, having passed the organiser check."""
    if game.creator_id == actor.user_id or actor.is_admin:
        return actor
    return Actor(actor.user_id, True, actor.name)


__all__ = ["SeededBoards", "Tournaments", "board_gm"]
