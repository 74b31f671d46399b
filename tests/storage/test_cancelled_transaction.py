"""A task cancelled while its transaction begins leaves the database usable: a stopping bot
cancels the lease's renewal and then hands its shards back, and the hand-back must not fail
because the cancelled renewal left a transaction open ("cannot start a transaction within a
transaction": the shards then stayed leased until the lease ran out)."""
from __future__ import annotations

import asyncio

import pytest

AT, UNTIL = "2026-11-27T12:00:00+00:00", "2026-11-27T12:01:00+00:00"


async def test_a_begin_that_ran_for_a_cancelled_task_is_rolled_back(sqlite_db, monkeypatch):
    """aiosqlite runs a statement on its own thread even when the task awaiting it is cancelled:
    here the BEGIN runs, then its caller sees the cancellation."""
    real = sqlite_db.conn.execute
    raced: list[str] = []

    async def begin_then_cancelled(sql, *args):
        result = await real(sql, *args)
        if sql == "BEGIN IMMEDIATE" and not raced:
            raced.append(sql)
            raise asyncio.CancelledError()
        return result

    monkeypatch.setattr(sqlite_db.conn, "execute", begin_then_cancelled)
    with pytest.raises(asyncio.CancelledError):
        async with sqlite_db.transaction() as tx:
            await tx.claims.renew("node-a", AT, UNTIL)
    assert raced
    async with sqlite_db.transaction() as tx:
        assert await tx.claims.take_shard(0, 2, "node-a", AT, UNTIL)
        await tx.claims.give_up("node-a")
    async with sqlite_db.read() as r:
        assert await r.claims.leases() == []


async def test_transactions_cancelled_anywhere_leave_the_database_usable(db):
    """Cancelled at every point of a transaction's life on either database, a later transaction
    still begins, writes and commits, and nothing of the cancelled ones stays."""
    for yields in range(12):
        async def renewal():
            async with db.transaction() as tx:
                await tx.claims.take_shard(1, 2, "node-cancelled", AT, UNTIL)
                await asyncio.sleep(3600)

        task = asyncio.create_task(renewal())
        for _ in range(yields):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        async with db.transaction() as tx:
            assert await tx.claims.take_shard(0, 2, "node-a", AT, UNTIL)
            await tx.claims.give_up("node-a")
    async with db.read() as r:
        assert [row["holder"] for row in await r.claims.leases()] == []


async def test_reads_cancelled_anywhere_leave_the_readers_usable(db):
    """A read's snapshot begins the same way on a reader of the pool: a reader given back with
    a transaction left open would fail the next read that gets it."""
    for yields in range(12):
        async def reading():
            async with db.read() as r:
                await r.claims.leases()
                await asyncio.sleep(3600)

        tasks = [asyncio.create_task(reading()) for _ in range(3)]
        for _ in range(yields):
            await asyncio.sleep(0)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for _ in range(4):
            async with db.read() as r:
                assert await r.claims.leases() == []
