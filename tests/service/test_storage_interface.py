"""The database behind its small interface: `db.transaction()` for a change, `db.read()` for a
read that never waits behind one (WAL readers), the driver's errors as `StorageError`, and
statements written once for SQLite and PostgreSQL."""
import asyncio
import re

import pytest
from hypothesis import given, strategies as st

from db import StorageError
from db.sql import numbered
from tests.conftest import ALICE, GUILD


async def test_a_read_does_not_wait_for_an_open_write_transaction_and_sees_only_what_is_committed(service, db):
    game = await service.create_game(GUILD, ALICE, "guess", "Before")
    async with db.transaction() as tx:
        await tx.run("UPDATE games SET name='During' WHERE id=?", (game.id,))
        # the writer is held here; a read that queued behind it would never finish (the hang guard)
        seen = await asyncio.wait_for(service.game(game.id), 30)
        assert seen.name == "Before"
    assert (await service.game(game.id)).name == "During"


async def test_a_reader_refuses_to_write(db):
    async with db.read() as r:
        with pytest.raises(StorageError):
            await r.run("DELETE FROM games")


async def test_a_failed_statement_is_a_storage_error_and_undoes_the_transaction(service, db):
    game = await service.create_game(GUILD, ALICE, "guess", "Kept")
    with pytest.raises(StorageError):
        async with db.transaction() as tx:
            await tx.run("UPDATE games SET name='Lost' WHERE id=?", (game.id,))
            await tx.run("INSERT INTO seats (game_id, seat) VALUES (?, 'North')", (game.id,))   # already there
    assert (await service.game(game.id)).name == "Kept"


async def test_a_savepoint_undoes_only_its_own_block(service, db):
    game = await service.create_game(GUILD, ALICE, "guess", "Start")
    async with db.transaction() as tx:
        await tx.games.set_policy(game.id, {"excused_misses": 3})
        with pytest.raises(RuntimeError):
            async with tx.savepoint("trial"):
                await tx.games.set_policy(game.id, {"excused_misses": 7})
                raise RuntimeError("the rules engine failed")
    assert (await service.game(game.id)).excused_misses == 3


async def test_many_reads_at_once_share_the_few_readers(service, db):
    game = await service.create_game(GUILD, ALICE, "guess", "Crowd")
    found = await asyncio.gather(*(service.game(game.id) for _ in range(40)))
    assert {g.name for g in found} == {"Crowd"}


def test_placeholders_are_numbered_for_postgresql_outside_quoted_text():
    assert numbered("SELECT * FROM t WHERE a=? AND b IN (?, ?) AND c='?' AND d=\"x?\"") == \
        "SELECT * FROM t WHERE a=$1 AND b IN ($2, $3) AND c='?' AND d=\"x?\""


@given(st.text(alphabet="ab ?,'", max_size=40))
def test_numbering_keeps_every_other_character(sql):
    out = numbered(sql)
    assert re.sub(r"\$\d+", "?", out) == sql
