"""Several Dispatch processes against one PostgreSQL database: a deadline burst.

N games of France vs Austria on one server per shard, every seat with orders but not ready; the
processes (`bot.py --shards … --shard-count …`, real processes on the fake Discord through
DISCORD_API_BASE) start, then every deadline falls due at the same moment. Figures:
- throughput: games adjudicated and their results posted per second, over the whole burst;
- per game: seconds from the deadline to its results in its channel (p50, p99, max);
- that each phase was adjudicated once and its results posted once.
Printed with the machine's load (`os.getloadavg()`): on a shared machine the figures vary.

Run: `.venv/bin/python bench/cluster.py [--games 100] [--processes 1 2]` (each count one burst;
PostgreSQL: DATABASE_URL=postgresql://… or a throw-away cluster started here).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg  # noqa: E402

from tests.cluster import test_exactly_once_across_processes as burst  # noqa: E402
from tests.cluster.postgresql import postgresql_url  # noqa: E402
from tests.cluster.processes import start, until  # noqa: E402
from tests.fake_discord import FakeDiscord  # noqa: E402

SHARDS = 6


def split(processes: int) -> list[str]:
    """The six shards shared out: `0-5`, or `0-2` and `3-5`, or `0-1`, `2-3`, `4-5`."""
    size = SHARDS // processes
    return [f"{i * size}-{(i + 1) * size - 1}" if size > 1 else str(i) for i in range(processes)]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


async def one_burst(games: int, processes: int) -> dict:
    burst.GAMES = games
    fake = await FakeDiscord().start()
    fake.max_concurrency = SHARDS
    posted: dict[int, float] = {}           # channel -> when its results arrived (the fake's clock)
    original = fake.store_message

    def store_message(channel, *args, **kwargs):
        message = original(channel, *args, **kwargs)
        if burst.RESULTS in burst.text(message):
            posted.setdefault(channel.id, time.perf_counter())
        return message

    fake.store_message = store_message
    running = []
    folder = Path(tempfile.mkdtemp(prefix="dispatch-bench-cluster."))
    try:
        async with postgresql_url() as url:
            public = await burst.set_up_games(fake, url)
            conn = await asyncpg.connect(url)
            try:
                running = [start(fake, url, shards, SHARDS, folder) for shards in split(processes)]
                await until(lambda: fake.identified_shards() == [(s, SHARDS) for s in range(SHARDS)], 120,
                            "every shard identified", running)
                await until(lambda: conn.fetchval("SELECT count(*) = 0 FROM outbox WHERE delivered_at IS NULL "
                                                  "AND failed_at IS NULL"), 600, "the start messages sent", running)
                load = os.getloadavg()
                began = time.perf_counter()
                await burst.all_deadlines_now(conn)
                await until(lambda: len(posted) >= games, 900, "every result posted", running, every=0.05)
                await until(lambda: conn.fetchval("SELECT count(*) = 0 FROM outbox WHERE delivered_at IS NULL "
                                                  "AND failed_at IS NULL"), 600, "every message sent", running)
                total = max(posted.values()) - began
                once = await conn.fetchval(
                    "SELECT count(*) FROM (SELECT p.id FROM phases p JOIN events e ON e.phase_id = p.id "
                    "AND e.kind = 'adjudicated' WHERE p.seq = 0 GROUP BY p.id HAVING count(*) = 1) x")
                twice = sum(1 for channel in public.values()
                            if sum(burst.RESULTS in burst.text(m) for m in fake.channels[channel].messages) != 1)
            finally:
                for process in running:
                    process.kill()
                await conn.close()
    finally:
        await fake.stop()
    latencies = [posted[channel] - began for channel in public.values()]
    return {"games": games, "processes": processes, "total": total, "p50": percentile(latencies, 0.5),
            "p99": percentile(latencies, 0.99), "max": max(latencies), "once": once, "not_once": twice,
            "load": load}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2], choices=[1, 2, 3, 6])
    args = parser.parse_args()
    print(f"deadline burst: {args.games} games due at once, {SHARDS} shards, PostgreSQL, fake Discord")
    for processes in args.processes:
        figures = await one_burst(args.games, processes)
        print(f"  {processes} process(es): {figures['games'] / figures['total']:.1f} games/s "
              f"(all {figures['games']} adjudicated and posted in {figures['total']:.1f} s); deadline → results "
              f"p50 {figures['p50']:.1f} s, p99 {figures['p99']:.1f} s, max {figures['max']:.1f} s; "
              f"adjudicated once: {figures['once']}/{figures['games']}, posted other than once: "
              f"{figures['not_once']}; load {' '.join(f'{x:.2f}' for x in figures['load'])} at the start, "
              f"{os.cpu_count()} cores")


if __name__ == "__main__":
    asyncio.run(main())
