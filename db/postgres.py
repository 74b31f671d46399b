"""PostgreSQL as the store (`DATABASE_URL=postgresql://…`), through asyncpg, with the interface
and the behaviour of the SQLite `Database`: the same repositories, migrations and transactions.

**A change is one writer at a time, as on SQLite.** SQLite's `BEGIN IMMEDIATE` lets one
transaction write at once, and the service relies on that for exactly-once work: a write
transaction reads again what it decides on (is the phase still open, with the very orders
adjudicated? is the timer still to fire?) and no other write can slip in between that read and
its own write. Here every `transaction()` takes the database's write lock first
(`pg_advisory_xact_lock`, held until COMMIT or ROLLBACK): the same one-writer order across every
process sharing the database, so a phase is adjudicated once however many processes race. Under
READ COMMITTED each statement then sees every change committed before the lock was granted, and
none can commit meanwhile: the transactions run one after another, as SQLite's do. Inside one
process, writes queue on one connection (an asyncio lock) as they do on SQLite's writer.

**A read never waits for a writer.** Reads run on a pool of read-only connections
(`DATABASE_READERS`), without any lock, so they go on while a write holds the lock. A read of one
statement, most of them (`lookup()`), runs with no transaction around it: one round trip, the
statement prepared once per connection (asyncpg's cache), and under READ COMMITTED a statement
sees one snapshot of what is committed. A read of several statements that must agree (`read()`)
is a REPEATABLE READ READ ONLY transaction: one snapshot for all of them, as a SQLite WAL
reader's, for two more round trips (BEGIN, COMMIT).

Rows are asyncpg `Record`s, read by name or position like sqlite3 rows; NUMERIC results (`SUM`)
come back as int or float, as SQLite gives them.
"""
from __future__ import annotations

import asyncio
import functools
import os
import socket
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Iterable
from urllib.parse import parse_qs, urlsplit

import asyncpg

from .database import MIGRATIONS_DIR, SchemaTooNew, migration_files, split_sql, utcnow_iso
from .dialect import Untranslatable, postgresql_statements, stray_postgresql_files
from .sql import DatabaseUnavailable, Row, StorageError, Tracer, numbered
from .tables import Tables

# Pooled read connections beside the writer (`DATABASE_READERS` in .env). A read holds one only for
# its round trips, so a few serve thousands of lookups a second; eight let slow reads (an export, a
# league table) run beside the quick ones without making them queue. Each is a server process.
READERS = 8
MOST_READERS = 100
CONNECT_TIMEOUT = 10.0       # seconds to reach the server before the start is refused
CLOSE_TIMEOUT = 5.0          # seconds the readers have to finish at close before they are cut
# seconds a read waits for a pooled connection: a read never hangs for ever behind the others
ACQUIRE_TIMEOUT = 30.0
# The write lock's key (a number of our own: advisory locks belong to one database).
WRITE_LOCK = 0x4469737061746368            # "Dispatch"
MIGRATION_LOCK = WRITE_LOCK - 1
SERVER_SETTINGS = {
    "application_name": "dispatch",
    "jit": "off",                           # short statements: compiling them costs more than it saves
    # a process stopped while holding the write lock must not hold every other process for ever
    "idle_in_transaction_session_timeout": "120s",
}
WRITER_SETTINGS = {**SERVER_SETTINGS, "lock_timeout": "60s"}     # a write waits this long for the lock
# a reader's statements run outside a transaction too (`lookup()`): the server refuses a write there
READER_SETTINGS = {**SERVER_SETTINGS, "default_transaction_read_only": "on"}
_DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError)
_CONNECT_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError)


def shown_url(url: str) -> str:
    """The URL without its password, to name the database in a message or a log."""
    try:
        parts = urlsplit(url)
        user = f"{parts.username}@" if parts.username else ""
        port = f":{parts.port}" if parts.port else ""
        socket_folder = parse_qs(parts.query).get("host", [""])[0]
        if not parts.hostname and socket_folder:        # a unix socket: where it is, as the URL says
            return f"{parts.scheme}://{user}{parts.path}?host={socket_folder}"
        return f"{parts.scheme}://{user}{parts.hostname or 'localhost'}{port}{parts.path}"
    except ValueError:
        return "the DATABASE_URL given"


