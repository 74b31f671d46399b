"""On Discord, the limits per person: every command (slash or typed) and every button press
passes one check, letters have their own; the refusal reaches the asker alone and says when to
try again; the game's clock is never held up."""
import pytest

from service import Actor
from service.limits import Limits, Rate
from tests.discord_world import README_PERMISSIONS, close_world, make_world, started_game
from tests.fake_discord.components import components_of


@pytest.fixture
async def world(service):
    world = await make_world(service, bot_permissions=README_PERMISSIONS, players=2)
    yield world
    await close_world(world)
    assert not world.fake.violations
    assert world.fake.ignored_ephemeral == [], world.fake.ignored_ephemeral


def only_for(asked, user) -> bool:
    return bool(asked.replies) and all(m["_visible_to"] == user.id for m in asked.replies)


async def test_commands_typed_slash_and_pressed_share_one_limit_per_person(world, service, clock):
    alice, bob = world.players
    game_id = await started_game(world, "rx07", "Limits")
    await world.harness.settle()
    service.limits = Limits(clock, commands=Rate("command", burst=3, every=10.0))
    for _ in range(3):
        asked = await world.slash(alice, "game list")
        assert "too fast" not in asked.text
    refused = await world.slash(alice, "game list")
    assert "you can send another command in 10 s" in refused.text and only_for(refused, alice)
    assert "too fast" not in (await world.slash(bob, "game list")).text          # bob's bucket is his own
    typed = await world.say(alice, world.general, "!game list")
    assert any("you can send another command in" in m["content"] for m in typed)
    # an order line in a seat channel and a button press are commands too
    entente = world.seat_channel(game_id, "Entente")
    refused_line = await world.say(alice, entente, "A Par - Bur")
    assert any("you can send another command in" in m["content"] for m in refused_line)
    assert not (await service.orders(game_id, Actor(alice.id), "Entente")).lines       # nothing recorded
    clock.advance(seconds=30)                          # her bucket is full again: 3
    sheet = [m for m in await world.say(alice, entente, "F Bre - MAO") if list(components_of(m))]
    ready = next(c for c in components_of(sheet[-1]) if c.get("label", "").startswith("Ready"))
    presses = [await world.harness.click(alice, sheet[-1], ready["custom_id"]) for _ in range(3)]
    assert ["too fast" in p.text for p in presses] == [False, False, True]
    assert "you can send another command in" in presses[-1].text and only_for(presses[-1], alice)
    clock.advance(seconds=10)
    assert "too fast" not in (await world.slash(alice, "game list")).text


async def test_letters_have_their_own_limit_and_the_refusal_says_when(world, service, clock):
    alice, bob = world.players
    game_id = await started_game(world, "rx07", "Letters")
    await world.harness.settle()
    service.limits = Limits(clock, letters=Rate("letter", burst=2, every=30.0))
    central = world.seat_channel(game_id, "Central")
    before = len(central.messages)
    for number in range(2):
        sent = await world.slash(alice, "press send", game_id=game_id, to="Central", message=f"letter {number}")
        assert "too fast" not in sent.text, sent.text
    refused = await world.slash(alice, "press send", game_id=game_id, to="Central", message="one too many")
    assert "you can send another letter in 30 s" in refused.text and only_for(refused, alice)
    await world.harness.settle()
    letters = [m for m in central.messages[before:] if "Letter from Entente" in m["content"]]
    assert len(letters) == 2 and not any("one too many" in m["content"] for m in central.messages)
    clock.advance(seconds=30)
    again = await world.slash(alice, "press send", game_id=game_id, to="Central", message="after the wait")
    assert "too fast" not in again.text
