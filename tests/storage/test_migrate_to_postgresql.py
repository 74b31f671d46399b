"""`bot.py --migrate-to postgresql://…` copies a host's SQLite database into an empty PostgreSQL
database: every row, checked (row counts per table, every game's current state decoded equal),
games then play on where they stood, numbered on from where SQLite stood; a target that holds
anything is refused in one line and left as it was. These run on both passes of the suite: the
target is a PostgreSQL server of the tests' own (tests/storage/postgresql.py)."""
import pytest

import bot
from db import Database, database_for
from service import GameService
from tests.conftest import ALICE, BOB, GUILD, FakeClock
from tests.storage.postgresql import password_server

pytestmark = pytest.mark.xdist_group("password_server")       # one server for these tests


async def played_sqlite(path) -> dict:
    """A SQLite database with a running game two rounds in, a forming game, and a game deleted
    after it (so SQLite's numbering is ahead of the highest id left)."""
    db = await Database(path).connect()
    service = GameService(db, clock=FakeClock(), seed_source=lambda: "copyseed")
    try:
        running = await service.create_game(GUILD, ALICE, "guess", "Running", phase_hours=48)
        await service.join(running.id, ALICE)
        await service.join(running.id, BOB)
        await service.start(running.id, ALICE)
        for guesses in (("guess 3", "guess 5"), ("guess 1", "guess 6")):
            await service.submit_orders(running.id, ALICE, guesses[0], "North")
            await service.submit_orders(running.id, BOB, guesses[1], "South")
            await service.adjudicate(running.id)
        forming = await service.create_game(GUILD, BOB, "guess", "Forming", phase_hours=24)
        gone = await service.create_game(GUILD, BOB, "guess", "Gone", phase_hours=24)
        async with db.transaction() as tx:           # gone for good: SQLite still numbers on after it
            await tx.run("UPDATE games SET status = 'abandoned' WHERE id = ?", (gone.id,))
            for table in ("events", "seats", "games"):
                await tx.run(f"DELETE FROM {table} WHERE {'id' if table == 'games' else 'game_id'} = ?", (gone.id,))
        phase = await service.phase(running.id)
        return {"running": running.id, "forming": forming.id, "gone": gone.id, "state": phase.state,
                "label": phase.label, "events": len(await service.store.events(running.id))}
    finally:
        await db.close()


async def migrate(capsys, path, url) -> tuple[int, list[str], list[str]]:
    code = 0
    try:
        await bot.main(["--db", str(path), "--migrate-to", url])
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return code, out.out.splitlines(), [line for line in out.err.splitlines() if line.strip()]


async def test_a_sqlite_database_is_copied_checked_and_plays_on_in_postgresql(tmp_path, capsys):
    path = tmp_path / "dispatch.sqlite3"
    before = await played_sqlite(path)
    url = await password_server().new_database()
    code, out, err = await migrate(capsys, path, url)
    assert code == 0 and err == []
    assert len(out) == 1 and out[0].startswith(f"Copied {path} into postgresql://") and "counts equal" in out[0]
    assert "the current state of 1 game equal" in out[0] and password_server().password not in out[0]

    db = await database_for(url).connect()
    service = GameService(db, clock=FakeClock(), seed_source=lambda: "copyseed")
    try:
        phase = await service.phase(before["running"])
        assert (phase.label, phase.state) == (before["label"], before["state"])
        assert len(await service.store.events(before["running"])) == before["events"]
        assert [g.name for g in await service.list_games(GUILD)] == ["Running", "Forming"]
        await service.submit_orders(before["running"], ALICE, "guess 2", "North")      # play goes on
        await service.submit_orders(before["running"], BOB, "guess 4", "South")
        await service.adjudicate(before["running"])
        assert (await service.phase(before["running"])).label != before["label"]
        newer = await service.create_game(GUILD, ALICE, "guess", "After the move")
        assert newer.id == before["gone"] + 1          # numbered on as SQLite would have: no id reused
    finally:
        await db.close()


async def test_a_target_holding_anything_is_refused_in_one_line_and_left_as_it_was(tmp_path, capsys):
    path = tmp_path / "dispatch.sqlite3"
    before = await played_sqlite(path)
    url = await password_server().new_database()
    assert (await migrate(capsys, path, url))[0] == 0
    code, out, err = await migrate(capsys, path, url)                 # the same copy again
    assert code == 1 and out == []
    assert len(err) == 1 and err[0].startswith("Migration refused: the PostgreSQL database postgresql://")
    assert "is not empty (rows in " in err[0] and "games: 2" in err[0] and "nothing was written" in err[0]
    db = await database_for(url).connect()
    try:
        assert (await db.fetchone("SELECT COUNT(*) FROM games"))[0] == 2
        assert (await db.fetchone("SELECT COUNT(*) FROM events WHERE game_id = ?",
                                  (before["running"],)))[0] == before["events"]
    finally:
        await db.close()


async def test_bad_sources_and_targets_are_refused_in_one_line(tmp_path, capsys):
    missing = tmp_path / "nowhere.sqlite3"
    code, _, err = await migrate(capsys, missing, await password_server().new_database())
    assert code == 1 and err == [f"Migration refused: there is no SQLite database at {missing} (set DISPATCH_DB "
                                 f"or --db to the file to copy)."]
    assert not missing.exists()
    path = tmp_path / "dispatch.sqlite3"
    await played_sqlite(path)
    code, _, err = await migrate(capsys, path, "mysql://somewhere/dispatch")
    assert code == 1 and len(err) == 1 and "takes a PostgreSQL URL" in err[0]
    wrong = password_server().url("postgres", password="not-the-password")
    code, _, err = await migrate(capsys, path, wrong)
    assert code == 1 and len(err) == 1 and "refused the password for user" in err[0] and "not-the-password" not in err[0]
