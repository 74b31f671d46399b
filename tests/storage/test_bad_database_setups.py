"""A start on a database that cannot serve ends with one line saying what to change, never a
traceback: a server out of reach (status 1: systemd restarts it, the server may be starting too),
a wrong password, a database that does not exist, a schema from a newer Dispatch (status 78,
EX_CONFIG: a setting to change, not restarted). DATABASE_URL picks PostgreSQL; `--db` given
wins over it. These run on both passes of the suite (tests/storage/postgresql.py)."""
import socket

import pytest

import bot
from db import database_for
from tests.storage.postgresql import password_server

pytestmark = pytest.mark.xdist_group("password_server")


@pytest.fixture(autouse=True)
def no_discord(monkeypatch):
    for name in ("DISCORD_TOKEN", "DISPATCH_SHARDS", "DISPATCH_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("logging.basicConfig", lambda **kw: None)


async def start(monkeypatch, capsys, url: str) -> tuple[int, list[str]]:
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SystemExit) as stop:
        await bot.main([])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return stop.value.code, [line for line in err.splitlines() if line.strip()]


def closed_port() -> int:
    """A local port nothing listens on (bound, then freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_server_out_of_reach_is_one_line_and_a_restartable_status(monkeypatch, capsys):
    port = closed_port()
    code, lines = await start(monkeypatch, capsys, f"postgresql://dispatch:secret@127.0.0.1:{port}/dispatch")
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith(f"Dispatch cannot start: cannot reach PostgreSQL at postgresql://dispatch@127.0.0.1:"
                               f"{port}/dispatch (")
    assert "is the server running" in lines[0] and "secret" not in lines[0]


async def test_a_wrong_password_or_an_unknown_database_is_a_setting_to_change(monkeypatch, capsys):
    server = password_server()
    code, lines = await start(monkeypatch, capsys, server.url("postgres", password="guessed"))
    assert code == bot.CONFIG_ERROR and len(lines) == 1
    assert "refused the password for user dispatch_owner" in lines[0] and "guessed" not in lines[0]
    code, lines = await start(monkeypatch, capsys, server.url("no_such_database"))
    assert code == bot.CONFIG_ERROR and len(lines) == 1
    assert "has no database 'no_such_database': create it" in lines[0]
    assert server.password not in lines[0]
    code, lines = await start(monkeypatch, capsys, "postgresql://dispatch@[broken/x")
    assert code == bot.CONFIG_ERROR and lines[0].startswith("Dispatch cannot start: DATABASE_URL cannot be read")


async def test_a_postgresql_schema_newer_than_this_dispatch_is_refused(monkeypatch, capsys):
    url = await password_server().new_database()
    db = await database_for(url).connect()
    await db.conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'later')", (999,))
    await db.close()
    code, lines = await start(monkeypatch, capsys, url)
    assert code == bot.CONFIG_ERROR and len(lines) == 1
    assert lines[0].startswith("Dispatch cannot start: this database was written by a newer Dispatch (schema 999 > ")


async def test_db_given_wins_over_database_url(monkeypatch, capsys, tmp_path):
    """`--db PATH` names the SQLite file to open even with DATABASE_URL in .env (say, to look at
    the old file after a move): the out-of-reach URL is never tried."""
    newer = tmp_path / "newer.sqlite3"
    from db import Database

    db = await Database(newer).connect()
    await db.conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (999, 'later')")
    await db.close()
    monkeypatch.setenv("DATABASE_URL", f"postgresql://dispatch@127.0.0.1:{closed_port()}/dispatch")
    with pytest.raises(SystemExit) as stop:
        await bot.main(["--db", str(newer)])
    assert stop.value.code == bot.CONFIG_ERROR and "newer Dispatch (schema 999" in capsys.readouterr().err


@pytest.mark.parametrize("readers", ["many", "0", "-3", "101"])
async def test_a_wrong_number_of_read_connections_is_a_setting_to_change(monkeypatch, capsys, readers):
    """DATABASE_READERS (the PostgreSQL pool's size) is refused before any server is tried."""
    monkeypatch.setenv("DATABASE_READERS", readers)
    code, lines = await start(monkeypatch, capsys, f"postgresql://dispatch@127.0.0.1:{closed_port()}/dispatch")
    assert code == bot.CONFIG_ERROR and len(lines) == 1
    assert lines[0].startswith("Dispatch cannot start: DATABASE_READERS must be a whole number of read "
                               "connections from 1 to 100")
    assert repr(readers) in lines[0]


async def test_the_read_connections_set_are_the_pool_s_size(monkeypatch):
    from db.postgres import READERS, PostgresDatabase

    monkeypatch.setenv("DATABASE_READERS", " 3 ")
    assert PostgresDatabase("postgresql://dispatch@/dispatch").readers == 3
    monkeypatch.setenv("DATABASE_READERS", "")
    assert PostgresDatabase("postgresql://dispatch@/dispatch").readers == READERS
