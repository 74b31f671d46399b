"""A phase is adjudicated in the worker pool, never on the event loop nor inside a write
transaction: read, adjudicated in a worker, written if the phase is still open with the orders
that were adjudicated — exactly once however many calls race, never losing a sheet changed
meanwhile, and picked up by the clock if the process stops between a last Ready and the write."""
import asyncio

import pytest

from service.workers import Inline
from tests.conftest import ALICE, BOB, GUILD


async def started(service, **options):
    game = await service.create_game(GUILD, ALICE, "guess", options=options, phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    return await service.start(game.id, ALICE)


class Recording(Inline):
    """Runs each job in place, after `before(name)` (a test's hook), and keeps the jobs' names."""

    def __init__(self, before=None):
        self.jobs, self.before = [], before

    async def run(self, fn, *args, **bounds):
        self.jobs.append(fn.__name__)
        if self.before is not None:
            await self.before(fn.__name__)
        await asyncio.sleep(0)          # as a pool would: other tasks run meanwhile
        return fn(*args)


async def adjudicated_events(service, game_id):
    return [e for e in await service.store.events(game_id) if e["kind"] == "adjudicated"]


async def test_the_last_ready_has_the_phase_adjudicated_in_the_pool(service):
    game = await started(service)
    service.cpu = pool = Recording()
    await service.submit_orders(game.id, ALICE, "guess 3", "North")
    await service.submit_orders(game.id, BOB, "guess 4", "South")
    await service.mark_ready(game.id, ALICE, seat="North")
    _, new = await service.mark_ready(game.id, BOB, seat="South")
    assert new is not None and new.seq == 1
    assert pool.jobs == ["adjudication_job"]
    assert [e["payload"]["reason"] for e in await adjudicated_events(service, game.id)] == ["all players ready"]


async def test_calls_racing_adjudicate_a_phase_once(service):
    game = await started(service)
    service.cpu = Recording()
    outcomes = await asyncio.gather(*(service.adjudicate(game.id) for _ in range(4)))
    assert len(await adjudicated_events(service, game.id)) == 1
    assert sum(outcome is not None for outcome in outcomes) == 1
    assert (await service.phase(game.id)).seq == 1


async def test_orders_changed_while_the_phase_was_adjudicated_are_the_ones_adjudicated(service):
    game = await started(service, loaded=True)          # the die shows 6
    await service.submit_orders(game.id, ALICE, "guess 1", "North")
    changed = []

    async def change_once(name):
        if name == "adjudication_job" and not changed:
            changed.append(1)
            await service.submit_orders(game.id, ALICE, "guess 6", "North")
    service.cpu = pool = Recording(change_once)
    await service.adjudicate(game.id)
    assert pool.jobs == ["adjudication_job", "adjudication_job"]        # read and adjudicated again
    report = (await service.phase(game.id, 0)).report
    assert "North guessed 6 and scores." in report


async def test_a_stop_between_the_last_ready_and_the_write_is_caught_up_by_the_clock(service, clock):
    game = await started(service)
    await service.submit_orders(game.id, ALICE, "guess 3", "North")
    await service.submit_orders(game.id, BOB, "guess 4", "South")
    await service.mark_ready(game.id, ALICE, seat="North")
    adjudicator = service.parts.adjudicator
    real = adjudicator.adjudicate

    async def stopped(*args, **kwargs):
        raise RuntimeError("the process stopped here")
    adjudicator.adjudicate = stopped
    with pytest.raises(RuntimeError):
        await service.mark_ready(game.id, BOB, seat="South")
    adjudicator.adjudicate = real
    assert (await service.phase(game.id)).seq == 0 and (await service.readiness(game.id)) == {"North": True,
                                                                                            "South": True}
    await service.tick()                        # the next clock round, long before the deadline
    assert (await service.phase(game.id)).seq == 1
    events = await adjudicated_events(service, game.id)
    assert [e["payload"]["reason"] for e in events] == ["all players ready"]
    assert not [e for e in await service.store.events(game.id) if e["kind"] == "missed"]


async def test_writing_an_adjudication_decodes_no_position_on_the_event_loop(service, monkeypatch):
    """The worker decodes the position it adjudicates and works out what the records keep of it
    (summary, seats that acted); the write on the event loop decodes none (an A&A position is
    tens of milliseconds of JSON), and the records still hold the phase's summary and owed seats."""
    import service.models as models
    game = await started(service)
    service.cpu = Recording()
    await service.submit_orders(game.id, ALICE, "guess 3", "North")
    decoded = []
    real = models.decode_state
    monkeypatch.setattr(models, "decode_state", lambda stored: decoded.append(1) or real(stored))
    await service.adjudicate(game.id)
    monkeypatch.undo()
    assert decoded == []
    assert (await service.phase(game.id)).seq == 1
    owed = await service.store.db.fetchall("SELECT seat, owed FROM phase_seats WHERE game_id=? ORDER BY seat",
                                           (game.id,))
    assert [tuple(row) for row in owed] == [("North", 1), ("South", 1)]


async def test_a_records_failure_in_the_worker_never_stops_the_adjudication(service, monkeypatch):
    """A record must never stop a game: if the adjudicated position's summary cannot be worked
    out in the worker, the phase is adjudicated all the same and the records' hook logs it."""
    import service.adjudication as adjudication

    def broken(variant, state):
        raise ValueError("no summary")
    game = await started(service)
    service.cpu = Recording()
    monkeypatch.setattr(adjudication, "phase_facts", broken)
    await service.adjudicate(game.id)
    assert (await service.phase(game.id)).seq == 1
    assert len(await adjudicated_events(service, game.id)) == 1
