"""Several Dispatch processes on one PostgreSQL database (README, "Hosting" → "A cluster of processes"): three
processes of two shards each against the fake Discord. The deadlines of 50 games on six servers
(one per shard) fall due together: every phase is adjudicated once and its results posted once,
by whichever process claims the deadline and by the process of the server's shard. One process
is SIGKILLed while it holds a deadline it has not adjudicated yet: the others take its deadline
once the claim runs out, and post its servers' messages once its shards' lease runs out;
nothing is lost and nothing is done twice (a message its sender posted before it died and did
not mark delivered is sent again with the same Discord nonce, and Discord gives back the first
copy). The processes run with `--adopt`: once the killed process's lease lapses the survivors
adopt its shards and open their gateway connections without a restart, so a command in a
server on those shards is answered again; the killed process, started again, finds its shards
run by live processes and stands by, saying so in one line, without taking them."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

import asyncpg
import pytest

from db import database_for
from engine.catalog import register_all
from service import GameService
from service.models import Actor, GameChannels, iso
from tests.cluster.postgresql import postgresql_url
from tests.cluster.processes import LEASE, start, until
from tests.fake_discord import ADMINISTRATOR, BotHarness, FakeDiscord
from tests.fake_discord.components_v2 import v2_text

pytestmark = pytest.mark.xdist_group("cluster")

SHARDS = 6
GAMES = 50
PROCESSES = ("0-1", "2-3", "4-5")
RESULTS = "**Spring 1901 Movement** adjudicated"      # the heading of the first phase's results


def text(message: dict) -> str:
    return (message.get("content") or "") + v2_text(message)


async def set_up_games(fake: FakeDiscord, url: str, games: int | None = None,
                       shards: int = SHARDS) -> dict[int, int]:
    """`games` (50) started games of France vs Austria spread over one server per shard, every
    seat with orders but not ready (so the deadline adjudicates them); game id -> its public
    channel id."""
    register_all()
    db = await database_for(url).connect()
    service = GameService(db)
    owner = fake.add_user("owner")
    guilds = [fake.add_guild(f"Front {shard}", owner, bot_permissions=ADMINISTRATOR, shard=(shard, shards))
              for shard in range(shards)]
    public: dict[int, int] = {}
    try:
        for number in range(GAMES if games is None else games):
            guild = guilds[number % shards]
            france, austria = fake.add_user(f"france{number}"), fake.add_user(f"austria{number}")
            for user in (france, austria):
                fake.add_member(guild, user)
            gm = Actor(france.id, name=france.name)
            game = await service.create_game(guild.id, gm, "france_austria", name=f"Front {number}")
            await service.join(game.id, gm, "France")
            await service.join(game.id, Actor(austria.id, name=austria.name), "Austria")
            category = fake.add_channel(guild, f"game {game.id}", type=4)
            channel = fake.add_channel(guild, f"game-{game.id}-front", parent=category.id)
            seats = {seat: fake.add_channel(guild, f"{game.id}-{seat.lower()}", parent=category.id).id
                     for seat in ("France", "Austria")}
            await service.start(game.id, gm, GameChannels(category.id, channel.id, seats), guild_id=guild.id)
            await service.submit_orders(game.id, gm, "A Par H", seat="France")
            await service.submit_orders(game.id, Actor(austria.id, name=austria.name), "A Vie H", seat="Austria")
            public[game.id] = channel.id
    finally:
        await db.close()
    return public


async def state(conn) -> str:
    """What the database says, for a failure's message."""
    rows = await conn.fetch("SELECT kind, due_at, claimed_by, claimed_until, attempts, last_error FROM reminders "
                            "WHERE kind = 'deadline' AND done_at IS NULL AND due_at < $1",
                            iso(datetime.now(timezone.utc)))
    owed = await conn.fetch("SELECT id, game_id, target, attempts, claimed_by, claimed_until, next_attempt_at, "
                            "last_error FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL LIMIT 10")
    leases = await conn.fetch("SELECT * FROM shard_leases")
    return (f"due deadlines: {[dict(r) for r in rows[:10]]} ({len(rows)})\nowed: {[dict(r) for r in owed]}\n"
            f"leases: {[dict(r) for r in leases]}")


async def all_deadlines_now(conn) -> None:
    now = iso(datetime.now(timezone.utc) - timedelta(seconds=1))
    await conn.execute("UPDATE phases SET deadline = $1 WHERE adjudicated_at IS NULL AND deadline IS NOT NULL", now)
    await conn.execute("UPDATE reminders SET due_at = $1 WHERE kind = 'deadline' AND done_at IS NULL", now)


