"""A consistent copy of the live database, made with SQLite's online backup API.

Copying the `.sqlite3` file while the bot runs can catch it mid-write (and misses what is still
in the `-wal` file); the backup API copies one consistent snapshot while the bot
keeps working. Restore: stop the bot, replace the database file with the backup (and delete
any `-wal`/`-shm` files beside it), start the bot.

The copy is written to a temporary file in the target's folder and renamed over the target
only when complete, so a failed or interrupted backup never leaves a half file under the real
name. A target that *is* the database, or one of the files SQLite keeps beside it (`-wal`,
`-shm`, `-journal`), is refused: writing there would destroy the live database.
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

COMPANIONS = ("", "-wal", "-shm", "-journal")


class BackupError(Exception):
    """A backup that cannot be made; the message is one line for the operator. Nothing was written."""


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def check_target(source: Path, target: Path) -> Path:
    """Where the backup goes (symbolic links and `..` resolved), refused with a one-line reason if
    it is the database or a file it uses, a folder, or under a file."""
    live = source.resolve()
    where = target.expanduser().resolve()
    for suffix in COMPANIONS:
        own = live.with_name(live.name + suffix)
        if where == own or _same(where, own):
            what = "the live database itself" if not suffix else f"the live database's {suffix} file"
            raise BackupError(f"{target} is {what}: a backup written there would destroy the database; "
                              f"give another file name, e.g. {live.with_name(live.stem + '-backup.sqlite3')}")
    if where.is_dir():
        raise BackupError(f"{target} is a folder; give a file name for the backup, e.g. {target}/dispatch-backup.sqlite3")
    for folder in where.parents:
        if folder.exists():
            if not folder.is_dir():
                raise BackupError(f"cannot write {target}: {folder} is a file, not a folder")
            break
    return where


def backup(source: str | Path, target: str | Path) -> int:
    """Copy `source` to `target` (created or replaced); returns the bytes written. Raises
    `BackupError` with a one-line reason; then nothing was written and the target is as it was."""
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    where = check_target(source, target)
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(f"cannot create the folder {where.parent}: {exc.strerror or exc}") from None
    try:
        handle, partial_name = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".partial", dir=where.parent)
    except OSError as exc:
        raise BackupError(f"cannot write in {where.parent}: {exc.strerror or exc}") from None
    os.close(handle)
    partial = Path(partial_name)
    try:
        src = sqlite3.connect(f"file:{source.resolve()}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(partial)
            try:
                # in one step: a read transaction on a WAL database sees one snapshot while the
                # bot keeps writing; copied in slices, every write between slices restarts the
                # copy, and under steady writes it may never finish
                src.backup(dst, pages=-1)
            finally:
                dst.close()
        finally:
            src.close()
        with open(partial, "rb+") as file:
            os.fsync(file.fileno())      # the copy is on disk before it takes the real name
        os.replace(partial, where)       # atomic: the target is the old file or the whole new copy
    except sqlite3.Error as exc:
        raise BackupError(f"the database could not be read: {exc}") from None
    except OSError as exc:
        raise BackupError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        partial.unlink(missing_ok=True)
    return where.stat().st_size
