"""Order autocomplete on the largest board (goal: at most 25 legal choices within 50 ms).

Starts an A&A 1914 game (every house rule with units on, the biggest board and order set) and a
World War I Diplomacy game through the service, then times `service.suggest.order_suggestions`
for typical half-typed orders: the first call of a phase (cold: the seat's legal orders are
worked out, in the CPU pool in production) and the calls after it (warm: the phase's list is
cached and only filtered). Prints median and worst, and the most choices returned. Then, with
a worker pool and the game clock as the bot runs them, the first call of a phase after the clock
prepared the phase's orders in the worker when it opened (112-354 ms before the clock did so).
Run: `.venv/bin/python bench/autocomplete.py`.
"""
from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from service import Actor, GameService  # noqa: E402
from service import suggest  # noqa: E402

TYPED = {"aa1914": ["", "move", "move 6 inf", "budap", "move 2 artillery Bohemia - ", "buy", "buy 1 tr", "serb",
                    "vienna galicia", "sz 1"],
         "rx07": ["", "A", "A Par", "paris burg", "F Bre -", "S A Par", "A Mun S", "north", "stp", "F Lon - N"]}
HOUSE = {"trucks": True, "armored_trains": True, "armored_cars": True, "destroyers": True,
         "coastal_artillery": True, "merchant_raiders": True}


async def one(service: GameService, player: Actor, variant: str, options: dict) -> None:
    game = await service.create_game(5, player, variant, f"Bench {variant}", options=options)
    for _ in game.seats:
        await service.join(game.id, player)
    await service.start(game.id, player)
    info = await service.game(game.id)
    phase = await service.phase(game.id)
    from engine.variant import get_variant
    seat = get_variant(variant).seats_to_act(phase.state)[0]
    suggest._CACHE.clear()
    start = time.perf_counter()
    first = await suggest.order_suggestions(service, info.id, player, seat, TYPED[variant][0])
    cold = (time.perf_counter() - start) * 1000
    warm, most = [], len(first)
    for _ in range(20):
        for typed in TYPED[variant]:
            start = time.perf_counter()
            found = await suggest.order_suggestions(service, info.id, player, seat, typed)
            warm.append((time.perf_counter() - start) * 1000)
            most = max(most, len(found))
    legal = len(suggest._CACHE[suggest.cache_key(service, phase.id, seat)])
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{variant} ({seat}, {legal} legal orders): cold {cold:.1f} ms; warm median "
          f"{statistics.median(warm):.1f} ms, worst {max(warm):.1f} ms (goal ≤ 50 ms); "
          f"at most {most} choices (goal ≤ 25)")


async def prepared(service: GameService, player: Actor, variant: str, options: dict) -> None:
    """The first call of a phase once the clock's round after the phase opened has prepared it."""
    from engine.variant import get_variant
    from service.clock import GameClock
    from service.workers import ProcessPool

    async def send(destination, delivery):
        pass
    service.cpu = ProcessPool()
    clock = GameClock(service, send)
    await clock.run_once()                    # the clock is running before the phase opens
    game = await service.create_game(5, player, variant, f"Bench {variant}", options=options)
    for _ in game.seats:
        await service.join(game.id, player)
    await service.start(game.id, player)
    began = time.perf_counter()
    await clock.run_once()                    # the round after the phase opened
    loop_ms = (time.perf_counter() - began) * 1000
    await asyncio.gather(*suggest._PENDING.values())
    phase = await service.phase(game.id)
    seat = get_variant(variant).seats_to_act(phase.state)[0]
    start = time.perf_counter()
    await suggest.order_suggestions(service, game.id, player, seat, TYPED[variant][0])
    first = (time.perf_counter() - start) * 1000
    print(f"{variant}: first call of a phase prepared in the worker when it opened: {first:.1f} ms "
          f"(that clock round, delivering the phase with its map, took {loop_ms:.0f} ms wall)")
    service.cpu.close()


async def main() -> None:
    register_all()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        service = GameService(db, seed_source=lambda: "autocomplete-bench")
        player = Actor(1, name="p")
        from engine.variant import get_variant
        known = {spec.key for spec in get_variant("aa1914").option_specs()}
        await one(service, player, "aa1914", {k: v for k, v in HOUSE.items() if k in known})
        await one(service, player, "rx07", {})
        await prepared(service, player, "aa1914", {k: v for k, v in HOUSE.items() if k in known})
        await prepared(service, player, "rx07", {})
        await db.close()


if __name__ == "__main__":
    asyncio.run(main())
