"""Statements on one connection, as the repositories write them: portable SQL, the driver's
errors as `StorageError`, savepoints.

Every statement is written once for SQLite and PostgreSQL alike: `?` placeholders (numbered
`$1, $2, …` for asyncpg by `numbered`), `INSERT … ON CONFLICT … DO NOTHING/UPDATE` (never
`INSERT OR …`), `RETURNING id` (never `lastrowid`), explicit ordering columns (never `rowid`),
`lower(x)` (never `COLLATE NOCASE`), JSON kept as text and read in Python (no `json_extract`).
"""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Iterable, Sequence

import aiosqlite

Row = Any            # a row read by name (`row["id"]`): sqlite3.Row, asyncpg.Record
Tracer = Callable[[str, tuple], None]     # shown every statement and its parameters (`Database.trace`)


class StorageError(Exception):
    """The database refused or failed a statement (a broken constraint, a full disk, a lock
    held too long). The service lets it end the transaction: nothing of it is kept."""


class DatabaseUnavailable(RuntimeError):
    """The database cannot be opened or reached; the message is one line saying what to change.
    `retry`: whether the same settings may work later (a server down or unreachable)."""

    def __init__(self, message: str, retry: bool = False):
        super().__init__(message)
        self.retry = retry


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (none inside a quoted literal)."""
    out, number, quoted = [], 0, None
    for char in sql:
        if quoted:
            quoted = None if char == quoted else quoted
        elif char in ("'", '"'):
            quoted = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)


async def _run_on_if_cancelled(executing):
    """The cursor of an aiosqlite statement. aiosqlite runs the statement on its thread even when
    the task awaiting it is cancelled: its cursor, never handed back, would keep the statement in
    progress on the connection ("cannot commit transaction - SQL statements in progress" for the
    next transaction), so on cancellation it is waited for and closed."""
    running = asyncio.ensure_future(executing)
    try:
        return await asyncio.shield(running)
    except asyncio.CancelledError:
        try:
            await (await running).close()
        except Exception:  # noqa: BLE001 - it failed: nothing is left in progress
            pass
        raise


class _Statement:
    """One statement, run when awaited (or entered: `async with sql.execute(…) as cursor`), with
    the driver's error given as `StorageError`."""

    def __init__(self, conn, sql: str, params: Sequence[Any], trace: Tracer | None = None):
        self.conn, self.sql, self.params = conn, sql, tuple(params)
        self.cursor = None
        if trace is not None:
            trace(self.sql, self.params)

    async def run(self):
        try:
            if isinstance(self.conn, aiosqlite.Connection):
                return await _run_on_if_cancelled(self.conn.execute(self.sql, self.params))
            return await self.conn.execute(self.sql, self.params)    # asyncpg cancels a statement itself
        except sqlite3.Error as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc

    def __await__(self):
        return self.run().__await__()

    async def __aenter__(self):
        self.cursor = await self.run()
        return self.cursor

    async def __aexit__(self, *exc) -> None:
        await self.cursor.close()


class OneStatementOnly(RuntimeError):
    """A second statement in a lookup (`Database.lookup()`): run outside any transaction, it
    could see a later commit than the first one did. Several statements that must agree are
    read together in `Database.read()` (one snapshot)."""


class Session:
    """Statements on one connection: a write transaction's, a reader's snapshot, or (`single`) a
    lookup's one statement."""

    def __init__(self, conn, writable: bool = True, trace: Tracer | None = None, single: bool = False):
        self.conn = conn
        self.writable = writable
        self.trace = trace
        self.single = single
        self.statements = 0          # run so far (a lookup runs one)
        self.after_commit: list = []

    def _count(self) -> None:
        if self.single and self.statements:
            raise OneStatementOnly("a lookup runs one statement (outside a transaction, a second one could see "
                                   "a later commit): read several in `db.read()`, one snapshot")
        self.statements += 1

    def on_commit(self, callback) -> None:
        """`callback()` once this write transaction has committed, never if it rolls back: a
        wake-up for readers (the clock's next round), who would not see the change before."""
        if callback not in self.after_commit:
            self.after_commit.append(callback)

    def committed(self) -> None:
        """The transaction committed: the callbacks it collected, in order."""
        for callback in self.after_commit:
            callback()

    def execute(self, sql: str, params: Iterable[Any] = ()) -> _Statement:
        """Run one statement (awaited: its cursor; `async with`: the cursor, closed after)."""
        self._count()
        return _Statement(self.conn, sql, tuple(params), self.trace)

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """One statement for each row of parameters."""
        rows = [tuple(row) for row in rows]
        self._count()
        if self.trace is not None:
            for params in rows:
                self.trace(sql, params)
        try:
            await self.conn.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise StorageError(f"{type(exc).__name__}: {exc}") from exc

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        async with self.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def value(self, sql: str, params: Iterable[Any] = (), default: Any = None) -> Any:
        """The first column of the first row, or `default` when there is none (or it is NULL)."""
        row = await self.one(sql, params)
        return default if row is None or row[0] is None else row[0]

    async def run(self, sql: str, params: Iterable[Any] = ()) -> None:
        await (await self.execute(sql, params)).close()

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """An `INSERT … RETURNING id`: the new row's id."""
        row = await self.one(sql, params)
        return int(row[0])

    @asynccontextmanager
    async def savepoint(self, name: str) -> AsyncIterator[None]:
        """What the block writes is undone if it raises (the rest of the transaction stays)."""
        await self.run(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            await self.run(f"ROLLBACK TO {name}")
            await self.run(f"RELEASE {name}")
            raise
        await self.run(f"RELEASE {name}")


class Repository:
    """The statements of one concern (a table and what hangs on it), on a session."""

    def __init__(self, sql: Session):
        self.sql = sql
