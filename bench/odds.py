"""Exact odds against a 10,000-run simulation of the same battles (goal: ≥ 10× faster, same
numbers within sampling error), and the largest battles `/odds` accepts (40 units a side) worked
out exactly (goal: ≤ 100 ms each, issue 25). Run: `.venv/bin/python bench/odds.py [--runs N]`."""
from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10_000)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
