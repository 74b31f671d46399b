"""Persistence: the single source of truth, behind a small interface — `async with
db.transaction() as tx` and `async with db.read() as r`, each with the repositories (`tx.games`,
`r.phases`, …), whose statements run unchanged on SQLite (aiosqlite, today) and PostgreSQL."""
from .database import MIGRATIONS_DIR, Database, SchemaTooNew
from .sql import StorageError
from .tables import Tables

__all__ = ["Database", "MIGRATIONS_DIR", "SchemaTooNew", "StorageError", "Tables"]
