"""`/game list` as a server's games accumulate: one page (the asker's own games first, then the
newest) at 1,000 and at 10,000 open games in one server.

Goal: a page costs about the same at 10,000 games as at 1,000 (the whole list it replaced took
736 ms against 37 ms). The games are those of `bench/games_autocomplete.py` (one server, each
running game with 20 phases of history); the asker plays in two of them. Timed: the service's
page and its text (what the cog sends), for the first page, the second, and the page halfway
down the list (its OFFSET grows with the list); and, for comparison, the whole list read at once
as before. Both sizes are measured in turns, so the machine's load falls on both alike.
Run: `.venv/bin/python bench/game_list.py [--sizes 1000 10000]`.
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

from bench.games_autocomplete import GUILD, build  # noqa: E402
from db import Database  # noqa: E402
from engine.variant import get_variant, register  # noqa: E402
from service import GameService  # noqa: E402
from service.game_list import game_list_page, game_list_text  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402

ASKER = 100_004 + 4 * 7          # holds a seat in games 1 and 8 (bench.games_autocomplete's seats)


async def timed(samples: int, work, into: list[float]) -> None:
    for _ in range(samples):
        began = time.perf_counter()
        await work()
        into.append(time.perf_counter() - began)


async def measure(service: GameService, games: int, samples: int, times: dict[str, list[float]]) -> None:
    async def page(number: int):
        listing = await game_list_page(service, GUILD, ASKER, number)
        assert len(listing.games) == 20
        return game_list_text(listing)

    async def whole_list():
        found = await service.list_games(GUILD)
        return "\n".join(f"#{g.id} **{g.name}** — {get_variant(g.variant).title}, {g.status}, "
                         f"{len(g.seats) - len(g.open_seats)}/{len(g.seats)} seated" for g in found)

    deep = max(1, games // 20 // 2)
    await timed(samples, lambda: page(1), times.setdefault("page 1 (yours first)", []))
    await timed(samples, lambda: page(2), times.setdefault("page 2", []))
    await timed(samples, lambda: page(deep), times.setdefault("a page halfway", []))
    await timed(max(1, samples // 10), whole_list, times.setdefault("the whole list (before)", []))


async def run(sizes: list[int], samples: int, rounds: int = 5) -> None:
    """Both servers are built first, then measured in turns, round after round, so that a change
    in the machine's load falls on both alike; the figures are medians over all rounds."""
    register(GuessVariant())
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder:
        services = {}
        for games in sizes:
            db = await Database(Path(folder) / f"bench-{games}.sqlite3").connect()
            began = time.perf_counter()
            await build(db, games)
            print(f"{games} games in one server written in {time.perf_counter() - began:.0f}s")
            services[games] = GameService(db)
            await measure(services[games], games, 3, {})           # warm the page cache
        times: dict[int, dict[str, list[float]]] = {games: {} for games in sizes}
        for _ in range(rounds):
            for games in sizes:
                await measure(services[games], games, samples, times[games])
        for service in services.values():
            await service.db.close()
    load = tuple(max(a, b) for a, b in zip(load, os.getloadavg()))
    print(f"load average (1, 5, 15 min, the higher of start and end): {', '.join(f'{x:.2f}' for x in load)} "
          f"on {os.cpu_count()} cores")
    small, large = min(sizes), max(sizes)
    print(f"{'':30s} {small:>8d} games {large:>8d} games   ratio")
    for name in times[large]:
        a, b = (statistics.median(times[size][name]) * 1000 for size in (small, large))
        print(f"{name:30s} {a:11.2f} ms {b:11.2f} ms   {b / a:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(run(args.sizes, args.samples))


if __name__ == "__main__":
    main()
