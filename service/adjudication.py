"""Adjudicating a phase: the one place a phase changes (issue 23's safety net included).

A phase is adjudicated inside its transaction, re-read there, and only if it is still open, so a
retried or doubled call (all ready racing the deadline, a restart) adjudicates it exactly once.
The engine runs in a savepoint: a phase the rules cannot adjudicate leaves the game as it was,
marked as needing attention, and its GM is told once. Then the next phase opens, its briefs are
queued after the results they follow from, and phases with nothing to order pass straight on.
"""
from __future__ import annotations

import logging
import random
from datetime import datetime

from db import StorageError
from engine.variant import PhaseResult, Variant, get_variant

from . import permissions
from .checks import require_status
from .bots import BotSheets
from .briefs import Briefs
from .ending import Ending
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, encode_state, iso
from .policy import deadline_from
from .runtime import Now
from .schedule import Schedule
from .seasons import Seasons
from .store import Store

log = logging.getLogger("dispatch.games")
# Phases in which nobody has anything to order are adjudicated straight away; this bounds
# such a chain so a faulty variant cannot spin forever inside one transaction.
MAX_SKIPPED_PHASES = 50


def phase_rng(seed: str, seq: int) -> random.Random:
    """The dice of one phase: fixed by the game's secret seed and the phase number."""
    return random.Random(f"{seed}:{seq}")


@checked_ids
class Adjudicator:
    """Adjudicates a phase exactly once, opens the next (or finishes the game), and keeps the
    game movable when the rules engine fails."""

    def __init__(self, store: Store, clock: Now, schedule: Schedule, briefs: Briefs, bot_sheets: BotSheets,
                 ending: Ending, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.schedule = schedule
        self.briefs = briefs
        self.bot_sheets = bot_sheets
        self.ending = ending
        self.seasons = seasons

    async def adjudicate(self, game_id: int, phase_id: int | None = None,
                         reason: str = "deadline") -> PhaseInfo | None:
        """Adjudicate the current phase (or `phase_id` if it is still current). Idempotent."""
        async with self.store.db.transaction() as tx:
            return await self.adjudicate_in(tx, game_id, phase_id, reason)

    async def force_adjudicate(self, game_id: int, actor: Actor) -> PhaseInfo | None:
        game = await self.store.game(game_id)
        permissions.require_gm(game, actor, "adjudicate")
        require_status(game, "active", "adjudicate")
        return await self.adjudicate(game_id, game.current_phase, "forced by the GM")

    async def adjudicate_in(self, tx, game_id: int, phase_id: int | None, reason: str) -> PhaseInfo | None:
        game = await self.store.game(game_id, tx)
        if game.status != "active" or game.current_phase is None:
            return None
        if phase_id is not None and phase_id != game.current_phase:
            return None  # already moved on: a retry or a race, nothing to do
        phase = await self.store.phase_by_id(game.current_phase, tx)
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
                    following, settled = await self._adjudicate_one(tx, game, variant, phase, seed, now, reason)
            except StorageError:
                raise
            except Exception as exc:  # noqa: BLE001 - any engine failure: the game must stay movable
                await self._engine_failed(tx, game, phase, reason, exc, now)
                return None
            if settled:
                return following
            phase = following
            reason = "nobody has orders to give"
        raise RuntimeError(f"game #{game_id}: more than {MAX_SKIPPED_PHASES} empty phases in a row")

    async def _adjudicate_one(self, tx, game: GameInfo, variant: Variant, phase: PhaseInfo, seed: str,
                              now: datetime, reason: str) -> tuple[PhaseInfo, bool]:
        """Adjudicate one phase and open the next (or finish the game); returns the new phase and
        whether the game stops there (over, or someone has orders to give)."""
        game_id = game.id
        sheets = await self.store.order_sheets(phase.id, tx)
        orders = {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}
        result = variant.adjudicate(phase.state, orders, phase_rng(seed, phase.seq))
        await self.seasons.records.phase_adjudicated(tx, game, variant, phase, sheets)   # seasons hook: summary, owed
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
            await self._finish(tx, game, result, now, phase.seq + 1, variant, played=phase.label)
            return await self.store.phase_by_seq(game_id, phase.seq + 1, tx), True
        following = await self.open_phase(tx, game, variant, result.state, phase.seq + 1, now,
                                           results=(phase.label, result.report))
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
        async with self.store.db.read() as r:
            return await r.games.attention_phase(game_id)

    async def _finish(self, tx, game: GameInfo, result: PhaseResult, now: datetime, seq: int,
                      variant: Variant, played: str | None = None) -> None:
        # the final position is named after the phase that was played, not the one that would
        # have followed it ("Spring 1919 Movement" after a win in Winter 1918)
        label = f"Game over after {played}" if played else variant.phase_label(result.state)
        final = await tx.phases.add(game.id, seq, label, encode_state(result.state), None, iso(now))
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
                          results: tuple[str, str] | None = None) -> PhaseInfo:
        label = variant.phase_label(state)
        deadline = deadline_from(game, now)
        phase_id = await tx.phases.add(game.id, seq, label, encode_state(state), iso(deadline), iso(now))
        await tx.games.set_current_phase(game.id, phase_id)
        await self.schedule.schedule(tx, game, phase_id, now, deadline)
        phase = await self.store.phase_by_id(phase_id, tx)
        if announce:
            await self.briefs.announce(tx, game, variant, phase, results)
        return phase

    async def all_ready(self, tx, game: GameInfo, phase: PhaseInfo, variant: Variant) -> bool:
        """Every seat that acts is ready; a seat in civil disorder does not hold the others up."""
        sheets = await self.store.order_sheets(phase.id, tx)
        disorder = {s.seat for s in game.seats if s.civil_disorder}
        needed = [seat for seat in variant.seats_to_act(phase.state) if seat not in disorder]
        # bots are ready once their orders are in, but only people hurry a phase: with every
        # person gone into civil disorder the game waits for its deadlines
        people = [s for s in game.seats if s.user_id is not None and not s.civil_disorder]
        return bool(needed) and bool(people) and all(seat in sheets and sheets[seat].ready for seat in needed)
