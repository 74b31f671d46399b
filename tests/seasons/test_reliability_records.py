"""Reliability from what each seat owed at each adjudication: a miss counts (excused or not), a
phase the game was paused in does not, an anonymous game's phases count once it is over, a
rollback takes its phases back; and `committed=` refuses a join, a substitute and a GM's
assignment below the level, saying why with the player's own figure."""
import pytest

from engine.catalog import register_all
from service import Actor
from service.errors import BadInput, BadState
from tests.conftest import ALICE, BOB, CAROL, GUILD, drain_outbox

DAVE = Actor(4, name="dave")


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def guess(service, north=ALICE, south=BOB, **options):
    game = await service.create_game(GUILD, north, "guess", options={"target": 99, **options})
    await service.join(game.id, north, "North")
    await service.join(game.id, south, "South")
    return await service.start(game.id, north)


async def play(service, game_id, *who):
    """One phase in which the players `who` guess and are ready; the others say nothing."""
    for actor in who:
        await service.submit_orders(game_id, actor, "guess 3")
        await service.mark_ready(game_id, actor, True)


async def missed_twice(service, clock, south=BOB):
    """South gives orders once, then misses two deadlines: the first excused, then civil disorder."""
    game = await guess(service, south=south)
    await play(service, game.id, ALICE, south)
    for _ in range(2):
        await play(service, game.id, ALICE)
        clock.advance(hours=49)
        await service.tick()
        clock.advance(hours=25)
        await service.tick()
    return game


async def test_misses_count_excused_or_not(service, clock):
    game = await missed_twice(service, clock)
    assert (await service.game(game.id)).seat("South").civil_disorder
    figure = await service.seasons.reliabilities.of(BOB.user_id)
    assert (figure.level, figure.owed, figure.misses, figure.excused) == ("low", 3, 2, 1)
    alice = await service.seasons.reliabilities.of(ALICE.user_id)
    assert (alice.level, alice.owed, alice.misses) == ("new", 3, 0)


async def test_a_phase_the_game_was_paused_in_is_not_owed(service, clock):
    game = await guess(service)
    await service.pause(game.id, ALICE)
    await service.resume(game.id, ALICE)
    await play(service, game.id, ALICE)
    await service.force_adjudicate(game.id, ALICE)          # Bob gave nothing, but the clock had stopped
    assert (await service.seasons.reliabilities.of(BOB.user_id)).owed == 0
    await play(service, game.id, ALICE)
    await service.force_adjudicate(game.id, ALICE)
    figure = await service.seasons.reliabilities.of(BOB.user_id)
    assert (figure.owed, figure.misses, figure.excused) == (1, 1, 0)      # the GM did not wait: not excused


async def test_a_rollback_takes_its_phases_back(service, clock):
    game = await guess(service)
    await play(service, game.id, ALICE)
    await service.force_adjudicate(game.id, ALICE)
    assert (await service.seasons.reliabilities.of(BOB.user_id)).misses == 1
    outsider = Actor(ALICE.user_id + 1000, is_admin=True)
    await service.rollback(game.id, outsider)
    assert (await service.seasons.reliabilities.of(BOB.user_id)).owed == 0
    await play(service, game.id, ALICE, BOB)
    figure = await service.seasons.reliabilities.of(BOB.user_id)
    assert (figure.owed, figure.misses) == (1, 0)


async def test_an_anonymous_games_phases_count_once_it_is_over(service):
    game = await service.create_game(GUILD, ALICE, "france_austria", options={"anonymous": True})
    await service.join(game.id, ALICE, "France")
    await service.join(game.id, BOB, "Austria")
    await service.start(game.id, ALICE)
    await service.mark_ready(game.id, ALICE, True, confirm=True)
    await service.force_adjudicate(game.id, ALICE)          # Austria missed: who plays it is a secret
    assert (await service.seasons.reliabilities.of(BOB.user_id)).owed == 0
    await service.abandon(game.id, ALICE)
    figure = await service.seasons.reliabilities.of(BOB.user_id)
    assert (figure.owed, figure.misses) == (1, 1)


async def test_committed_high_refuses_a_new_player_and_says_why(service):
    game = await service.create_game(GUILD, ALICE, "guess", options={"committed": "high"})
    with pytest.raises(BadState) as refused:
        await service.join(game.id, BOB)
    assert str(refused.value) == ("your reliability is new: no order phase so far (10 make a figure); this game asks "
                                  "for high (at most 1 missed in 10). Play on in other games: the figure counts your "
                                  "last 10 order phases.")
    assert (await service.game(game.id)).open_seats == ["North", "South"]
    medium = await service.create_game(GUILD, ALICE, "guess", options={"committed": "medium"})
    assert await service.join(medium.id, BOB) == "North"          # a new player meets medium


async def test_committed_medium_refuses_a_low_player_everywhere(service, clock):
    await missed_twice(service, clock, south=CAROL)
    game = await service.create_game(GUILD, ALICE, "guess", options={"committed": "medium"})
    with pytest.raises(BadState, match="your reliability is low: 2 missed of the last 3 phases you owed \\(1 "
                                       "excused\\); this game asks for medium \\(fewer than half missed\\)"):
        await service.join(game.id, CAROL)
    with pytest.raises(BadState, match="their reliability is low: 2 missed of the last 3 phases they owed"):
        await service.assign_seat(game.id, ALICE, "North", CAROL.user_id, GUILD)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    await service.leave(game.id, BOB)                              # Bob offers South to a substitute
    with pytest.raises(BadState, match="your reliability is low"):
        await service.check_take(game.id, CAROL, "South", GUILD)
    with pytest.raises(BadState, match="your reliability is low"):
        await service.take_seat(game.id, CAROL, "South", GUILD)
    with pytest.raises(BadState, match="their reliability is low"):
        await service.check_assign(game.id, ALICE, "South", CAROL.user_id, GUILD)
    assert (await service.game(game.id)).holder("South") == BOB.user_id
    change = await service.take_seat(game.id, DAVE, "South", GUILD)  # a new player meets medium
    assert change.holder == DAVE.user_id


async def test_game_settings_are_checked_at_creation(service):
    with pytest.raises(BadInput, match="committed: `high` or `medium`, not `maybe`"):
        await service.create_game(GUILD, ALICE, "rx07", options={"committed": "maybe"})
    with pytest.raises(BadInput, match="scoring: World War I Diplomacy \\(rx07\\) is scored by winloss, not `sos`"):
        await service.create_game(GUILD, ALICE, "rx07", options={"scoring": "sos"})
    game = await service.create_game(GUILD, ALICE, "classic", options={"scoring": "carnage", "committed": "off"})
    chosen = await service.seasons.settings_of(game.id)
    assert (chosen.scoring, chosen.committed) == ("carnage", None)
    assert "scoring" not in game.options and "committed" not in game.options
    await drain_outbox(service)


async def test_the_status_names_a_games_scoring_and_commitment(service):
    from service.text import game_status
    plain = await service.create_game(GUILD, ALICE, "classic")
    assert "Seasons:" not in await game_status(service, plain)
    chosen = await service.create_game(GUILD, ALICE, "classic", options={"scoring": "sos", "committed": "medium"})
    status = await game_status(service, chosen)
    assert "Seasons: scored by sos (`/game scores` at the end); committed=medium: players of medium reliability " \
           "or better join" in status
