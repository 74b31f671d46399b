"""Order sheets on the event loop: a sheet checked by `GameService.submit_orders` should cost
≤ 15 ms (for A&A this means parsing the stored state once per submission, not once per check).

Starts an A&A 1914 game (every house rule with units on, then none), a World War I Diplomacy
(rx07) game and a classic Diplomacy game through the service, builds a legal sheet for a seat to
act from its legal orders (not timed: 12 lines, or as many as the seat has units), then times
the submission (median and worst of several) and counts `GameState.from_json` calls (the A&A
state parse) per submission. Prints the machine's load before and after.
Run: `nice -n 15 .venv/bin/python bench/submit_orders.py [--runs 9] [--game rx07 --game classic]`.
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

from db import Database  # noqa: E402
from engine.aa1914.model import GameState  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.errors import RulesError  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from service import Actor, GameService  # noqa: E402

HOUSE = {"trucks": True, "armored_trains": True, "armored_cars": True, "destroyers": True,
         "coastal_artillery": True, "merchant_raiders": True}
LINES = 12


def legal_sheet(variant, state: dict, seat: str, size: int) -> list[str]:
    """`size` orders taken in turn from the seat's legal orders, each legal with those before."""
    sheet: list[str] = []
    for line in variant.order_choices(state, seat):
        try:
            merged = variant.check_orders(state, seat, [line], sheet)
        except RulesError:
            continue
        if len(merged) == len(sheet) + 1 and not variant.repeated_order(state, seat, line, sheet):
            sheet = merged
        if len(sheet) == size:
            break
    return sheet


class Counted:
    """Counts calls of GameState.from_json while active."""

    def __init__(self):
        self.calls = 0
        self.original = GameState.__dict__["from_json"]

    def __enter__(self):
        original = self.original.__func__

        def counting(cls, *args, **kwargs):
            self.calls += 1
            return original(cls, *args, **kwargs)
        GameState.from_json = classmethod(counting)
        return self

    def __exit__(self, *exc):
        GameState.from_json = self.original


async def one(service: GameService, player: Actor, variant_key: str, options: dict, runs: int,
              seat: str | None = None) -> None:
    game = await service.create_game(5, player, variant_key, f"Bench {variant_key}", options=options)
    for _ in game.seats:
        await service.join(game.id, player)
    await service.start(game.id, player)
    phase = await service.phase(game.id)
    variant = get_variant(variant_key)
    seat = seat or variant.seats_to_act(phase.state)[0]
    sheet = legal_sheet(variant, phase.state, seat, LINES)
    text = "\n".join(sheet)
    times, parses = [], []
    for _ in range(runs):
        with Counted() as counted:
            began = time.perf_counter()
            saved = await service.submit_orders(game.id, player, text, seat)
            times.append((time.perf_counter() - began) * 1000)
        parses.append(counted.calls)
        assert not saved.refused, saved.refused
    print(f"{variant_key} ({seat}, {len(sheet)}-line sheet): submit_orders median {statistics.median(times):.1f} ms, "
          f"worst {max(times):.1f} ms (goal ≤ 15 ms); GameState.from_json per submission: {max(parses)}")


async def main(runs: int, games: list[str]) -> None:
    register_all()
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        service = GameService(db, seed_source=lambda: "submit-bench")
        player = Actor(1, name="p")
        known = {spec.key for spec in get_variant("aa1914").option_specs()}
        if "aa1914" in games:
            await one(service, player, "aa1914", {k: v for k, v in HOUSE.items() if k in known}, runs)
            await one(service, player, "aa1914", {}, runs)
        # Diplomacy: the two-seat rx07 (a 10-line sheet) and classic Russia (four units)
        for key, seat in (("rx07", None), ("classic", "Russia")):
            if key in games:
                await one(service, player, key, {}, runs, seat)
        await db.close()
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--game", action="append", choices=("aa1914", "rx07", "classic"),
                        help="the games to time (repeatable; default: all)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.runs, arguments.game or ["aa1914", "rx07", "classic"]))
