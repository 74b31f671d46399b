"""How long the event loop is blocked by the commands of a long game (goal: never more
than 50 ms in a game of any length).

On the 20-round A&A game of `bench/long_game.py` (161 phases), with the maps drawn in worker
processes as on Discord, a 2 ms timer measures the loop's longest stall while each command runs:
`/history` of a phase (its text and the map shown with it), `/map` of the current phase and of a
region, and `/map replay`.
Run: `.venv/bin/python bench/loop_block.py [--rounds 20] [--repeat 3]`.

`--adjudications` instead plays a 20-round A&A game with the house units (every option of
`bench/aa_adjudicate.ALL_RULES`) through the service, with random legal orders and the worker pool as
on Discord, and prints the longest block of the loop while each phase is adjudicated (the engine runs
in the pool: goal ≤ 20 ms), beside the loop thread's CPU between two ticks and the load.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.long_game import open_copy  # noqa: E402
from service.history import history_text  # noqa: E402
from service.maps import phase_map, replay_gif  # noqa: E402
from service.workers import ProcessPool  # noqa: E402


class LoopWatch:
    """The longest time a 2 ms timer fired late while it ran: the loop's longest block; and the
    most CPU the loop's thread used between two ticks (on a machine other work keeps busy, a
    late tick may only mean the process was not scheduled: the CPU figure is the loop's own)."""

    def __init__(self):
        self.worst = 0.0
        self.worst_cpu = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start, cpu = loop.time(), time.thread_time()
            await asyncio.sleep(0.002)
            self.worst = max(self.worst, loop.time() - start - 0.002)
            self.worst_cpu = max(self.worst_cpu, time.thread_time() - cpu)

    async def __aenter__(self) -> "LoopWatch":
        self._task = asyncio.create_task(self._run())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc) -> None:
        await asyncio.sleep(0.01)     # a block at the very end still shows
        self._task.cancel()


async def main(rounds: int, repeat: int) -> None:
    db, service, game_id, folder = await open_copy(rounds)
    service.cpu = ProcessPool()           # as on Discord
    try:
        phases = len(await db.fetchall("SELECT id FROM phases WHERE game_id=?", (game_id,)))
        middle = phases // 2
        await phase_map(service, game_id, 1)       # start the workers and warm their caches

        async def history():
            text, seq = await history_text(service, game_id, middle)
            await phase_map(service, game_id, seq + 1)

        async def history_text_only():
            await history_text(service, game_id, middle)

        async def board():
            await phase_map(service, game_id)

        async def region():
            await phase_map(service, game_id, None, "western front")

        async def replay():
            await replay_gif(service, game_id)

        print(f"A&A 1914, {phases} phases ({rounds} rounds); longest event-loop block (goal ≤ 50 ms); "
              f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for name, command, times in (("/history text", history_text_only, repeat), ("/history with map", history, repeat),
                                     ("/map", board, repeat), ("/map region", region, repeat),
                                     ("/map replay", replay, 1)):
            worst, cpu, took = 0.0, 0.0, 0.0
            for _ in range(times):
                async with LoopWatch() as watch:
                    begin = time.perf_counter()
                    await command()
                    took = max(took, time.perf_counter() - begin)
                worst, cpu = max(worst, watch.worst), max(cpu, watch.worst_cpu)
            print(f"  {name:<18} blocked {worst * 1000:6.1f} ms, loop thread's CPU between ticks "
                  f"{cpu * 1000:5.1f} ms   (took {took:.2f} s)")
    finally:
        service.cpu.close()
        await db.close()
        shutil.rmtree(folder, ignore_errors=True)


async def adjudications(rounds: int) -> None:
    """A house-rules A&A game played through the service; the loop watched while each phase is
    adjudicated (in the worker pool)."""
    import os
    import random
    import statistics
    import tempfile

    from bench.aa_adjudicate import ALL_RULES
    from db import Database
    from engine.catalog import register_all
    from engine.variant import get_variant
    from service import Actor, GameService
    from tests.aa_random_play import accepted, random_lines

    register_all()
    variant = get_variant("aa1914")
    player, rng = Actor(1, name="p"), random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "house.sqlite3").connect()
        service = GameService(db, seed_source=lambda: "loop-block-house")
        service.cpu = ProcessPool()
        try:
            game = await service.create_game(5, player, "aa1914", "House war", options=dict(ALL_RULES))
            for _ in game.seats:
                await service.join(game.id, player)
            await service.start(game.id, player)
            await service.adjudicate(game.id)           # start the workers (their first job imports the engine)
            blocks, cpus, took = [], [], []
            for _ in range(rounds * len(game.seats)):
                if (await service.game(game.id)).status != "active":
                    break
                phase = await service.phase(game.id)
                for seat in variant.seats_to_act(phase.state):
                    lines = accepted(phase.state, seat, random_lines(phase.state, seat, rng))
                    if lines:
                        await service.submit_orders(game.id, player, "\n".join(lines), seat)
                async with LoopWatch() as watch:
                    begin = time.perf_counter()
                    await service.adjudicate(game.id)
                    took.append(time.perf_counter() - begin)
                blocks.append(watch.worst)
                cpus.append(watch.worst_cpu)
        finally:
            service.cpu.close()
            await db.close()
    print(f"A&A 1914 with every house unit option, {len(blocks)} phases adjudicated in the worker pool; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (goal: no block over 20 ms)")
    print(f"  tick lateness: longest {max(blocks) * 1000:.1f} ms, median {statistics.median(blocks) * 1000:.1f} ms; "
          f"loop thread's CPU between ticks: longest {max(cpus) * 1000:.1f} ms, median "
          f"{statistics.median(cpus) * 1000:.1f} ms")
    print(f"  an adjudication took {statistics.median(took) * 1000:.0f} ms (median), {max(took) * 1000:.0f} ms longest")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--adjudications", action="store_true", help="the house-rules game's adjudications instead")
    args = parser.parse_args()
    if args.adjudications:
        asyncio.run(adjudications(args.rounds))
    else:
        asyncio.run(main(args.rounds, args.repeat))
