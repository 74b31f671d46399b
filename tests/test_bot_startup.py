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
                assert len(parameter.description or "") <= 100
            for child in getattr(command, "commands", []):
                walk(child)
        for command in commands:
            walk(command)
        game = next(c for c in commands if c.name == "game")
        assert {"create", "join", "leave", "start", "status", "pause", "resume", "extend", "abandon", "export",
                "options", "list"} <= {c.name for c in game.commands}
        assert isinstance(game, discord.app_commands.Group)
    finally:
        for extension in EXTENSIONS:
            await bot.unload_extension(extension)
        await bot.close()
