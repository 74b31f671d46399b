"""Game autocomplete and the clock's idle check as games accumulate.

Goal: each costs at most 1.2x at 10,000 games what it costs at 1,000. One server holds every
game (the worst case a server admin can configure: `max_games_per_server` up to 10,000), each
running game with 20 phases of history: finished deadlines and reminders, delivered messages;
one game in 50 is paused with a capped pause. The autocomplete is timed through the cogs'
`game_autocomplete` (what Discord calls on every keystroke) for typical typed texts; the idle
check is one clock round with nothing due (`tick` + delivery) plus `seconds_to_next_timer`.
Run: `.venv/bin/python bench/games_autocomplete.py [--sizes 1000 10000]`.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.common import DispatchCog  # noqa: E402
from db import Database  # noqa: E402
from engine.variant import register  # noqa: E402
from service import GameService  # noqa: E402
from service.clock import GameClock  # noqa: E402
from service.models import encode_state  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402

SEATS = ("North", "South", "East", "West")
GUILD = 1_000
AT = "2026-11-01T12:00:00+00:00"
LATER = "2026-12-01T12:00:00+00:00"
NOW = "2026-11-02T12:00:00+00:00"
TYPED = ["", "1", "12", "#7", "Game 4", "game 99", "spring", "cup", "zzz"]
PHASES = 20


async def build(db: Database, games: int) -> None:
    conn = db.conn
    await conn.execute("BEGIN")
    state = encode_state({"round": 1, "scores": {s: 0 for s in SEATS}, "options": {"players": 4, "target": 999},
                          "last_roll": None})
    for first in range(1, games + 1, 500):
        ids = range(first, min(games, first + 499) + 1)
        await conn.executemany(
            "INSERT INTO games (id, guild_id, name, variant, options, status, creator_id, seed, seed_hash, "
            "phase_hours, reminder_hours, created_at, started_at, paused_until) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(g, GUILD, f"Game {g}" if g % 7 else f"Spring Cup {g}", "guess", "{}",
              "paused" if g % 50 == 0 else "active", 10 + g, "seed", "hash", 48, "[24, 1]", AT, AT,
              LATER if g % 50 == 0 else None) for g in ids])
        await conn.executemany("INSERT INTO seats (game_id, seat, user_id) VALUES (?,?,?)",
                               [(g, seat, 100_000 + g * 4 + i) for g in ids for i, seat in enumerate(SEATS)])
        phases, timers, outbox = [], [], []
        for g in ids:
            for seq in range(PHASES):
                last = seq == PHASES - 1
                phase_id = g * 100 + seq
                phases.append((phase_id, g, seq, f"Round {seq + 1}", state, LATER if last else None, AT))
                timers.append((g, phase_id, LATER if last else AT, "deadline", None if last else AT))
                timers.append((g, phase_id, AT, "reminder", AT))
                outbox.append((g, "game", "The die shows 3.", phase_id, AT, AT))
        await conn.executemany("INSERT INTO phases (id, game_id, seq, label, state, deadline, created_at) "
                               "VALUES (?,?,?,?,?,?,?)", phases)
        await conn.executemany("INSERT INTO reminders (game_id, phase_id, due_at, kind, done_at) VALUES (?,?,?,?,?)",
                               timers)
        await conn.executemany("INSERT INTO outbox (game_id, target, content, phase_id, created_at, delivered_at) "
                               "VALUES (?,?,?,?,?,?)", outbox)
        await conn.executemany("UPDATE games SET current_phase=? WHERE id=?", [(g * 100 + PHASES - 1, g) for g in ids])
    await conn.execute("COMMIT")
    await conn.execute("ANALYZE")


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


async def measure(service: GameService, samples: int) -> dict[str, float]:
    from datetime import datetime
    service.clock = lambda: datetime.fromisoformat(NOW)
    cog = SimpleNamespace(service=service)
    interaction = SimpleNamespace(guild_id=GUILD, user=SimpleNamespace(id=100_004))
    figures, most = {}, 0
    for typed in TYPED:
        times = []
        for _ in range(samples):
            began = time.perf_counter()
            found = await DispatchCog.game_autocomplete(cog, interaction, typed)
            times.append(time.perf_counter() - began)
            most = max(most, len(found))
        figures[f"autocomplete {typed!r}"] = median_ms(times)

    async def send(destination, delivery):
        raise AssertionError("nothing is due in this bench")
    clock = GameClock(service, send)
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        await clock.run_once()
        await service.seconds_to_next_timer()
        times.append(time.perf_counter() - began)
    figures["clock idle round"] = median_ms(times)
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        await service.seconds_to_next_timer()
        times.append(time.perf_counter() - began)
    figures["next wake-up"] = median_ms(times)
    figures["(most choices)"] = most
    return figures


async def run(sizes: list[int], samples: int) -> None:
    register(GuessVariant())
    results = {}
    for games in sizes:
        with tempfile.TemporaryDirectory() as folder:
            db = await Database(Path(folder) / "bench.sqlite3").connect()
            began = time.perf_counter()
            await build(db, games)
            print(f"{games} games in one server x {PHASES} phases written in {time.perf_counter() - began:.0f}s")
            service = GameService(db)
            await measure(service, 3)                       # warm caches and the page cache
            results[games] = await measure(service, samples)
            await db.close()
    small, large = min(sizes), max(sizes)
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'':26s} {small:>8d} games {large:>8d} games   ratio (goal ≤ 1.2)")
    for name in results[small]:
        a, b = results[small][name], results[large][name]
        if name.startswith("("):
            print(f"{name:26s} {a:14.0f} {b:14.0f}   (goal ≤ 25)")
        else:
            print(f"{name:26s} {a:11.3f} ms {b:11.3f} ms   {b / a:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(run(args.sizes, args.samples))


if __name__ == "__main__":
    main()
