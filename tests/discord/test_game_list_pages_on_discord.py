"""`/game list` on Discord: a page of at most 20 open games, the asker's own first, for the asker
alone (the order would tell who plays an anonymous game); `page:` on the slash command, and
`!game list 2` / `!game 2` typed."""
import pytest

from service import Actor
from tests.discord_world import README_PERMISSIONS, close_world, make_world


@pytest.fixture
async def world(service):
    world = await make_world(service, bot_permissions=README_PERMISSIONS, players=2)
    yield world
    await close_world(world)
    assert not world.fake.violations
    assert world.fake.ignored_ephemeral == [], world.fake.ignored_ephemeral


async def test_the_list_comes_a_page_at_a_time_yours_first_for_you_alone(world, service):
    alice, bob = world.players
    admin = Actor(world.owner.id, is_admin=True)
    await service.set_guild_settings(world.guild.id, admin, max_games_per_user=100, max_games_per_server=1000)
    made = []
    for number in range(1, 26):
        game = await service.create_game(world.guild.id, Actor(bob.id), "guess", name=f"Table {number}")
        made.append(game.id)
    await service.join(made[0], Actor(alice.id))
    before = len(world.general.messages)
    asked = await world.slash(alice, "game list")
    lines = asked.text.splitlines()
    assert lines[0] == "**Open games** · 25 · page 1 of 2 · ⭐ yours first"
    assert lines[1].startswith(f"⭐ #{made[0]} **Table 1**") and f"#{made[24]} **Table 25**" in lines[2]
    assert len(lines) == 22 and lines[-1].startswith("Older: `/game list page:2`.")
    assert all(m["_visible_to"] == alice.id for m in asked.replies)
    assert not [m for m in world.fake.visible_messages(bob, world.general)[before:]]
    second = await world.slash(alice, "game list", page=2)
    assert "page 2 of 2" in second.text and second.text.count("\n#") == 5
    refused = await world.slash(alice, "game list", page=3)
    assert "only 2 pages" in refused.text
    # typed: the answer is private, so it goes by direct message
    for typed in ("!game list 2", "!game 2"):
        await world.say(alice, world.general, typed)
        assert not any("Table" in m["content"] for m in world.fake.visible_messages(bob, world.general))
        await world.harness.wait_for(lambda: any("page 2 of 2" in text for text in world.dms(alice)))
        world.fake.dm_channel(alice).messages.clear()
    answered = await world.say(alice, world.general, "!game list two")
    assert any("page: a number from 1" in m["content"] for m in answered) or \
        any("page: a number from 1" in text for text in world.dms(alice))
