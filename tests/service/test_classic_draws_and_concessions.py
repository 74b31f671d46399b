"""Classic Diplomacy at the service: seven seats, draws by the surviving powers, concessions among many
powers, anonymous players, and the two-player variants' concession."""
import pytest

from engine.catalog import register_all
from engine.variant import get_variant
from service import Actor
from service.seats import seats_text
from service.text import game_status, option_list
from service.models import encode_state
from tests.conftest import GUILD, drain_outbox

PLAYERS = [Actor(10 + i, name=f"p{i}") for i in range(7)]
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def seven(service, **options):
    game = await service.create_game(GUILD, PLAYERS[0], "classic", options=options, phase_hours=48)
    for player, power in zip(PLAYERS, POWERS):
        assert await service.join(game.id, player, power) == power
    return await service.start(game.id, PLAYERS[0])


async def test_a_draw_needs_every_surviving_power_and_an_eliminated_one_does_not_vote(service):
    """"draws by vote of the surviving powers": Italy, with no unit and no centre, is out."""
    game = await seven(service)
    phase = await service.phase(game.id)
    state = dict(phase.state)
    state["units"] = {p: u for p, u in state["units"].items() if u["power"] != "Italy"}
    state["owners"] = {c: p for c, p in state["owners"].items() if p != "Italy"}
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))
    for player in PLAYERS[:3]:
        tally = await service.vote(game.id, player, "draw", confirm=True)
    assert len(tally.electorate) == 6 and "Italy" not in tally.electorate and not tally.passed
    for player in PLAYERS[3:4] + PLAYERS[5:]:
        tally = await service.vote(game.id, player, "draw", confirm=True)
    assert tally.passed
    finished = await service.game(game.id)
    assert finished.status == "finished" and finished.winners == ()


async def test_with_seven_powers_all_survivors_but_one_concede_to_that_one(service):
    game = await seven(service)
    await drain_outbox(service)
    for player in PLAYERS[:5]:
        tally = await service.vote(game.id, player, "concede", confirm=True)
        assert not tally.passed and tally.needed == 6
    tally = await service.vote(game.id, PLAYERS[6], "concede", confirm=True)        # everyone but Russia
    assert tally.passed
    finished = await service.game(game.id)
    assert finished.status == "finished" and finished.winners == ("Russia",)
    public = " ".join(m.content for m in await drain_outbox(service) if m.target == "game")
    assert "the other powers conceded. Winner: Russia" in public


async def test_two_player_concession_is_the_other_side_winning(service):
    game = await service.create_game(GUILD, PLAYERS[0], "france_austria", phase_hours=48)
    await service.join(game.id, PLAYERS[0], "France")
    await service.join(game.id, PLAYERS[1], "Austria")
    await service.start(game.id, PLAYERS[0])
    assert (await service.vote(game.id, PLAYERS[1], "concede", confirm=True)).passed
    assert (await service.game(game.id)).winners == ("France",)


async def test_anonymous_players_are_shown_by_power_only_until_the_end(service):
    """"Anonymous players (seats shown by power only until the end)"."""
    game = await seven(service, anonymous="on")
    status = await game_status(service, await service.game(game.id))
    assert "<@" not in status and "Austria: taken" in status
    seats = seats_text(await service.game(game.id), await service.seat_history(game.id))
    assert "<@" not in seats and "revealed when the game ends" in seats
    for player in PLAYERS:
        await service.vote(game.id, player, "draw", confirm=True)
    over = await service.game(game.id)
    assert over.status == "finished"
    assert f"<@{PLAYERS[0].user_id}>" in await game_status(service, over)
    assert f"<@{PLAYERS[0].user_id}>" in seats_text(over, await service.seat_history(game.id))


async def test_game_options_lists_the_classic_options():
    text = option_list(get_variant("classic"))
    for key in ("edition", "victory_centres", "anonymous", "press"):
        assert f"`{key}`" in text
