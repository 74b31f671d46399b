"""A phase's deadline and reminders, as rows the clock fires (`service.timers`).

Setting a deadline cancels the phase's open timers and writes one deadline row and one reminder
per lead time still in the future: the game's lead times, and those of each player who chose
their own (`/notify reminders:`)."""
from __future__ import annotations

from datetime import datetime, timedelta

from .ids import checked_ids
from .models import GameInfo, iso
from .store import Store


@checked_ids
class Schedule:
    """Writes a phase's deadline and reminders (inside the caller's transaction)."""

    def __init__(self, store: Store):
        self.store = store

    async def schedule(self, tx, game: GameInfo, phase_id: int, now: datetime, deadline: datetime) -> None:
        """One deadline row and one reminder per configured lead time still in the future."""
        await tx.timers.cancel_phase(phase_id, iso(now))
        await tx.phases.set_deadline(phase_id, iso(deadline))
        await tx.timers.add(game.id, phase_id, iso(deadline))
        # the game's reminders (user_id NULL), then those of players who chose their own lead
        # times (`/notify reminders:`)
        plan = [(hours, None) for hours in game.reminder_hours]
        for user_id in sorted({s.user_id for s in game.seats if s.user_id}):
            own = (await self.store.notify_settings(user_id, tx)).reminder_hours
            plan += [(hours, user_id) for hours in own or ()]
        for hours, user_id in plan:
            due = deadline - timedelta(hours=hours)
            if due > now:
                await tx.timers.add(game.id, phase_id, iso(due), "reminder", hours, user_id)
        tx.on_commit(self.store.on_change)
