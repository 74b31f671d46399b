"""A consistent copy of the live database, made with SQLite's online backup API.

Copying the `.sqlite3` file while the bot runs can catch it mid-write (and misses what is still
in the `-wal` file); the backup API copies a consistent snapshot page by page while the bot
keeps working. Restore: stop the bot, replace the database file with the backup (and delete
any `-wal`/`-shm` files beside it), start the bot.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path


def backup(source: str | Path, target: str | Path) -> int:
    """Copy `source` to `target` (created or replaced); returns the bytes written."""
    target = Path(target)
    if target.exists() and target.is_dir():
        raise ValueError(f"{target} is a folder; give a file name for the backup")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    src = sqlite3.connect(f"file:{Path(source)}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=1024)
        finally:
            dst.close()
    finally:
        src.close()
    partial.replace(target)          # a crash mid-backup never leaves a half file under the real name
    return target.stat().st_size
