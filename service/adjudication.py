"""Adjudicating a phase: the one place a phase changes (with the safety net for a phase the rules
cannot adjudicate).

The rules engine runs in the worker pool, never on the event loop and never inside a write
transaction: the phase and its orders are read (a snapshot), adjudicated in a worker, and the
outcome written in one transaction that reads the phase again and writes only if it is still
open with the very orders that were adjudicated (else it is read and adjudicated again). So a
retried or doubled call (all ready racing the deadline, a restart) adjudicates a phase exactly
once, and a sheet changed meanwhile is never lost. The outcome is written in a savepoint: a phase
the rules cannot adjudicate leaves the game as it was, marked as needing attention, and its GM is
told once. Then the next phase opens, its briefs are queued after the results they follow from,
and phases with nothing to order pass straight on (adjudicated in the pool, in that transaction).
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, NamedTuple
from datetime import datetime

from db import StorageError
from engine.variant import PhaseResult, Variant, get_variant

from . import permissions
from .checks import require_status
from .cluster import Node
from .bots import BotSheets
from .briefs import Briefs, BriefTexts, brief_texts
from .ending import Ending
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, decode_state, encode_state, iso, parse_time
from .policy import deadline_from
from .runtime import Now, Workers
from .schedule import Schedule
from .seasons import Seasons
from .seasons.records import PhaseFacts, phase_facts
from .store import Store

log = logging.getLogger("dispatch.games")
# Phases in which nobody has anything to order are adjudicated straight away; this bounds
# such a chain so a faulty variant cannot spin forever inside one transaction.
MAX_SKIPPED_PHASES = 50
ADJUDICATION_SECONDS = 120.0   # a worker's bound for one phase (an A&A turn takes tens of milliseconds)
MAX_READINGS = 3               # a phase read and adjudicated again when its orders changed meanwhile
STALE = object()               # `adjudicate_in`: the orders changed since they were adjudicated


class Worked(NamedTuple):
    """What a worker made of one phase: the engine's result, the new position as it is stored,
    the next phase's briefs, and the facts the records keep of the position adjudicated."""

    result: PhaseResult
    stored: bytes
    texts: BriefTexts | None
    facts: PhaseFacts | None


def adjudication_job(variant_key: str, stored_state: bytes | str, orders: dict[str, list[str]], seed: str,
                     seq: int, label: str, seats: tuple[str, ...]) -> Worked:
    """In a worker: phase `seq` (`label`) adjudicated from its stored position; the new position as
    it is stored; the next phase's briefs to the game's `seats`; and the adjudicated position's
    summary and acting seats, so the write never decodes a position on the event loop (an A&A
    state is tens of milliseconds of JSON) (pure; pickles both ways)."""
    variant = get_variant(variant_key)
    state = decode_state(stored_state)
    try:
        facts = phase_facts(variant, state)
    except Exception:  # noqa: BLE001 - a record never stops a game: the records' hook tries again and logs it
        facts = None
    result = variant.adjudicate(state, orders, phase_rng(seed, seq))
    texts = None if result.finished else brief_texts(variant, result.state, seats, (label, result.report))
    return Worked(result, encode_state(result.state), texts, facts)


@dataclass(frozen=True)
class Adjudicated:
    """A phase adjudicated in the pool, not yet written: the orders it was given, and what the
    engine made of them (its result, or the error it stopped with)."""

    phase_id: int
    orders: dict[str, list[str]]
    result: Worked | None = None
    error: BaseException | None = None


class _Stale(Exception):
    """The orders differ from those adjudicated: nothing is written, the phase is read again."""


def phase_rng(seed: str, seq: int) -> random.Random:
    """The dice of one phase: fixed by the game's secret seed and the phase number."""
    return random.Random(f"{seed}:{seq}")


