"""One SQLite file (WAL), numbered forward-only migrations, and explicit transactions.

Every change to a game happens inside `async with db.transaction() as tx` (on SQLite `BEGIN
IMMEDIATE` … `COMMIT` on the one writer connection), so a crash mid-turn leaves either the old
phase or the new one, never half. Reads outside a change use `async with db.read() as r`: a
snapshot on one of a few read-only connections beside the writer (WAL readers), so a read never
waits behind an adjudication; `async with db.lookup() as r` reads one statement there without
`BEGIN` (a statement is a snapshot of its own). All three give the repositories (`tx.games`,
`r.phases`, …: `db.tables`).
"""
from __future__ import annotations

import asyncio
import re
import sqlite3
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator, Iterable

import aiosqlite

from .sql import DatabaseUnavailable, StorageError, Tracer
from .tables import Tables

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """Migrations in order; numbers must run 1, 2, 3 ... without gaps."""
    found = []
    for path in directory.iterdir():
        match = _MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    for expected, (number, path) in enumerate(found, start=1):
        if number != expected:
            raise RuntimeError(f"migration {path.name} is out of sequence (expected {expected:04d})")
    return found


READERS = 3          # read-only connections beside the writer (each is a thread of aiosqlite's)


async def begin(conn: aiosqlite.Connection, statement: str) -> None:
    """Begin a transaction on `conn`. aiosqlite runs the statement on its own thread even when
    the task awaiting it is cancelled: the transaction may then be open with nobody to close it,
    and the next BEGIN on the connection would fail ("cannot start a transaction within a
    transaction": a stopping bot's hand-back of its shards failed so). On cancellation a
    ROLLBACK queued behind the BEGIN closes it (if it ran: else there is nothing to close)."""
    try:
        await conn.execute(statement)
    except asyncio.CancelledError:
        try:
            await asyncio.shield(conn.execute("ROLLBACK"))
        except sqlite3.Error:
            pass
        raise


