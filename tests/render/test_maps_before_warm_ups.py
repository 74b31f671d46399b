"""The maps of turns resolving go before the work done ahead (a new phase's legal orders, for the
first autocomplete): idle work waits behind every map waiting and never holds every worker, so a
map always finds one free — asserted on the pool's order of work, not on time."""
import asyncio
import threading

from service.workers import IDLE, URGENT, ProcessPool


async def until(condition) -> None:
    """Wait (on the loop, a turn at a time) until the workers' threads have done what `condition` says."""
    for _ in range(3000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the pool never got there")


async def test_idle_work_never_takes_every_worker_and_waits_behind_the_maps():
    pool = ProcessPool(workers=2, threads=True)
    gates = [threading.Event() for _ in range(3)]
    started: list[str] = []
    try:
        def job(name, gate):
            started.append(name)
            gate.wait(30)
            return name
        warm = [asyncio.ensure_future(pool.run(job, f"warm {n}", gates[n], timeout=30, priority=IDLE))
                for n in range(2)]
        await until(lambda: started == ["warm 0"] and pool.waiting == 1)
        assert pool._idle == 1                       # noqa: SLF001 - the second warm-up waits: one worker stays free
        first_map = asyncio.ensure_future(pool.run(job, "map 1", gates[2], timeout=30, priority=URGENT))
        await until(lambda: len(started) == 2)
        assert started == ["warm 0", "map 1"]       # the map takes the free worker at once
        second_map = asyncio.ensure_future(pool.run(started.append, "map 2", timeout=30, priority=URGENT))
        await until(lambda: pool.waiting == 2)
        gates[0].set()                               # a worker frees: the waiting map goes before the warm-up
        await second_map
        assert started[:3] == ["warm 0", "map 1", "map 2"]
        gates[2].set()
        gates[1].set()
        await asyncio.gather(*warm, first_map)
        assert started == ["warm 0", "map 1", "map 2", "warm 1"]
        assert pool.waiting == 0 and pool._running == 0 and pool._idle == 0   # noqa: SLF001 - all handed back
    finally:
        for gate in gates:
            gate.set()
        pool.close()


async def test_with_one_worker_idle_work_still_runs():
    pool = ProcessPool(workers=1, threads=True)
    try:
        assert await pool.run(len, "abc", timeout=30, priority=IDLE) == 3
        assert await asyncio.gather(*(pool.run(len, "x" * n, timeout=30, priority=IDLE) for n in range(3))) == [0, 1, 2]
    finally:
        pool.close()
