"""The real bot on the local fake Discord: how soon results reach players, how long the loop stalls.

Figures (with their targets):
- map posted after the last `/ready`: seconds from the interaction to the results message with
  its map in the game channel (target ≤ 1 s with no network delay);
- event-loop lag: the longest the loop took to run a callback handed to it every 5 ms while
  players ready up, maps render and `/odds` computes large battles in worker processes
  (target ≤ 50 ms). Printed with the machine's load.

Run: `.venv/bin/python bench/discord_latency.py [--games N]`.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from service import GameService  # noqa: E402
from service.workers import ProcessPool  # noqa: E402
from tests.discord_world import README_PERMISSIONS, close_world, make_world, started_game  # noqa: E402


class LoopLag:
    """Records how late the loop runs a callback handed to it every 5 ms from a thread: the
    longest stretch it was blocked. A thread and not a timer task on the loop: the fake Discord's
    `settle()` counts a timer due soon as the bot still working, so a 5 ms timer task kept every
    command from settling ("the bot kept talking to Discord")."""

    def __init__(self):
        self.worst = 0.0
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _probe(self, loop: asyncio.AbstractEventLoop) -> None:
        while not self._stop.wait(0.005):
            sent, ran = time.perf_counter(), threading.Event()

            def arrived() -> None:
                lag = time.perf_counter() - sent
                self.samples.append(lag)
                self.worst = max(self.worst, lag)
                ran.set()
            try:
                loop.call_soon_threadsafe(arrived)
            except RuntimeError:            # the loop closed
                return
            while not ran.wait(0.1):        # one probe at a time
                if self._stop.is_set():
                    return

    def start(self) -> None:
        self._thread = threading.Thread(target=self._probe, args=(asyncio.get_running_loop(),), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()


async def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        service = GameService(db)
        world = await make_world(service, bot_permissions=README_PERMISSIONS)
        service.cpu.close()
        service.cpu = ProcessPool()           # as `make run` does on Discord
        alice, bob = world.players
        lag = LoopLag()
        latencies = []
        try:
            await world.slash(alice, "odds", battle="1 infantry vs 1 infantry")   # warm the worker
            lag.start()
            for _ in range(games):
                game_id = await started_game(world, "rx07", "Bench")
                public = world.public_channel(game_id)
                await world.slash(alice, "ready", channel=world.seat_channel(game_id, "Entente"), confirm=True)
                marker = len(public.messages)
                begin = time.perf_counter()
                await world.harness.slash(bob, world.seat_channel(game_id, "Central"), "ready", settle=False,
                                          confirm=True)
                await world.harness.wait_message(public, "adjudicated", after=marker, timeout=30)
                latencies.append(time.perf_counter() - begin)
                odds = await world.slash(alice, "odds", battle="12 battleship, 6 cruiser vs 12 battleship, 6 cruiser")
                assert "battle" in odds.text, odds.text
        finally:
            lag.stop()
            await close_world(world)
            await db.close()
    print(f"games: {games}; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"map posted after the last /ready: median {statistics.median(latencies):.3f} s, "
          f"max {max(latencies):.3f} s (target ≤ 1 s)")
    print(f"event-loop lag: worst {lag.worst * 1000:.1f} ms, p99 "
          f"{sorted(lag.samples)[int(len(lag.samples) * 0.99)] * 1000:.1f} ms over {len(lag.samples)} samples "
          f"(target ≤ 50 ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    asyncio.run(main(parser.parse_args().games))
