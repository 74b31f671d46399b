"""Delivery on Discord: deleted channels, restarts across deadlines, privacy of order sheets."""
import pytest

from tests.fake_discord.components_v2 import text_of
from tests.discord_world import README_PERMISSIONS, close_world, make_world, started_game


@pytest.fixture
async def world(service):
    world = await make_world(service, bot_permissions=README_PERMISSIONS, players=3)
    yield world
    await close_world(world)
    assert not world.fake.violations


async def test_a_deleted_seat_channel_falls_back_to_a_dm_and_tells_the_gm(world, service):
    alice, bob, _ = world.players
    game_id = await started_game(world, "rx07", "Gone")
    public = world.public_channel(game_id)
    entente = world.seat_channel(game_id, "Entente")
    await world.harness.wait_message(entente, "has begun", timeout=5)
    await world.fake.delete_channel(entente)
    await world.slash(alice, "gm adjudicate", game_id=game_id)
    # Entente's next brief reaches its player privately, and the GM learns why.
    await world.harness.wait_for(lambda: any("has begun" in t for t in world.dms(alice)), timeout=5)
    await world.harness.wait_message(public, "gone or closed to me", timeout=5)
    # Central's channel was never held up by Entente's.
    central = world.seat_channel(game_id, "Central")
    assert sum("has begun" in m["content"] for m in central.messages) == 2
    # Nothing private was posted publicly.
    assert not any("Your units" in m["content"] for m in public.messages)
    pending = await service.pending_messages(100)
    assert pending == []


async def test_restart_across_a_deadline_adjudicates_once_and_skips_stale_reminders(world, service, clock):
    alice, bob, _ = world.players
    game_id = await started_game(world, "rx07", "Downtime")
    from service import Actor
    await service.set_policy(game_id, Actor(alice.id), excused_misses=0)   # a silent seat: no extension
    await world.harness.wait_message(world.public_channel(game_id), "rules of play", timeout=5)
    entente = world.seat_channel(game_id, "Entente")
    await world.harness.wait_message(entente, "has begun", timeout=5)
    await world.harness.stop()
    clock.advance(hours=49)                      # both reminders and the deadline pass while down
    public = world.public_channel(game_id)
    marker = len(public.messages)
    await world.harness.start()
    await world.harness.wait_message(public, "adjudicated (deadline)", after=marker, timeout=5)
    await world.harness.settle()
    assert not any("Reminder" in m["content"] for m in entente.messages)
    phases = await service.store.phases(game_id)
    assert [p.adjudicated_at is not None for p in phases] == [True, False]
    assert sum("adjudicated" in text_of(m) for m in public.messages) == 1


async def test_orders_after_the_deadline_are_refused(world, service, clock):
    alice, _, _ = world.players
    game_id = await started_game(world, "rx07", "Late")
    entente = world.seat_channel(game_id, "Entente")
    await world.harness.stop()
    clock.advance(hours=48, seconds=1)
    # The bot is down, so nothing adjudicated yet; the service still refuses late orders.
    from service import Actor
    with pytest.raises(Exception, match="deadline of .* has passed"):
        await service.submit_orders(game_id, Actor(alice.id), "A Par - Bur")
    await world.harness.start()
    await world.harness.settle()
    assert entente.messages


async def test_order_sheets_never_reach_a_shared_channel(world, service):
    alice, bob, carol = world.players
    game_id = await started_game(world, "rx07", "Secrets")
    public = world.public_channel(game_id)
    entente = world.seat_channel(game_id, "Entente")
    await world.say(alice, entente, "A Par - Bur")
    # A prefix command typed in the public channel answers by DM, with a content-free note.
    answer = await world.say(alice, public, f"!orders #{game_id}")
    assert any("direct message" in m["content"] for m in answer)
    assert not any("A Par - Bur" in m["content"] for m in public.messages)
    assert any("A Par - Bur" in text for text in world.dms(alice))
    # Orders written in the public channel are not recorded, and the writer is told.
    answer = await world.say(alice, public, "F Bre - Mao")
    assert any("nothing was recorded" in m["content"] for m in answer)
    assert (await service.orders(game_id, _actor(alice))).lines == ("A Par - Bur",)
    # Chat that is not an order gets no warning.
    assert await world.say(bob, public, "good luck everyone") == []
    # An edited order message is read again.
    message = await world.fake.say(alice, entente, "A Mar - Pie")
    await world.harness.settle()
    await world.fake.edit(alice, message, "A Mar - Gas")
    await world.harness.settle()
    assert "A Mar - Gas" in (await service.orders(game_id, _actor(alice))).lines
    assert any("edited message" in m["content"] for m in entente.messages)


async def test_paused_games_say_so_and_dms_reach_only_your_own_games(world, service):
    alice, bob, carol = world.players
    game_id = await started_game(world, "rx07", "Paused")
    entente = world.seat_channel(game_id, "Entente")
    await world.slash(alice, "gm pause", game_id=game_id)
    answer = await world.say(alice, entente, "A Par - Bur")
    assert any("paused" in m["content"] and "nothing was recorded" in m["content"] for m in answer)
    # In a DM, carol (no seat) cannot reach the game; alice can reach her own.
    dm = world.fake.dm_channel(carol) or await _open_dm(world, carol)
    refused = await world.harness.slash(carol, dm, "orders", text=f"#{game_id}")
    assert "hold no seat" in refused.text
    dm = world.fake.dm_channel(alice) or await _open_dm(world, alice)
    mine = await world.harness.slash(alice, dm, "orders", text=f"#{game_id}")
    assert "Orders of **Entente**" in mine.text


def _actor(user):
    from service import Actor
    return Actor(user.id)


async def _open_dm(world, user):
    from tests.fake_discord.model import DM, Channel, snowflake
    channel = Channel(snowflake(), DM, f"dm-{user.name}", recipient=user.id)
    world.fake.channels[channel.id] = channel
    return channel
