"""CPU work runs in worker processes with a time bound, and the event loop keeps running."""
import asyncio
import time

import pytest

from service.odds import battle_odds
from service.workers import Overrun, ProcessPool


async def test_odds_run_in_a_worker_process_and_an_overrun_is_stopped():
    pool = ProcessPool()
    try:
        kind, odds = await pool.run(battle_odds, "3 infantry, 1 artillery vs 4 infantry", timeout=60)
        assert kind == "land" and 0 < odds.attacker_wins < 1
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1
        beat = asyncio.create_task(ticker())
        with pytest.raises(Overrun):
            await pool.run(time.sleep, 5, timeout=0.5)
        beat.cancel()
        assert ticks >= 20               # the loop ran on while the worker was busy
        kind, _ = await pool.run(battle_odds, "1 battleship vs 1 cruiser", timeout=60)
        assert kind == "sea"             # a fresh worker took over
    finally:
        pool.close()


async def test_odds_command_refuses_a_battle_too_large_for_its_bound(service, monkeypatch):
    import sys

    from cogs.aa1914 import AA1914Cog
    from engine.catalog import register_all
    from tests.fakes import FakeAuthor, FakeContext, invoke

    register_all()   # the house rule options are the A&A variant's
    service.cpu = ProcessPool()
    # the odds' bound is the command table's (`/odds` and the console's `odds` alike)
    monkeypatch.setattr(sys.modules["service.commands.reading"], "ODDS_SECONDS", 0.001)     # below any simulation
    try:
        await service.cpu.run(battle_odds, "1 infantry vs 1 infantry", timeout=60)   # worker started
        cog = AA1914Cog(object(), service)
        # exact odds take milliseconds for any accepted battle (tests/engine/aa1914/test_exact_odds.py), sea
        # battles under house rules too; a house land unit's battles are fought one by one, which the bound
        # still guards
        text = await invoke(cog, AA1914Cog.odds, FakeContext(FakeAuthor(1)),
                            battle="20 armored car, 20 infantry vs 40 infantry", options="armored_cars")
        assert "too large to work out" in text and "fewer units" in text
    finally:
        service.cpu.close()