class Database:
    """The writer connection, guarded by a lock (SQLite has one writer anyway), and a small pool
    of read-only connections opened as reads need them."""

    dialect = "sqlite"

    def __init__(self, path: str | Path, readers: int = READERS):
        self.path = str(path)
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        # an in-memory database is one connection's own: there every read uses the writer
        self._most_readers = 0 if self.path == ":memory:" else readers
        self._readers: list[aiosqlite.Connection] = []       # all opened
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        # shown every statement the repositories run, with its parameters (tests of query plans)
        self.trace: Tracer | None = None

    async def connect(self) -> "Database":
        """Open the file (made with its folder if missing) and apply the migrations;
        `DatabaseUnavailable` (one line) when it cannot be opened, `SchemaTooNew` for a newer
        Dispatch's schema."""
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = await aiosqlite.connect(self.path, isolation_level=None)
            async with self._conn.execute("PRAGMA schema_version") as probe:     # reads the file: is it SQLite?
                await probe.fetchone()
        except (OSError, sqlite3.Error) as exc:
            await self.close()
            reason = getattr(exc, "strerror", None) or str(exc)
            raise DatabaseUnavailable(f"cannot open the SQLite database {self.path} ({reason}): check the path "
                                      f"(DISPATCH_DB) and that this user may write there") from None
        self._conn.row_factory = aiosqlite.Row
        await self._conn.execute("PRAGMA journal_mode=WAL")
        await self._conn.execute("PRAGMA foreign_keys=ON")
        await self._conn.execute("PRAGMA synchronous=NORMAL")
        await self._conn.execute("PRAGMA busy_timeout=5000")
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        readers, self._readers = self._readers, []
        self._idle = asyncio.Queue()
        for reader in readers:
            await reader.close()
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("database is not connected")
        return self._conn

    async def schema_version(self) -> int:
        await self.conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        async with self.conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self) -> int:
        """Apply every migration newer than the file's version, each in its own transaction."""
        current = await self.schema_version()
        known = migration_files()
        newest = known[-1][0] if known else 0
        if current > newest:
            raise SchemaTooNew(f"this database was written by a newer Dispatch (schema {current} > "
                               f"{newest}); run that version, or restore a backup made by this one")
        for number, path in known:
            if number <= current:
                continue
            script = path.read_text()
            async with self._lock:
                await begin(self.conn, "BEGIN IMMEDIATE")
                try:
                    for statement in split_sql(script):
                        await self.conn.execute(statement)
                    await self.conn.execute(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                        (number, utcnow_iso()))
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise
            current = number
        return current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tables]:
        """A write transaction (`BEGIN IMMEDIATE` … `COMMIT`); any exception rolls everything back."""
        async with self._lock:
            await begin(self.conn, "BEGIN IMMEDIATE")
            tables = Tables(self.conn, trace=self.trace)
            try:
                yield tables
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            else:
                try:
                    await self.conn.execute("COMMIT")
                except sqlite3.Error as exc:
                    await self.conn.execute("ROLLBACK")
                    raise StorageError(f"{type(exc).__name__}: {exc}") from exc
        tables.committed()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tables]:
        """A read: one snapshot of what is committed, on a reader of the pool (it never waits for
        the writer: WAL), which refuses any write."""
        async with self._read_connection() as conn:
            if not self._most_readers:      # the writer (a memory database), under its lock: no BEGIN
                yield Tables(conn, writable=False, trace=self.trace)
                return
            await begin(conn, "BEGIN")
            try:
                yield Tables(conn, writable=False, trace=self.trace)
            finally:
                await conn.execute("COMMIT")

    @asynccontextmanager
    async def lookup(self) -> AsyncIterator[Tables]:
        """A read of one statement on a reader of the pool, without `BEGIN` … `COMMIT`: one
        statement is a snapshot of its own (SQLite reads it in one implicit read transaction, as
        in `read()`), so two calls to aiosqlite's thread are saved. A second statement is refused
        (`OneStatementOnly`): several that must agree are read in `read()`."""
        async with self._read_connection() as conn:
            yield Tables(conn, writable=False, trace=self.trace, single=True)

    @asynccontextmanager
    async def _read_connection(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection a read runs on: a reader of the pool, given back after; with no
        readers (a memory database), the writer, held under its lock."""
        if not self._most_readers:
            async with self._lock:
                yield self.conn
            return
        reader = await self._reader()
        try:
            yield reader
        finally:
            self._idle.put_nowait(reader)

    async def _reader(self) -> aiosqlite.Connection:
        """An idle reader; a new one while fewer than the most are open; else the next one freed."""
        if self._idle.empty() and len(self._readers) < self._most_readers:
            self._readers.append(None)          # the place is taken before the await: no race past the most
            reader = None
            try:
                reader = await aiosqlite.connect(self.path, isolation_level=None)
                reader.row_factory = aiosqlite.Row
                await reader.execute("PRAGMA query_only=ON")
                await reader.execute("PRAGMA busy_timeout=5000")
            except BaseException:
                # failed or cancelled while it opened: the place is given back, the half-made reader closed
                self._readers.remove(None)
                if reader is not None:
                    await asyncio.shield(reader.close())
                raise
            self._readers[self._readers.index(None)] = reader
            return reader
        return await self._idle.get()

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        """One row of one statement, read outside any transaction (tools, tests, benches)."""
        async with self.lookup() as r:
            return await r.one(sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.lookup() as r:
            return await r.all(sql, tuple(params))


class SchemaTooNew(RuntimeError):
    """The database file comes from a newer Dispatch than this one."""


def split_sql(script: str) -> list[str]:
    """Split a migration into statements. SQLite's own `complete_statement` decides where one
    ends, so `;` or `--` inside string literals and `BEGIN ... END;` trigger bodies stay whole."""
    statements, buffer = [], []
    for line in script.splitlines():
        buffer.append(line)
        text = "\n".join(buffer)
        if sqlite3.complete_statement(text):
            statements.append(text.strip())
            buffer = []
    rest = "\n".join(buffer)
    if any(line.strip() and not line.strip().startswith("--") for line in buffer):
        raise ValueError(f"migration ends with an incomplete statement: {rest.strip()[:80]!r}")
    return statements


def utcnow_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
