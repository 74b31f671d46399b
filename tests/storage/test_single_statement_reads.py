"""Reads of one statement run without a transaction (`db.lookup()`: on PostgreSQL one round trip
instead of BEGIN, the statement, COMMIT), and still see exactly what is committed; reads of
several statements keep one snapshot (`db.read()`); neither waits for a write transaction, and
neither can write. A game's record (its row and its seats) and a channel's owner are one
statement each. On both databases."""
import asyncio

import pytest

from db import StorageError
from db.games import CHANNEL_OWNER, WITH_SEATS
from db.postgres import PostgresDatabase
from db.sql import OneStatementOnly
from service import NotFound
from tests.conftest import ALICE, BOB, GUILD
from tests.storage.plans import plan
from tests.storage.postgresql import password_server

AT = "2026-11-01T12:00:00+00:00"
# A hang guard, never a timing assertion: a read that waited for the open write transaction held
# by this very task would wait for ever.
NEVER_BLOCKED = 30


def in_transaction(session) -> bool:
    """Whether the session's connection has a transaction open (asyncpg's or sqlite3's own flag)."""
    conn = session.conn
    if hasattr(conn, "conn"):                       # db.postgres.PgConnection
        return conn.conn.is_in_transaction()
    return conn.in_transaction                      # aiosqlite


async def started(service):
    game = await service.create_game(GUILD, ALICE, "guess", name="Friday")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    return await service.start(game.id, ALICE)


async def test_a_lookup_opens_no_transaction_and_a_read_keeps_one(db):
    async with db.lookup() as r:
        assert (await r.one("SELECT 1 AS one"))["one"] == 1
        assert not in_transaction(r)
    async with db.read() as r:
        await r.one("SELECT 1 AS one")
        assert in_transaction(r)


async def test_a_lookup_runs_one_statement_only(db):
    async with db.lookup() as r:
        await r.value("SELECT COUNT(*) FROM games")
        with pytest.raises(OneStatementOnly, match="one statement"):
            await r.value("SELECT COUNT(*) FROM seats")


@pytest.mark.parametrize("statement", ["DELETE FROM games", "INSERT INTO bot_meta (key, value) VALUES ('k', 'v')"])
async def test_a_lookup_cannot_write(service, db, statement):
    game = await started(service)
    with pytest.raises(StorageError):
        async with db.lookup() as r:
            await r.run(statement)
    assert (await service.game(game.id)).name == "Friday"
    assert await service.store.get_meta("k") is None


async def test_a_lookup_sees_what_is_committed_and_nothing_before(service, db):
    game = await started(service)
    async with db.transaction() as tx:
        await tx.games.set_channels(game.id, 501, 502)
        async with asyncio.timeout(NEVER_BLOCKED):          # the write's lock held: the lookup goes on
            async with db.lookup() as r:
                row = await r.games.get(game.id)
            assert row["channel_id"] is None                  # not committed yet: not seen
            assert (await service.store.game(game.id)).channel_id is None
    async with db.lookup() as r:
        assert (await r.games.get(game.id))["channel_id"] == 502


async def test_a_read_of_several_statements_is_one_snapshot(service, db):
    game = await started(service)
    async with db.read() as r:
        before = await r.games.get(game.id)
        async with asyncio.timeout(NEVER_BLOCKED):          # a write commits while the read is open
            async with db.transaction() as tx:
                await tx.games.set_channels(game.id, 501, 502)
        after = await r.games.get(game.id)
        assert before["channel_id"] is None and after["channel_id"] is None
        assert [s["seat"] for s in await r.seats.of_game(game.id)] == ["North", "South"]
    assert (await service.game(game.id)).channel_id == 502


