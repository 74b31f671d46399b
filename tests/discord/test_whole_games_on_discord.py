"""Whole flows through the real bot on the strict fake Discord (tests/fake_discord)."""
import pytest

from tests.discord_world import README_PERMISSIONS, close_world, make_world, started_game
from tests.fake_discord import ADMINISTRATOR


@pytest.fixture(params=["administrator", "readme permissions"])
async def world(request, service):
    permissions = ADMINISTRATOR if request.param == "administrator" else README_PERMISSIONS
    world = await make_world(service, bot_permissions=permissions)
    yield world
    await close_world(world)
    assert not world.fake.violations


async def test_rx07_from_create_to_the_posted_results_map(world):
    alice, bob = world.players
    game_id = await started_game(world, "rx07", "Great War")
    public = world.public_channel(game_id)
    entente, central = world.seat_channel(game_id, "Entente"), world.seat_channel(game_id, "Central")
    # The seed commitment and each side's first brief arrive without waiting for a poll.
    await world.harness.wait_message(public, "seed commitment", timeout=5)
    await world.harness.wait_message(entente, "has begun", timeout=5)
    await world.harness.wait_message(central, "has begun", timeout=5)
    # Only the seat holder (and the bot) can read a seat channel.
    assert world.fake.can_see(alice, entente) and not world.fake.can_see(bob, entente)
    assert world.fake.can_see(bob, central) and not world.fake.can_see(alice, central)
    # Plain lines in the seat channel are orders; the sheet is answered there.
    answer = await world.say(alice, entente, "A Par - Bur\nF Bre - Mao")
    assert any("A Par - Bur" in m["content"] for m in answer)
    assert all(int(m["channel_id"]) == entente.id for m in answer)
    ready = await world.slash(alice, "ready", channel=entente)
    assert "not marked ready yet" in ready.text and "A Par" not in ready.text and ready.ephemeral
    ready = await world.slash(alice, "ready", channel=entente, confirm=True)
    assert "Entente is ready" in ready.text and ready.ephemeral
    await world.say(bob, central, "A Mun - Ruh")
    marker = len(public.messages)
    done = await world.say(bob, central, "!ready confirm")
    assert any("adjudicated" in m["content"] for m in done)
    result = await world.harness.wait_message(public, "adjudicated", after=marker, timeout=5)
    assert result["attachments"] and result["attachments"][0]["filename"].endswith(".png")
    # Nothing secret ever reached the public channel before adjudication.
    assert not any("A Par - Bur" in m["content"] for m in public.messages[:marker])
    rules = await world.slash(bob, "rules", channel=central)
    assert rules.ephemeral and "7. The first side to hold two thirds" in rules.text
    abandoned = await world.slash(alice, "gm abandon", game_id=game_id)
    assert "abandoned" in abandoned.text
    await world.harness.wait_message(public, "Seed revealed", timeout=5)
    assert not world.fake.refusals


async def test_aa1914_round_from_create_to_the_posted_map(world):
    world.players  # two players share the eight powers
    game_id = await started_game(world, "aa1914", "Guns of August")
    game = await world.service.game(game_id)
    public = world.public_channel(game_id)
    holders = {s.seat: next(p for p in world.players if p.id == s.user_id) for s in game.seats}
    for _ in range(len(game.seats)):
        phase = await world.service.phase(game_id)
        acting = [s for s in game.seats if s.seat in phase.label] or list(game.seats)
        seat = acting[0].seat
        marker = len(public.messages)
        done = await world.slash(holders[seat], "done", channel=world.seat_channel(game_id, seat), confirm=True)
        assert "finished its orders" in done.text, done.text
        await world.harness.wait_message(public, "adjudicated", after=marker, timeout=10)
    posted = [m for m in public.messages if m["attachments"]]
    assert len(posted) >= len(game.seats)
    assert not world.fake.refusals
