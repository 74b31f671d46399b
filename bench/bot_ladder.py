"""How strong the Diplomacy bot is: a ladder of seeded two-seat games.

Each match plays `--games` games with fixed seeds; the sides are swapped every game (the player
under test is the Entente in even games, the Central Powers in odd ones, for rx07). A game is a
win or a loss when a side meets the victory rule (rx07 rule 7), a draw when both do at once or
when the year cap is reached. Reported: W/D/L, the score (a draw counts a half) with its 95%
Wilson interval, and the median and slowest time the bot took to order one phase.

Opponents: `hold` gives no orders at all (units hold, dislodged units disband, builds are
waived — the rules' defaults); `random` gives a uniformly random legal order to every unit,
random retreats and random builds/removals (each line from `order_choices`); `easy`, `normal`
and `hard` are the bot's levels.

`--balance normal,hard` instead plays equal bots on both seats of rx07 and of each two-player
variant (france_austria, england_turkey) and prints who wins from which seat: a fair variant
and a bot that plays both sides alike give about equal shares.

Run (the machine is shared: keep it modest and niced):
    nice -n 15 .venv/bin/python bench/bot_ladder.py --games 20 --cap 1922
    nice -n 15 .venv/bin/python bench/bot_ladder.py --match hard:normal --games 40
    nice -n 15 .venv/bin/python bench/bot_ladder.py --balance normal --games 20
Targets: normal beats hold in >= 95% of games and random in >= 90%; hard scores >= 60% against
normal; <= 2 s per phase (median).
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.catalog import register_all  # noqa: E402
from engine.errors import OrderError  # noqa: E402
from engine.variant import BOT_LEVELS, get_variant  # noqa: E402

MATCHES = ("normal:hold", "normal:random", "hard:normal")
BALANCE_VARIANTS = {"rx07": 1922, "france_austria": 1915, "england_turkey": 1915}   # variant -> default cap


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws as half successes)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def random_sheet(variant, state: dict, seat: str, rng: random.Random) -> list[str]:
    """A random legal sheet: one random order per unit, random retreats, random adjustments."""
    if state["phase"] == "movement":
        by_unit: dict[str, list[str]] = {}
        for line in variant.order_choices(state, seat):
            by_unit.setdefault(" ".join(line.split()[:2]), []).append(line)
        lines = [rng.choice(options) for _, options in sorted(by_unit.items())]
    else:
        lines = []
        for group in variant.choice_groups(state, seat):
            if group.key.startswith("build/"):
                count = rng.randint(0, group.picks)
            else:
                count = group.picks
            lines.extend(rng.sample(list(group.options), min(count, len(group.options))))
    sheet: list[str] = []
    for line in lines:
        try:
            sheet = variant.check_orders(state, seat, [line], sheet)
        except OrderError:
            continue          # e.g. two builds in one centre: keep the first
    return sheet


def play(variant, seed: int, players: dict[str, str], cap: int, timings: dict[str, list[float]]) -> str | None:
    """One game; returns the winning seat, or None for a draw (both at once, or the year cap)."""
    rng = random.Random(seed)
    state = variant.initial_state(variant.parse_options({}), rng)
    while state["year"] <= cap:
        orders: dict[str, list[str]] = {}
        for seat in variant.seats_to_act(state):
            who = players[seat]
            if who == "hold":
                continue
            seat_rng = random.Random(rng.random())
            if who == "random":
                orders[seat] = random_sheet(variant, state, seat, seat_rng)
                continue
            start = time.perf_counter()
            pairs = variant.bot_orders(state, seat, seat_rng, who)
            timings.setdefault(who, []).append(time.perf_counter() - start)
            orders[seat] = [line for line, _ in pairs]
        result = variant.adjudicate(state, orders, rng)
        state = result.state
        if result.finished:
            return result.winners[0] if result.winners else None
    return None


def match(variant_key: str, tested: str, opponent: str, games: int, cap: int, seed: int) -> None:
    variant = get_variant(variant_key)
    seats = variant.seats(variant.parse_options({}))
    timings: dict[str, list[float]] = {}
    as_seat = {seat: [0, 0, 0] for seat in seats}      # the tested player's W/D/L by its seat
    for game in range(games):
        mine = seats[game % len(seats)]
        players = {seat: (tested if seat == mine else opponent) for seat in seats}
        winner = play(variant, seed + game, players, cap, timings)
        as_seat[mine][0 if winner == mine else 1 if winner is None else 2] += 1
    wins, draws, losses = (sum(counts[i] for counts in as_seat.values()) for i in range(3))
    score = wins + draws / 2
    low, high = wilson(score, games)
    wlow, whigh = wilson(wins, games)
    print(f"{variant_key} {tested} vs {opponent}: {games} games (cap {cap}), W/D/L {wins}/{draws}/{losses}; "
          f"wins {100 * wins / games:.0f}% [{100 * wlow:.0f}-{100 * whigh:.0f}]; "
          f"score {100 * score / games:.0f}% [95% Wilson {100 * low:.0f}-{100 * high:.0f}]")
    print("    by seat (W/D/L): " + "; ".join(f"{seat} {w}/{d}/{l}" for seat, (w, d, l) in as_seat.items()))
    for who, spent in sorted(timings.items()):
        print(f"    {who}: {len(spent)} phases ordered, median {1000 * statistics.median(spent):.1f} ms, "
              f"slowest {1000 * max(spent):.0f} ms per phase")


def balance(level: str, games: int, cap: int | None, seed: int, keys: list[str]) -> None:
    """Equal bots on both seats of each two-seat variant: wins by seat."""
    for key in keys:
        default_cap = BALANCE_VARIANTS[key]
        variant = get_variant(key)
        seats = variant.seats(variant.parse_options({}))
        last = cap or default_cap
        wins = {seat: 0 for seat in seats}
        draws = 0
        timings: dict[str, list[float]] = {}
        for game in range(games):
            winner = play(variant, seed + game, {seat: level for seat in seats}, last, timings)
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
        decided = games - draws
        shares = []
        for seat in seats:
            low, high = wilson(wins[seat], decided)
            shares.append(f"{seat} {wins[seat]} ({100 * wins[seat] / decided:.0f}% of decided "
                          f"[{100 * low:.0f}-{100 * high:.0f}])" if decided else f"{seat} 0")
        spent = timings.get(level, [0.0])
        print(f"{key} {level} vs {level}: {games} games (cap {last}): " + "; ".join(shares)
              + f"; draws {draws}; median {1000 * statistics.median(spent):.1f} ms per phase", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", help="the variant of the matches (default rx07); with --balance, "
                        "comma-separated variants (default: rx07, france_austria, england_turkey)")
    parser.add_argument("--match", action="append", help="tested:opponent, e.g. normal:hold (repeatable)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--cap", type=int, default=None, help="last game year played (default 1922; "
                        "with --balance: 1922 for rx07, 1915 for the two-player variants)")
    parser.add_argument("--balance", help="levels (comma-separated) to play against themselves on both seats "
                        "of rx07, france_austria and england_turkey")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    register_all()
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    if args.balance:
        for level in args.balance.split(","):
            if level.strip() not in BOT_LEVELS:
                parser.error(f"`{level}` is not a level; choose from {', '.join(BOT_LEVELS)}")
            keys = args.variant.split(",") if args.variant else list(BALANCE_VARIANTS)
            for key in keys:
                if key not in BALANCE_VARIANTS:
                    parser.error(f"`{key}` is not a two-seat variant; choose from {', '.join(BALANCE_VARIANTS)}")
            balance(level.strip(), args.games, args.cap, args.seed, keys)
        return
    args.cap = args.cap or 1922
    for spec in args.match or MATCHES:
        tested, _, opponent = spec.partition(":")
        for who in (tested, opponent):
            if who not in BOT_LEVELS + ("hold", "random"):
                parser.error(f"`{who}` is not a player; choose from {', '.join(BOT_LEVELS + ('hold', 'random'))}")
        match(args.variant or "rx07", tested, opponent, args.games, args.cap, args.seed)


if __name__ == "__main__":
    main()
