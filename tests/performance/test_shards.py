"""The bot runs as discord.py's AutoShardedBot. Through the fake Discord with two
shards (GET /gateway/bot says 2): each shard IDENTIFYs with [id, 2], gets READY and the
GUILD_CREATEs of its own guilds ((guild_id >> 22) % 2 == id), and a slash command works end to end
in a guild of each shard. `.env` may fix the count (DISPATCH_SHARDS)."""
from __future__ import annotations

import pytest

from bot import ShardPlan, build_bot
from engine.catalog import register_all
from service.workers import ProcessPool
from tests.fake_discord import ADMINISTRATOR, BotHarness, FakeDiscord


def shard_of(guild_id: int, count: int = 2) -> int:
    return (guild_id >> 22) % count


async def test_two_shards_each_serve_their_guilds(service):
    register_all()
    service.cpu = ProcessPool(threads=True)
    fake = await FakeDiscord().start()
    fake.shards, fake.max_concurrency = 2, 2      # Discord's advice for this bot: two shards
    owner = fake.add_user("owner")
    alice = fake.add_user("alice")
    guilds = {}
    while len(guilds) < 2:                        # a server on each shard
        guild = fake.add_guild(f"Front {len(fake.guilds)}", owner, bot_permissions=ADMINISTRATOR)
        fake.add_member(guild, alice)
        guilds.setdefault(shard_of(guild.id), guild)
    harness = BotHarness(fake, lambda: build_bot(service, "!"))
    try:
        await harness.start()
        bot = harness.bot
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        sessions = sorted(socket.dispatch_shard for socket in fake._sockets)
        assert sessions == [(0, 2), (1, 2)]
        assert {g.id for g in bot.guilds} == {g.id for g in fake.guilds.values()}
        for shard, guild in guilds.items():
            assert bot.get_guild(guild.id).shard_id == shard
        for shard, guild in guilds.items():
            general = fake.channel_named(guild, "general")
            created = await harness.slash(alice, general, "game create", variant="rx07", name=f"Shard {shard}")
            assert "Created game" in created.text, (created.text, fake.refusals)
            game_id = int(created.text.split("#", 1)[1].split()[0])
            game = await service.game(game_id)
            assert game.guild_id == guild.id and game.name == f"Shard {shard}"
            listed = await harness.slash(alice, general, "game list")
            assert f"Shard {shard}" in listed.text and f"Shard {1 - shard}" not in listed.text
        assert not fake.violations
    finally:
        await harness.close()
        await fake.stop()
        service.cpu.close()


async def test_too_few_shards_are_refused_as_discord_does(service):
    """A bot that must shard and identifies as one shard is closed with 4011 (Sharding required)."""
    register_all()
    fake = await FakeDiscord().start()
    fake.shards = 2
    owner = fake.add_user("owner")
    fake.add_guild("Front", owner, bot_permissions=ADMINISTRATOR)
    harness = BotHarness(fake, lambda: build_bot(service, "!", shards=ShardPlan(1)))
    try:
        with pytest.raises(Exception) as refused:
            await harness.start()
        assert "4011" in repr(refused.value) or "Sharding" in repr(refused.value)
    finally:
        await harness.close()
        await fake.stop()


def test_the_shard_plan_from_env():
    assert ShardPlan.from_env("").options() == {"shard_count": None}        # Discord's advice
    assert ShardPlan.from_env(" 4 ").options() == {"shard_count": 4}
    for count in ("0", "-1", "two", "1.5"):
        with pytest.raises(ValueError, match="DISPATCH_SHARDS"):
            ShardPlan.from_env(count)
