"""Persistence: the single source of truth, behind a small interface — `async with
db.transaction() as tx`, `async with db.read() as r` (several statements, one snapshot) and `async
with db.lookup() as r` (one statement, no transaction), each with the repositories (`tx.games`,
`r.phases`, …), whose statements run unchanged on SQLite (aiosqlite, the default) and PostgreSQL
(asyncpg, `DATABASE_URL=postgresql://…`: db/postgres.py)."""
from __future__ import annotations

from pathlib import Path

from .database import MIGRATIONS_DIR, Database, SchemaTooNew
from .sql import DatabaseUnavailable, StorageError
from .tables import Tables

__all__ = ["Database", "DatabaseUnavailable", "MIGRATIONS_DIR", "SchemaTooNew", "StorageError", "Tables",
           "database_for", "is_postgresql_url"]


def is_postgresql_url(target) -> bool:
    return isinstance(target, str) and target.split(":", 1)[0] in ("postgresql", "postgres")


def database_for(target: str | Path):
    """The database at `target`, not yet connected: PostgreSQL for a `postgresql://` URL (the
    driver loaded only then), else the SQLite file at that path."""
    if is_postgresql_url(target):
        from .postgres import PostgresDatabase

        return PostgresDatabase(str(target))
    return Database(target)
