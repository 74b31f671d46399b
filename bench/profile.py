"""`/profile` at 10,000 finished games in one server: the asker's ratings (with their place in
each family), reliability over their last ten order phases, their newest finished games with
each one's result and score under its own system, and the games they play now — read and
written as the cog sends it. The server's results are those of `bench/ratings_db.py`, each game
with ten adjudicated phases of seat records (reliability reads them), the ratings recomputed;
the asker also sits in three running games. Goal ≤ 50 ms (docs/scoring.md). The first call of a
process (which looks for games to record) is timed apart.
Run: `nice -n 15 .venv/bin/python bench/profile.py [--games N] [--samples N]`."""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ratings_db import GUILD, fill, raw  # noqa: E402
from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from service.seasons import Seasons, fits  # noqa: E402
from service.store import Store  # noqa: E402

ASKER = 7
PHASES = 10


async def phase_records(db: Database, seed: int = 2) -> int:
    """Ten adjudicated phases per recorded game, with a row per seat held by a person."""
    rng = random.Random(seed)
    games = await db.fetchall("SELECT game_id, finished_at FROM game_results ORDER BY game_id")
    holders = await db.fetchall("SELECT game_id, seat, user_id FROM result_holders WHERE position = 0")
    seats: dict[int, list] = {}
    for row in holders:
        seats.setdefault(row["game_id"], []).append((row["seat"], row["user_id"]))
    top = (await db.fetchone("SELECT COALESCE(MAX(id), 0) AS top FROM phases"))["top"]
    phases, records = [], []
    for game in games:
        for seq in range(PHASES):
            top += 1
            phases.append((top, game["game_id"], seq, f"Phase {seq}", b"", game["finished_at"], game["finished_at"]))
            for seat, user in seats.get(game["game_id"], []):
                missed = user is not None and rng.random() < 0.1
                records.append((top, game["game_id"], seat, user, None, 0, int(user is not None), int(missed), 0, 0, 0))
    async with db.transaction() as conn:
        await raw(conn).executemany("INSERT INTO phases (id, game_id, seq, label, state, created_at, adjudicated_at) "
                               "VALUES (?,?,?,?,?,?,?)", phases)
        await raw(conn).executemany("INSERT INTO phase_seats (phase_id, game_id, seat, user_id, bot, disorder, owed, "
                               "missed, excused, paused, hidden) VALUES (?,?,?,?,?,?,?,?,?,?,?)", records)
    rows = len(records)
    return rows


async def running_games(db: Database) -> None:
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    async with db.transaction() as conn:
        for n in range(3):
            cur = await conn.execute(
                "INSERT INTO games (guild_id, name, variant, options, status, creator_id, seed, seed_hash, phase_hours, "
                "reminder_hours, created_at, started_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (GUILD, f"Running {n}", "classic", '{"anonymous": true}' if n == 2 else "{}", "active", 1, "s",
                 f"running{n}", 48.0, "[24, 1]", now, now))
            game_id = (await cur.fetchone())[0]
            for seat in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
                await conn.execute("INSERT INTO seats (game_id, seat, user_id) VALUES (?,?,?)",
                                   (game_id, seat, ASKER if seat == "France" else 1000 + n))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--samples", type=int, default=60)
    args = parser.parse_args()
    register_all()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "bench.sqlite3").connect()
        try:
            seasons = Seasons(Store(db), lambda: datetime.now(timezone.utc))
            built = time.perf_counter()
            await fill(db, args.games, args.players)
            records = await phase_records(db)
            await running_games(db)
            for family in ("classic", "rx07", "aa1914"):
                await seasons.ladders.recompute(GUILD, family)
            print(f"{args.games:,} finished games, {records:,} seat records of {args.games * PHASES:,} phases, "
                  f"written in {time.perf_counter() - built:.1f} s")

            async def ask() -> str:
                profile = await seasons.profile(GUILD, ASKER, ASKER)
                return profile.text(own=True)

            began = time.perf_counter()
            text = await ask()
            first = time.perf_counter() - began
            times = []
            load = os.getloadavg()
            for _ in range(args.samples):
                began = time.perf_counter()
                await ask()
                times.append(time.perf_counter() - began)
            times.sort()
            print(f"/profile: median {statistics.median(times) * 1000:.1f} ms, 95th percentile "
                  f"{times[int(len(times) * 0.95) - 1] * 1000:.1f} ms over {args.samples} (goal ≤ 50 ms); the process's "
                  f"first call {first * 1000:.0f} ms; load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
                  f"{os.cpu_count()} cores")
            print(f"every line at most 40 characters: {fits(text)}")
            print(text)
        finally:
            await db.close()


if __name__ == "__main__":
    asyncio.run(main())