def unavailable(url: str, exc: BaseException) -> DatabaseUnavailable:
    """The one line for a failure to connect or to prepare the database (never the traceback)."""
    where = shown_url(url)
    try:
        parts = urlsplit(url)
        user = parts.username or os.getenv("PGUSER") or "the current user"
        name = parts.path.lstrip("/") or user
    except ValueError:
        user, name = "the user", "the database"
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return DatabaseUnavailable(f"PostgreSQL at {where} refused the password for user {user}: correct the "
                                   f"password in DATABASE_URL (postgresql://user:password@host/database)")
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return DatabaseUnavailable(f"PostgreSQL at {where} refused user {user} ({exc}): create the role or "
                                   f"allow it in pg_hba.conf, or correct the user in DATABASE_URL")
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return DatabaseUnavailable(f"PostgreSQL at {where} has no database {name!r}: create it "
                                   f"(createdb -O {user} {name}) or correct DATABASE_URL")
    if isinstance(exc, asyncpg.InsufficientPrivilegeError):
        return DatabaseUnavailable(f"user {user} may not create Dispatch's tables in {where} ({exc}): make "
                                   f"the user the database's owner (ALTER DATABASE {name} OWNER TO {user})")
    if isinstance(exc, (asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError)):
        return DatabaseUnavailable(f"PostgreSQL at {where} does not accept connections now ({exc})", retry=True)
    if isinstance(exc, (OSError, asyncio.TimeoutError, socket.gaierror)):
        reason = getattr(exc, "strerror", None) or str(exc) or "no answer in time"
        return DatabaseUnavailable(f"cannot reach PostgreSQL at {where} ({reason}): is the server running, "
                                   f"and are DATABASE_URL's host and port right?", retry=True)
    if isinstance(exc, ValueError):
        return DatabaseUnavailable(f"DATABASE_URL cannot be read ({exc}); write it as "
                                   f"postgresql://user:password@host:5432/database")
    return DatabaseUnavailable(f"PostgreSQL at {where} failed: {type(exc).__name__}: {exc}")


def readers_setting(text: str) -> tuple[int, str | None]:
    """`DATABASE_READERS` as the pool's size (empty: `READERS`), or the default and the one line
    saying what is wrong with it."""
    text = text.strip()
    if not text:
        return READERS, None
    if text.isdigit() and 1 <= int(text) <= MOST_READERS:
        return int(text), None
    return READERS, (f"DATABASE_READERS must be a whole number of read connections from 1 to {MOST_READERS} "
                     f"(it is {text[:20]!r}); leave it empty for {READERS}")


def _number(text: str) -> int | float:
    """A NUMERIC result (SUM, AVG) as SQLite gives it: an int when whole, else a float."""
    try:
        return int(text)
    except ValueError:
        return float(text)