async def test_a_game_is_read_with_its_seats_in_one_statement(service, db):
    game = await started(service)
    async with db.transaction() as tx:
        await tx.seats.set_channel(game.id, "South", 777)
        await tx.seats.set_bot(game.id, "North", "hard")
    statements = []
    db.trace = lambda sql, params: statements.append(sql)
    read = await service.store.game(game.id)
    db.trace = None
    assert len(statements) == 1
    assert [(s.seat, s.user_id, s.channel_id, s.bot) for s in read.seats] == [
        ("North", ALICE.user_id, None, "hard"), ("South", BOB.user_id, 777, None)]
    assert read.channel_id is None                  # the game's own channel, not a seat's
    async with db.read() as r:                      # the same as the row and the seats read apart
        row, seats = await r.games.get(game.id), await r.seats.of_game(game.id)
    assert read == type(read).from_row(row, seats)


async def test_a_game_without_seats_and_no_game(service, db):
    game = await service.create_game(GUILD, ALICE, "guess")
    async with db.transaction() as tx:
        await tx.run("DELETE FROM seats WHERE game_id=?", (game.id,))
    assert (await service.store.game(game.id)).seats == ()
    with pytest.raises(NotFound, match="no game #999"):
        await service.store.game(999)


async def test_a_channel_is_found_in_one_statement_seat_room_game_category(service, db):
    game = await started(service)
    async with db.transaction() as tx:
        await tx.games.set_channels(game.id, 600, 601)
        await tx.seats.set_channel(game.id, "South", 602)
        await tx.rooms.add(game.id, "alliance", "pact", 603, ["North", "South"], ALICE.user_id, AT)
    statements = []
    db.trace = lambda sql, params: statements.append(sql)
    owners = {}
    for channel in (600, 601, 602, 603, 604):
        async with db.lookup() as r:
            owners[channel] = await r.games.channel_owner(channel)
    db.trace = None
    assert len(statements) == 5
    assert {channel: (row["game_id"], row["seat"]) if row else None for channel, row in owners.items()} == {
        600: (game.id, None), 601: (game.id, None), 602: (game.id, "South"), 603: (game.id, None), 604: None}
    service.store.forget_channels()
    found, seat = await service.game_for_channel(602)
    assert (found.id, seat) == (game.id, "South")
    assert await service.game_for_channel(604) is None


async def test_the_one_statement_reads_go_through_indexes(service, db):
    """A game's record and a channel's owner are found by key at any number of games: no table
    is scanned."""
    game = await started(service)
    for sql, params in ((WITH_SEATS, (game.id,)), (CHANNEL_OWNER, (600, 600, 600, 600))):
        steps = await plan(db, sql, params)
        assert not [step for step in steps if step.startswith("SCAN ") and step != "SCAN owner"], steps
        assert any(step.startswith("SEARCH") for step in steps), steps


async def test_the_clock_s_next_wake_up_is_three_lookups(service, db):
    """The clock asks when to wake after every round: the next timer (free, or another process's
    claim running out), the next retry of a message and the next end of a pause, one statement
    each, with no transaction around them."""
    game = await started(service)
    opened, statements = [], []
    for name in ("read", "transaction"):
        def counted(*args, _open=getattr(db, name), _name=name, **kwargs):
            opened.append(_name)
            return _open(*args, **kwargs)
        setattr(db, name, counted)
    db.trace = lambda sql, params: statements.append(sql)
    seconds = await service.seconds_to_next_timer()
    db.trace = None
    del db.read, db.transaction
    assert opened == [] and len(statements) == 3
    deadline = (await service.phase(game.id)).deadline
    assert 0 < seconds <= (deadline - service.clock()).total_seconds() + 1


@pytest.mark.xdist_group("password_server")
async def test_a_read_that_finds_every_connection_busy_fails_in_one_line_not_for_ever():
    """PostgreSQL's readers are a pool (DATABASE_READERS): a read that cannot get one in time is
    refused with what to change, instead of waiting for ever. (On both passes: a server of the
    tests' own.)"""
    small = await PostgresDatabase(await password_server().new_database(), readers=1).connect()
    small.acquire_timeout = 0.05
    try:
        async with small.read():                    # holds the one reader
            with pytest.raises(StorageError, match=r"no read connection .*\(all 1 busy.*raise DATABASE_READERS"):
                async with small.lookup() as r:
                    await r.value("SELECT 1")
        async with small.lookup() as r:             # freed: the next read gets it
            assert await r.value("SELECT 1") == 1
    finally:
        await small.close()
