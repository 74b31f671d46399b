"""Press by letter (for anonymous players): "seats shown by power only until the end". A
press channel shows its members, so in an anonymous game the bot carries letters between seat
channels, signed with the power only; any game with press on takes letters too."""
import pytest

from engine.catalog import register_all
from service import BadInput, BadState, Forbidden
from service.models import Actor
from service.rooms import MAX_LETTER
from tests.conftest import ALICE, BOB, CAROL, GUILD, drain_outbox
from tests.discord_world import README_PERMISSIONS, open_world, started_game

DAVE = Actor(4, name="dave")


@pytest.fixture(autouse=True)
def _all_variants():
    register_all()


async def _started(service, variant="england_turkey", players=(ALICE, BOB), **options):
    game = await service.create_game(GUILD, ALICE, variant, options=options, phase_hours=48)
    for player in players:
        await service.join(game.id, player)
    return await service.start(game.id, ALICE)


async def test_a_letter_reaches_the_named_seats_signed_with_the_power_only(service):
    game = await _started(service, anonymous=True)
    await drain_outbox(service)
    mine = game.seats_of(ALICE.user_id)[0]
    theirs = game.seats_of(BOB.user_id)[0]
    sender, to = await service.send_letter(game.id, ALICE, theirs, "Shall we split the North Sea?\nYours.")
    assert (sender, to) == (mine, (theirs,))
    letters = await drain_outbox(service)
    assert [m.target for m in letters] == [f"seat:{theirs}"]
    assert letters[0].content.startswith(f"📨 **Letter from {mine}** (to **{theirs}**)")
    assert "Shall we split the North Sea?\nYours." in letters[0].content
    assert "alice" not in letters[0].content.lower() and "<@" not in letters[0].content
    # the record keeps who wrote to whom, never the words (exports hold the events)
    events = [e for e in await service.store.events(game.id) if e["kind"] == "letter_sent"]
    assert events[-1]["payload"] == {"from": mine, "to": [theirs]}


async def test_an_anonymous_game_refuses_press_channels_and_points_to_letters(service):
    game = await _started(service, anonymous=True)
    theirs = game.seats_of(BOB.user_id)[0]
    with pytest.raises(BadState, match="would show who plays each power: send a letter instead"):
        await service.check_press(game.id, ALICE, theirs, GUILD)
    open_game = await _started(service)
    _, members = await service.check_press(open_game.id, ALICE, open_game.seats_of(BOB.user_id)[0], GUILD)
    assert len(members) == 2


async def test_letters_are_refused_with_the_reason_and_change_nothing(service):
    game = await _started(service)
    theirs = game.seats_of(BOB.user_id)[0]
    await drain_outbox(service)
    with pytest.raises(Forbidden):
        await service.send_letter(game.id, DAVE, theirs, "hello")
    with pytest.raises(BadInput, match="empty"):
        await service.send_letter(game.id, ALICE, theirs, "   ")
    with pytest.raises(BadInput, match=f"at most {MAX_LETTER:,} characters"):
        await service.send_letter(game.id, ALICE, theirs, "x" * (MAX_LETTER + 1))
    with pytest.raises(BadInput, match="no seat `Mars`"):
        await service.send_letter(game.id, ALICE, "Mars", "hello")
    with pytest.raises(BadInput, match="another player"):
        await service.send_letter(game.id, ALICE, game.seats_of(ALICE.user_id)[0], "to myself")
    assert await drain_outbox(service) == []
    quiet = await _started(service, press="off")
    with pytest.raises(BadState, match="press off"):
        await service.send_letter(quiet.id, ALICE, quiet.seats_of(BOB.user_id)[0], "hello")


async def test_a_player_of_several_seats_writes_from_one(service):
    game = await service.create_game(GUILD, ALICE, "guess", options={"players": 3}, phase_hours=48)
    await service.join(game.id, ALICE, "North")
    await service.join(game.id, ALICE, "South")
    await service.join(game.id, CAROL, "East")
    await service.start(game.id, ALICE)
    with pytest.raises(BadInput, match="you hold North, South in game #1: name which of them talks"):
        await service.send_letter(game.id, ALICE, "East", "hi")
    assert await service.send_letter(game.id, ALICE, "South, East", "hi") == ("South", ("East",))
    with pytest.raises(BadInput, match="write from one of them"):
        await service.send_letter(game.id, ALICE, "North, South, East", "hi")


async def test_a_letter_through_discord_in_an_anonymous_game(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=2) as world:
        alice, bob = world.players
        game_id = await started_game(world, "england_turkey", "Quiet", options="anonymous=on")
        game = await service.game(game_id)
        mine, theirs = game.seats_of(alice.id)[0], game.seats_of(bob.id)[0]
        refused = await world.slash(alice, "press open", seats=theirs, game_id=game_id,
                                    channel=world.public_channel(game_id))
        assert "send a letter instead" in refused.text, refused.text
        sent = await world.slash(alice, "press send", to=theirs, message="Peace in the Med?", game_id=game_id,
                                 channel=world.public_channel(game_id))
        assert "on its way" in sent.text and sent.replies[-1]["_visible_to"] == alice.id, sent.text
        await world.harness.settle()
        seat_channel = world.channel(f"{game_id}-{theirs.lower()}")
        letter = [m["content"] for m in seat_channel.messages if "Letter from" in m["content"]]
        assert letter and f"Letter from {mine}" in letter[0] and "Peace in the Med?" in letter[0]
        assert alice.name not in letter[0] and str(alice.id) not in letter[0]
        public = " ".join(m["content"] for m in world.public_channel(game_id).messages)
        assert "Peace in the Med?" not in public
        assert not world.fake.refusals and not world.fake.violations
