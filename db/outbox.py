"""The `outbox` rows: messages (and jobs) owed to Discord, written with the change that caused them."""
from __future__ import annotations

import json

from .sql import Repository, Row


class Outbox(Repository):
    async def add(self, game_id: int, target: str, content: str, phase_id: int | None, at: str,
                  ping_user: int | None = None, buttons: list | None = None) -> None:
        await self.sql.run("INSERT INTO outbox (game_id, target, content, phase_id, created_at, ping_user, buttons) "
                           "VALUES (?,?,?,?,?,?,?)", (game_id, target, content, phase_id, at, ping_user,
                                                       json.dumps(buttons) if buttons else None))

    async def due(self, now: str, console_guild: int, console: bool, limit: int) -> list[Row]:
        """Messages due now, oldest first, at most one per destination: a later message to the
        same seat or channel waits behind an earlier one still being retried; the archive job
        waits behind the game channel's messages; a seat's message waits behind a phase's results
        in the game channel."""
        return await self.sql.all(
            "SELECT o.* FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.delivered_at IS NULL AND o.failed_at IS NULL "
            "AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
            f"AND g.guild_id {'=' if console else '<>'} ? "
            "AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id "
            "AND (e.target = o.target OR (o.target = 'archive' AND e.target = 'game') "
            "OR (o.target LIKE 'seat:%' AND e.target = 'game' AND e.phase_id IS NOT NULL)) "
            "AND e.id < o.id AND e.delivered_at IS NULL AND e.failed_at IS NULL) "
            "ORDER BY o.id LIMIT ?", (now, console_guild, limit))

    async def still_open(self, limit: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL "
                                  "ORDER BY id LIMIT ?", (limit,))

    async def delivered(self, message_id: int, at: str) -> None:
        await self.sql.run("UPDATE outbox SET delivered_at=? WHERE id=?", (at, message_id))

    async def failed(self, message_id: int, error: str, retry_at: str | None, at: str) -> None:
        """One more failed attempt: retry at `retry_at`, or (None) given up: a dead letter."""
        await self.sql.run("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, "
                           "failed_at = ? WHERE id = ?", (error[:500], retry_at, None if retry_at else at, message_id))

    async def next_retry(self) -> str | None:
        return await self.sql.value("SELECT MIN(next_attempt_at) FROM outbox WHERE delivered_at IS NULL "
                                    "AND failed_at IS NULL AND next_attempt_at IS NOT NULL")

    async def noted_since(self, game_id: int, content: str, since: str) -> bool:
        return await self.sql.one("SELECT 1 FROM outbox WHERE game_id=? AND target='gm' AND content=? "
                                  "AND created_at >= ?", (game_id, content, since)) is not None
