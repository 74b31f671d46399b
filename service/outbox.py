"""The messages the service owes (the outbox), as the clock's delivery reads and settles them.

Messages are queued by the parts in the same transaction as the change that caused them
(`Store.outbox`); this part is what the delivery (`service.delivery`) asks: what is due, what
was delivered, what failed and when to try again, and a note for a game's GM sent once."""
from __future__ import annotations

from datetime import datetime, timedelta

from .ids import checked_ids
from .models import OutboxMessage, iso
from .runtime import Now
from .store import Store


@checked_ids
class Outbox:
    """Messages owed: the due ones, their delivery or failure, and the GM's notes."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

    async def pending_messages(self, limit: int = 50) -> list[OutboxMessage]:
        """Messages not yet delivered (nor given up), oldest first."""
        return await self.store.open_outbox(limit)

    async def due_messages(self, console: bool, limit: int = 200) -> list[OutboxMessage]:
        """Messages to send now: the console's own games, or (console=False) Discord's."""
        return await self.store.due_outbox(iso(self.clock()), console, limit)

    async def delivery_failed(self, message_id: int, error: str, retry_at: datetime | None) -> None:
        await self.store.delivery_failed(message_id, error, iso(retry_at) if retry_at else None,
                                         iso(self.clock()))

    async def note_gm(self, game_id: int, text: str, dedupe_hours: float = 6.0) -> None:
        """A note for the game master (game channel, else a DM), once per `dedupe_hours`."""
        now = self.clock()
        if await self.store.recent_note(game_id, text, iso(now - timedelta(hours=dedupe_hours))):
            return
        async with self.store.db.transaction() as tx:
            await self.store.outbox(tx, game_id, "gm", text, None, iso(now))

    async def note_seat(self, game_id: int, seat: str, text: str) -> None:
        """A line for a seat's own channel (else its player's direct messages): the lasting copy
        of a confirmation its player was shown where it may not last (an ephemeral answer)."""
        async with self.store.db.transaction() as tx:
            await self.store.outbox(tx, game_id, f"seat:{seat}", text, None, iso(self.clock()))

    async def mark_delivered(self, message_id: int) -> None:
        await self.store.mark_delivered(message_id, iso(self.clock()))
