"""Export and import of a long A&A game off the event loop.

Plays N rounds of A&A 1914 with random legal orders, ends the game, then measures with a probe
that wakes every 5 ms: the longest stretch the event loop was held during `export_file` (data
from the database, JSON + gzip in a thread, piece by piece) and during `import_file` (expanding,
parsing and checking in the worker pool), and, for comparison, what the same work costs when
done in one piece on the loop. Goal: the loop never held more than 50 ms.
Run: `.venv/bin/python bench/export_import.py [--rounds 20]`.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import gzip
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from service import Actor, GameService  # noqa: E402
from service.exports import plan_import  # noqa: E402
from service.workers import ProcessPool  # noqa: E402
from tests.aa_random_play import accepted, random_lines  # noqa: E402


async def longest_hold(job) -> tuple[float, float]:
    """(seconds the job took, longest stretch the loop could not run a 5 ms timer)."""
    loop = asyncio.get_running_loop()
    stop, worst = asyncio.Event(), [0.0]

    async def probe() -> None:
        while not stop.is_set():
            start = loop.time()
            await asyncio.sleep(0.005)
            worst[0] = max(worst[0], loop.time() - start - 0.005)
    task = asyncio.create_task(probe())
    await asyncio.sleep(0.02)
    start = time.perf_counter()
    await job()
    took = time.perf_counter() - start
    stop.set()
    await task
    return took, worst[0]


async def main(rounds: int) -> None:
    register_all()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        service = GameService(db, seed_source=lambda: "export-bench")
        player, admin = Actor(1, name="p"), Actor(2, is_admin=True, name="admin")
        variant = get_variant("aa1914")
        game = await service.create_game(5, player, "aa1914", "Export bench")
        for _ in game.seats:
            await service.join(game.id, player)
        await service.start(game.id, player)
        for _ in range(rounds * len(game.seats)):
            phase = await service.phase(game.id)
            for seat in variant.seats_to_act(phase.state):
                lines = accepted(phase.state, seat, random_lines(phase.state, seat, rng))
                if lines:
                    await service.submit_orders(game.id, player, "\n".join(lines), seat)
            await service.adjudicate(game.id)
        await service.abandon(game.id, player)
        data = await service.export(game.id, player)
        start = time.perf_counter()
        packed = gzip.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
        one_piece = time.perf_counter() - start
        start = time.perf_counter()
        plan_import(packed)
        check = time.perf_counter() - start
        service.cpu = ProcessPool()
        try:
            await service.export_file(game.id, player)          # the worker started once
            took, held = await longest_hold(lambda: service.export_file(game.id, player))
            print(f"{len(data['phases'])} phases, export {len(packed) / 2**20:.2f} MiB gzip; "
                  f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            print(f"/game export: {took * 1000:.0f} ms, event loop held at most {held * 1000:.0f} ms "
                  f"(JSON + gzip in one piece on the loop: {one_piece * 1000:.0f} ms)")
            took, held = await longest_hold(lambda: service.import_file(6, admin, packed))
            print(f"/game import: {took * 1000:.0f} ms, event loop held at most {held * 1000:.0f} ms "
                  f"(reading and checking on the loop: {check * 1000:.0f} ms)")
        finally:
            service.cpu.close()
            await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    asyncio.run(main(parser.parse_args().rounds))
