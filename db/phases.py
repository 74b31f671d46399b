"""The `phases` rows: each phase's position (stored compressed), deadline and outcome."""
from __future__ import annotations

from .sql import Repository, Row


class Phases(Repository):
    async def get(self, phase_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM phases WHERE id=?", (phase_id,))

    async def by_seq(self, game_id: int, seq: int) -> Row | None:
        return await self.sql.one("SELECT * FROM phases WHERE game_id=? AND seq=?", (game_id, seq))

    async def of_game(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM phases WHERE game_id=? ORDER BY seq", (game_id,))

    async def headers(self, game_id: int) -> list[Row]:
        """Every phase by number and label, without its position, oldest first."""
        return await self.sql.all("SELECT id, seq, label, adjudicated_at FROM phases WHERE game_id=? ORDER BY seq",
                                  (game_id,))

    async def header(self, game_id: int, seq: int) -> Row | None:
        return await self.sql.one("SELECT id, seq, label, adjudicated_at FROM phases WHERE game_id=? AND seq=?",
                                  (game_id, seq))

    async def hold_open(self, phase_id: int) -> bool:
        """In an adjudication's transaction: the phase is still open, and its row is held until
        the transaction ends (on PostgreSQL a second adjudication of it, from any process, waits
        here and then finds it adjudicated; on SQLite the one writer already holds everything)."""
        return await self.sql.one("UPDATE phases SET adjudicated_at = adjudicated_at WHERE id=? "
                                  "AND adjudicated_at IS NULL RETURNING id", (phase_id,)) is not None

    async def header_by_id(self, phase_id: int) -> Row | None:
        return await self.sql.one("SELECT id, seq, label, adjudicated_at FROM phases WHERE id=?", (phase_id,))

    async def stored(self, game_id: int) -> list[Row]:
        """Every phase with its stored state, oldest first."""
        return await self.sql.all("SELECT id, seq, label, state, adjudicated_at FROM phases WHERE game_id=? "
                                  "ORDER BY seq", (game_id,))

    async def stored_one(self, game_id: int, seq: int) -> Row | None:
        return await self.sql.one("SELECT id, seq, label, state, deadline, adjudicated_at FROM phases "
                                  "WHERE game_id=? AND seq=?", (game_id, seq))

    async def seqs_before(self, game_id: int, seq: int) -> list[int]:
        """The numbers of the phases before `seq`, newest first."""
        return [row["seq"] for row in await self.sql.all(
            "SELECT seq FROM phases WHERE game_id=? AND seq<? ORDER BY seq DESC", (game_id, seq))]

    async def ids_after(self, game_id: int, seq: int) -> list[int]:
        return [row["id"] for row in await self.sql.all(
            "SELECT id FROM phases WHERE game_id=? AND seq>? ORDER BY seq", (game_id, seq))]

    async def adjudicated_since(self, game_id: int, seq: int) -> int:
        return await self.sql.value("SELECT COUNT(*) FROM phases WHERE game_id=? AND seq>=? "
                                    "AND adjudicated_at IS NOT NULL", (game_id, seq), 0)

    async def newest_id(self) -> int:
        # plain MAX(id): SQLite reads it from the end of the table (wrapped in a function it scans)
        return int(await self.sql.value("SELECT MAX(id) FROM phases", (), 0))

    async def opened_after(self, after: int, limit: int) -> list[Row]:
        """(id, game_id, variant) of the running games' current phases with ids above `after`."""
        return await self.sql.all(
            "SELECT p.id, g.id AS game_id, g.variant FROM phases p JOIN games g ON g.id = p.game_id "
            "WHERE p.id > ? AND g.current_phase = p.id AND g.status = 'active' ORDER BY p.id LIMIT ?", (after, limit))

    # ------------------------------------------------------------------ writing
    async def add(self, game_id: int, seq: int, label: str, state: bytes, deadline: str | None, at: str,
                  adjudicated_at: str | None = None, report: str | None = None) -> int:
        return await self.sql.insert(
            "INSERT INTO phases (game_id, seq, label, state, deadline, created_at, adjudicated_at, report) "
            "VALUES (?,?,?,?,?,?,?,?) RETURNING id", (game_id, seq, label, state, deadline, at, adjudicated_at, report))

    async def adjudicated(self, phase_id: int, at: str, report: str) -> None:
        await self.sql.run("UPDATE phases SET adjudicated_at=?, report=? WHERE id=?", (at, report, phase_id))

    async def set_deadline(self, phase_id: int, deadline: str | None) -> None:
        await self.sql.run("UPDATE phases SET deadline=? WHERE id=?", (deadline, phase_id))

    async def extended_for_misses(self, phase_id: int) -> None:
        await self.sql.run("UPDATE phases SET extended_for_misses=1 WHERE id=?", (phase_id,))

    async def reopened(self, phase_id: int) -> None:
        await self.sql.run("UPDATE phases SET adjudicated_at=NULL, report=NULL, extended_for_misses=0 WHERE id=?",
                           (phase_id,))

    async def delete_after(self, game_id: int, seq: int) -> None:
        await self.sql.run("DELETE FROM phases WHERE game_id=? AND seq>?", (game_id, seq))