@checked_ids
class Adjudicator:
    """Adjudicates a phase exactly once, opens the next (or finishes the game), and keeps the
    game movable when the rules engine fails."""

    def __init__(self, store: Store, clock: Now, workers: Workers, schedule: Schedule, briefs: Briefs,
                 bot_sheets: BotSheets, ending: Ending, seasons: Seasons, node: Node | None = None):
        self.store = store
        self.node = node or Node()
        self.clock = clock
        self.workers = workers
        self.schedule = schedule
        self.briefs = briefs
        self.bot_sheets = bot_sheets
        self.ending = ending
        self.seasons = seasons

    async def adjudicate(self, game_id: int, phase_id: int | None = None,
                         reason: str = "deadline") -> PhaseInfo | None:
        """Adjudicate the current phase (or `phase_id` if it is still current), in the worker
        pool, then write the outcome if the phase is still open with the same orders. Idempotent."""
        for _ in range(MAX_READINGS):
            computed = await self._computed(game_id, phase_id)
            if computed is None:
                return None                 # nothing open to adjudicate (done already, or moved on)
            async with self.store.db.transaction() as tx:
                outcome = await self.adjudicate_in(tx, game_id, computed.phase_id, reason, computed)
            if outcome is not STALE:
                return outcome
        async with self.store.db.transaction() as tx:      # orders that keep changing: adjudicated as they stand
            return await self.adjudicate_in(tx, game_id, phase_id, reason)

    async def _computed(self, game_id: int, phase_id: int | None) -> Adjudicated | None:
        """The open phase read in one snapshot and adjudicated in the pool (None: nothing open)."""
        async with self.store.db.read() as r:
            game = await self.store.game(game_id, r)
            if game.status != "active" or game.current_phase is None:
                return None
            if phase_id is not None and phase_id != game.current_phase:
                return None
            row = await r.phases.get(game.current_phase)
            if row is None or row["adjudicated_at"] is not None:
                return None
            try:
                sheets = await self.store.order_sheets(row["id"], r)
            except Exception:  # noqa: BLE001 - damaged orders: found again, and reported, by the write
                return Adjudicated(row["id"], {}, error=None)
            seed = await r.games.seed(game_id)
        orders = {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}
        try:
            result = await self._run(game.variant, row["state"], orders, seed, row["seq"], row["label"],
                                     tuple(s.seat for s in game.seats))
        except Exception as exc:  # noqa: BLE001 - the write reports it as the engine's failure
            return Adjudicated(row["id"], orders, error=exc)
        return Adjudicated(row["id"], orders, result)

    async def _run(self, variant_key: str, stored_state: Any, orders: dict[str, list[str]], seed: str,
                   seq: int, label: str, seats: tuple[str, ...]) -> Worked:
        """One phase in the pool: owed, so never refused by busy workers."""
        return await self.workers.run(adjudication_job, variant_key, stored_state, orders, seed, seq, label, seats,
                                      timeout=ADJUDICATION_SECONDS, refusable=False)

    async def force_adjudicate(self, game_id: int, actor: Actor) -> PhaseInfo | None:
        game = await self.store.game(game_id)
        permissions.require_gm(game, actor, "adjudicate")
        require_status(game, "active", "adjudicate")
        return await self.adjudicate(game_id, game.current_phase, "forced by the GM")

    async def adjudicate_in(self, tx, game_id: int, phase_id: int | None, reason: str,
                            computed: Adjudicated | None = None) -> Any:
        """In `tx`: the open phase adjudicated (with `computed`, the pool's result for it, if its
        orders are still those) and the next opened; None if there is nothing to do, `STALE` if
        the orders changed since `computed`."""
        target = phase_id
        if target is None:
            target = (await self.store.game(game_id, tx)).current_phase
            if target is None:
                return None
        # Exactly once, from any process: the open phase's row is held until this transaction
        # ends, and everything is read under that hold (another process's adjudication of the
        # phase waits here, then finds it adjudicated).
        if not await tx.phases.hold_open(target):
            return None
        game = await self.store.game(game_id, tx)
        if game.status != "active" or game.current_phase != target:
            return None  # already moved on: a retry or a race, nothing to do
        # its position stays undecoded: the worker reads it (decoding it here would hold the loop)
        phase = await self.store.phase_by_id(game.current_phase, tx, decode=False)
        if phase.adjudicated_at is not None:
            return None
        variant = get_variant(game.variant)
        seed = await self.store.seed(tx, game_id)
        now = self.clock()
        for _ in range(MAX_SKIPPED_PHASES):
            # each phase's adjudication is a savepoint: if the rules engine fails on it, what it
            # wrote is undone and the game waits for its GM at that phase (`_engine_failed`)
            try:
                async with tx.savepoint("adjudication"):
                    following, settled = await self._adjudicate_one(tx, game, variant, phase, seed, now, reason,
                                                                    computed)
            except StorageError:
                raise
            except _Stale:
                return STALE
            except Exception as exc:  # noqa: BLE001 - any engine failure: the game must stay movable
                await self._engine_failed(tx, game, phase, reason, exc, now)
                return None
            if settled:
                return following
            phase, computed = following, None
            reason = "nobody has orders to give"
        raise RuntimeError(f"game #{game_id}: more than {MAX_SKIPPED_PHASES} empty phases in a row")

    async def _adjudicate_one(self, tx, game: GameInfo, variant: Variant, phase: PhaseInfo, seed: str,
                              now: datetime, reason: str,
                              computed: Adjudicated | None = None) -> tuple[PhaseInfo, bool]:
        """Adjudicate one phase and open the next (or finish the game); returns the new phase and
        whether the game stops there (over, or someone has orders to give)."""
        game_id = game.id
        sheets = await self.store.order_sheets(phase.id, tx)
        orders = {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}
        if computed is not None and computed.phase_id == phase.id and (computed.result or computed.error):
            if computed.orders != orders:
                raise _Stale()
            if computed.error is not None:
                raise computed.error
            result, stored, texts, facts = computed.result
        else:       # a phase nobody orders in, after the one adjudicated: in the pool, in this transaction
            result, stored, texts, facts = await self._run(variant.key, (await tx.phases.get(phase.id))["state"], orders,
                                                    seed, phase.seq, phase.label, tuple(s.seat for s in game.seats))
        await self.seasons.records.phase_adjudicated(tx, game, variant, phase, sheets, facts)   # summary, owed
        await tx.phases.adjudicated(phase.id, iso(now), result.report)
        await tx.timers.cancel_phase(phase.id, iso(now))
        await tx.games.needs_attention(game_id, None, None)
        await self.store.log(tx, game_id, phase.id, iso(now), None, "adjudicated",
                             {"reason": reason, "label": phase.label,
                              "announcements": list(result.announcements)})
        # the headlines (a coin flip, a victory) before the results by power; posted as the
        # phase's turn card (cogs.cards) where Discord shows one
        text = f"**{phase.label}** adjudicated ({reason}).\n" + "\n".join([*result.announcements, result.report])
        await self.store.outbox(tx, game_id, "game", text, phase.id, iso(now), buttons=[("card", str(phase.seq))])
        await self.bot_sheets.post_reasons(tx, game, phase, iso(now))
        for seat, message in result.private.items():
            await self.store.outbox(tx, game_id, f"seat:{seat}", message, None, iso(now))
        if result.finished:
            await self._finish(tx, game, result, now, phase.seq + 1, variant, played=phase.label, stored=stored)
            return await self.store.phase_by_seq(game_id, phase.seq + 1, tx), True
        following = await self.open_phase(tx, game, variant, result.state, phase.seq + 1, now,
                                           results=(phase.label, result.report), stored=stored, texts=texts)
        return following, bool(variant.seats_to_act(following.state))

    async def _engine_failed(self, tx, game: GameInfo, phase: PhaseInfo, reason: str, exc: Exception,
                             now: datetime) -> None:
        """The last resort when the rules engine cannot adjudicate a phase (an order that turns
        out impossible fails as an order inside the engine; this is for anything else): nothing
        of the adjudication is kept, the game is marked as needing attention at this phase and
        its GM is told once — without the error's text, which may speak of secret outcomes (the
        log has it). The phase stays open: before its deadline players may change orders and be
        ready again; the GM may extend the deadline (which tries again), adjudicate again after a
        fix, or roll back. A deadline that fired is done, so the clock does not retry by itself
        (the same orders and dice would fail the same way): no failure on every tick."""
        log.error("game %s: %s could not be adjudicated (%s)", game.id, phase.label, reason, exc_info=exc)
        told = await tx.games.attention_phase(game.id)
        await tx.timers.deadline_passed(phase.id, iso(now))     # one that fired is done: no retry every tick
        await self.store.log(tx, game.id, phase.id, iso(now), None, "adjudication_failed",
                             {"reason": reason, "label": phase.label, "error": type(exc).__name__})
        if told == phase.id:
            return              # the GM was told already
        await tx.games.needs_attention(game.id, phase.id, iso(now))
        await self.store.outbox(tx, game.id, "gm", (
            f"⚠️ Game #{game.id} needs attention: **{phase.label}** could not be adjudicated ({reason}); the rules "
            f"engine stopped with an internal error ({type(exc).__name__}). Nothing was changed: the phase is still open "
            f"and every order stands. GM: `/gm adjudicate` tries again, `/gm extend` gives the players time to "
            f"change their orders (the new deadline tries again), `/gm rollback` re-opens the phase before. "
            f"The details are in the bot's log."), None, iso(now))

    async def needs_attention(self, game_id: int) -> int | None:
        """The phase id the rules engine could not adjudicate, if the game is waiting on its GM."""
        async with self.store.db.lookup() as r:
            return await r.games.attention_phase(game_id)

    async def _finish(self, tx, game: GameInfo, result: PhaseResult, now: datetime, seq: int,
                      variant: Variant, played: str | None = None, stored: bytes | None = None) -> None:
        # the final position is named after the phase that was played, not the one that would
        # have followed it ("Spring 1919 Movement" after a win in Winter 1918)
        label = f"Game over after {played}" if played else variant.phase_label(result.state)
        final = await tx.phases.add(game.id, seq, label, stored or encode_state(result.state), None, iso(now))
        await tx.games.finished(game.id, iso(now), result.winners, current_phase=final)
        seed = await self.store.seed(tx, game.id)
        await self.store.log(tx, game.id, final, iso(now), None, "finished",
                             {"winners": list(result.winners)})
        winners = ", ".join(result.winners) or "nobody (a draw)"
        why = next((line for line in result.announcements if line.startswith(("🏆", "🤝"))), "")
        await self.store.outbox(tx, game.id, "game", (
            f"**{game.name}** is over{f' after {played}' if played else ''}. Winner: {winners}.\n"
            + (f"{why}\n" if why else "") +
            f"Seed revealed: `{seed}` (sha256 `{game.seed_hash}`): every roll can now be checked."),
            final, iso(now))
        await self.ending.game_over(tx, game.id)

    async def open_phase(self, tx, game: GameInfo, variant: Variant, state: dict, seq: int,
                          now: datetime, announce: bool = True,
                          results: tuple[str, str] | None = None, stored: bytes | None = None,
                          texts: BriefTexts | None = None) -> PhaseInfo:
        """Phase `seq` of the game opens on `state` (`stored`: as stored, if encoded already, in
        the worker that adjudicated it) with its deadline and reminders, and its briefs."""
        label = variant.phase_label(state)
        deadline = deadline_from(game, now)
        phase_id = await tx.phases.add(game.id, seq, label, stored or encode_state(state), iso(deadline), iso(now))
        await tx.games.set_current_phase(game.id, phase_id)
        await self.schedule.schedule(tx, game, phase_id, now, deadline)
        # as it would be read back (the deadline to the second), without decoding what was just written
        phase = PhaseInfo(phase_id, game.id, seq, label, state, parse_time(iso(deadline)), iso(now), None, None)
        if announce:
            await self.briefs.announce(tx, game, variant, phase, results, texts)
        return phase

    async def adjudicate_after(self, tx, game: GameInfo, phase: PhaseInfo) -> None:
        """The phase is to be adjudicated once `tx` is committed (`adjudicate`): a deadline due now
        is written with it, so that if the process stops in between, the clock's next round
        adjudicates the phase (`NoShows.at_deadline` reads a deadline before the phase's own as
        this) and nothing waits for the real deadline. The deadline is this process's claim until
        the adjudication is written (no other process starts the same work meanwhile)."""
        now = self.clock()
        await tx.timers.add(game.id, phase.id, iso(now), claimed_by=self.node.name,
                            claimed_until=iso(now + self.node.claim))

    async def all_ready(self, tx, game: GameInfo, phase: PhaseInfo, variant: Variant) -> bool:
        """Every seat that acts is ready; a seat in civil disorder does not hold the others up."""
        sheets = await self.store.order_sheets(phase.id, tx)
        disorder = {s.seat for s in game.seats if s.civil_disorder}
        needed = [seat for seat in variant.seats_to_act(phase.state) if seat not in disorder]
        # bots are ready once their orders are in, but only people hurry a phase: with every
        # person gone into civil disorder the game waits for its deadlines
        people = [s for s in game.seats if s.user_id is not None and not s.civil_disorder]
        return bool(needed) and bool(people) and all(seat in sheets and sheets[seat].ready for seat in needed)
