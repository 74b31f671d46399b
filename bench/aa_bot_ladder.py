"""How strong the Axis & Allies 1914 bot is: seeded games, one alliance played by the bot, the
other by a hold-only or random player, the infantry push (bench/aa_infantry_push.py) or another
bot level, sides swapped every game.

A game ends at the Tournament Rules' victory — two enemy capitals (one of them Paris for the
Central Powers, Berlin for the Allies) — or after the round cap (`end_round`), where the
economic victory decides (the most victory points: enemy homeland IPCs controlled or contested;
equal points: a draw). Reported: W/D/L for the bot's alliance, the score (a draw counts a half)
with its 95% Wilson interval, per alliance, and the bot's time to order one power's turn (median
and slowest).

Opponents: `hold` gives no orders at all (no purchases, every unit stays; pre-game phases
unanswered); `random` gives random legal orders: a random purchase, a random move for up to a
dozen units, now and then an attack on a contested territory (each line kept only if the rules
accept it after the ones before); random answers in the pre-game phases; `push` the reference
strategy "infantry push" (bench/aa_infantry_push.py); `easy`, `normal`, `hard` the bot.

Run (the machine is shared: keep it modest and niced):
    nice .venv/bin/python bench/aa_bot_ladder.py --games 20 --cap 8
    nice .venv/bin/python bench/aa_bot_ladder.py --match normal:random --games 10 --house
    nice .venv/bin/python bench/aa_bot_ladder.py --games 4 --pool     # timed in the worker pool
    nice -n 15 .venv/bin/python bench/aa_bot_ladder.py --match normal:push --match hard:normal --games 100
Targets: the bot's alliance wins >= 90% against hold and >= 90% against random; normal scores
>= 70% against the infantry push and hard >= 60% against normal (over 100 side-swapped games);
<= 5 s per power's turn (hard: its slowest turn, not only the median).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.catalog import register_all  # noqa: E402
from engine.errors import RulesError  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from bot_ladder import wilson  # noqa: E402 - the one interval both ladders print (bench/ is on the path)
from aa_infantry_push import push_orders  # noqa: E402

MATCHES = ("normal:hold", "normal:random")
KINDS = ("infantry", "artillery", "fighter", "cruiser", "submarine", "transport", "tank")


def kept(variant, state: dict, seat: str, lines: list[str]) -> list[str]:
    check = variant.sheet_checker(state, seat)      # the state (sound: it was adjudicated) read once
    sheet: list[str] = []
    for line in lines:
        try:
            sheet = check(line, sheet)
        except RulesError:
            continue
    return sheet


def random_sheet(variant, state: dict, seat: str, rng: random.Random) -> list[str]:
    """Random legal orders: a purchase, one random step (or two) for up to 12 units, maybe an attack."""
    phase = state.get("phase", "turn")
    if phase != "turn":
        options = [line for group in variant.choice_groups(state, seat) for line in group.options]
        return kept(variant, state, seat, [rng.choice(options)]) if options else []
    board = variant.board_of(state)
    lines = []
    if rng.random() < 0.7:
        lines.append(f"buy {rng.randint(1, 3)} {rng.choice(KINDS)}")
    mine = [u for u in state["units"] if u["owner"] == seat]
    rng.shuffle(mine)
    for unit in mine[:12]:
        here = unit["where"]
        steps = sorted(board.territories[here].adjacent)
        path = [here, rng.choice(steps)]
        if rng.random() < 0.3:
            further = sorted(board.territories[path[-1]].adjacent - {here})
            if further:
                path.append(rng.choice(further))
        lines.append(f"move 1 {unit['type'].replace('_', ' ')}: " + " - ".join(path))
    if rng.random() < 0.3 and mine:
        lines.append(f"attack {rng.choice(sorted({u['where'] for u in mine}))}")
    return kept(variant, state, seat, lines)


POOL: list = []       # [event loop, service.workers.ProcessPool] with --pool


def ask(variant, state: dict, seat: str, rng: random.Random, level: str) -> list[tuple[str, str]]:
    """The bot's sheet, computed here or (--pool) in the service's worker pool, as the service
    runs it (the time then includes handing the state to a worker process and back)."""
    if not POOL:
        return variant.bot_orders(state, seat, rng, level)
    loop, pool = POOL
    return loop.run_until_complete(pool.run(variant.bot_orders, state, seat, rng, level))


def play(variant, options: dict, seed: int, bot_side: str, level: str, opponent: str,
         times: list[float], capitals: list[bool]) -> str:
    """One game; returns 'W', 'D' or 'L' for the bot's alliance (`capitals` gets whether the bot's
    side won a game decided by two capitals before the cap)."""
    rng = random.Random(seed)
    state = variant.initial_state(options, rng)
    sides = variant.alliances(options)
    bot_seats = set(sides[bot_side])
    for _ in range(2000):
        seats = variant.seats_to_act(state)
        if not seats:
            break
        orders = {}
        for seat in seats:
            if seat in bot_seats or not any(seat in powers for powers in sides.values()):
                start = time.perf_counter()
                orders[seat] = [line for line, _ in ask(variant, state, seat, random.Random(rng.random()), level)]
                if state.get("phase", "turn") == "turn":
                    times.append(time.perf_counter() - start)
            elif opponent == "random":
                orders[seat] = random_sheet(variant, state, seat, rng)
            elif opponent == "push":
                orders[seat] = push_orders(variant, state, seat, random.Random(rng.random()))
            elif opponent != "hold":
                orders[seat] = [line for line, _ in variant.bot_orders(state, seat, random.Random(rng.random()),
                                                                       opponent)]
        result = variant.adjudicate(state, orders, random.Random(rng.random()))
        state = result.state
        if result.finished:
            break
    winner = state.get("winner")
    end = int(options.get("end_round") or 0)
    if winner not in (None, "draw") and not (end and state["round"] > end):
        capitals.append(winner == bot_side)
    if winner == bot_side:
        return "W"
    if winner in (None, "draw"):
        return "D"
    return "L"


def random_house(rng: random.Random, variant) -> dict:
    from engine.aa1914.house.catalog import HOUSE_OPTIONS
    while True:
        chosen = {spec.key: True for spec in HOUSE_OPTIONS if rng.random() < 0.3}
        try:
            return dict(variant.parse_options(chosen))
        except RulesError:
            continue


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--cap", type=int, default=8, help="the last round (economic victory after it)")
    parser.add_argument("--match", action="append", help="bot_level:opponent, e.g. normal:hold")
    parser.add_argument("--house", action="store_true", help="a random set of house options each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pool", action="store_true", help="run the bot in the service's worker pool")
    parser.add_argument("--progress", action="store_true", help="print each game's result as it ends")
    parser.add_argument("--first", type=int, default=0,
                        help="start at this game of the series (another process plays the ones before)")
    args = parser.parse_args()
    if args.pool:
        import asyncio
        from service.workers import ProcessPool
        POOL.extend([asyncio.new_event_loop(), ProcessPool()])
    register_all()
    variant = get_variant("aa1914")
    for match in args.match or MATCHES:
        level, opponent = match.split(":")
        results: dict[str, list[str]] = {"Central Powers": [], "Allies": []}
        times: list[float] = []
        capitals: list[bool] = []
        started = time.perf_counter()
        for game in range(args.first, args.games):
            seed = args.seed * 1000 + game
            raw = random_house(random.Random(seed), variant) if args.house else {}
            options = dict(variant.parse_options({**raw, "end_round": args.cap}))
            side = ("Central Powers", "Allies")[game % 2]
            results[side].append(play(variant, options, seed, side, level, opponent, times, capitals))
            if args.progress:
                print(f"    game {game + 1} seed {seed}: {level} as {side}: {results[side][-1]}", flush=True)
        every = results["Central Powers"] + results["Allies"]
        w, d, l = (every.count(x) for x in "WDL")
        n = len(every)
        lo, hi = wilson(w + d / 2, n)
        wlo, whi = wilson(w, n)
        house = " with random house options" if args.house else ""
        print(f"aa1914 {level} vs {opponent}{house}: {n} games (cap round {args.cap}), W/D/L {w}/{d}/{l}; "
              f"wins {w / n:.0%} [{wlo:.0%}-{whi:.0%}]; score {(w + d / 2) / n:.0%} [95% Wilson {lo:.0%}-{hi:.0%}]")
        print("    by alliance (W/D/L): " + "; ".join(
            f"{side} {r.count('W')}/{r.count('D')}/{r.count('L')}" for side, r in results.items())
            + f"; decided by two capitals before the cap: {len(capitals)} ({sum(capitals)} won by the bot)")
        if times:
            times.sort()
            print(f"    {level}: {len(times)} power turns ordered, median {statistics.median(times) * 1000:.0f} ms, "
                  f"95th pct {times[int(len(times) * 0.95)] * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms per "
                  f"power's turn; {time.perf_counter() - started:.0f} s in all; seeds {args.seed * 1000 + args.first}-"
                  f"{args.seed * 1000 + args.games - 1}; load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
