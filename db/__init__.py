"""Persistence: SQLite through aiosqlite, the single source of truth."""
from .database import Database, MIGRATIONS_DIR

__all__ = ["Database", "MIGRATIONS_DIR"]
