import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from db import Database  # noqa: E402
from engine.variant import register, unregister  # noqa: E402
from service import Actor, GameService  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402


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
async def db(tmp_path):
    database = await Database(tmp_path / "test.sqlite3").connect()
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
