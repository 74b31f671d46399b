"""A reader is woken only once what it should find is committed: `tx.on_commit(callback)` runs
after the transaction's COMMIT, never inside it and never after a rollback (the clock woken inside
a transaction read nothing and slept past the message it was woken for)."""
import pytest

from tests.conftest import ALICE, GUILD

AT = "2026-11-01T12:00:00+00:00"


async def open_messages(service) -> list[str]:
    async with service.db.read() as r:
        return [row["content"] for row in await r.outbox.still_open(100)]


async def test_the_clock_is_woken_after_the_commit_and_finds_the_message(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    service.changed.clear()
    async with service.db.transaction() as tx:
        await service.store.outbox(tx, game.id, "game", "the results", None, AT)
        assert not service.changed.is_set()          # not yet: a reader would not find the message
    assert service.changed.is_set()
    assert "the results" in await open_messages(service)


async def test_no_wake_up_after_a_rollback(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    service.changed.clear()
    with pytest.raises(RuntimeError):
        async with service.db.transaction() as tx:
            await service.store.outbox(tx, game.id, "game", "never sent", None, AT)
            raise RuntimeError("the phase's write failed")
    assert not service.changed.is_set()
    assert "never sent" not in await open_messages(service)
