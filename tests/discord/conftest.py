"""Fixtures of the tests that talk to the fake Discord's HTTP API directly, as a bot would."""
import pytest

from tests.fake_discord import FakeDiscord
from tests.fake_discord.server import TOKEN

AUTH = {"Authorization": f"Bot {TOKEN}"}


@pytest.fixture
async def fake():
    """The fake Discord, started on a free port and stopped after the test."""
    fake = await FakeDiscord().start()
    yield fake
    await fake.stop()
