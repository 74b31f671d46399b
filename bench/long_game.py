"""A long A&A 1914 game in a database, for the benches of long games: 20 rounds of the
eight powers with random legal orders (161 phases with the starting one), played through the
service once and kept in a file so later runs reuse it.

Run alone to build it: `.venv/bin/python bench/long_game.py [--rounds 20] [--path FILE]`.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from service import Actor, GameService  # noqa: E402
from tests.aa_random_play import accepted, random_lines  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "dispatch-bench-aa1914-{rounds}.sqlite3"
PLAYER = Actor(1, name="p")
GUILD = 5


async def play(service: GameService, rounds: int, seed: int = 7) -> int:
    """Create, start and play an A&A game of `rounds` rounds; returns its id."""
    rng = random.Random(seed)
    game = await service.create_game(GUILD, PLAYER, "aa1914", "Long war")
    for _ in game.seats:
        await service.join(game.id, PLAYER)
    await service.start(game.id, PLAYER)
    variant = get_variant("aa1914")
    for _ in range(rounds * len(game.seats)):
        if (await service.game(game.id)).status != "active":
            break
        phase = await service.phase(game.id)
        for seat in variant.seats_to_act(phase.state):
            lines = accepted(phase.state, seat, random_lines(phase.state, seat, rng))
            if lines:
                await service.submit_orders(game.id, PLAYER, "\n".join(lines), seat)
        await service.adjudicate(game.id)
    return game.id


def long_game_file(rounds: int = 20) -> Path:
    """The database file of the long game (built on first use)."""
    return asyncio.run(built_long_game(rounds))


async def built_long_game(rounds: int = 20) -> Path:
    """`long_game_file` from inside a running event loop (as `open_copy` is: it cannot `asyncio.run`)."""
    path = Path(str(CACHE).format(rounds=rounds))
    if not path.exists():
        await _build(path, rounds)
    return path


async def _build(path: Path, rounds: int) -> None:
    register_all()
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder) / "long.sqlite3"
        db = await Database(scratch).connect()
        service = GameService(db, seed_source=lambda: "long-game-bench")
        await play(service, rounds)
        await db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await db.close()
        shutil.copy(scratch, path.with_suffix(".part"))
    path.with_suffix(".part").rename(path)


async def open_copy(rounds: int = 20) -> tuple[Database, GameService, int, Path]:
    """A working copy of the long game's database, its service and the game id (the caller closes
    the database and removes the folder)."""
    register_all()
    folder = Path(tempfile.mkdtemp(prefix="dispatch-bench-"))
    path = folder / "long.sqlite3"
    shutil.copy(await built_long_game(rounds), path)
    db = await Database(path).connect()
    service = GameService(db)
    row = await db.fetchone("SELECT id FROM games ORDER BY id LIMIT 1")
    return db, service, row["id"], folder


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    print(long_game_file(args.rounds))
