"""Service load: N games × M seats driven through the service layer on one SQLite file.

Prints ops/s and p50/p99 latency per operation. Goal (issue #2): 1,000 games in one DB,
p99 ≤ 50 ms at 100 ops/s. Run: `.venv/bin/python bench/service_load.py [--games N]`.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from engine.variant import register  # noqa: E402
from service import Actor, GameService  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


async def run(games: int, seats: int, ops: int, rate: float) -> None:
    register(GuessVariant())
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database(Path(tmp) / "bench.sqlite3").connect()
        service = GameService(db)
        rng = random.Random(1)
        t0 = time.perf_counter()
        ids = []
        for g in range(games):
            game = await service.create_game(1, Actor(1), "guess", options={"players": str(seats), "target": "99"})
            for s in range(seats):
                await service.join(game.id, Actor(1000 + g * seats + s))
            await service.start(game.id, Actor(1))
            ids.append(game.id)
        setup = time.perf_counter() - t0
        print(f"set-up: {games} games x {seats} seats in {setup:.1f}s")

        latencies: dict[str, list[float]] = {"orders": [], "ready": [], "status": []}
        interval = 1.0 / rate if rate else 0.0
        start = time.perf_counter()
        for i in range(ops):
            g = rng.randrange(games)
            user = Actor(1000 + g * seats + rng.randrange(seats))
            kind = rng.choice(("orders", "orders", "ready", "status"))
            began = time.perf_counter()
            if kind == "orders":
                await service.submit_orders(ids[g], user, f"guess {rng.randint(1, 6)}")
            elif kind == "ready":
                await service.mark_ready(ids[g], user)
            else:
                await service.phase(ids[g])
            latencies[kind].append(time.perf_counter() - began)
            if interval:
                target = start + (i + 1) * interval
                delay = target - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
        elapsed = time.perf_counter() - start
        every = [x for values in latencies.values() for x in values]
        print(f"{ops} ops in {elapsed:.2f}s = {ops / elapsed:.0f} ops/s (target rate {rate or 'unlimited'})")
        for kind, values in latencies.items():
            if values:
                print(f"  {kind:7s} n={len(values):5d} p50={pct(values, .5):6.2f} ms  p99={pct(values, .99):6.2f} ms")
        print(f"  all     p50={pct(every, .5):.2f} ms  p99={pct(every, .99):.2f} ms  "
              f"mean={statistics.mean(every) * 1000:.2f} ms  (goal p99 <= 50 ms)")
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--ops", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=100.0, help="ops per second (0: as fast as possible)")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.seats, args.ops, args.rate))


if __name__ == "__main__":
    main()