async def test_fifty_deadlines_three_processes_one_killed_each_phase_adjudicated_and_posted_once(tmp_path):
    fake = await FakeDiscord().start()
    fake.max_concurrency = SHARDS           # every shard identifies at once (no 5 s between them)
    processes = []
    try:
        async with postgresql_url() as url:
            public = await set_up_games(fake, url)
            conn = await asyncpg.connect(url)
            try:
                processes = [start(fake, url, shards, SHARDS, tmp_path, "--adopt", "2") for shards in PROCESSES]
                await until(lambda: fake.identified_shards() == [(s, SHARDS) for s in range(SHARDS)], 90,
                            "every shard identified by the three processes", processes)
                for process in processes:
                    assert process.popen.poll() is None, process.output()

                await all_deadlines_now(conn)

                # SIGKILL the first process seen holding a deadline it has not adjudicated yet
                pids = {str(p.pid): p for p in processes}

                async def holder_mid_adjudication():
                    for row in await conn.fetch("SELECT claimed_by FROM reminders WHERE kind = 'deadline' "
                                                "AND done_at IS NULL AND claimed_by IS NOT NULL"):
                        pid = row["claimed_by"].split("/")[-2]
                        if pid in pids:
                            return pids[pid]
                    return None

                victim = await until(holder_mid_adjudication, 90, "a process holding a due deadline", processes,
                                     every=0.005)
                victim.kill()
                killed_at = asyncio.get_running_loop().time()
                survivors = [p for p in processes if p is not victim]
                dead_shards = [int(shard) for shard in victim.shards.split("-")]

                # its lease lapses: the survivors adopt its shards and connect them, each once
                async def adopted():
                    held = {row["shard"]: row["holder"].split("/")[-2]
                            for row in await conn.fetch("SELECT shard, holder FROM shard_leases")}
                    return (all(held.get(shard) in {str(p.pid) for p in survivors} for shard in dead_shards)
                            and fake.identified_shards() == [(s, SHARDS) for s in range(SHARDS)])

                await until(adopted, 120, "the killed process's shards adopted and connected by the survivors",
                            survivors, state=lambda: state(conn))
                print(f"shards {victim.shards} adopted and connected "
                      f"{asyncio.get_running_loop().time() - killed_at:.1f} s after the kill (lease {LEASE} s)")

                # a command in a server on an adopted shard is answered (by a survivor: no one else runs)
                channel = next(fake.channels[c] for c in public.values()
                               if fake.shard_of(fake.channels[c].guild_id, SHARDS) in dead_shards)
                player = next(fake.users[u] for u in fake.guilds[channel.guild_id].members
                              if fake.users[u].name.startswith("france"))
                interaction = await fake.interact(player, channel, 2, BotHarness(fake, lambda: None)
                                                  .command_data("help", {}))
                await until(lambda: interaction.response_type is not None, 60,
                            "the answer to /help on an adopted shard", survivors)

                # the killed process started again (as systemd would), while the others work: see below
                comeback = start(fake, url, victim.shards, SHARDS, tmp_path, "--adopt", "2")
                processes.append(comeback)

                async def every_phase_adjudicated():
                    return await conn.fetchval("SELECT count(*) FROM phases WHERE seq = 0 "
                                               "AND adjudicated_at IS NOT NULL") == GAMES

                await until(every_phase_adjudicated, 300, f"the {GAMES} first phases adjudicated", survivors,
                            state=lambda: state(conn))

                async def nothing_owed():
                    return await conn.fetchval("SELECT count(*) FROM outbox WHERE delivered_at IS NULL "
                                               "AND failed_at IS NULL") == 0

                await until(nothing_owed, 300, "every message delivered", survivors, state=lambda: state(conn))

                # adjudicated once: one adjudication event per first phase, one second phase per game
                adjudications = await conn.fetch(
                    "SELECT p.game_id, count(e.id) AS n FROM phases p LEFT JOIN events e "
                    "ON e.phase_id = p.id AND e.kind = 'adjudicated' WHERE p.seq = 0 GROUP BY p.game_id")
                assert sorted(r["n"] for r in adjudications) == [1] * GAMES
                assert await conn.fetchval("SELECT count(*) FROM phases WHERE seq = 1") == GAMES
                assert await conn.fetchval("SELECT count(*) FROM phases WHERE seq > 1") == 0
                assert await conn.fetchval("SELECT count(*) FROM outbox WHERE failed_at IS NOT NULL") == 0

                # posted once: each game's channel holds its results exactly once
                for game_id, channel_id in public.items():
                    results = [m for m in fake.channels[channel_id].messages if RESULTS in text(m)]
                    assert len(results) == 1, (game_id, [text(m)[:200] for m in fake.channels[channel_id].messages])
                assert not fake.violations

                # the survivors took the killed process's work: they are still up, it is not
                assert victim.popen.poll() is not None
                for process in survivors:
                    assert process.popen.poll() is None, process.output()
                    assert "Traceback" not in process.output(), process.output()
                for shard in dead_shards:       # adopted, connected, and its servers posted to by the adopter
                    assert sum(f"adopted shard {shard} of {SHARDS}" in p.output() for p in survivors) == 1
                    assert any(f"shard {shard} of {SHARDS} ready" in p.output() for p in survivors)

                # started again, the killed process finds its shards run and stands by: one line
                await until(lambda: "standing by" in comeback.output(), 90, "the restarted process standing by",
                            [comeback])
                waiting = [line for line in comeback.output().splitlines() if line.startswith("Waiting for")]
                assert len(waiting) == 1 and f"shards {victim.shards} of {SHARDS}" in waiting[0], \
                    comeback.output()
                assert comeback.popen.poll() is None
                assert fake.identified_shards() == [(s, SHARDS) for s in range(SHARDS)]     # each shard once
                assert not any(f"/{comeback.pid}/" in row["holder"]
                               for row in await conn.fetch("SELECT holder FROM shard_leases"))
            finally:
                for process in processes:
                    process.kill()
                await conn.close()
    finally:
        await fake.stop()
