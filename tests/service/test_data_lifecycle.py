"""Data lifecycle: schema versions, migrations, backups, import, deletion, storage."""
import asyncio
import json
import sqlite3

import pytest

from db import Database, SchemaTooNew
from db.backup import backup
from db.database import split_sql
from service import GameService
from service.errors import BadInput, BadState, Forbidden
from service.models import decode_state, encode_state
from tests.conftest import ADMIN, ALICE, BOB, GUILD
from tests.positions import finished_game


async def test_a_newer_schema_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "db.sqlite3"
    db = await Database(path).connect()
    await db.conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 'later')")
    await db.close()
    with pytest.raises(SchemaTooNew, match=r"newer Dispatch \(schema 99 > \d+\)"):
        await Database(path).connect()


def test_migration_statements_split_where_sqlite_says_they_end():
    script = ("-- a comment; with a semicolon\nCREATE TABLE t (a TEXT DEFAULT '--not a comment;');\n"
              "INSERT INTO t VALUES ('x -- y; z');\nCREATE TRIGGER r BEFORE DELETE ON t\n"
              "BEGIN SELECT RAISE(ABORT, 'no; never'); END;\n-- trailing comment\n")
    statements = split_sql(script)
    assert len(statements) == 3
    conn = sqlite3.connect(":memory:")
    for statement in statements:
        conn.execute(statement)
    assert conn.execute("SELECT a FROM t").fetchall() == [("x -- y; z",)]


async def test_backup_while_the_bot_writes_is_a_consistent_database(tmp_path, sqlite_db, clock):
    db = sqlite_db              # the backup copies a SQLite file: on both passes of the suite
    service = GameService(db, clock=clock, seed_source=lambda: "testseed")
    game = await service.create_game(GUILD, ALICE, "guess")
    writing = True
    under_way = asyncio.Event()

    async def writer():
        n = 0
        while writing:
            await service.create_game(GUILD + 1 + n, ALICE, "guess")     # a new server each time: no limit is reached
            n += 1
            if n == 3:
                under_way.set()            # the copy starts while the bot is writing
            await asyncio.sleep(0)
    task = asyncio.create_task(writer())
    await under_way.wait()
    copy = tmp_path / "backup" / "copy.sqlite3"
    await asyncio.get_running_loop().run_in_executor(None, backup, db.path, copy)
    writing = False
    await task
    check = sqlite3.connect(copy)
    assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert check.execute("SELECT name FROM games WHERE id=?", (game.id,)).fetchone() == (game.name,)
    restored = await Database(copy).connect()
    assert (await GameService(restored).game(game.id)).name == game.name
    await restored.close()


async def test_import_recreates_a_finished_game_exactly(service):
    game = await finished_game(service)
    exported = json.loads(json.dumps(await service.export(game.id)))
    with pytest.raises(Forbidden):
        await service.import_game(GUILD, ALICE, exported)
    copy = await service.import_game(GUILD + 7, ADMIN, exported)
    again = json.loads(json.dumps(await service.export(copy.id)))
    assert copy.id != game.id and copy.guild_id == GUILD + 7
    assert again["game"]["seed"] == exported["game"]["seed"] and again["game"]["winners"] == exported["game"]["winners"]
    strip = lambda phases: [{k: v for k, v in p.items() if k != "phase_id"} for p in phases]  # noqa: E731
    assert strip(again["phases"]) == strip(exported["phases"])
    events = lambda data: [(e["kind"], e["at"], e["actor_id"], e["payload"]) for e in data["events"]]  # noqa: E731
    assert events(again)[:-1] == events(exported) and again["events"][-1]["kind"] == "imported"


async def test_import_refuses_a_running_games_export_and_damaged_files(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    with pytest.raises(BadInput, match="still running"):
        await service.import_game(GUILD, ADMIN, await service.export(game.id, ALICE))
    for junk in (None, [], {"format": "other"}, {"format": "dispatch-game/1", "complete": True,
                                                  "game": {"seed": "x"}}):
        with pytest.raises(BadInput):
            await service.import_game(GUILD, ADMIN, junk)


async def test_an_admin_deletes_a_finished_game_only(service):
    game = await finished_game(service)
    running = await service.create_game(GUILD, ALICE, "guess")
    with pytest.raises(BadState, match="abandon it first"):
        await service.delete_game(running.id, ADMIN)
    with pytest.raises(Forbidden):
        await service.delete_game(game.id, ALICE)
    await service.delete_game(game.id, ADMIN)
    with pytest.raises(Exception, match="no game"):
        await service.game(game.id)
    assert await service.db.fetchone("SELECT 1 FROM events WHERE game_id=?", (game.id,)) is None
    with pytest.raises(Exception, match="append-only"):       # a running game's log stays untouchable
        async with service.db.transaction() as conn:
            await conn.execute("DELETE FROM events WHERE game_id=?", (running.id,))


def test_states_are_stored_compressed_and_old_text_states_still_read():
    state = {"units": [{"id": i, "where": "Berlin", "type": "infantry"} for i in range(300)], "round": 3}
    stored = encode_state(state)
    assert isinstance(stored, bytes) and len(stored) < len(json.dumps(state)) / 5
    assert decode_state(stored) == state
    assert decode_state(json.dumps(state)) == state              # databases from before compression
