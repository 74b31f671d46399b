"""The `reminders` rows: each phase's deadline and reminders, fired by the clock when due."""
from __future__ import annotations

from .sql import Repository, Row


class Timers(Repository):
    async def due(self, now: str) -> list[Row]:
        return await self.sql.all("SELECT * FROM reminders WHERE done_at IS NULL AND due_at <= ? ORDER BY due_at, id",
                                  (now,))

    async def next_due(self) -> str | None:
        return await self.sql.value("SELECT MIN(due_at) FROM reminders WHERE done_at IS NULL")

    async def is_open(self, timer_id: int) -> bool:
        """Whether the timer is still to fire (not fired, not cancelled, not removed)."""
        row = await self.sql.one("SELECT done_at FROM reminders WHERE id=?", (timer_id,))
        return row is not None and row["done_at"] is None

    async def deadline_open(self, phase_id: int) -> bool:
        return await self.sql.one("SELECT 1 FROM reminders WHERE phase_id=? AND kind='deadline' AND done_at IS NULL",
                                  (phase_id,)) is not None

    async def add(self, game_id: int, phase_id: int, due: str, kind: str = "deadline", hours_before: float | None = None,
                  user_id: int | None = None) -> None:
        await self.sql.run("INSERT INTO reminders (game_id, phase_id, due_at, kind, hours_before, user_id) "
                           "VALUES (?,?,?,?,?,?)", (game_id, phase_id, due, kind, hours_before, user_id))

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
        await self.sql.run("UPDATE reminders SET attempts=?, last_error=?, due_at=? WHERE id=?",
                           (attempts, error, retry_at, timer_id))

    async def delete_phase(self, phase_id: int) -> None:
        await self.sql.run("DELETE FROM reminders WHERE phase_id=?", (phase_id,))
