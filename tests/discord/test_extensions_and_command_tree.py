"""The production bot loads every extension and builds a valid slash-command tree (offline)."""
import discord

from bot import build_bot
from cogs import EXTENSIONS


async def test_all_extensions_load_and_commands_fit_discord_limits(service):
    bot = build_bot(service, "!")
    await bot._async_setup_hook()
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    try:
        commands = bot.tree.get_commands()
        names = [c.name for c in commands]
        assert len(names) == len(set(names))
        assert {"game", "orders", "order", "ready", "unready", "clear", "map", "help", "buy", "move", "done",
                "odds", "casualties", "status"} <= set(names)

        def walk(command):
            assert 1 <= len(command.name) <= 32 and command.name == command.name.lower()
            assert 1 <= len(command.description) <= 100, command.name
            for parameter in getattr(command, "parameters", []):
                # Discord shows "…" for an option without a description: every one has a real one.
                assert 3 <= len(parameter.description or "") <= 100 and parameter.description != "…", \
                    (command.qualified_name, parameter.name)
            for child in getattr(command, "commands", []):
                walk(child)
        for command in commands:
            walk(command)
        game = next(c for c in commands if c.name == "game")
        assert {"create", "join", "leave", "start", "status", "export", "options", "list"} <= {c.name for c in game.commands}
        assert isinstance(game, discord.app_commands.Group)
        gm = next(c for c in commands if c.name == "gm")           # the GM's actions (split from /game)
        assert {"pause", "resume", "extend", "abandon", "adjudicate", "rollback"} <= {c.name for c in gm.commands}
    finally:
        for extension in EXTENSIONS:
            await bot.unload_extension(extension)
        await bot.close()


async def test_slash_commands_sync_only_when_they_change(service):
    from tests.discord_world import open_world
    async with open_world(service) as world:
        assert world.fake.command_syncs == 1
        await world.harness.stop()
        await world.harness.start()
        assert world.fake.command_syncs == 1          # same commands: no second sync
        await service.store.set_meta("command_tree:global", "stale")
        await world.harness.stop()
        await world.harness.start()
        assert world.fake.command_syncs == 2


async def test_server_only_commands_are_not_offered_in_direct_messages(service):
    from tests.discord_world import open_world
    async with open_world(service) as world:
        synced = {c["name"]: c for c in world.fake.commands[None]}
        assert synced["game"].get("contexts") == [0]      # guild only
        assert synced["orders"].get("contexts") in (None, [0, 1, 2], [0, 1])
