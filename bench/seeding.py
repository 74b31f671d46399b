"""Tournament seeding speed and quality: 49 players into 7 boards (goal ≤ 1 s a round) and 700
players into 100 boards (goal: a few seconds), three rounds each with random dipvis preference
lists, printing per round the time, the repeat meetings and repeated powers the seeding could not
avoid, and how many players got their first choice. Run: `.venv/bin/python bench/seeding.py`
(`--rounds N`, `--seed S`; run it under `nice -n 15` on a shared machine)."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.tournaments import parse_preferences, seats_played, seed_round  # noqa: E402
from engine.tournaments.shapes import CLASSIC  # noqa: E402

GOALS = {49: 1.0, 700: 5.0}


def event(players: int, rounds: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    prefs_rng = random.Random(seed + 1)
    prefs = {p: "".join(prefs_rng.sample(CLASSIC.letters, prefs_rng.randint(0, 7))) for p in names}
    done = []
    lines = []
    for number in range(1, rounds + 1):
        load_before = os.getloadavg()
        start = time.perf_counter()
        seeded = seed_round(names, CLASSIC, rng, previous=done, preferences=prefs)
        took = time.perf_counter() - start
        load = max(load_before[0], os.getloadavg()[0])
        played = seats_played(done)
        done.append(seeded)
        listed = [p for p in names if prefs[p]]
        best = 0
        for p in listed:
            wants = parse_preferences(prefs[p], CLASSIC)
            fresh = [s for s in CLASSIC.seat_names if not played.get(p, {}).get(s)]
            seat = seeded.board_of(p).seat_of(p)
            best += wants.rank(seat) == min(wants.rank(s) for s in fresh)
        lines.append(f"  {players} players, {len(seeded.boards)} boards, round {number}: {took:.3f} s "
                     f"(goal ≤ {GOALS.get(players, 5.0):g} s, load {load:.2f}); repeat meetings "
                     f"{len(seeded.repeat_meetings)}, repeated powers {len(seeded.repeated_seats)}; "
                     f"{best}/{len(listed)} with a list got the most wanted power they had not played")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"seeding (machine load {' '.join(f'{x:.2f}' for x in os.getloadavg())}):")
    for players in (49, 700):
        for line in event(players, args.rounds, args.seed):
            print(line)


if __name__ == "__main__":
    main()
