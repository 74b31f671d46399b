"""The messages the service owes (the outbox), as the clock's delivery reads and settles them.

Messages are queued by the parts in the same transaction as the change that caused them
(`Store.outbox`); this part is what the delivery (`service.delivery`) asks: what is due, what
was delivered, what failed and when to try again, and a note for a game's GM sent once.

With several processes on the database (service/cluster.py) a message is sent by one of them:
the due messages are those of this process's shards' servers not claimed by another, each is
claimed before it is sent (`claim`), and its delivery is written only if the claim is still its
own (`mark_delivered`): a message whose sender died is sent by another once the claim runs out,
with the same Discord nonce, so Discord gives back the first copy instead of posting a second."""
from __future__ import annotations

from datetime import datetime, timedelta

from .ids import checked_ids
from .cluster import Node
from .models import OutboxMessage, iso
from .runtime import Now
from .store import Store


@checked_ids
class Outbox:
    """Messages owed: the due ones, their delivery or failure, and the GM's notes."""

    def __init__(self, store: Store, clock: Now, node: Node | None = None):
        self.store = store
        self.clock = clock
        self.node = node or Node()

    async def pending_messages(self, limit: int = 50) -> list[OutboxMessage]:
        """Messages not yet delivered (nor given up), oldest first."""
        return await self.store.open_outbox(limit)

    async def due_messages(self, console: bool, limit: int = 200) -> list[OutboxMessage]:
        """Messages to send now: the console's own games, or (console=False) Discord's on this
        process's shards; none another process is sending."""
        return await self.store.due_outbox(iso(self.clock()), console, limit, self.node.name,
                                           None if console else self.node.shard_filter)

    async def claim_message(self, message_id: int) -> bool:
        """Claim a due message for this process before sending it: False if another process
        holds it, or it was delivered or given up meanwhile."""
        now = self.clock()
        async with self.store.db.transaction() as tx:
            return await tx.outbox.claim(message_id, self.node.name, iso(now + self.node.claim), iso(now))

    async def next_message_due(self) -> str | None:
        """When a message of this process's servers is next due (a retry, or another process's
        claim running out)."""
        return await self.store.next_outbox_retry(iso(self.clock()), self.node.name, self.node.shard_filter)

    async def delivery_failed(self, message_id: int, error: str, retry_at: datetime | None) -> None:
        await self.store.delivery_failed(message_id, error, iso(retry_at) if retry_at else None,
                                         iso(self.clock()))

    async def note_gm(self, game_id: int, text: str, dedupe_hours: float = 6.0) -> None:
        """A note for the game master (game channel, else a DM), once per `dedupe_hours`."""
        now = self.clock()
        # Checked inside the write: writers take turns (SQLite's one writer, PostgreSQL's write
        # lock), so two processes noticing the same thing post it once.
        async with self.store.db.transaction() as tx:
            if await tx.outbox.noted_since(game_id, text, iso(now - timedelta(hours=dedupe_hours))):
                return
            await self.store.outbox(tx, game_id, "gm", text, None, iso(now))

    async def note_seat(self, game_id: int, seat: str, text: str) -> None:
        """A line for a seat's own channel (else its player's direct messages): the lasting copy
        of a confirmation its player was shown where it may not last (an ephemeral answer)."""
        async with self.store.db.transaction() as tx:
            await self.store.outbox(tx, game_id, f"seat:{seat}", text, None, iso(self.clock()))

    async def mark_delivered(self, message_id: int) -> bool:
        """Delivered, unless another process claimed the message since (False then: this
        process's claim ran out while it was sending)."""
        return await self.store.mark_delivered(message_id, iso(self.clock()), self.node.name)

    async def delivered_then(self, message: OutboxMessage, content: str, buttons: list[tuple[str, str]]) -> bool:
        """Delivered and, in the same transaction, a message following it (the map of a turn whose
        results went out without it); neither if another process claimed it since."""
        return await self.store.deliver_then(message, iso(self.clock()), content, buttons, self.node.name)
