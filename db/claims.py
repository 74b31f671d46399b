"""Claims of work by one process among several on one database (migration 0016): `work_claims`
(work with no row of its own, such as the bots' turn in a phase) and `shard_leases` (which
process holds which Discord shard). Every claim is one statement, atomic on SQLite (one writer)
and on PostgreSQL (`INSERT … ON CONFLICT DO UPDATE … WHERE` locks the row and reads the
condition again after a wait)."""
from __future__ import annotations

from .sql import Repository, Row


class Claims(Repository):
    # ------------------------------------------------------------------ work
    async def claim(self, kind: str, item: int, node: str, until: str, now: str) -> bool:
        """Claim `kind` `item` for `node` until `until`: False while another process holds it."""
        return await self.sql.one(
            "INSERT INTO work_claims (kind, item, claimed_by, claimed_until) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, item) DO UPDATE SET claimed_by = excluded.claimed_by, "
            "claimed_until = excluded.claimed_until "
            "WHERE work_claims.claimed_until < ? OR work_claims.claimed_by = excluded.claimed_by RETURNING item",
            (kind, item, node, until, now)) is not None

    async def release(self, kind: str, item: int, node: str) -> None:
        await self.sql.run("DELETE FROM work_claims WHERE kind = ? AND item = ? AND claimed_by = ?", (kind, item, node))

    async def forget_ended(self, now: str) -> None:
        """Claims run out long ago (their process died): nobody needs them any more."""
        await self.sql.run("DELETE FROM work_claims WHERE claimed_until < ?", (now,))

    # ------------------------------------------------------------------ shards
    async def leases(self) -> list[Row]:
        return await self.sql.all("SELECT * FROM shard_leases ORDER BY shard")

    async def take_shard(self, shard: int, count: int | None, node: str, at: str, until: str) -> bool:
        """Take (or renew) the lease on `shard` for `node`: False while another holder's lease
        runs."""
        return await self.sql.one(
            "INSERT INTO shard_leases (shard, shard_count, holder, heartbeat_at, expires_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, holder = excluded.holder, "
            "heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at "
            "WHERE shard_leases.expires_at < excluded.heartbeat_at OR shard_leases.holder = excluded.holder "
            "RETURNING shard", (shard, count, node, at, until)) is not None

    async def take_over(self, gone: str, now: str) -> None:
        """The leases of a process known to be gone end now (free for the next `take_shard`)."""
        await self.sql.run("UPDATE shard_leases SET expires_at = heartbeat_at WHERE holder = ? AND heartbeat_at < ?",
                           (gone, now))

    async def renew(self, node: str, at: str, until: str) -> int:
        """The heartbeat: every lease `node` still holds runs on to `until`; how many it holds."""
        rows = await self.sql.all("UPDATE shard_leases SET heartbeat_at = ?, expires_at = ? WHERE holder = ? "
                                  "RETURNING shard", (at, until, node))
        return len(rows)

    async def give_up(self, node: str) -> None:
        """A process stopping hands its shards back at once."""
        await self.sql.run("DELETE FROM shard_leases WHERE holder = ?", (node,))
