"""A shard adopted while the bot runs (README, "Hosting" → "A cluster of processes", `--adopt`)
joins the running AutoShardedBot: it IDENTIFYs, its servers are known, a slash command in one of
them is answered, and once it is ready the process posts to its servers (`Node.serve`) — not
before, since a job needing the server would fail for a server not known yet. The bot does not
take the new shard's READY for the end of its own start (`on_ready` once). In one process
through the fake Discord: discord.py has no public call to add a shard, so this is the check
that `launch_shard` keeps doing what `bot.adopt_shards` relies on."""
from __future__ import annotations

from bot import ShardPlan, build_bot
from engine.catalog import register_all
from service.cluster import ShardSet
from service.workers import ProcessPool
from tests.fake_discord import ADMINISTRATOR, BotHarness, FakeDiscord


async def test_a_shard_adopted_while_the_bot_runs_is_connected_and_its_servers_served(service):
    register_all()
    service.cpu = ProcessPool(threads=True)
    fake = await FakeDiscord().start()
    fake.max_concurrency = 2                      # the two shards' identifies need not wait 5 s apart
    owner, alice = fake.add_user("owner"), fake.add_user("alice")
    guilds = [fake.add_guild(f"Front {shard}", owner, bot_permissions=ADMINISTRATOR, shard=(shard, 2))
              for shard in range(2)]
    for guild in guilds:
        fake.add_member(guild, alice)
    service.node.shards = ShardSet((0,), 2)       # `--shards 0 --shard-count 2`
    harness = BotHarness(fake, lambda: build_bot(service, "!", shards=ShardPlan(2, (0,))))
    try:
        await harness.start()
        bot = harness.bot
        readies: list[None] = []

        async def ready_again() -> None:
            readies.append(None)

        bot.add_listener(ready_again, "on_ready")
        assert fake.identified_shards() == [(0, 2)] and bot.get_guild(guilds[1].id) is None

        await bot.adopt_shards((1,))              # its lease just taken (ShardLeases.adopt_lapsed)
        assert service.node.shards.ids == (0,)    # not posting to its servers before they are known
        await harness.wait_for(lambda: service.node.shards.ids == (0, 1), 30, "the adopted shard ready")
        assert fake.identified_shards() == [(0, 2), (1, 2)]
        assert bot.get_guild(guilds[1].id).shard_id == 1 and sorted(bot.shards) == [0, 1]

        general = fake.channel_named(guilds[1], "general")
        created = await harness.slash(alice, general, "game create", variant="rx07", name="Adopted front")
        assert "Created game" in created.text, (created.text, fake.refusals)
        game = await service.game(int(created.text.split("#", 1)[1].split()[0]))
        assert game.guild_id == guilds[1].id
        assert readies == [] and not fake.violations
    finally:
        await harness.close()
        await fake.stop()
        service.cpu.close()
