"""The application owner's `!sync` sends the slash commands again and says where they went (and
that global ones take up to an hour to show); anyone else is refused."""
from tests.discord_world import README_PERMISSIONS, open_world


async def test_only_the_owner_syncs_and_is_told_how_long_global_commands_take(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=1) as world:
        world.harness.bot.owner_id = world.owner.id        # the application's owner on the Developer Portal
        syncs = world.fake.command_syncs
        answer = await world.say(world.owner, world.general, "!sync")
        assert any("Slash commands synced globally: Discord can take up to an hour to show them in every server"
                   in m["content"] for m in answer)
        assert world.fake.command_syncs == syncs + 1
        refused = await world.say(world.players[0], world.general, "!sync")
        assert world.fake.command_syncs == syncs + 1
        assert not any("synced" in m["content"] for m in refused)
        assert not world.fake.violations
