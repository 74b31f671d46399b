"""Recomputing a server's ratings from the database: 10,000 finished games recorded in one server
(classic seven-seat and two-seat games, rx07 and aa1914 with their sides; bots, substitutes,
civil disorder, abandoned games), every family read back from `game_results` and its rows,
rated (`engine.ratings.rate`, in a thread) and written over the `ratings` table. Goal ≤ 5 s
(docs/scoring.md). Checks that a second recompute writes the very same numbers.
Run: `nice -n 15 .venv/bin/python bench/ratings_db.py [--games N] [--players N]`."""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from service.seasons import Seasons  # noqa: E402
from service.store import Store  # noqa: E402

GUILD = 4242


def raw(tx):
    """The driver's connection under a transaction (thousands of rows at once for a bench)."""
    return getattr(tx, "conn", tx)
SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
AA = (("Germany", "Central Powers"), ("Austria-Hungary", "Central Powers"), ("Ottoman Empire", "Central Powers"),
      ("Russia", "Allies"), ("France", "Allies"), ("British Empire", "Allies"), ("Italy", "Allies"),
      ("United States", "Allies"))


async def fill(db: Database, games: int, players: int, seed: int = 1, guild: int = GUILD) -> None:
    """`games` finished games with their results, straight into the tables (as the records
    part writes them), in one transaction."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    rows: dict[str, list[tuple]] = {"games": [], "results": [], "powers": [], "seats": [], "holders": []}
    first = (await db.fetchone("SELECT COALESCE(MAX(id), 0) AS top FROM games"))["top"] + 1
    for n in range(games):
        game_id = first + n
        family = rng.choice(["classic", "classic", "rx07", "aa1914"])
        if family == "classic" and rng.random() < 0.7:
            variant, seats = "classic", [(s, None) for s in SEVEN]
        elif family == "classic":
            variant, seats = "france_austria", [("France", "France"), ("Austria", "Austria")]
        elif family == "rx07":
            variant, seats = "rx07", [("Entente", "Entente"), ("Central", "Central")]
        else:
            variant, seats = "aa1914", list(AA)
        ending = rng.choices(["solo", "draw", "concession", "abandoned"], [3, 6, 1, 1])[0]
        finished = (start + timedelta(minutes=41 * n)).isoformat(timespec="seconds")
        rows["games"].append((game_id, guild, f"Game {n}", variant, "{}", "abandoned" if ending == "abandoned"
                              else "finished", 1, "seed", f"hash{game_id}", 48.0, "[24, 1]", finished, finished,
                              finished))
        chosen = rng.sample(range(1, players + 1), len(seats) + 1)
        sides = sorted({side for _, side in seats if side})
        winner_side = rng.choice(sides) if sides else None
        survivors = rng.randint(1, len(seats))
        for i, (seat, side) in enumerate(seats):
            if side:
                points = 0.5 if ending == "draw" else (1.0 if side == winner_side else 0.0)
            elif ending == "solo":
                points = 100.0 if i == 0 else 0.0
            else:
                points = 100 / survivors if i < survivors else 0.0
            rows["seats"].append((game_id, seat, side, points))
            rows["powers"].append((game_id, seat, seat, rng.randint(0, 12), None, None, None))
            roll = rng.random()
            phases = rng.randint(10, 40)
            if roll < 0.08:
                holders = [(None, rng.choice(["easy", "normal", "hard"]), phases)]
            elif roll < 0.15:
                holders = [(chosen[i], None, phases // 2), (chosen[-1], None, phases - phases // 2)]
            elif roll < 0.18:
                holders = [(chosen[i], None, phases - 3), (None, None, 3)]
            else:
                holders = [(chosen[i], None, phases)]
            for position, (user, bot, held) in enumerate(holders):
                rows["holders"].append((game_id, seat, position, user, bot, held, 0))
        winners = [seats[0][0]] if ending in ("solo", "concession") and not sides else \
            [s for s, side in seats if side == winner_side] if ending in ("solo", "concession") else []
        rows["results"].append((game_id, guild, variant, family, ending, finished, str(winners).replace("'", '"'),
                                "winloss" if sides else "dss", 1901, 1910, 30, 34, finished))
    async with db.transaction() as conn:
        await raw(conn).executemany(
            "INSERT INTO games (id, guild_id, name, variant, options, status, creator_id, seed, seed_hash, phase_hours, "
            "reminder_hours, created_at, started_at, ended_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows["games"])
        await raw(conn).executemany(
            "INSERT INTO game_results (game_id, guild_id, variant, family, ending, finished_at, winners, scoring, "
            "first_year, last_year, phases, board_centres, recorded_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            rows["results"])
        await raw(conn).executemany("INSERT INTO result_powers (game_id, power, seat, centres, income, fell_order, "
                               "fell_year) VALUES (?,?,?,?,?,?,?)", rows["powers"])
        await raw(conn).executemany("INSERT INTO result_seats (game_id, seat, side, points) VALUES (?,?,?,?)", rows["seats"])
        await raw(conn).executemany("INSERT INTO result_holders (game_id, seat, position, user_id, bot, phases, from_seq) "
                               "VALUES (?,?,?,?,?,?,?)", rows["holders"])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        try:
            seasons = Seasons(Store(db), lambda: datetime.now(timezone.utc))
            built = time.perf_counter()
            await fill(db, args.games, args.players)
            print(f"{args.games:,} finished games written in {time.perf_counter() - built:.1f} s")
            ladders = seasons.ladders
            load = os.getloadavg()
            began, cpu = time.perf_counter(), time.process_time()
            first = {family: await ladders.recompute(GUILD, family) for family in ("classic", "rx07", "aa1914")}
            took, used = time.perf_counter() - began, time.process_time() - cpu
            print(f"recompute of every family from the database: {took:.2f} s (goal ≤ 5 s), of which the process's "
                  f"own CPU {used:.2f} s; load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
            for family, ratings in first.items():
                print(f"  {family}: {len(ratings.family(family))} players rated")
            stored = {family: await ladders.stored(GUILD, family) for family in first}
            again = {family: await ladders.recompute(GUILD, family) for family in first}
            same = all(again[f].family(f) == first[f].family(f) == stored[f].family(f) for f in first)
            print(f"a second recompute and the table give the same numbers: {same}")
        finally:
            await db.close()


if __name__ == "__main__":
    asyncio.run(main())
