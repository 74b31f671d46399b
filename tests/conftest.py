import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from db import database_for  # noqa: E402
from engine.variant import register, unregister  # noqa: E402
from service import Actor, GameService  # noqa: E402
from tests.storage.databases import BACKEND, ON_POSTGRESQL, drop_test_databases, worker_databases  # noqa: E402
from tests.storage.postgresql import stop_password_server  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402


def pytest_report_header(config):
    if ON_POSTGRESQL:
        return f"database: {BACKEND} (DATABASE_URL)"
    return f"database: {BACKEND} (set DATABASE_URL=postgresql://… for PostgreSQL)"


def pytest_sessionfinish(session, exitstatus):
    drop_test_databases()
    stop_password_server()


class FakeClock:
    """A clock the tests move by hand."""

    def __init__(self, start: datetime | None = None):
        self.now = start or datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw) -> datetime:
        self.now += timedelta(**kw)
        return self.now


@pytest.fixture(autouse=True)
def guess_variant():
    register(GuessVariant())
    yield
    unregister("guess")


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def database_target(tmp_path):
    """`await database_target()`: where a new, empty database is, on the backend the suite runs
    on — a SQLite file path, or a PostgreSQL URL (DATABASE_URL) — for `db.database_for(…)`.
    `migrated=False`: a PostgreSQL database without Dispatch's tables (SQLite: a new path)."""
    taken: list[tuple[str, bool]] = []

    async def new(name: str = "test", migrated: bool = True) -> str:
        if not ON_POSTGRESQL:
            return str(tmp_path / f"{name}.sqlite3")
        url = await worker_databases().take(migrated)
        taken.append((url, migrated))
        return url

    yield new
    for url, migrated in taken:
        await worker_databases().give_back(url, migrated)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    """Where this test process keeps a SQLite file it migrated once (made by the first `db`)."""
    return tmp_path_factory.mktemp("migrated") / "template.sqlite3"


@pytest.fixture
async def db(database_target, sqlite_template):
    """A connected database, empty and migrated: SQLite, or PostgreSQL with DATABASE_URL.
    A SQLite test gets a copy of a file migrated once, as a PostgreSQL test gets a database made
    from a migrated template (tests/storage/databases.py): migrating every test's file anew cost
    more than most tests. `connect()` still checks the copy's schema version."""
    target = await database_target()
    if not ON_POSTGRESQL:
        if not sqlite_template.exists():
            await (await database_for(str(sqlite_template)).connect()).close()
        shutil.copyfile(sqlite_template, target)
    database = await database_for(target).connect()
    yield database
    await database.close()


@pytest.fixture
async def sqlite_db(tmp_path):
    """A SQLite database on either pass: for what only SQLite has (the online backup of the file
    that `bot.py --backup` makes; a PostgreSQL host uses pg_dump)."""
    database = await database_for(str(tmp_path / "sqlite.sqlite3")).connect()
    yield database
    await database.close()


@pytest.fixture
async def service(db, clock):
    return GameService(db, clock=clock, seed_source=lambda: "testseed")


ALICE = Actor(1, name="alice")
BOB = Actor(2, name="bob")
CAROL = Actor(3, name="carol")
ADMIN = Actor(99, is_admin=True, name="admin")
GUILD = 1000


async def drain_outbox(service) -> list:
    """Every message the service has queued, marked delivered (what the bot would have posted)."""
    messages = await service.pending_messages(500)
    for m in messages:
        await service.mark_delivered(m.id)
    return messages
