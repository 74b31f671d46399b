"""Discord cogs offline: callbacks called directly with a fake context (no token, no network)."""
import discord
import pytest

from cogs.channels import public_overwrites, seat_overwrites, slug
from cogs.common import chunks, error_text
from cogs.games import GameCog
from cogs.gm import GmCog
from cogs.help import HelpCog
from cogs.maps import MapCog
from cogs.orders import OrdersCog, split_target
from service import BadInput
from tests.fakes import FakeAuthor, FakeContext, invoke

ALICE, BOB, ROOT = FakeAuthor(1, "alice"), FakeAuthor(2, "bob"), FakeAuthor(9, "root", admin=True)


@pytest.fixture
def cogs(service):
    bot = object()
    return GameCog(bot, service), OrdersCog(bot, service), MapCog(bot, service), HelpCog(bot, service)


async def setup_game(cogs):
    games, *_ = cogs
    text = await invoke(games, GameCog.create, FakeContext(ALICE), "guess", "Friday", 24, options="loaded")
    assert "Created game **#1 Friday**" in text and "24h per phase" in text
    assert "takes **North**" in await invoke(games, GameCog.join, FakeContext(ALICE), 1)
    assert "takes **South**" in await invoke(games, GameCog.join, FakeContext(BOB), 1)


async def test_create_with_bad_variant_explains(cogs):
    games, *_ = cogs
    text = await invoke(games, GameCog.create, FakeContext(ALICE), "chess")
    assert text.startswith("⚠️ no game called `chess`")


async def test_orders_flow_through_cogs(cogs, service):
    games, orders, maps, _ = cogs
    await setup_game(cogs)
    ctx = FakeContext(ALICE)
    # start fails to create channels on the fake guild, yet the game starts; exercise the service
    await service.start(1, service_actor(ALICE))
    assert "`guess 6`" in await invoke(orders, OrdersCog.orders, FakeContext(ALICE), text="#1 guess 6")
    text = await invoke(orders, OrdersCog.orders, FakeContext(BOB), text="#1 guess 99")
    assert text.startswith("⚠️ no order was saved") and "✗ `guess 99`" in text
    assert "North is ready" in await invoke(orders, OrdersCog.ready, FakeContext(ALICE), 1)
    text = await invoke(orders, OrdersCog.ready, FakeContext(BOB), 1)
    assert "adjudicated; now **Round 2**" in text
    status = await invoke(games, GameCog.status, FakeContext(BOB), 1, True)       # full:True
    assert "Round 2: North 1, South 0" in status
    ctx = FakeContext(BOB)
    await invoke(maps, MapCog.map, ctx, 1, 1)
    assert ctx.files and ctx.files[0].filename == "game-1-phase-1.png"


async def test_wrong_player_cannot_order_or_gm(cogs, service):
    games, orders, *_ = cogs
    await setup_game(cogs)
    await service.start(1, service_actor(ALICE))
    text = await invoke(orders, OrdersCog.orders, FakeContext(BOB), text="#1 North: guess 3")
    assert text == "⚠️ you are not seated as North in game #1"
    gm = GmCog(games.bot, service)
    text = await invoke(gm, GmCog.pause, FakeContext(BOB), 1)
    assert "only the game master" in text
    assert "paused" in await invoke(gm, GmCog.pause, FakeContext(ROOT), 1)


async def test_game_from_other_server_is_not_found(cogs):
    games, *_ = cogs
    await setup_game(cogs)
    text = await invoke(games, GameCog.status, FakeContext(ALICE, guild_id=777), 1)
    assert text == "⚠️ there is no game #1 on this server"


async def test_help_lists_commands(cogs):
    *_, helper = cogs
    text = await invoke(helper, HelpCog.help, FakeContext(ALICE))
    assert "/game create" in text and "/orders" in text and "guess" in text


def test_split_target():
    assert split_target("#12 France: A Par - Bur") == (12, "France", "A Par - Bur")
    assert split_target("A Par - Bur\nF Bre - Mao") == (None, None, "A Par - Bur\nF Bre - Mao")
    assert split_target("#3") == (3, None, "")


def test_chunks_respect_discord_limit():
    text = "\n".join("x" * 150 for _ in range(40)) + "\n" + "y" * 4500
    parts = chunks(text)
    assert all(len(p) <= 2000 for p in parts) and "".join(parts) == text


def test_error_text_for_service_and_unknown():
    assert error_text(BadInput("bad")) == "⚠️ bad"
    assert "nothing was changed" in error_text(RuntimeError("boom"))


def test_seat_channel_is_private():
    everyone = discord.Object(id=1000)
    guild = type("G", (), {"default_role": everyone})()
    player, bot = discord.Object(id=5), discord.Object(id=6)
    overwrites = seat_overwrites(guild, [player], bot)
    assert overwrites[everyone].view_channel is False
    assert overwrites[player].view_channel is True and overwrites[player].send_messages is True
    assert overwrites[bot].view_channel is True and overwrites[bot].send_messages is True
    assert overwrites[bot].manage_messages is None   # never granted: the bot does not hold it
    assert set(overwrites) == {everyone, player, bot}
    public = public_overwrites(guild, bot)
    assert public[everyone].view_channel is True


def test_slug():
    assert slug("The Great War! 1914") == "the-great-war-1914"
    assert slug("???") == "game"


def service_actor(author):
    from cogs.common import actor_of
    return actor_of(type("C", (), {"author": author})())
