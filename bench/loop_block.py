"""How long the event loop is blocked by the commands of a long game (issue #25 item 1: never more
than 50 ms in a game of any length).

On the 20-round A&A game of `bench/long_game.py` (161 phases), with the maps drawn in worker
processes as on Discord, a 2 ms timer measures the loop's longest stall while each command runs:
`/history` of a phase (its text and the map shown with it), `/map` of the current phase and of a
region, and `/map replay`.
Run: `.venv/bin/python bench/loop_block.py [--rounds 20] [--repeat 3]`.
"""
from __future__ import annotations

import argparse
import asyncio
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

        print(f"A&A 1914, {phases} phases ({rounds} rounds); longest event-loop block (goal ≤ 50 ms)")
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.repeat))
