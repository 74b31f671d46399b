"""When a phase opens, the clock's next round prepares the legal orders of each
seat that must act in the worker pool, so the first autocomplete of the phase finds them ready;
never on the event loop (without a pool nothing is prepared) and never for old phases."""
from __future__ import annotations

import asyncio

import pytest

from engine.variant import get_variant
from service import suggest
from service.clock import GameClock
from service.workers import ProcessPool
from tests.aa_helpers import seat_everyone


async def nothing(destination, delivery):
    return None


@pytest.fixture
def worked(service, monkeypatch):
    """A one-thread worker pool on the service, and the seats whose legal orders it worked out."""
    service.cpu = ProcessPool(workers=1, threads=True)
    seats = []
    original = suggest.legal_orders

    def counting(variant_key, state, seat):
        seats.append(seat)
        return original(variant_key, state, seat)
    monkeypatch.setattr(suggest, "legal_orders", counting)
    try:
        yield seats
    finally:
        service.cpu.close()


async def test_a_new_phase_is_prepared_for_each_seat_that_acts(service, worked):
    clock = GameClock(service, nothing)
    await clock.run_once()                      # the clock runs before the game starts
    game, players = await seat_everyone(service, {}, 700)
    await clock.run_once()                      # the round after the phase opened
    await asyncio.gather(*suggest._PENDING.values())
    phase = await service.phase(game.id)
    acting = get_variant("aa1914").seats_to_act(phase.state)
    assert worked == list(acting)
    for seat in acting:
        assert suggest.cache_key(service, phase.id, seat) in suggest._CACHE
    # the first autocomplete of the phase: nothing worked out again
    found = await suggest.order_suggestions(service, game.id, players[acting[0]], acting[0], "buy")
    assert found and all(line.startswith("buy") for line in found)
    assert worked == list(acting)
    await clock.run_once()                      # nothing new opened: nothing prepared again
    assert worked == list(acting) and not suggest._PENDING


async def test_without_a_worker_pool_nothing_runs_on_the_loop(service, monkeypatch):
    worked = []
    monkeypatch.setattr(suggest, "legal_orders", lambda *args: worked.append(args) or [])
    clock = GameClock(service, nothing)
    await clock.run_once()
    await seat_everyone(service, {}, 800)
    await clock.run_once()
    assert worked == [] and not suggest._PENDING


async def test_askers_while_it_is_worked_out_share_one_job(service, worked):
    game, players = await seat_everyone(service, {}, 900)
    phase = await service.phase(game.id)
    seat = get_variant("aa1914").seats_to_act(phase.state)[0]
    answers = await asyncio.gather(*(suggest.order_suggestions(service, game.id, players[seat], seat, typed)
                                     for typed in ("buy", "move", "", "place")))
    assert all(answers[:2]) and worked == [seat]


async def test_after_a_restart_the_phases_open_now_are_prepared(service, worked):
    """A bot that starts again finds games in the middle of a phase: its first clock round
    prepares them too, so their first autocomplete is not the slow one."""
    game, _ = await seat_everyone(service, {}, 900)        # opened before the clock (re)starts
    clock = GameClock(service, nothing)
    await clock.run_once()
    await asyncio.gather(*suggest._PENDING.values())
    phase = await service.phase(game.id)
    acting = get_variant("aa1914").seats_to_act(phase.state)
    assert worked == list(acting)
    await clock.run_once()
    assert worked == list(acting)                          # once only
