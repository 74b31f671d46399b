"""The record of play: each adjudicated phase's summary and what each seat owed in it, and each
finished game's result, written by hooks in the game's own transactions (docs/scoring.md, "What
is recorded"):

- `phase_adjudicated` — when a phase is adjudicated: its position in numbers (centres or income)
  and, per seat, who held it and whether its person owed orders, missed them, was excused, or the
  game had been paused;
- `game_ended` — when a game is won, drawn, conceded or abandoned: its result, and its players'
  ratings moved (`ladders`);
- `game_deleted` / `game_imported` — a deleted game's ladder is recomputed; an imported game is
  recorded where it was imported.
- and each tells the standings that read results (`listeners`: the leagues, the tournaments'
  boards): `game_recorded(tx, result)` after a result is written, `game_removed(tx, game_id)`
  before a deleted game's rows go — each in a savepoint of its own, in the same transaction, so
  the standings' post is queued with the change itself.

A hook never stops the game: it runs in a savepoint, and whatever goes wrong in it is undone and
logged (the game's own change still commits). Games that ended before this record existed are
recorded on first read (`ensure_recorded`, idempotent); a phase without a summary gets one from
its stored state when first needed (`summaries`), once.
"""
from __future__ import annotations

import dataclasses
import logging
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from typing import Any, AsyncIterator, NamedTuple, Sequence

from engine.errors import RatingError
from engine.ratings import family_of
from engine.variant import Variant, get_variant

from ..bots import bot_players
from ..models import GameInfo, OrderSheet, PhaseInfo, StoredState, decode_state, iso, parse_time
from .ladders import RatingLadders
from .points import points_under, rating_system
from .positions import (AXIS_AND_ALLIES, DIPLOMACY, Summary, a_and_a_victory, after_year, board_centres,
                        board_kind, seat_of_powers, sides_of, summarise)
from .results import (GameResult, PhaseHolder, PowerResult, SeatPoints, Spell, clean_points, fell_orders, fell_years,
                      seat_holders)
from .settings import default_scoring

log = logging.getLogger("dispatch.seasons")
BACKFILL_BATCH = 50


@asynccontextmanager
async def hook(conn, name: str) -> AsyncIterator[None]:
    """A hook's own savepoint: what fails in it is undone and logged, never the caller's change."""
    await conn.execute("SAVEPOINT seasons_hook")
    try:
        yield
    except Exception:  # noqa: BLE001 - a record must never stop a game
        log.exception("seasons: the %s hook failed; the game goes on without this record", name)
        await conn.execute("ROLLBACK TO seasons_hook")
    await conn.execute("RELEASE seasons_hook")


def finished_at(text: str | None, fallback: datetime) -> str:
    """A finishing time in the one format the ratings order by (ISO-8601 UTC, seconds)."""
    moment = None
    try:
        moment = parse_time(text)
    except ValueError:
        moment = None
    return iso((moment or fallback).astimezone(timezone.utc))


class PhaseFacts(NamedTuple):
    """What the records keep of an adjudicated position: its summary and the seats that act in it."""

    summary: Summary | None
    acting: tuple[str, ...]


def phase_facts(variant: Variant, state: dict[str, Any]) -> PhaseFacts:
    """The records' facts of `state` (pure: the adjudication works them out in its worker)."""
    return PhaseFacts(summarise(variant, state), tuple(variant.seats_to_act(state)))


