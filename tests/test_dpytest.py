"""Plain prefix commands through dpytest: a fake Discord server, no token, no network."""
import discord
import discord.ext.test as dpytest
import pytest
from discord.ext import commands

from cogs.games import GameCog
from cogs.help import HelpCog
from cogs.orders import OrdersCog


@pytest.fixture
async def bot(service):
    intents = discord.Intents.default()
    intents.message_content = True
    intents.members = True
    bot = commands.Bot(command_prefix="!", intents=intents, help_command=None)
    bot.service = service
    await bot._async_setup_hook()
    await bot.add_cog(GameCog(bot, service))
    await bot.add_cog(OrdersCog(bot, service))
    await bot.add_cog(HelpCog(bot, service))
    dpytest.configure(bot, members=3)
    yield bot
    await dpytest.empty_queue()


async def say(text, member=0):
    """Send `text` as guild member `member`; return everything the bot replied."""
    try:
        await dpytest.message(text, member=member)
    except commands.CommandError:
        pass  # dpytest re-raises command errors after our cog_command_error has replied
    out = []
    while not dpytest.sent_queue.empty():
        out.append(dpytest.get_message().content)
    return "\n".join(out)


async def test_game_lifecycle_creates_private_channels(bot, service):
    assert "Created game **#1" in await say("!game create guess Test 12")
    assert "takes **North**" in await say("!game join 1", member=0)
    assert "takes **South**" in await say("!game join 1", member=1)
    # member 1 is not the GM
    assert "only the game master" in await say("!game start 1", member=1)
    assert "has started" in await say("!game start 1", member=0)
    game = await service.game(1)
    guild = bot.guilds[0]
    north = guild.get_channel(game.seat("North").channel_id)
    south = guild.get_channel(game.seat("South").channel_id)
    public = guild.get_channel(game.channel_id)
    assert north.name == "1-north" and south.name == "1-south" and public.name == "game-1-test"
    assert north.category_id == public.category_id == game.category_id
    # (dpytest does not keep overwrites; test_channels.py checks the ones we pass)


async def test_orders_by_prefix_and_wrong_player(bot, service):
    await say("!game create guess Test")
    await say("!game join 1", 0)
    await say("!game join 1", 1)
    await say("!game start 1", 0)
    assert "`guess 2`" in await say("!orders #1 guess 2", 0)
    assert "not seated as North" in await say("!orders #1 North: guess 5", 1)
    assert "not a game number" in await say("!ready banana", 0) or "⚠️" in await say("!ready banana", 0)
    assert (await service.orders(1, __import__("service").Actor(bot.guilds[0].members[0].id))).lines == ("guess 2",)


async def test_unknown_subcommand_and_help(bot):
    assert "/game create" in await say("!help")
    assert "⚠️" in await say("!game create")       # missing variant
