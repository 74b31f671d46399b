"""Persistence: SQLite through aiosqlite, the single source of truth."""
from .database import MIGRATIONS_DIR, Database, SchemaTooNew

__all__ = ["Database", "MIGRATIONS_DIR", "SchemaTooNew"]
