"""Storage of a long A&A game: database bytes and export size (issue #9: a 20-round game ≤ 2 MB
in the database; the export always fits Discord's 10 MiB upload once gzip-compressed).

Plays N rounds (8 power turns each) with random legal orders through the service, then prints
the database size, the per-phase state size, and the export raw and gzip-compressed.
Run: `.venv/bin/python bench/storage.py [--rounds 20]`.
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
from engine.catalog import register_all  # noqa: E402
from service import Actor, GameService  # noqa: E402
from tests.test_aa1914_random_play import accepted, random_lines  # noqa: E402


async def main(rounds: int) -> None:
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    asyncio.run(main(parser.parse_args().rounds))
