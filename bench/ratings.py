"""Recomputing every rating from the stored history: 10,000 finished games (a mix of classic
seven-seat and two-seat games, rx07 and aa1914; bots, substitutes, civil disorder, abandoned
games), goal ≤ 5 s (issue: "Recomputing 10,000 finished games takes ≤ 5 s"). Also the incremental
path, one game at a time, which must give the same numbers.
Run: `nice -n 15 .venv/bin/python bench/ratings.py [--games N] [--players N] [--repeats N]`."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ratings import FinishedGame, Holder, Ratings, SeatResult, apply_game, rate  # noqa: E402

SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def history(games: int, players: int, seed: int = 1) -> list[FinishedGame]:
    rng = random.Random(seed)
    names = [f"player{i}" for i in range(players)]
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    out = []
    for n in range(games):
        family = rng.choice(["classic", "classic", "rx07", "aa1914"])
        seats = SEVEN if family == "classic" and rng.random() < 0.7 else ("A", "B")
        chosen = rng.sample(names, len(seats) + 1)
        holders = []
        for i in range(len(seats)):
            roll = rng.random()
            if roll < 0.08:
                holders.append((Holder(rng.randint(10, 40), bot=rng.choice(["easy", "normal", "hard"])),))
            elif roll < 0.15:
                holders.append((Holder(rng.randint(5, 20), player=chosen[i]),
                                Holder(rng.randint(5, 20), player=chosen[-1])))
            elif roll < 0.18:
                holders.append((Holder(rng.randint(5, 20), player=chosen[i]), Holder(rng.randint(1, 5))))
            else:
                holders.append((Holder(rng.randint(10, 40), player=chosen[i]),))
        if len(seats) == 2:
            points = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
        elif rng.random() < 0.5:
            survivors = rng.randint(1, 7)
            points = [100 / survivors if i < survivors else 0.0 for i in range(7)]
        else:
            centres = [rng.randint(0, 10) for _ in range(7)]
            squares = sum(c * c for c in centres) or 1
            points = [100 * c * c / squares for c in centres]
        ending = rng.choices(["victory", "draw", "concession", "abandoned", "gm_decision"], [3, 6, 1, 1, 1])[0]
        out.append(FinishedGame(f"g{n}", family, (start + timedelta(minutes=41 * n)).isoformat(), ending,
                                tuple(SeatResult(s, h, p) for s, h, p in zip(seats, holders, points))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    games = history(args.games, args.players)
    seven = sum(len(g.seats) == 7 for g in games)
    rated = sum(g.rated for g in games)
    print(f"history: {len(games)} finished games ({seven} seven-seat, {len(games) - seven} two-seat; "
          f"{rated} rated), {args.players} players")
    times = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        full = rate(games)
        times.append(time.perf_counter() - start)
    best, median = min(times), sorted(times)[len(times) // 2]
    print(f"rate(history): best {best:.3f} s, median {median:.3f} s over {args.repeats} runs "
          f"({'ok' if median <= 5 else 'OVER 5 s'}; goal ≤ 5 s); {len(full)} player×family ratings")
    start = time.perf_counter()
    ratings = Ratings()
    for game in games:
        ratings = apply_game(ratings, game)
    print(f"apply_game one by one: {time.perf_counter() - start:.3f} s; same numbers as rate: {ratings == full}")
    print(f"load average (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
