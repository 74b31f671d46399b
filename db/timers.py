"""The `reminders` rows: each phase's deadline and reminders, fired by the clock when due.

With several processes on one database a due timer is claimed by the process that fires it
(`claim`, migration 0016): another process skips it until the claim runs out (`claimed_until`),
and the firing transaction checks the claim is still its own (`holds`) before it writes."""
from __future__ import annotations

from .sql import Repository, Row

# Free to claim: nobody's, a claim run out, or the asker's own.
CLAIMABLE = "(claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?)"


class Timers(Repository):
    async def due(self, now: str, node: str = "") -> list[Row]:
        """Timers due by `now`, oldest first, without those another process is firing."""
        return await self.sql.all(f"SELECT * FROM reminders WHERE done_at IS NULL AND due_at <= ? AND {CLAIMABLE} "
                                  "ORDER BY due_at, id", (now, now, node))

    async def next_due(self, now: str = "", node: str = "") -> str | None:
        """When the next timer falls due that `node` may fire: the earliest open one not claimed
        by another process, or the end of another's claim (if that process died, its timer is
        free then). Both through small indexes: the claimed rows are only those being fired."""
        row = await self.sql.one(        # one statement: a lookup's one round trip, both from one snapshot
            f"SELECT (SELECT due_at FROM reminders WHERE done_at IS NULL AND {CLAIMABLE} "
            "ORDER BY due_at LIMIT 1) AS free, "
            "(SELECT MIN(claimed_until) FROM reminders WHERE done_at IS NULL "
            "AND claimed_until IS NOT NULL AND claimed_until >= ? AND claimed_by <> ?) AS held", (now, node, now, node))
        return min((t for t in (row["free"], row["held"]) if t), default=None)

    async def claim(self, timer_id: int, node: str, until: str, now: str) -> bool:
        """Claim an open timer for `node` until `until`: False if another process holds it."""
        return await self.sql.one(f"UPDATE reminders SET claimed_by = ?, claimed_until = ? WHERE id = ? "
                                  f"AND done_at IS NULL AND {CLAIMABLE} RETURNING id",
                                  (node, until, timer_id, now, node)) is not None

    async def holds(self, timer_id: int, node: str) -> bool:
        """In the firing transaction: the timer is still open and still `node`'s (the fence; on
        PostgreSQL the row stays locked until the transaction ends)."""
        return await self.sql.one("UPDATE reminders SET claimed_by = claimed_by WHERE id = ? AND done_at IS NULL "
                                  "AND claimed_by = ? RETURNING id", (timer_id, node)) is not None

    async def release(self, timer_id: int, node: str) -> None:
        await self.sql.run("UPDATE reminders SET claimed_by = NULL, claimed_until = NULL WHERE id = ? "
                           "AND claimed_by = ?", (timer_id, node))

    async def is_open(self, timer_id: int) -> bool:
        """Whether the timer is still to fire (not fired, not cancelled, not removed)."""
        row = await self.sql.one("SELECT done_at FROM reminders WHERE id=?", (timer_id,))
        return row is not None and row["done_at"] is None

    async def deadline_open(self, phase_id: int) -> bool:
        return await self.sql.one("SELECT 1 FROM reminders WHERE phase_id=? AND kind='deadline' AND done_at IS NULL",
                                  (phase_id,)) is not None

    async def add(self, game_id: int, phase_id: int, due: str, kind: str = "deadline", hours_before: float | None = None,
                  user_id: int | None = None, claimed_by: str | None = None, claimed_until: str | None = None) -> None:
        """A timer; `claimed_by`: already claimed by the process that will fire it at once."""
        await self.sql.run("INSERT INTO reminders (game_id, phase_id, due_at, kind, hours_before, user_id, claimed_by, "
                           "claimed_until) VALUES (?,?,?,?,?,?,?,?)",
                           (game_id, phase_id, due, kind, hours_before, user_id, claimed_by, claimed_until))

    async def done(self, timer_id: int, at: str) -> None:
        await self.sql.run("UPDATE reminders SET done_at=? WHERE id=?", (at, timer_id))

    async def cancel_phase(self, phase_id: int, at: str) -> None:
        """The phase's timers still to fire are done (a new deadline, an adjudication, a pause)."""
        await self.sql.run("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL", (at, phase_id))

    async def cancel_game(self, game_id: int, at: str) -> None:
        await self.sql.run("UPDATE reminders SET done_at=? WHERE game_id=? AND done_at IS NULL", (at, game_id))

    async def deadline_passed(self, phase_id: int, at: str) -> None:
        """The phase's deadlines due by `at` are done (one that fired, and did not adjudicate)."""
        await self.sql.run("UPDATE reminders SET done_at=? WHERE phase_id=? AND kind='deadline' AND done_at IS NULL "
                           "AND due_at <= ?", (at, phase_id, at))

    async def failed(self, timer_id: int, attempts: int, error: str, retry_at: str) -> None:
        await self.sql.run("UPDATE reminders SET attempts=?, last_error=?, due_at=?, claimed_by=NULL, claimed_until=NULL "
                           "WHERE id=?",
                           (attempts, error, retry_at, timer_id))

    async def delete_phase(self, phase_id: int) -> None:
        await self.sql.run("DELETE FROM reminders WHERE phase_id=?", (phase_id,))
