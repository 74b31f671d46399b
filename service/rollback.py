"""Rollback: the last adjudication undone (`/gm rollback`, or the players' vote with the GM's).

The phases it opened are removed (kept whole in the record and the export), the adjudicated
phase re-opens with its orders (nobody marked ready), and a new deadline is set. Phase *n* always
rolls `Random("<seed>:<n>")`, so the same orders give the same dice. A finished game cannot be
rolled back: its seed is public.
"""
from __future__ import annotations

from engine.variant import get_variant

from .briefs import Briefs
from .errors import BadState
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, iso
from .policy import deadline_from
from .runtime import Now
from .schedule import Schedule
from .store import Store


@checked_ids
class Rollback:
    """Undoes the last adjudication of a game (inside the caller's transaction)."""

    def __init__(self, store: Store, clock: Now, schedule: Schedule, briefs: Briefs):
        self.store = store
        self.clock = clock
        self.schedule = schedule
        self.briefs = briefs

    @staticmethod
    def may_roll_back(game: GameInfo, phase: PhaseInfo) -> None:
        if game.status in ("finished", "abandoned"):
            raise BadState(f"game #{game.id} is over and its seed is public: it cannot be rolled back")
        if phase.seq == 0:
            raise BadState(f"game #{game.id} has not adjudicated any phase yet: there is nothing to undo")

    async def roll_back_in(self, tx, game: GameInfo, current: PhaseInfo, actor: Actor, how: str) -> None:
        """Remove the phases the last adjudication opened and re-open the phase before them."""
        variant = get_variant(game.variant)
        target = None
        for seq in await tx.phases.seqs_before(game.id, current.seq):    # skip phases nobody had orders for
            candidate = await self.store.phase_by_seq(game.id, seq, tx)
            target = candidate
            if variant.seats_to_act(candidate.state):
                break
        undone = []
        for phase_id in await tx.phases.ids_after(game.id, target.seq):
            phase = await self.store.phase_by_id(phase_id, tx)
            sheets = await self.store.order_sheets(phase.id, tx)
            undone.append({"seq": phase.seq, "label": phase.label, "report": phase.report,
                           "adjudicated": phase.adjudicated_at is not None,
                           "orders": {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}})
            await tx.orders.delete_phase(phase.id)
            await tx.timers.delete_phase(phase.id)
            await tx.votes.dropped_phase(phase.id)
            await tx.bot_sheets.delete_phase(phase.id)
        now = self.clock()
        await tx.events.rolled_back(game.id, iso(now), actor.user_id, target.seq, target.label, target.report, undone)
        await tx.games.set_current_phase(game.id, target.id)
        await tx.phases.delete_after(game.id, target.seq)
        await tx.phases.reopened(target.id)
        await tx.orders.none_ready(target.id)
        await tx.votes.dropped_phase(target.id, game.id)
        await self.store.log(tx, game.id, target.id, iso(now), actor.user_id, "rolled_back",
                             {"reopened": target.label, "undone": [u["label"] for u in undone], "how": how})
        game = await self.store.game(game.id, tx)
        deadline = deadline_from(game, now)
        await self.schedule.schedule(tx, game, target.id, now, deadline)
        await self.store.outbox(tx, game.id, "game", (
            f"⏪ The adjudication of **{target.label}** was undone {how}. **{target.label}** is open again with "
            f"the orders it had (nobody is marked ready); orders are due <t:{int(deadline.timestamp())}:R>. "
            f"The dice of a phase come from the committed seed and its number, so the same orders give the same "
            f"rolls. The undone results stay in the game's record and export."), None, iso(now))
        reopened = await self.store.phase_by_id(target.id, tx)
        await self.briefs.announce(tx, game, variant, reopened)
