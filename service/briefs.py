"""A phase's opening messages: each seat that must act gets its brief, pinging its player."""
from __future__ import annotations

from engine.variant import Variant

from .ids import checked_ids
from .models import GameInfo, PhaseInfo
from .reports import FINISH_TURN, seat_results
from .store import Store


@checked_ids
class Briefs:
    """Queues the briefs of a phase that opens (inside the caller's transaction)."""

    def __init__(self, store: Store):
        self.store = store

    async def announce(self, tx, game: GameInfo, variant: Variant, phase: PhaseInfo,
                       results: tuple[str, str] | None = None) -> None:
        """Each seat that must act gets its brief, pinging its player: its own results of the
        phase just played first (`results`: its label and report), then what to order now, with
        the phase's menus (a retreat, builds, removals) as buttons under it. The brief waits
        behind the results in the game channel (`Store.due_outbox`). A held seat with nothing to
        order now still gets its own results in its channel, without a ping."""
        acting = variant.seats_to_act(phase.state)
        for seat in (s.seat for s in game.seats):
            own = seat_results(variant, phase.state, seat, results) if seat not in acting else ""
            if own and game.holder(seat) is not None:
                await self.store.outbox(tx, game.id, f"seat:{seat}", own + f"Nothing for {seat} to order in "
                                        f"**{phase.label}**; you will be told when there is.", None, phase.created_at)
        for seat in acting:
            holder = game.holder(seat)
            settings = await self.store.notify_settings(holder, tx)
            due = f"<t:{int(phase.deadline.timestamp())}:R>"
            await self.store.outbox(tx, game.id, f"seat:{seat}", (
                seat_results(variant, phase.state, seat, results)
                + f"**{phase.label}** has begun: your orders are due {due}. {FINISH_TURN}\n"
                f"{variant.phase_brief(phase.state, seat)}"), None, phase.created_at,
                ping_user=None if settings.quiet else holder,
                buttons=[("menus", str(phase.seq))] if variant.choice_groups(phase.state, seat) else None)
            if settings.dm_phase and not settings.quiet and holder is not None:
                await self.store.outbox(tx, game.id, f"user:{holder}", (
                    f"**{game.name}** (game #{game.id}): **{phase.label}** has begun for {seat}; orders are due "
                    f"{due}. Your seat channel has the details. (`/notify` changes these messages.)"),
                    None, phase.created_at)
