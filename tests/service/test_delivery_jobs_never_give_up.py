"""Delivery jobs: "resume an interrupted archive on the next tick, always post the summary".
A job (archive, access) is never given up as a dead letter: after telling the GM its cause once,
it is tried again at the longest pause until it works."""
from service.delivery import JOBS, LONGEST_RETRY, MAX_ATTEMPTS, deliver_one
from service.models import iso
from tests.conftest import ALICE, BOB, GUILD, drain_outbox


async def _game(service):
    game = await service.create_game(GUILD, ALICE, "guess", options={"players": 2}, phase_hours=48)
    for player in (ALICE, BOB):
        await service.join(game.id, player)
    return await service.start(game.id, ALICE)


async def _queue(service, game, target):
    async with service.db.transaction() as conn:
        await service.store.outbox(conn, game.id, target, "the final summary", None, iso(service.clock()))
    return [m for m in await service.pending_messages(500) if m.target == target][0]


async def test_an_archive_that_keeps_failing_is_retried_and_the_gm_told_once(service, clock):
    game = await _game(service)
    await drain_outbox(service)
    job = await _queue(service, game, "archive")
    attempts = []

    async def send(destination, delivery):
        if destination.kind == "archive":
            attempts.append(destination)
            raise RuntimeError("the Dispatch archive category is full (50 channels)")

    for _ in range(MAX_ATTEMPTS + 3):
        message = next(m for m in await service.pending_messages(500) if m.id == job.id)
        assert not await deliver_one(service, message, send)
    assert len(attempts) == MAX_ATTEMPTS + 3
    still = next(m for m in await service.pending_messages(500) if m.id == job.id)   # never a dead letter
    assert still.attempts == MAX_ATTEMPTS + 3
    notes = [m for m in await service.pending_messages(500) if m.target == "gm"]
    assert len(notes) == 1 and "category is full" in notes[0].content
    assert JOBS["archive"] in notes[0].content and f"every {int(LONGEST_RETRY.total_seconds() // 60)} minutes" \
        in notes[0].content

    async def works(destination, delivery):
        return None
    assert await deliver_one(service, still, works)
    assert all(m.id != job.id for m in await service.pending_messages(500))


async def test_a_message_is_still_given_up_after_its_attempts(service):
    game = await _game(service)
    await drain_outbox(service)
    message = await _queue(service, game, "game")

    async def send(destination, delivery):
        raise RuntimeError("Discord is having a bad minute")

    for _ in range(MAX_ATTEMPTS):
        message = next((m for m in await service.pending_messages(500) if m.id == message.id), None)
        if message is None:
            break
        await deliver_one(service, message, send)
    assert message is not None and all(m.id != message.id for m in await service.pending_messages(500))
