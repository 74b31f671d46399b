"""`bot.py --backup` never writes onto the live database or the files it uses,
writes a temporary file and renames it, and answers a bad target in one line (no traceback)."""
import os
import sqlite3
from pathlib import Path

import pytest

import bot
from db.backup import BackupError, backup
from service import GameService
from tests.conftest import ALICE, GUILD


@pytest.fixture
def db(sqlite_db):
    """The backup copies a SQLite file: these run on SQLite on both passes of the suite."""
    return sqlite_db


async def live(service, db, games=3):
    for n in range(games):
        await service.create_game(GUILD + n, ALICE, "guess", name=f"live {n}")
    return Path(db.path)


def intact(path, games=3):
    check = sqlite3.connect(path)
    try:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert check.execute("SELECT COUNT(*) FROM games").fetchone() == (games,)
    finally:
        check.close()


async def refused(argv) -> str:
    with pytest.raises(SystemExit) as stop:
        await bot.main(argv)
    message = stop.value.code
    assert isinstance(message, str) and "\n" not in message and "Traceback" not in message
    assert message.startswith("Backup refused: ") and message.endswith("Nothing was written.")
    return message


async def test_a_backup_onto_the_live_database_or_its_companions_is_refused(tmp_path, service, db):
    path = await live(service, db)
    assert os.path.exists(f"{path}-wal")          # the database runs in WAL mode
    before = path.read_bytes()
    link = tmp_path / "link.sqlite3"
    link.symlink_to(path)
    hard = tmp_path / "hard.sqlite3"
    os.link(path, hard)
    roundabout = path.parent / "sub" / ".." / path.name
    for target, what in ((path, "the live database itself"), (roundabout, "the live database itself"),
                         (link, "the live database itself"), (hard, "the live database itself"),
                         (f"{path}-wal", "-wal file"), (f"{path}-shm", "-shm file"),
                         (f"{path}-journal", "-journal file")):
        message = await refused(["--db", str(path), "--backup", str(target)])
        assert what in message and "would destroy the database" in message
    assert path.read_bytes() == before
    await service.create_game(GUILD + 9, ALICE, "guess")        # the bot still writes
    intact(path, games=4)


async def test_a_folder_a_path_under_a_file_and_an_unwritable_place_get_one_line(tmp_path, service, db):
    path = await live(service, db)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    assert "is a folder" in await refused(["--db", str(path), "--backup", str(tmp_path)])
    assert "notes.txt is a file, not a folder" in await refused(
        ["--db", str(path), "--backup", str(a_file / "deeper" / "copy.sqlite3")])
    assert "cannot" in await refused(["--db", str(path), "--backup", "/proc/dispatch-backup.sqlite3"])
    assert "no database at" in await refused(["--db", str(tmp_path / "none.sqlite3"), "--backup",
                                               str(tmp_path / "x.sqlite3")])
    assert not (tmp_path / "x.sqlite3").exists()


async def test_the_copy_replaces_the_target_whole_or_not_at_all(tmp_path, service, db, capsys):
    path = await live(service, db)
    target = tmp_path / "backups" / "today.sqlite3"
    await bot.main(["--db", str(path), "--backup", str(target)])
    assert "Backed up" in capsys.readouterr().out
    intact(target)
    await service.create_game(GUILD + 9, ALICE, "guess")
    assert backup(path, target) == target.stat().st_size          # replaced by a newer copy
    intact(target, games=4)
    assert [p.name for p in target.parent.iterdir()] == ["today.sqlite3"]     # no temporary file left

    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database" * 100)
    old = target.read_bytes()
    with pytest.raises(BackupError, match="could not be read"):
        backup(broken, target)
    assert target.read_bytes() == old
    assert [p.name for p in target.parent.iterdir()] == ["today.sqlite3"]
    restored = GameService(db)
    assert (await restored.game(1)).name == "live 0"
