"""Storage of a long A&A game: database bytes and export size (goal: a 20-round game ≤ 2 MB
in the database; the export always fits Discord's 10 MiB upload once gzip-compressed).

Plays N rounds (8 power turns each) with random legal orders through the service, then prints
the database size, the per-phase state size, and the export raw and gzip-compressed.
Run: `.venv/bin/python bench/storage.py [--rounds 20]`.

`--layers` instead times the project's thin database layer (`db/`: portable SQL on aiosqlite,
`db.read()` / `db.transaction()`) against SQLAlchemy Core's async engine over the same aiosqlite
and the same file: a game read (its row and its seats) and a small write transaction, interleaved
in rounds so the machine's load falls on both alike. SQLAlchemy is not a requirement: run it from a
throw-away venv (`python -m venv /tmp/sa && /tmp/sa/bin/pip install "sqlalchemy[asyncio]" aiosqlite`,
then `/tmp/sa/bin/python bench/storage.py --layers`).
"""
from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402


async def main(rounds: int) -> None:
    from engine.catalog import register_all
    from service import Actor, GameService
    from tests.aa_random_play import accepted, random_lines
    register_all()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        db = await Database(path).connect()
        service = GameService(db, seed_source=lambda: "storage-bench")
        player = Actor(1, name="p")
        game = await service.create_game(5, player, "aa1914", "Storage")
        for _ in game.seats:
            await service.join(game.id, player)
        await service.start(game.id, player)
        phases = 0
        while phases < rounds * len(game.seats):
            info = await service.game(game.id)
            if info.status != "active":
                break
            phase = await service.phase(game.id)
            acting = list(service_seats(phase.state, info))
            for seat in acting:
                lines = accepted(phase.state, seat, random_lines(phase.state, seat, rng))
                if lines:
                    await service.submit_orders(game.id, player, "\n".join(lines), seat)
            await service.adjudicate(game.id)
            phases += 1
        await db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        row = await db.fetchone("SELECT SUM(LENGTH(state)) AS bytes, COUNT(*) AS n FROM phases")
        export = await service.export(game.id)
        raw = json.dumps(export, separators=(",", ":")).encode()
        await db.close()
        size = path.stat().st_size
    print(f"{phases} phases ({phases / len(game.seats):.0f} rounds) of A&A 1914")
    print(f"database file: {size / 2**20:.2f} MiB (target ≤ 2 MB for 20 rounds)")
    print(f"stored states: {row['bytes'] / 2**20:.2f} MiB, {row['bytes'] / row['n'] / 1024:.1f} KiB a phase")
    print(f"export: {len(raw) / 2**20:.2f} MiB raw, {len(gzip.compress(raw, 9)) / 2**20:.2f} MiB gzip "
          f"(Discord's limit 10 MiB)")


def service_seats(state, game):
    from engine.variant import get_variant
    return get_variant(game.variant).seats_to_act(state)


GAMES = 1_000


async def layers(reads: int, writes: int, rounds: int) -> None:
    """The thin layer against SQLAlchemy Core (async), on one file, in interleaved rounds."""
    import os
    import time

    import sqlalchemy as sa
    from sqlalchemy.ext.asyncio import create_async_engine

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "layers.sqlite3"
        db = await Database(path).connect()
        async with db.transaction() as tx:
            for game in range(1, GAMES + 1):
                await tx.run("INSERT INTO games (id, guild_id, name, variant, creator_id, seed, seed_hash, phase_hours, "
                             "created_at) VALUES (?, 5, ?, 'guess', 1, 's', 'h', 48, 'now')", (game, f"Game {game}"))
                for position, seat in enumerate(("North", "South", "East", "West")):
                    await tx.seats.add(game, seat, position, 10 + position)
        engine = create_async_engine(f"sqlite+aiosqlite:///{path}")
        meta = sa.MetaData()
        async with engine.connect() as conn:
            await conn.run_sync(meta.reflect, only=["games", "seats", "events"])
        games, seats, events = (meta.tables[name] for name in ("games", "seats", "events"))

        async def thin_read(game: int) -> None:
            async with db.read() as r:
                await r.games.get(game)
                await r.seats.of_game(game)

        async def core_read(game: int) -> None:
            async with engine.connect() as conn:
                (await conn.execute(sa.select(games).where(games.c.id == game))).first()
                (await conn.execute(sa.select(seats).where(seats.c.game_id == game).order_by(seats.c.position))).all()

        async def thin_write(game: int) -> None:
            async with db.transaction() as tx:
                await tx.games.set_policy(game, {"excused_misses": game % 5})
                await tx.events.log(game, None, "now", 1, "policy", {"excused_misses": game % 5})

        async def core_write(game: int) -> None:
            async with engine.begin() as conn:
                await conn.execute(sa.update(games).where(games.c.id == game).values(excused_misses=game % 5))
                await conn.execute(sa.insert(events).values(game_id=game, at="now", actor_id=1, kind="policy",
                                                            payload='{"excused_misses": %d}' % (game % 5)))

        timings: dict[str, list[float]] = {name: [] for name in ("thin read", "core read", "thin write", "core write")}
        for _ in range(rounds):
            for name, step, count in (("thin read", thin_read, reads), ("core read", core_read, reads),
                                      ("thin write", thin_write, writes), ("core write", core_write, writes)):
                begin = time.perf_counter()
                for i in range(count):
                    await step(1 + i % GAMES)
                timings[name].append((time.perf_counter() - begin) / count)
        await engine.dispose()
        await db.close()
    print(f"thin layer (db/) against SQLAlchemy {sa.__version__} Core, async, both on aiosqlite; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; best of {rounds} interleaved rounds")
    for name, values in timings.items():
        print(f"  {name:<11} {min(values) * 1e6:7.0f} µs per operation (median {sorted(values)[len(values) // 2] * 1e6:.0f})")
    print("  (a read: a game's row and its four seats; a write: one transaction of an UPDATE and an INSERT)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--layers", action="store_true", help="time db/ against SQLAlchemy Core instead")
    parser.add_argument("--reads", type=int, default=2_000)
    parser.add_argument("--writes", type=int, default=500)
    args = parser.parse_args()
    if args.layers:
        asyncio.run(layers(args.reads, args.writes, 5))
    else:
        asyncio.run(main(args.rounds))
