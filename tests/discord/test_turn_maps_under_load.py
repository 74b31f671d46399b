"""On Discord, a turn card carries its map however many turns resolve at once: with more turns
than the map workers can take, every game channel gets each turn's map exactly once (in its
card, or as its own message right after when drawing it had to wait)."""
from collections import Counter

import pytest

from service import Actor
from service.workers import ProcessPool
from tests.discord_world import README_PERMISSIONS, close_world, make_world, started_game
from tests.fake_discord.components import components_of
from tests.fake_discord.components_v2 import text_of

GAMES = 5


@pytest.fixture
async def world(service):
    world = await make_world(service, bot_permissions=README_PERMISSIONS, players=2)
    yield world
    await close_world(world)
    assert not world.fake.violations


def buttons_of(message) -> list[dict]:
    return [c for c in components_of(message) if c.get("type") == 2]


def pictures(channel) -> Counter:
    return Counter(a["filename"] for m in channel.messages for a in m.get("attachments", []))


async def test_every_turn_card_gets_its_map_when_the_workers_are_full(world, service):
    alice = world.players[0]
    await service.set_guild_settings(world.guild.id, Actor(world.owner.id, is_admin=True), max_games_per_user=20)
    games = [await started_game(world, "rx07", f"Front {n}") for n in range(GAMES)]
    await world.harness.settle()
    # the bot is down while every game is adjudicated: on its return all the turns are due at once,
    # to one map worker with a single place in line
    await world.harness.stop()
    for game_id in games:
        await service.force_adjudicate(game_id, Actor(alice.id))
    service.cpu.close()
    service.cpu = ProcessPool(workers=1, threads=True, max_waiting=1)
    await world.harness.start()
    await world.harness.settle()
    for game_id in games:
        public = world.public_channel(game_id)
        assert pictures(public)[f"game-{game_id}-phase-1.png"] == 1, [m.get("attachments") for m in public.messages]
        assert sum("adjudicated" in str(m) for m in public.messages) == 1
    assert await service.pending_messages(100) == []


async def test_a_card_whose_map_is_late_says_so_and_the_map_follows_once(world, service, monkeypatch):
    from service import maps

    alice = world.players[0]
    game_id = await started_game(world, "rx07", "Late map")
    await world.harness.settle()
    real, failures = maps.draw_results, [1]          # the drawing for the results post fails once

    def hiccup(*args):
        if failures[0]:
            failures[0] -= 1
            raise RuntimeError("renderer hiccup")
        return real(*args)
    monkeypatch.setattr(maps, "draw_results", hiccup)
    public = world.public_channel(game_id)
    marker = len(public.messages)
    await world.slash(alice, "gm adjudicate", game_id=game_id)
    await world.harness.settle()
    posted = public.messages[marker:]
    card = next(m for m in posted if "adjudicated" in text_of(m))
    assert "The map follows in a moment" in text_of(card) and not card.get("attachments")
    assert any(b["label"] == "History" for b in buttons_of(card))          # still a whole turn card
    late = [m for m in posted if "drawn late" in m["content"]]
    assert len(late) == 1 and posted.index(late[0]) > posted.index(card)
    assert pictures(public)[f"game-{game_id}-phase-1.png"] == 1
