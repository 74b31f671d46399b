"""Standings speed: a league table from 1,000 counted games (goal ≤ 200 ms), and a tournament's
overall standings from 100 boards a round over 3 rounds. Games are 7-player Diplomacy boards with
fractional points and many ties, so the tie-breaks (head-to-head included) do real work.
Run: `.venv/bin/python bench/standings.py` (`--games N`, `--players N`)."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.tournaments import (BoardResult, BoardScore, GamePoints, LeagueGame, league_standings,  # noqa: E402
                                tournament_standings)


def timed(fn, repeat: int = 5) -> float:
    """The best of `repeat` runs, in seconds (the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=150)
    args = parser.parse_args()
    rng = random.Random(1)
    names = [f"p{i}" for i in range(args.players)]
    games = [LeagueGame(g, tuple(GamePoints(p, rng.choice([0, 0, 0, 14.3, 20, 33.3, 100]), rng.randrange(18))
                                 for p in rng.sample(names, 7))) for g in range(args.games)]
    load_before = os.getloadavg()
    league = timed(lambda: league_standings(games, names))
    results = [BoardResult(r, b, tuple(BoardScore(p, rng.choice([0, 0, 14.3, 20, 33.3]), rng.randrange(18))
                                       for p in names[(b * 7) % len(names):][:7] or names[:7]))
               for r in (1, 2, 3) for b in range(100)]
    players = sorted({s.player for res in results for s in res.scores})
    tournament = timed(lambda: tournament_standings(results, players, counted_rounds=2))
    load = max(load_before[0], os.getloadavg()[0])
    print(f"standings (load {load:.2f}):")
    print(f"  league table, {args.games} counted games, {args.players} players: {league * 1000:.1f} ms (goal ≤ 200 ms)")
    print(f"  tournament standings, 3 rounds × 100 boards: {tournament * 1000:.1f} ms")


if __name__ == "__main__":
    main()
