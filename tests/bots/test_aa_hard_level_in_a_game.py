"""The A&A bot's `hard` level wherever levels are chosen: a game created with hard bot seats is
played by them through the service (its turns ordered at that level, the reasons sent to the
seat), `gm bot … hard` gives a seat to it before the start, and `/hint … hard` answers."""
import pytest

from engine.catalog import register_all
from engine.variant import get_variant
from tests.conftest import ALICE, GUILD, drain_outbox


@pytest.fixture(autouse=True)
def catalog():
    register_all()


async def test_hard_bots_play_their_turns_through_the_service(service):
    seats = get_variant("aa1914").seats({})
    person = seats[-1]                              # the last in the turn order: the bots play first
    game = await service.create_game(GUILD, ALICE, "aa1914", bots=[s for s in seats if s != person],
                                     bot_level="hard")
    assert game.seat(seats[0]).bot == "hard"
    await service.join(game.id, ALICE, person)
    await service.start(game.id, ALICE)
    await drain_outbox(service)
    for _ in range(len(seats)):
        await service.tick()
        if get_variant("aa1914").seats_to_act((await service.phase(game.id)).state) == (person,):
            break
    phase = await service.phase(game.id)
    assert phase.seq >= 1                           # the hard bots' turns were adjudicated
    told = [m.content for m in await drain_outbox(service) if m.target == f"seat:{seats[0]}"]
    assert any("The bot (hard) ordered for" in text and " — " in text for text in told), told


async def test_the_gm_gives_a_seat_to_the_hard_bot_and_a_hint_at_hard(service):
    seats = get_variant("aa1914").seats({})
    game = await service.create_game(GUILD, ALICE, "aa1914")
    assert await service.set_bot_seat(game.id, ALICE, seats[1], "hard") == seats[1]
    assert (await service.game(game.id)).seat(seats[1]).bot == "hard"
    for seat in seats[2:]:
        await service.set_bot_seat(game.id, ALICE, seat, "normal")
    await service.join(game.id, ALICE, seats[0])
    await service.start(game.id, ALICE)
    hint = await service.hint(game.id, ALICE, seats[0], "hard")
    assert hint.level == "hard" and hint.orders
    assert all(":" not in line for line, _ in hint.orders if line.startswith(("move ", "place ")))
    assert "What the bot (hard) would order" in hint.describe()