class GameRecords:
    """Phase records and finished games' results (writes through `db.seasons`)."""

    def __init__(self, db, store, repo, ladders: RatingLadders, clock, listeners: Sequence[Any] = ()):
        self.db = db
        self.store = store
        self.repo = repo
        self.ladders = ladders
        self.clock = clock
        self.listeners = tuple(listeners)
        self._backfilled: set[int | None] = set()

    # ------------------------------------------------------------------ hooks
    async def phase_adjudicated(self, conn, game: GameInfo, variant: Variant, phase: PhaseInfo,
                                sheets: dict[str, OrderSheet], facts: PhaseFacts | None = None) -> None:
        """Hook, inside the adjudication: the phase's summary and what each seat owed in it
        (`facts`: worked out with the adjudication, in the worker, else read from `phase.state`)."""
        async with hook(conn, "phase"):
            if facts is None:       # not worked out with the adjudication (or it failed there)
                state = phase.state.decode() if isinstance(phase.state, StoredState) else phase.state
                facts = phase_facts(variant, state)
            summary, acting_seats = facts
            await self._save_summary(conn, game.id, phase.id, phase.seq, summary)
            acting = set(acting_seats)
            bots = bot_players(game)
            paused = await self.repo.was_paused(conn, game.id, phase.id)
            hidden = bool(game.options.get("anonymous"))
            rows = []
            for info in game.seats:
                sheet = sheets.get(info.seat)
                owed = info.seat in acting and info.user_id is not None
                # a person's sheet (a bot's has no author) with an order or a ready mark
                gave = sheet is not None and sheet.submitted_by is not None and bool(sheet.lines or sheet.ready)
                missed = owed and not gave
                excused = missed and not info.civil_disorder and 0 < info.misses <= game.excused_misses
                rows.append((info.seat, info.user_id, bots.get(info.seat), int(info.civil_disorder), int(owed),
                             int(missed), int(excused), int(paused), int(hidden)))
            await self.repo.save_phase_seats(conn, phase.id, game.id, rows)

    async def game_ended(self, conn, game_id: int, incremental: bool = True) -> GameResult | None:
        """Hook, inside the transaction that ends the game: its result, and the ratings moved."""
        result = None
        async with hook(conn, "game end"):
            if await self.repo.has_result(game_id, conn):
                return None
            result = await self._build(conn, game_id)
            await self.repo.save_result(conn, result)
            await self.ladders.game_recorded(conn, result, incremental)
        if result is not None:
            for listener in self.listeners:
                async with hook(conn, f"{type(listener).__name__} recorded"):
                    await listener.game_recorded(conn, result)
        return result

    async def game_deleted(self, conn, game_id: int) -> None:
        """Hook, inside the deletion, before the rows go: the game's ladder is recomputed after."""
        async with hook(conn, "game deleted"):
            found = await self.repo.family_of_result(conn, game_id)
            if found is not None:
                await self.ladders.mark_dirty(conn, *found)
        for listener in self.listeners:
            async with hook(conn, f"{type(listener).__name__} removed"):
                await listener.game_removed(conn, game_id)

    async def game_imported(self, game_id: int) -> None:
        """Hook, after an import: the game counts where it was imported."""
        async with self.db.transaction() as conn:
            await self.game_ended(conn, game_id)
        await self.ladders.refresh()

    # ------------------------------------------------------------------ first read
    async def ensure_recorded(self, guild_id: int | None = None) -> int:
        """Record every game of the server (or all) that ended before the record existed, then
        recompute the ladders that changed; once per server and process. Returns how many."""
        if guild_id in self._backfilled or None in self._backfilled:
            return 0
        done = 0
        while True:
            waiting = await self.repo.unrecorded_games(guild_id, BACKFILL_BATCH)
            if not waiting:
                break
            for game_id in waiting:
                async with self.db.transaction() as conn:
                    if await self.game_ended(conn, game_id, incremental=False) is None and \
                            not await self.repo.has_result(game_id, conn):
                        log.warning("seasons: game %s could not be recorded", game_id)
                        await self._placeholder(conn, game_id)
                done += 1
        await self.ladders.refresh(guild_id)
        self._backfilled.add(guild_id)
        return done

    async def record_of(self, game_id: int) -> None:
        """Make sure one game that is over has its result (it ended before the record existed)."""
        if not await self.repo.has_result(game_id):
            async with self.db.transaction() as conn:
                await self.game_ended(conn, game_id, incremental=False)
            await self.ladders.refresh()

    async def summaries(self, game_id: int, conn=None) -> list:
        """The game's phase summaries, first computing those its phases lack (an old game's)."""
        missing = await self.repo.phases_without_summary(game_id, conn)
        if missing:
            game = await self.store.game(game_id, conn)
            variant = get_variant(game.variant)
            if conn is None:
                async with self.db.transaction() as own:
                    for row in missing:
                        await self._summary(own, game_id, row["id"], row["seq"], variant, decode_state(row["state"]))
            else:
                for row in missing:
                    await self._summary(conn, game_id, row["id"], row["seq"], variant, decode_state(row["state"]))
        return await self.repo.summaries(game_id, conn)

    # ------------------------------------------------------------------ building a result
    async def _summary(self, conn, game_id: int, phase_id: int, seq: int, variant: Variant,
                       state: dict[str, Any]) -> Summary | None:
        summary = summarise(variant, state)
        await self._save_summary(conn, game_id, phase_id, seq, summary)
        return summary

    async def _save_summary(self, conn, game_id: int, phase_id: int, seq: int, summary: Summary | None) -> None:
        counts = summary.counts if summary else {}
        await self.repo.save_summary(conn, phase_id, game_id, seq, summary.year if summary else None,
                                     summary.season if summary else None, counts, summary.fallen if summary else ())

    async def _placeholder(self, conn, game_id: int) -> None:
        """A game whose record cannot be built (a damaged state): recorded as abandoned with no
        seats, so it is never tried again and rates nobody."""
        game = await self.store.game(game_id, conn)
        now = iso(self.clock())
        await self.repo.save_result(conn, GameResult(game.id, game.guild_id, game.variant, None, "abandoned",
                                                     finished_at(game.ended_at, self.clock()), (), "dss", None, None,
                                                     0, None, now))

    async def _build(self, conn, game_id: int) -> GameResult:
        game = await self.store.game(game_id, conn)
        variant = get_variant(game.variant)
        settings = await self.repo.settings(game_id, conn)
        scoring = settings[0] if settings else default_scoring(variant, game.options)
        phases = await self.repo.phase_seqs(game_id, conn)
        adjudicated = [seq for seq, _, done in phases if done]
        labels = {}
        for seq, label, _ in phases:
            labels.setdefault(label, seq)
        summaries = await self.summaries(game_id, conn)
        final_state = None
        if game.current_phase is not None:
            stored = await self.repo.phase_state(game.current_phase, conn)
            final_state = decode_state(stored) if stored is not None else None
        finishing = await self.repo.finishing_event(conn, game_id) or {}
        agreed = "why" in finishing
        kind = board_kind(game.variant)
        ending = self._ending(game, variant, final_state, agreed, bool(finishing.get("gm_decision")))
        seats = [s.seat for s in game.seats]
        powers, first_year, last_year = self._powers(game, variant, final_state, summaries, seats, kind, agreed)
        spells = [Spell(r["seat"], r["user_id"],
                        r["from_seq"] if r["from_seq"] is not None else labels.get(r["from_label"], 0))
                  for r in await self.repo.seat_spells(conn, game_id)]
        recorded = {(r.seq, r.seat): PhaseHolder(r.user_id, r.bot, r.disorder)
                    for r in await self.repo.phase_seats(game_id, conn)}
        logged = await self.repo.bot_levels_logged(conn, game_id)
        holders = []
        for info in game.seats:
            holders.extend(seat_holders(info.seat, adjudicated, spells, recorded, info.user_id, info.bot,
                                        logged.get(info.seat, "normal")))
        try:
            family = family_of(game.variant)
        except RatingError:          # a variant of no family (the tests' toy) is recorded, never rated
            family = None
        sides = sides_of(variant, final_state, seats) if final_state is not None and kind else None
        draft = GameResult(game.id, game.guild_id, game.variant, family, ending,
                           finished_at(game.ended_at, self.clock()), tuple(game.winners), scoring, first_year,
                           last_year, len(adjudicated),
                           board_centres(variant, final_state) if final_state is not None else None,
                           iso(self.clock()), tuple(powers),
                           tuple(SeatPoints(seat, sides.get(seat) if sides else None, 0.0) for seat in seats),
                           tuple(holders))
        return self._with_points(draft, game, sides is not None)

    @staticmethod
    def _ending(game: GameInfo, variant: Variant, state: dict | None, agreed: bool, gm_decision: bool) -> str:
        if game.status == "abandoned":
            return "abandoned"
        if gm_decision:
            return "gm_decision"
        if agreed:
            return "concession" if game.winners else "draw"
        if not game.winners:
            return "draw"
        if board_kind(game.variant) == AXIS_AND_ALLIES and state is not None:
            return a_and_a_victory(variant, state)
        return "solo"

    @staticmethod
    def _powers(game: GameInfo, variant: Variant, state: dict | None, summaries: list, seats: list[str],
                kind: str | None, agreed: bool) -> tuple[list[PowerResult], int | None, int | None]:
        """Each power at the end, with when the eliminated fell; the first and the last year."""
        if state is None or kind is None or not summaries:
            return [], None, None
        final = summaries[-1]
        seat_of = seat_of_powers(variant, state, seats)
        if kind == DIPLOMACY:
            timeline = [(after_year(s.year, s.season), s.counts, ()) for s in summaries]
            out = [p for p, n in final.counts.items() if n == 0]
            years = fell_years(timeline, out)
            first = summaries[0].year
            ended = state.get("year") if agreed or game.status == "abandoned" else after_year(final.year, final.season)
            last = max([y for y in (ended, *years.values()) if y is not None], default=None)
            orders = fell_orders(years)
            return ([PowerResult(p, seat_of.get(p), n, None, orders.get(p), years.get(p)) for p, n in final.counts.items()],
                    first, last)
        timeline = [(s.year, s.counts, s.fallen) for s in summaries]
        years = fell_years(timeline, list(final.fallen), by_surrender=True)
        orders = fell_orders(years)
        return ([PowerResult(p, seat_of.get(p, p), None, n, orders.get(p), years.get(p)) for p, n in final.counts.items()],
                1, final.year)

    @staticmethod
    def _with_points(draft: GameResult, game: GameInfo, sides: bool) -> GameResult:
        """The seats' points under the game's rating score (0 for a game not rated)."""
        if not draft.rated:
            return draft
        system = rating_system(draft.scoring, sides)
        found = points_under(draft, system, game.options.get("victory_centres", 18))
        if found.points is None:
            log.warning("seasons: game %s cannot be scored by %s (%s); its winners score 1", game.id, system,
                        found.error)
            winners = set(draft.winners)
            points = {s.seat: (1.0 if s.seat in winners or not winners else 0.0) for s in draft.seats}
        else:
            points = clean_points(found.points)
        seats = tuple(SeatPoints(s.seat, s.side, points.get(s.seat, 0.0)) for s in draft.seats)
        return dataclasses.replace(draft, seats=seats)
