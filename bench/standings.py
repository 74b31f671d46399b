"""Standings speed: a league table from 1,000 counted games (goal ≤ 200 ms), and a tournament's
overall standings from 100 boards a round over 3 rounds. Games are 7-player Diplomacy boards with
fractional points and many ties, so the tie-breaks (head-to-head included) do real work.

Timed twice: the pure table (`engine.tournaments`), and `/league standings` as the service answers
it — a league of a server holding 10,000 recorded games (bench/ratings_db.py's), 1,000 of them
counted in the league: its results read from the database, each game scored under the league's
system, the table ranked and written as the reply (`Leagues.standings` and `LeagueTable.text`).
Run: `nice -n 15 .venv/bin/python bench/standings.py` (`--games N`, `--players N`, `--server-games N`)."""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
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


async def through_the_service(counted: int, server_games: int, players: int, samples: int = 15) -> None:
    """`/league standings` of a league counting `counted` of the server's `server_games` games."""
    from datetime import datetime, timezone

    from bench.ratings_db import GUILD, fill
    from db import Database
    from engine.catalog import register_all
    from service import Actor
    from service.seasons import Seasons
    from service.store import Store

    register_all()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        try:
            seasons = Seasons(Store(db), lambda: datetime.now(timezone.utc))
            await fill(db, server_games, players)
            league = await seasons.leagues.create(GUILD, Actor(1, is_admin=True), "Bench",
                                                  families="classic,rx07,aa1914")
            games = await db.fetchall("SELECT game_id FROM game_results WHERE ending <> 'abandoned' "
                                      "ORDER BY game_id LIMIT ?", (counted,))
            now = datetime.now(timezone.utc).isoformat(timespec="seconds")
            async with db.transaction() as tx:
                for row in games:
                    await tx.leagues.add_game(league.id, row["game_id"], now)
                for user in range(1, players + 1):
                    await tx.leagues.join(league.id, user, "played", now)

            async def ask() -> str:
                return (await seasons.leagues.standings(GUILD, "bench")).text()

            began = time.perf_counter()
            text = await ask()
            first = time.perf_counter() - began       # the process's first: every game scored once
            times = []
            load = os.getloadavg()
            for _ in range(samples):
                began = time.perf_counter()
                await ask()
                times.append(time.perf_counter() - began)
            print(f"  /league standings through the service and the database, {len(games):,} counted games of "
                  f"{server_games:,} on the server, {players} players: median {statistics.median(times) * 1000:.0f} ms, "
                  f"best {min(times) * 1000:.0f} ms over {samples} (goal ≤ 200 ms; load {load[0]:.1f}); the process's "
                  f"first, scoring every game once: {first * 1000:.0f} ms")
            print(f"  the reply: {len(text.splitlines())} lines, {len(text):,} characters")
        finally:
            await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--server-games", type=int, default=None, help="games on the server (default: 10 × --games)")
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
    asyncio.run(through_the_service(args.games, args.server_games or 10 * args.games, args.players))


if __name__ == "__main__":
    main()
