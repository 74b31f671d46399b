"""Service cost as the database grows: every command at 10,000 games (50 phases each) should
cost at most 1.2× what it costs at 1,000 games; at 100 commands a second with the delivery clock
running, p50/p99 per command, on SQLite (the default) and on PostgreSQL.

The history (phases, orders, events, delivered messages, finished timers) is written in bulk
with the same shapes the service writes; the commands then run through `GameService`.
Run: `.venv/bin/python bench/service_load.py [--sizes 1000 10000] [--phases 50]`; on PostgreSQL
add `--backend postgresql` beside a server (DATABASE_URL, a user who may create databases: each
size gets a database of its own, dropped after), e.g. in a throw-away cluster:
`nice -n 15 .ci/with-postgresql .venv/bin/python bench/service_load.py --backend postgresql`.
The machine's load (`os.getloadavg()`) is printed with the figures: on a shared machine they
are upper bounds.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import Database, database_for  # noqa: E402
from engine.variant import register  # noqa: E402
from service import Actor, GameService  # noqa: E402
from service.clock import GameClock  # noqa: E402
from service.models import encode_state  # noqa: E402
from service.text import game_status  # noqa: E402
from tests.toy_variant import GuessVariant  # noqa: E402

SEATS = ("North", "South", "East", "West")
GAMES_PER_GUILD = 20
RATE = 100.0           # commands a second the load test asks for
AT = "2026-11-01T12:00:00+00:00"
LATER = "2026-12-01T12:00:00+00:00"


def player(game: int, seat: int) -> int:
    return 10_000 + game * len(SEATS) + seat


class Bulk:
    """Rows written in bulk: `COPY` on PostgreSQL, `executemany` on SQLite."""

    def __init__(self, db):
        self.conn = db.conn
        self.copy = getattr(self.conn, "copy_rows", None)

    async def executemany(self, sql: str, rows: list[tuple]) -> None:
        head = sql.split("(", 1)
        if self.copy is None or not sql.startswith("INSERT INTO"):
            await self.conn.executemany(sql, rows)
            return
        table = head[0].split()[-1]
        columns = [c.strip() for c in head[1].split(")", 1)[0].split(",")]
        await self.copy(table, columns, rows)


async def build(db: Database, games: int, phases: int) -> None:
    """Bulk-write `games` running games with `phases` phases of history each."""
    conn = Bulk(db)
    await db.conn.execute("BEGIN")
    numbered = ("games", "phases", "events", "reminders", "outbox")
    if conn.copy is not None:       # PostgreSQL: rows keep the ids given; id_sequence set once after
        for table in numbered:
            await db.conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_next_id")
    state = {"round": 1, "scores": {s: 0 for s in SEATS}, "options": {"players": 4, "target": 999},
             "last_roll": None}
    next_event, next_timer, next_message = itertools.count(1), itertools.count(1), itertools.count(1)
    for first in range(1, games + 1, 500):
        ids = range(first, min(games, first + 499) + 1)
        await conn.executemany(
            "INSERT INTO games (id, guild_id, name, variant, options, status, creator_id, seed, seed_hash, "
            "phase_hours, reminder_hours, category_id, channel_id, created_at, started_at, current_phase) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(g, 1_000 + g // GAMES_PER_GUILD, f"Game {g}", "guess", json.dumps(state["options"]), "active",
              player(g, 0), "seed", "hash", 48.0, "[24, 1]", 5_000_000 + g, 6_000_000 + g, AT, AT,
              g * 1000 + phases - 1) for g in ids])
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, channel_id) VALUES (?,?,?,?)",
            [(g, seat, player(g, i), 7_000_000 + g * 10 + i) for g in ids for i, seat in enumerate(SEATS)])
        phase_rows, order_rows, event_rows, timer_rows, outbox_rows = [], [], [], [], []
        for g in ids:
            for seq in range(phases):
                phase_id = g * 1000 + seq
                last = seq == phases - 1
                stored = encode_state({**state, "round": seq + 1})
                phase_rows.append((phase_id, g, seq, f"Round {seq + 1}", stored, LATER if last else None, AT,
                                   None if last else AT, None if last else "The die shows 3."))
                for i, seat in enumerate(SEATS):
                    order_rows.append((phase_id, seat, json.dumps([f"guess {1 + (seq + i) % 6}"]), 0 if last else 1,
                                       player(g, i), AT))
                    event_rows.append((next(next_event), g, phase_id, AT, player(g, i), "orders",
                                       json.dumps({"seat": seat, "lines": ["guess 3"]})))
                event_rows.append((next(next_event), g, phase_id, AT, None, "adjudicated", json.dumps({"reason": "deadline"})))
                timer_rows.append((next(next_timer), g, phase_id, LATER if last else AT, "deadline", None if last else AT))
                outbox_rows.append((next(next_message), g, "game", "The die shows 3.", phase_id, AT, AT))
        await conn.executemany("INSERT INTO phases (id, game_id, seq, label, state, deadline, created_at, "
                               "adjudicated_at, report) VALUES (?,?,?,?,?,?,?,?,?)", phase_rows)
        await conn.executemany("INSERT INTO orders (phase_id, seat, lines, ready, submitted_by, submitted_at) "
                               "VALUES (?,?,?,?,?,?)", order_rows)
        await conn.executemany("INSERT INTO events (id, game_id, phase_id, at, actor_id, kind, payload) "
                               "VALUES (?,?,?,?,?,?,?)", event_rows)
        await conn.executemany("INSERT INTO reminders (id, game_id, phase_id, due_at, kind, done_at) "
                               "VALUES (?,?,?,?,?,?)",
                               timer_rows)
        await conn.executemany("INSERT INTO outbox (id, game_id, target, content, phase_id, created_at, "
                               "delivered_at) VALUES (?,?,?,?,?,?,?)", outbox_rows)
    if conn.copy is not None:
        for table in numbered:
            await db.conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_next_id")
            await db.conn.execute(f"INSERT INTO id_sequence (name, seq) SELECT '{table}', MAX(id) FROM {table}")
    await db.conn.execute("COMMIT")
    await db.conn.execute("ANALYZE")


def commands(service: GameService, games: int, rng: random.Random):
    """The commands players and the bot run most, each as (name, coroutine factory)."""
    async def channel_lookup():
        g = rng.randint(1, games)
        await service.game_for_channel(7_000_000 + g * 10 + rng.randrange(4))

    async def chatter_lookup():          # a message in a channel that belongs to no game
        await service.game_for_channel(9_000_000_000 + rng.randrange(10 ** 6))

    async def list_server():
        await service.list_games(1_000 + rng.randint(1, games) // GAMES_PER_GUILD)

    async def status():
        await game_status(service, await service.game(rng.randint(1, games)), None)

    async def orders():
        g, i = rng.randint(1, games), rng.randrange(4)
        await service.submit_orders(g, Actor(player(g, i)), f"guess {rng.randint(1, 6)}", SEATS[i])

    async def ready():
        g, i = rng.randint(1, games), rng.randrange(3)          # never the fourth: no adjudication here
        await service.mark_ready(g, Actor(player(g, i)), bool(rng.getrandbits(1)), SEATS[i])

    async def adjudicate():
        g = rng.randint(1, games)
        await service.force_adjudicate(g, Actor(player(g, 0)))

    return {"channel lookup": channel_lookup, "chatter lookup": chatter_lookup, "list games": list_server,
            "status": status, "orders": orders, "ready": ready, "adjudicate": adjudicate}


class RoundTrips:
    """Trips to the database server per command, counted as asyncpg makes them on PostgreSQL:
    one for each statement, and two around each transaction and each snapshot read (BEGIN, which
    carries the write lock's request, and COMMIT); a lookup (`db.lookup()`, one statement) has
    none around it. The same count on either database, a figure the machine's load does not move."""

    def __init__(self, db):
        self.count = 0
        db.trace = lambda sql, params: self.add(1)
        for name in ("read", "transaction"):
            if hasattr(db, name):
                setattr(db, name, self.wrapped(getattr(db, name)))

    def add(self, n: int) -> None:
        self.count += n

    def wrapped(self, open_session):
        def counted(*args, **kwargs):
            self.add(2)
            return open_session(*args, **kwargs)
        return counted


async def measure(service: GameService, games: int, samples: int,
                  trips: RoundTrips | None = None) -> dict[str, tuple[float, float]]:
    """Each command `samples` times one at a time: (median seconds, round trips each)."""
    rng = random.Random(5)
    medians = {}
    for name, command in commands(service, games, rng).items():
        times = []
        counted = trips.count if trips else 0
        for _ in range(samples if name != "adjudicate" else samples // 4):
            began = time.perf_counter()
            await command()
            times.append(time.perf_counter() - began)
        medians[name] = (statistics.median(times), ((trips.count if trips else 0) - counted) / len(times))
    return medians


async def under_load(service: GameService, games: int, rate: float, seconds: float) -> dict[str, list[float]]:
    """Commands at `rate` per second for `seconds` while the clock delivers and fires timers:
    each command's latencies."""
    async def send(destination, delivery):
        await asyncio.sleep(0.002)          # a quick Discord

    clock = asyncio.create_task(GameClock(service, send).run())
    rng = random.Random(9)
    mix = commands(service, games, rng)
    weights = {"channel lookup": 30, "chatter lookup": 30, "orders": 15, "ready": 10, "status": 8,
               "list games": 5, "adjudicate": 2}
    names = list(weights)
    latencies: dict[str, list[float]] = {name: [] for name in names}
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        name = rng.choices(names, [weights[k] for k in names])[0]
        began = time.perf_counter()
        await mix[name]()
        latencies[name].append(time.perf_counter() - began)
        n += 1
        delay = start + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
    clock.cancel()
    await asyncio.gather(clock, return_exceptions=True)        # stopped before the database closes
    return latencies


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


class Backend:
    """Where each size's database lives: a SQLite file in a temporary folder, or a PostgreSQL
    database of its own on the server at DATABASE_URL (made here, dropped after)."""

    def __init__(self, name: str):
        self.name = name
        self.url = os.getenv("DATABASE_URL", "").strip()
        if name == "postgresql" and not self.url.startswith(("postgresql:", "postgres:")):
            raise SystemExit("--backend postgresql needs DATABASE_URL=postgresql://… (a user who may create "
                             "databases), e.g. run it under .ci/with-postgresql")

    async def open(self, games: int, folder: str):
        if self.name == "sqlite":
            return await Database(Path(folder) / "bench.sqlite3").connect()
        from tests.storage.databases import url_of
        import asyncpg

        self.database = f"bench_service_{os.getpid()}_{games}"
        admin = await asyncpg.connect(self.url)
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {self.database}")
            await admin.execute(f"CREATE DATABASE {self.database}")
        finally:
            await admin.close()
        return await database_for(url_of(self.url, self.database)).connect()

    async def close(self, db) -> None:
        await db.close()
        if self.name == "postgresql":
            import asyncpg

            admin = await asyncpg.connect(self.url)
            try:
                await admin.execute(f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)")
            finally:
                await admin.close()


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


async def run(backend: Backend, sizes: list[int], phases: int, samples: int, seconds: float) -> None:
    register(GuessVariant())
    results = {}
    print(f"service load on {backend.name}; {load()}")
    for games in sizes:
        with tempfile.TemporaryDirectory() as folder:
            db = await backend.open(games, folder)
            began = time.perf_counter()
            await build(db, games, phases)
            print(f"{games:,} games x {phases} phases written in {time.perf_counter() - began:.0f}s; {load()}")
            service = GameService(db)
            await measure(service, games, 20)                   # warm caches and the page cache
            if samples:
                trips = RoundTrips(db)
                results[games] = await measure(service, games, samples, trips)
                db.trace = None
                print(f"  {games:,} games on {backend.name}, one command at a time, {samples} of each "
                      f"({samples // 4} adjudications; {load()}):")
                print(f"    {'command':16s} {'median ms':>10s} {'round trips':>12s}")
                for name, (median, each) in results[games].items():
                    print(f"    {name:16s} {median * 1000:10.2f} {each:12.1f}")
            began = time.perf_counter()
            latencies = await under_load(service, games, RATE, seconds)
            took = time.perf_counter() - began
            every = [t for times in latencies.values() for t in times]
            print(f"  {games:,} games on {backend.name}, {RATE:.0f} commands/s asked for {seconds:g}s with the clock "
                  f"running: {len(every)} of {RATE * seconds:.0f} done, {len(every) / took:.0f} commands/s ({load()}):")
            print(f"    {'command':16s} {'count':>6s} {'p50 ms':>8s} {'p99 ms':>8s}")
            for name, times in latencies.items():
                if times:
                    print(f"    {name:16s} {len(times):6d} {percentile(times, 0.5):8.2f} {percentile(times, 0.99):8.2f}")
            print(f"    {'all':16s} {len(every):6d} {percentile(every, 0.5):8.2f} {percentile(every, 0.99):8.2f}")
            await backend.close(db)
    import resource
    print(f"peak RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    if len(results) > 1:
        small, large = min(results), max(results)
        print(f"{'command':16s} {small:>8d} games {large:>8d} games   ratio (target ≤ 1.2), one at a time")
        for name in results[small]:
            a, b = results[small][name][0], results[large][name][0]
            print(f"{name:16s} {a * 1000:10.3f} ms {b * 1000:10.3f} ms   {b / a:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--phases", type=int, default=50)
    parser.add_argument("--samples", type=int, default=400, help="commands one at a time per size (0: none)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds at 100 commands/s per size")
    args = parser.parse_args()
    asyncio.run(run(Backend(args.backend), args.sizes, args.phases, args.samples, args.seconds))


if __name__ == "__main__":
    main()