async def _prepare(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", schema="pg_catalog", encoder=str, decoder=_number, format="text")


async def _no_reset(conn: asyncpg.Connection) -> None:
    """A reader changes no session state: it goes back to the pool as it is (no round trip;
    asyncpg still rolls back a transaction left open)."""


@functools.lru_cache(maxsize=4096)
def _numbered(sql: str) -> str:
    return numbered(sql)


class _Rows:
    """What a statement returned, read like an aiosqlite cursor."""

    __slots__ = ("_rows", "_at")

    def __init__(self, rows: list):
        self._rows, self._at = rows, 0

    async def fetchone(self) -> Row | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    async def fetchall(self) -> list[Row]:
        rest, self._at = self._rows[self._at:], len(self._rows)
        return rest

    async def close(self) -> None:
        self._rows = []


class PgConnection:
    """An asyncpg connection spoken to as the repositories speak to aiosqlite's: `execute`
    (`?` placeholders, a cursor back) and `executemany`; PostgreSQL's errors as `StorageError`."""

    __slots__ = ("conn",)

    def __init__(self, conn: asyncpg.Connection):
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> _Rows:
        try:
            return _Rows(await self.conn.fetch(_numbered(sql), *params))
        except _DRIVER_ERRORS as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        try:
            await self.conn.executemany(_numbered(sql), [tuple(row) for row in rows])
        except _DRIVER_ERRORS as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc

    async def commit(self) -> None:
        """As aiosqlite's: end a transaction begun by hand (`BEGIN`); outside one, each statement
        was committed on its own already."""
        if self.conn.is_in_transaction():
            await self.execute("COMMIT")

    async def copy_rows(self, table: str, columns: list[str], records: list[tuple]) -> None:
        """Rows written in bulk (`COPY`, db/transfer.py), values already of the columns' types."""
        try:
            await self.conn.copy_records_to_table(table, records=records, columns=columns)
        except _DRIVER_ERRORS as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc


class PostgresDatabase:
    """The writer connection (one write transaction at a time in this process, and the write
    lock across processes) and a pool of readers; `connect()` applies the migrations."""

    dialect = "postgresql"

    def __init__(self, url: str, readers: int | None = None):
        self.url = url
        self.path = shown_url(url)           # what logs and messages name
        self._bad_setting: str | None = None
        if readers is None:
            readers, self._bad_setting = readers_setting(os.getenv("DATABASE_READERS", ""))
        self.readers = readers
        self.acquire_timeout = ACQUIRE_TIMEOUT
        self._writer: asyncpg.Connection | None = None
        self._pool: asyncpg.Pool | None = None
        self._lock = asyncio.Lock()
        self.trace: Tracer | None = None

    async def _connect_one(self, settings: dict) -> asyncpg.Connection:
        conn = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT, statement_cache_size=1024,
                                     server_settings=settings)
        await _prepare(conn)
        return conn

    async def connect(self) -> "PostgresDatabase":
        """Connect, apply the migrations, open the readers; `DatabaseUnavailable` (one line) when
        the server cannot be reached or refuses, `SchemaTooNew` for a newer Dispatch's schema."""
        if self._bad_setting:
            raise DatabaseUnavailable(self._bad_setting)
        try:
            try:
                self._writer = await self._connect_one(WRITER_SETTINGS)
            except (*_CONNECT_ERRORS, ValueError) as exc:
                raise unavailable(self.url, exc) from None
            try:
                await self.migrate()
            except asyncpg.InsufficientPrivilegeError as exc:
                raise unavailable(self.url, exc) from None
            try:
                self._pool = await asyncpg.create_pool(
                    self.url, min_size=1, max_size=self.readers, timeout=CONNECT_TIMEOUT, statement_cache_size=1024,
                    server_settings=READER_SETTINGS, init=_prepare, reset=_no_reset,
                    # a reader opened stays open: no new server process (and no statement prepared
                    # again) for the first reads after a quiet hour
                    max_inactive_connection_lifetime=0)
            except _CONNECT_ERRORS as exc:
                raise unavailable(self.url, exc) from None
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            try:        # a read cut off by a cancelled task may never give its connection back
                await asyncio.wait_for(pool.close(), CLOSE_TIMEOUT)
            except asyncio.TimeoutError:
                pool.terminate()
        writer, self._writer = self._writer, None
        if writer is not None:
            await writer.close()

    @property
    def conn(self) -> PgConnection:
        """The writer, spoken to like aiosqlite's connection (tools and benches writing in bulk)."""
        if self._writer is None:
            raise RuntimeError("database is not connected")
        return PgConnection(self._writer)

    # ------------------------------------------------------------------ migrations
    async def schema_version(self) -> int:
        """The newest migration applied (0: none, the table not made yet)."""
        if await self._writer.fetchval("SELECT to_regclass('schema_migrations')") is None:
            return 0
        return int(await self._writer.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    async def migrate(self) -> int:
        """Every migration newer than the database's version, each in its own transaction, under
        a lock: processes starting together apply each migration once."""
        known = migration_files()
        stray = stray_postgresql_files(MIGRATIONS_DIR, [path for _, path in known])
        if stray:
            raise Untranslatable(f"db/migrations/postgresql/{stray[0]} replaces no numbered migration")
        newest = known[-1][0] if known else 0
        current = await self.schema_version()
        self._check_version(current, newest)
        if current == newest:
            return current
        conn = self._writer
        await conn.execute(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        try:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                               "(version BIGINT PRIMARY KEY, applied_at TEXT NOT NULL)")
            current = await self.schema_version()          # again: another process may have migrated
            self._check_version(current, newest)
            for number, path in known:
                if number <= current:
                    continue
                statements = postgresql_statements(path, split_sql)
                async with conn.transaction():
                    for statement in statements:
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                                       number, utcnow_iso())
                current = number
            return current
        finally:
            if not conn.is_closed():
                await conn.execute(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")

    @staticmethod
    def _check_version(current: int, newest: int) -> None:
        if current > newest:
            raise SchemaTooNew(f"this database was written by a newer Dispatch (schema {current} > "
                               f"{newest}); run that version, or restore a backup made by this one")

    # ------------------------------------------------------------------ transactions
    async def _live_writer(self) -> asyncpg.Connection:
        """The writer, connected again if the server dropped it (a restart of PostgreSQL)."""
        if self._writer is None or self._writer.is_closed():
            try:
                self._writer = await self._connect_one(WRITER_SETTINGS)
            except _CONNECT_ERRORS as exc:
                raise StorageError(str(unavailable(self.url, exc))) from exc
        return self._writer

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tables]:
        """A write transaction holding the database's write lock (see the module's docstring);
        any exception rolls everything back."""
        async with self._lock:
            conn = await self._live_writer()
            try:
                await conn.execute(f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})")
            except asyncio.CancelledError:
                # cancelled mid-BEGIN, the connection's transaction state is unknown: never reuse it
                self._abandon(conn)
                raise
            except (*_DRIVER_ERRORS, OSError) as exc:
                self._abandon(conn)
                raise StorageError(f"{type(exc).__name__}: {exc}") from exc
            tables = Tables(PgConnection(conn), trace=self.trace)
            try:
                yield tables
            except BaseException:
                await self._rollback(conn)
                raise
            else:
                try:
                    await conn.execute("COMMIT")
                except (*_DRIVER_ERRORS, OSError) as exc:
                    await self._rollback(conn)
                    raise StorageError(f"{type(exc).__name__}: {exc}") from exc
        tables.committed()

    async def _rollback(self, conn: asyncpg.Connection) -> None:
        try:
            await conn.execute("ROLLBACK")
        except BaseException:
            # a statement cut off mid-way (a cancelled task) or a lost server: dropping the
            # connection rolls the transaction back and frees the lock; the next one reconnects
            self._abandon(conn)

    def _abandon(self, conn: asyncpg.Connection) -> None:
        conn.terminate()
        if self._writer is conn:
            self._writer = None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tables]:
        """A read: one snapshot of what is committed, on a pooled connection; writes refused."""
        conn = await self._acquire()
        try:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield Tables(PgConnection(conn), writable=False, trace=self.trace)
        except _DRIVER_ERRORS as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc
        finally:
            await self._pool.release(conn)

    @asynccontextmanager
    async def lookup(self) -> AsyncIterator[Tables]:
        """A read of one statement on a pooled connection, without a transaction: one round trip
        (the statement prepared once per connection, asyncpg's cache), where `read()` takes three
        (BEGIN, the statement, COMMIT). Under READ COMMITTED one statement sees one snapshot of what
        is committed, as in `read()`, and takes no lock a writer waits for. A second statement is
        refused (`OneStatementOnly`): it could see a later commit; several that must agree are read
        in `read()`. The readers' sessions are read-only (`default_transaction_read_only`), so a
        write is refused here too."""
        conn = await self._acquire()
        try:
            yield Tables(PgConnection(conn), writable=False, trace=self.trace, single=True)
        finally:
            await self._pool.release(conn)

    async def _acquire(self) -> asyncpg.Connection:
        if self._pool is None:
            raise RuntimeError("database is not connected")
        try:
            return await self._pool.acquire(timeout=self.acquire_timeout)
        except asyncio.TimeoutError:
            raise StorageError(f"no read connection to PostgreSQL at {self.path} came free or connected within "
                               f"{self.acquire_timeout:g} s (all {self.readers} busy, or the server slow to "
                               f"answer): if many long reads run at once, raise DATABASE_READERS") from None
        except _CONNECT_ERRORS as exc:
            raise StorageError(str(unavailable(self.url, exc))) from exc

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """One row of one statement, read outside any transaction (tools, tests, benches)."""
        async with self.lookup() as r:
            return await r.one(sql, tuple(params))

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self.lookup() as r:
            return await r.all(sql, tuple(params))
