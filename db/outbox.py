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

    async def due(self, now: str, console_guild: int, console: bool, limit: int, node: str = "",
                  shards: tuple[int, tuple[int, ...]] | None = None) -> list[Row]:
        """Messages due now, oldest first, at most one per destination: a later message to the
        same seat or channel waits behind an earlier one still being retried; the archive job
        waits behind the game channel's messages; a seat's message waits behind a phase's results
        in the game channel. Without those another process is sending (its claim, migration 0016)
        and, for a process running some of the shards (`shards`: count and ids), only those of the
        servers on its shards (`(guild_id >> 22) % count`, Discord's rule) — and the messages of
        servers on shards no live process holds (their process died: a message needs no gateway,
        only Discord's REST API; a job, `archive` or `access`, waits for its shard's process, which
        holds the server's channels and roles)."""
        on_shards, params = _on_shards(shards, now)
        return await self.sql.all(
            "SELECT o.* FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.delivered_at IS NULL AND o.failed_at IS NULL "
            "AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
            f"AND g.guild_id {'=' if console else '<>'} ? {on_shards}"
            "AND (o.claimed_until IS NULL OR o.claimed_until < ? OR o.claimed_by = ?) "
            "AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id "
            "AND (e.target = o.target OR (o.target = 'archive' AND e.target = 'game') "
            "OR (o.target LIKE 'seat:%' AND e.target = 'game' AND e.phase_id IS NOT NULL)) "
            "AND e.id < o.id AND e.delivered_at IS NULL AND e.failed_at IS NULL) "
            "ORDER BY o.id LIMIT ?", (now, console_guild, *params, now, node, limit))

    async def claim(self, message_id: int, node: str, until: str, now: str) -> bool:
        """Claim an open message for `node` until `until`: False if it was delivered or given up
        meanwhile, or another process holds it."""
        return await self.sql.one(
            "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id = ? AND delivered_at IS NULL "
            "AND failed_at IS NULL AND (claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?) RETURNING id",
            (node, until, message_id, now, node)) is not None

    async def still_open(self, limit: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL "
                                  "ORDER BY id LIMIT ?", (limit,))

    async def delivered(self, message_id: int, at: str, node: str | None = None) -> bool:
        """Delivered; with `node`, only if no other process has claimed it since (the fence: False
        if `node`'s claim ran out and another process took the message, or delivered it)."""
        if node is None:
            await self.sql.run("UPDATE outbox SET delivered_at=?, claimed_by=NULL, claimed_until=NULL WHERE id=?",
                               (at, message_id))
            return True
        return await self.sql.one("UPDATE outbox SET delivered_at=?, claimed_by=NULL, claimed_until=NULL "
                                  "WHERE id=? AND delivered_at IS NULL AND (claimed_by IS NULL OR claimed_by=?) "
                                  "RETURNING id", (at, message_id, node)) is not None

    async def failed(self, message_id: int, error: str, retry_at: str | None, at: str) -> None:
        """One more failed attempt: retry at `retry_at`, or (None) given up: a dead letter. The
        claim ends with the attempt."""
        await self.sql.run("UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, "
                           "failed_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?",
                           (error[:500], retry_at, None if retry_at else at, message_id))

    async def next_retry(self, now: str = "", node: str = "",
                         shards: tuple[int, tuple[int, ...]] | None = None) -> str | None:
        """When a message of `node`'s servers is next due again: the earliest retry, or the end of
        another process's claim (free then, if that process died)."""
        if shards is None:
            retry, params = ("SELECT MIN(next_attempt_at) FROM outbox WHERE delivered_at IS NULL "
                             "AND failed_at IS NULL AND next_attempt_at IS NOT NULL"), ()
        else:
            on_shards, params = _on_shards(shards, now)
            retry = ("SELECT o.next_attempt_at FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.delivered_at IS NULL "
                     f"AND o.failed_at IS NULL AND o.next_attempt_at IS NOT NULL {on_shards}"
                     "ORDER BY o.next_attempt_at LIMIT 1")
        held = ("SELECT MIN(claimed_until) FROM outbox WHERE delivered_at IS NULL "
                "AND failed_at IS NULL AND claimed_until IS NOT NULL AND claimed_until >= ? AND claimed_by <> ?")
        # one statement: a lookup's one round trip, both from one snapshot
        row = await self.sql.one(f"SELECT ({retry}) AS retry, ({held}) AS held", (*params, now, node))
        return min((t for t in (row["retry"], row["held"]) if t), default=None)

    async def noted_since(self, game_id: int, content: str, since: str) -> bool:
        return await self.sql.one("SELECT 1 FROM outbox WHERE game_id=? AND target='gm' AND content=? "
                                  "AND created_at >= ?", (game_id, content, since)) is not None


def _on_shards(shards: tuple[int, tuple[int, ...]] | None, now: str) -> tuple[str, tuple]:
    """The condition (on `g.guild_id`, `o.target`) of the messages of the servers on these shards
    or on a shard whose lease has run out, and its parameters."""
    if shards is None:
        return "", ()
    count, ids = shards
    return ("AND (((g.guild_id >> 22) % ?) IN (" + ", ".join("?" * len(ids)) + ") "
            "OR (o.target NOT IN ('archive', 'access') AND NOT EXISTS (SELECT 1 FROM shard_leases l "
            "WHERE (l.shard = (g.guild_id >> 22) % ? OR l.shard = -1) AND l.expires_at >= ?))) ",
            (count, *ids, count, now))
