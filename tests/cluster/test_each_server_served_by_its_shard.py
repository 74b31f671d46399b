"""In a cluster each server is served by the process running its shard: its slash commands reach
that process alone (Discord sends a shard's events on that shard's connection), and the results
of its games, with their maps, are posted — and so the maps drawn — by that process, whichever
process adjudicated the phase. Two processes, one shard each, each behind its own forwarding
proxy (DISCORD_API_BASE), so the fake Discord can tell which process made each call."""
from __future__ import annotations

import asyncpg
import pytest

from tests.cluster.postgresql import postgresql_url
from tests.cluster.processes import start, until
from tests.cluster.proxy import Proxy
from tests.cluster.test_exactly_once_across_processes import RESULTS, all_deadlines_now, set_up_games, text
from tests.fake_discord import BotHarness, FakeDiscord

pytestmark = pytest.mark.xdist_group("cluster")


async def test_commands_and_results_of_a_server_go_through_the_process_of_its_shard(tmp_path):
    fake = await FakeDiscord().start()
    fake.max_concurrency = 2
    proxies = [await Proxy(f"http://127.0.0.1:{fake.port}").start() for _ in range(2)]
    running = []
    try:
        async with postgresql_url() as url:
            public = await set_up_games(fake, url, games=4, shards=2)     # games 1, 3 on shard 0; 2, 4 on shard 1
            conn = await asyncpg.connect(url)
            try:
                running = [start(fake, url, str(shard), 2, tmp_path,
                                 DISCORD_API_BASE=f"http://127.0.0.1:{proxies[shard].port}/api/v10")
                           for shard in range(2)]
                await until(lambda: fake.identified_shards() == [(0, 2), (1, 2)] and fake.commands.get(None), 90,
                            "both processes connected", running)
                shard_of = {game_id: fake.shard_of(fake.channels[channel].guild_id, 2)
                            for game_id, channel in public.items()}
                assert sorted(shard_of.values()) == [0, 0, 1, 1]

                # a command in each server is answered by the process of its shard, through its proxy
                harness = BotHarness(fake, lambda: None)
                for game_id, channel_id in public.items():
                    channel = fake.channels[channel_id]
                    player = next(fake.users[u] for u in fake.guilds[channel.guild_id].members
                                  if fake.users[u].name.startswith("france"))
                    interaction = await fake.interact(player, channel, 2, harness.command_data("help", {}))
                    await until(lambda: interaction.response_type is not None, 60, "the answer to /help", running)
                    answer = ("POST", f"/api/v10/interactions/{interaction.id}/{interaction.token}/callback")
                    assert answer in proxies[shard_of[game_id]].forwarded
                    assert answer not in proxies[1 - shard_of[game_id]].forwarded

                # results with their maps: posted, so drawn, by the process of the server's shard
                await all_deadlines_now(conn)
                for game_id, channel_id in public.items():
                    await until(lambda: any(RESULTS in text(m) for m in fake.channels[channel_id].messages), 120,
                                f"the results of game {game_id}", running)
                for game_id, channel_id in public.items():
                    results = [m for m in fake.channels[channel_id].messages if RESULTS in text(m)]
                    assert len(results) == 1 and results[0]["attachments"], results
                    path = f"/api/v10/channels/{channel_id}/messages"
                    assert path in proxies[shard_of[game_id]].uploads
                    assert ("POST", path) not in proxies[1 - shard_of[game_id]].forwarded
                assert not fake.violations
            finally:
                for process in running:
                    process.kill()
                await conn.close()
    finally:
        for proxy in proxies:
            await proxy.stop()
        await fake.stop()
