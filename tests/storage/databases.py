"""Databases for the tests, on the backend the suite runs on: a SQLite file in the test's folder,
or — with `DATABASE_URL=postgresql://…` (`make test-postgresql`, `.ci/with-postgresql`) — a
PostgreSQL database of this test process's own.

Making a PostgreSQL database costs far more than a test, so each test process (each
pytest-xdist worker) keeps a few, made once from a template it migrated, and a test gets one
emptied of every row (ids from 1 again), as a fresh SQLite file is. Names carry the
process id: workers, and several runs on one server, never share a database. The URL's user must
be allowed to create databases (the throw-away cluster's user is a superuser)."""
from __future__ import annotations

import asyncio
import itertools
import os
from urllib.parse import urlsplit, urlunsplit

from db import database_for, is_postgresql_url

DATABASE_URL = os.getenv("DATABASE_URL", "").strip()
ON_POSTGRESQL = is_postgresql_url(DATABASE_URL)
BACKEND = "postgresql" if ON_POSTGRESQL else "sqlite"


def url_of(url: str, name: str) -> str:
    """`url` naming the database `name` instead."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


class WorkerDatabases:
    """This process's PostgreSQL databases: made from its template, handed to one test at a
    time, emptied when given back."""

    def __init__(self, url: str):
        self.url = url
        self.prefix = f"dispatch_test_{os.getpid()}"
        self.template = f"{self.prefix}_template"
        self.made: list[str] = []             # every database this process made (by its name now)
        self.numbers = itertools.count(1)
        self.free: list[str] = []             # migrated and empty, ready for a test
        self.emptying: dict[str, str] = {}    # database → its statements that empty it
        self._template_ready = False

    async def _admin(self):
        import asyncpg

        return await asyncpg.connect(self.url)

    async def take(self, migrated: bool = True) -> str:
        """The URL of an empty database: migrated (from this process's template), or bare."""
        if migrated and self.free:
            return url_of(self.url, self.free.pop())
        admin = await self._admin()
        try:
            if migrated and not self._template_ready:
                await admin.execute(f"DROP DATABASE IF EXISTS {self.template}")
                await admin.execute(f"CREATE DATABASE {self.template}")
                self.made.append(self.template)
                database = await database_for(url_of(self.url, self.template)).connect()
                await database.close()
                self._template_ready = True
            name = f"{self.prefix}_{next(self.numbers)}"
            template = f" TEMPLATE {self.template} STRATEGY FILE_COPY" if migrated else ""
            await admin.execute(f"CREATE DATABASE {name}{template}")
            self.made.append(name)
        finally:
            await admin.close()
        return url_of(self.url, name)

    async def give_back(self, url: str, migrated: bool) -> None:
        """Empty the database for the next test (every row; ids from 1 again), or drop it."""
        import asyncpg

        name = urlsplit(url).path.lstrip("/")
        conn = await asyncpg.connect(url)
        try:
            await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            if migrated:
                if name not in self.emptying:
                    self.emptying[name] = await emptying_statements(conn)
                await conn.execute(self.emptying[name])
        except (asyncpg.PostgresError, OSError):
            migrated = False
        finally:
            await conn.close()
        if not migrated:
            await self.drop(name)
            return
        # a new name for the next test, as each SQLite test has a new path: what a process keeps
        # by database (caches keyed by its URL and an id) never outlives the test that made it
        renamed = f"{self.prefix}_{next(self.numbers)}"
        admin = await self._admin()
        try:
            for _ in range(100):        # the test's connections, terminated above, may still be leaving
                try:
                    await admin.execute(f"ALTER DATABASE {name} RENAME TO {renamed}")
                    break
                except asyncpg.ObjectInUseError:
                    await asyncio.sleep(0.02)
            else:
                raise asyncpg.ObjectInUseError(f"{name} still in use")
        except asyncpg.PostgresError:
            await self.drop(name)
            return
        finally:
            await admin.close()
        self.made[self.made.index(name)] = renamed
        if name in self.emptying:
            self.emptying[renamed] = self.emptying.pop(name)
        self.free.append(renamed)

    async def drop(self, name: str) -> None:
        admin = await self._admin()
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()

    async def drop_all(self) -> None:
        admin = await self._admin()
        try:
            for name in self.made:
                await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()
        self.made, self.free = [], []


async def emptying_statements(conn) -> str:
    """One script deleting every row of every table, tables that others refer to last (the
    event log after the games: its trigger lets a game's events go once the game is), and the
    rows of `schema_migrations` a test added; ids start from 1 again (`id_sequence` emptied)."""
    from db.database import migration_files

    tables = [r["tablename"] for r in await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'")]
    refers = {}
    for r in await conn.fetch("SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent "
                              "FROM pg_constraint WHERE contype = 'f'"):
        refers.setdefault(r["child"], set()).add(r["parent"])
    order: list[str] = []

    def visit(table: str, seen: frozenset = frozenset()) -> None:
        if table in order or table in seen:
            return
        for child, parents in refers.items():
            if table in parents and child != table:
                visit(child, seen | {table})
        order.append(table)

    for table in sorted(tables, key=lambda t: t == "events"):
        visit(table)
    order.sort(key=lambda t: t == "events")              # after the games, whatever refers to what
    newest = migration_files()[-1][0]
    return "; ".join([*(f"DELETE FROM {table}" for table in order),          # id_sequence too: ids from 1
                      f"DELETE FROM schema_migrations WHERE version > {newest}"])


_databases: WorkerDatabases | None = None


def worker_databases() -> WorkerDatabases:
    global _databases
    if _databases is None:
        _databases = WorkerDatabases(DATABASE_URL)
    return _databases


def drop_test_databases() -> None:
    """At the end of the test process: its databases dropped (a throw-away cluster goes anyway)."""
    if _databases is not None and _databases.made:
        asyncio.run(_databases.drop_all())
