"""Exact odds against a 10,000-run simulation of the same battles (goal: ≥ 10× faster, same
numbers within sampling error), the largest battles `/odds` accepts (40 units a side) worked
out exactly (goal: ≤ 100 ms each), and battles under house rules (goal: every accepted one
≤ 500 ms, its error bound stated: exact where the rules allow, else a bounded simulation).
Every figure is printed with the machine's load (`os.getloadavg()`); time is wall-clock and the
process's CPU. Run: `.venv/bin/python bench/odds.py [--runs N] [--quick]`."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aa1914.combat import Piece, land_battle, sea_battle  # noqa: E402
from engine.aa1914.odds import land_odds, sea_odds  # noqa: E402

BATTLES = [
    ("land", ["infantry"] * 6 + ["artillery"] * 3 + ["fighter"] * 2, ["infantry"] * 8 + ["fighter"]),
    ("land", ["infantry"] * 4 + ["tank"] * 3 + ["artillery"] * 3, ["infantry"] * 6 + ["artillery"] * 2),
    ("sea", ["battleship"] * 2 + ["cruiser"] * 3, ["cruiser"] * 4 + ["submarine"] * 3 + ["transport"]),
    ("sea", ["battleship", "cruiser", "submarine", "submarine"], ["battleship", "cruiser", "cruiser"]),
]


def simulate(kind: str, attackers: list[str], defenders: list[str], runs: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    wins = 0
    for _ in range(runs):
        a = [Piece(t, "a", uid=i) for i, t in enumerate(attackers)]
        d = [Piece(t, "d", uid=i) for i, t in enumerate(defenders)]
        result = (land_battle if kind == "land" else sea_battle)(rng, a, d)
        wins += bool(result.attackers) and not result.defenders
    return wins / runs


LARGEST = [
    "40 battleship vs 40 battleship",
    "20 cruiser, 20 submarine vs 20 battleship, 20 transport",
    "40 fighter vs 40 fighter",
    "20 infantry, 20 fighter vs 10 artillery, 30 fighter",
    "15 infantry, 15 tank, 10 artillery vs 40 infantry",
]


def largest(repeats: int = 3) -> None:
    from service.odds import battle_odds
    for text in LARGEST:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            _, odds = battle_odds(text)
            times.append(time.perf_counter() - start)
        best = min(times) * 1000
        print(f"largest: {text:55s} exact in {best:6.1f} ms (median {sorted(times)[len(times) // 2] * 1000:6.1f}) "
              f"{'ok' if best <= 100 else 'OVER 100 ms'} | attacker wins {odds.attacker_wins:.4f}")


# the largest battles each house rule accepts, 40 units a side
HOUSE = [
    ("20 fighter, 20 infantry vs 20 fighter, 20 infantry", "aerial_combat"),
    ("20 fighter, 20 infantry vs 20 fighter, 20 infantry", "aerial_combat fighting_by_numbers"),
    ("15 infantry, 15 tank, 10 artillery vs 40 infantry", "fighting_by_numbers"),
    ("20 cruiser, 20 submarine vs 20 battleship, 20 transport", "naval_costs"),
    ("20 armored train, 20 infantry vs 20 armored train, 20 infantry", "armored_trains fighting_by_numbers"),
    ("20 armored car, 20 artillery vs 20 artillery truck, 20 fighter", "armored_cars artillery_trucks aerial_combat"),
    ("20 destroyer, 20 submarine vs 20 destroyer, 20 submarine", "destroyers sub_changes"),
    ("40 battleship vs 40 battleship", "sub_changes"),
    ("20 cruiser, 20 submarine vs 20 battleship, 20 transport", "sub_changes naval_costs"),
    ("20 merchant raider, 20 submarine vs 20 freighter, 20 cruiser", "freighters_raiders sub_changes"),
    ("20 armored train, 20 artillery vs 40 infantry", "armored_trains aerial_combat"),
    ("20 artillery truck, 20 infantry vs 20 armored car, 20 fighter", "artillery_trucks armored_cars"),
]


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def house(repeats: int = 1) -> None:
    from service.odds import battle_odds
    print(f"house rules (goal ≤ 500 ms each, bound stated); {load()}")
    for text, words in HOUSE:
        options = {word: True for word in words.split()}
        walls, cpus = [], []
        for _ in range(repeats):
            start, cpu = time.perf_counter(), time.process_time()
            _, odds = battle_odds(text, options)
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        how = f"{odds.trials:>6,} battles ±{odds.error_bound:.1%}" if odds.trials else "exact"
        best = min(cpus) * 1000
        print(f"  {text:60s} [{words}] {how:>22s}: {min(walls) * 1000:6.0f} ms wall, {best:5.0f} ms CPU "
              f"{'ok' if best <= 500 else 'OVER 500 ms'} | attacker wins {odds.attacker_wins:.3f} ({load()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--quick", action="store_true", help="house rules only, once each (make bench)")
    args = parser.parse_args()
    if args.quick:
        house()
        return
    print(load())
    for kind, attackers, defenders in BATTLES:
        start = time.perf_counter()
        exact = (land_odds if kind == "land" else sea_odds)(attackers, defenders)
        t_exact = time.perf_counter() - start
        start = time.perf_counter()
        sampled = simulate(kind, attackers, defenders, args.runs)
        t_sim = time.perf_counter() - start
        error = (exact.attacker_wins * (1 - exact.attacker_wins) / args.runs) ** 0.5
        within = abs(sampled - exact.attacker_wins) <= 4 * error + 1e-9
        print(f"{kind:4s} {len(attackers):2d} vs {len(defenders):2d}: exact {exact.attacker_wins:.4f} in "
              f"{t_exact * 1000:7.1f} ms | simulated {sampled:.4f} in {t_sim * 1000:7.1f} ms | "
              f"{t_sim / t_exact:6.1f}x faster | {'agrees' if within else 'DIFFERS'} (±{4 * error:.4f})")
    largest()
    house(repeats=3)


if __name__ == "__main__":
    main()
