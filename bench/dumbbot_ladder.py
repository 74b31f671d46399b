"""How strong the Diplomacy bot is against an outside reference: one Dispatch bot against six
DumbBots (bench/dumbbot.py) on the classic map, to Winter 1910.

Game g (g = 0, 1, ...) gives the bot the power `POWERS[g % 7]` (every power in turn) and is
played from the fixed seed `--seed + g`, the same seeds for every level, so the levels meet the
same DumbBot draws. A game ends after the Winter 1910 adjustments, or at a solo (18 centres).
Printed per level: the bot's average centres with a 95% interval (normal approximation), its
solo rate (95% Wilson interval), how often it was eliminated or another power soloed, its
average by power, and the time it took to order one phase (p50 and p95, all phases and
movement phases; wall clock and this process's CPU time, which a busy machine inflates less),
with the machine's load.

Run niced (the machine is shared):
    nice -n 15 .venv/bin/python bench/dumbbot_ladder.py --games 14 --levels normal
    nice -n 15 .venv/bin/python bench/dumbbot_ladder.py --games 28 --levels normal,hard
    nice -n 15 .venv/bin/python bench/dumbbot_ladder.py --games 14 --levels dumbbot   # calibration: 34/7 = 4.86
Targets: normal >= 8.5 centres on average, <= 50 ms a phase; hard >= 12 centres with solos in
>= 25% of games, <= 2 s a phase (p95).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dumbbot import dumbbot_orders  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.variant import get_variant  # noqa: E402

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
LEVELS = ("easy", "normal", "hard", "dumbbot")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


@dataclass
class Game:
    power: str
    seed: int
    centres: int = 0
    solo: bool = False
    other_solo: str = ""
    final: dict[str, int] = field(default_factory=dict)


@dataclass
class Tally:
    games: list[Game] = field(default_factory=list)
    phases: list[float] = field(default_factory=list)        # wall seconds per phase ordered
    moves: list[float] = field(default_factory=list)         # the same, movement phases only
    cpu: list[float] = field(default_factory=list)           # this process's CPU seconds per phase
    cpu_moves: list[float] = field(default_factory=list)     # the same, movement phases only
    loads: list[float] = field(default_factory=list)         # 1-minute load average after each game


def play(variant, level: str, power: str, seed: int, last_year: int, tally: Tally, check: bool,
         observe: Callable[[dict, Any], None] | None = None) -> Game:
    """One ladder game; `observe(state, result)` sees each phase and its adjudication."""
    rng = random.Random(seed)
    state = variant.initial_state(variant.parse_options({}), rng)
    game = Game(power, seed)
    while state["year"] <= last_year:
        orders: dict[str, list[str]] = {}
        for seat in variant.seats_to_act(state):
            seat_rng = random.Random(rng.random())
            if seat == power and level != "dumbbot":
                start, cpu = time.perf_counter(), time.process_time()
                pairs = variant.bot_orders(state, seat, seat_rng, level)
                spent = time.perf_counter() - start
                used = time.process_time() - cpu
                tally.cpu.append(used)
                tally.phases.append(spent)
                if state["phase"] == "movement":
                    tally.moves.append(spent)
                    tally.cpu_moves.append(used)
                orders[seat] = [line for line, _ in pairs]
            else:
                lines = dumbbot_orders(variant, state, seat, seat_rng)
                if check:
                    canonical = variant.check_orders(state, seat, lines)
                    assert canonical == lines, (seat, lines, canonical)
                orders[seat] = lines
        result = variant.adjudicate(state, orders, rng)
        if observe is not None:
            observe(state, result)
        state = result.state
        if result.finished:
            if result.winners == (power,):
                game.solo = True
            elif result.winners:
                game.other_solo = result.winners[0]
            break
    game.final = variant.centres(state)
    game.centres = game.final[power]
    return game


def report(level: str, tally: Tally, last_year: int) -> None:
    games = tally.games
    n = len(games)
    centres = [g.centres for g in games]
    mean = statistics.fmean(centres)
    half = 1.96 * statistics.stdev(centres) / math.sqrt(n) if n > 1 else float("nan")
    solos = sum(g.solo for g in games)
    low, high = wilson(solos, n)
    out = sum(1 for g in games if g.centres == 0)
    others = sum(1 for g in games if g.other_solo)
    print(f"{level}: {n} games to Winter {last_year}, centres {mean:.2f} ± {half:.2f} (95%), "
          f"median {statistics.median(centres):g}, min {min(centres)}, max {max(centres)}; "
          f"solos {solos}/{n} = {100 * solos / n:.0f}% [Wilson {100 * low:.0f}-{100 * high:.0f}]; "
          f"eliminated {out}; another power soloed {others}")
    by_power = {p: [g.centres for g in games if g.power == p] for p in POWERS}
    print("    by power (avg centres): " + ", ".join(
        f"{p} {statistics.fmean(v):.1f}" for p, v in by_power.items() if v))
    if tally.phases:
        print(f"    per phase: p50 {1000 * percentile(tally.phases, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(tally.phases, 0.95):.1f} ms, max {1000 * max(tally.phases):.0f} ms "
              f"({len(tally.phases)} phases); movement only: p50 {1000 * percentile(tally.moves, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(tally.moves, 0.95):.1f} ms")
        print(f"    CPU per phase (the bot's process, unaffected by other jobs' share of the cores): "
              f"p50 {1000 * percentile(tally.cpu, 0.5):.1f} ms, p95 {1000 * percentile(tally.cpu, 0.95):.1f} ms, "
              f"max {1000 * max(tally.cpu):.0f} ms; movement only: p50 {1000 * percentile(tally.cpu_moves, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(tally.cpu_moves, 0.95):.1f} ms")
    if tally.loads:
        print(f"    load average (1 min) after each game: mean {statistics.fmean(tally.loads):.1f}, "
              f"min {min(tally.loads):.1f}, max {max(tally.loads):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=14, help="games per level (7 = each power once)")
    parser.add_argument("--levels", default="normal,hard", help="comma-separated: easy, normal, hard, dumbbot")
    parser.add_argument("--seed", type=int, default=36000)
    parser.add_argument("--last-year", type=int, default=1910)
    parser.add_argument("--check", action="store_true", help="check every DumbBot sheet with check_orders")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once in worker processes (each times its own phases)")
    args = parser.parse_args()
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    for lv in levels:
        if lv not in LEVELS:
            parser.error(f"`{lv}` is not a level; choose from {', '.join(LEVELS)}")
    register_all()
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores); seeds {args.seed}..{args.seed + args.games - 1}")
    for level in levels:
        tally = Tally()
        started = time.perf_counter()
        jobs = [(level, g, args.seed + g, args.last_year, args.check) for g in range(args.games)]
        if args.jobs > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                done = pool.imap(one_game, jobs)
                for g, (game, part) in enumerate(done):
                    record(level, g, game, part, tally, args.quiet)
        else:
            for g, job in enumerate(jobs):
                game, part = one_game(job)
                record(level, g, game, part, tally, args.quiet)
        report(level, tally, args.last_year)
        print(f"    {time.perf_counter() - started:.0f} s wall; load average now "
              f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


def one_game(job: tuple) -> tuple[Game, Tally]:
    """Play one ladder game (in a worker process with --jobs): the game and its phases' times."""
    level, g, seed, last_year, check = job
    register_all()
    part = Tally()
    game = play(get_variant("classic"), level, POWERS[g % len(POWERS)], seed, last_year, part, check)
    part.loads.append(os.getloadavg()[0])
    return game, part


def record(level: str, g: int, game: Game, part: Tally, tally: Tally, quiet: bool) -> None:
    tally.games.append(game)
    for name in ("phases", "moves", "cpu", "cpu_moves", "loads"):
        getattr(tally, name).extend(getattr(part, name))
    if not quiet:
        print(f"  {level} game {g} seed {game.seed} as {game.power}: {game.centres} centres"
              + (" (solo)" if game.solo else "") + (f" ({game.other_solo} soloed)" if game.other_solo else "")
              + f"; load {part.loads[-1]:.1f}", flush=True)

if __name__ == "__main__":
    main()
