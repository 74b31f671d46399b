"""Every game that ends leaves its result on record, in the transaction that ends it: how it ended,
when, each power's centres and when the eliminated fell, every holder of every seat with the
phases each held, bots with their level; and the points under the game's score. Games that
ended before the record existed are recorded on first read, once."""
import pytest

from engine.catalog import register_all
from service import Actor
from service.errors import BadInput, BadState, NotFound
from service.seasons import Seasons, fits
from tests.conftest import ALICE, BOB, CAROL, GUILD
from tests.seasons.helpers import PEOPLE, classic_solo, concede, everyone_ready, rx07


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def result_of(service, game_id: int):
    return await service.seasons._result(game_id)


async def test_a_conceded_rx07_game_is_recorded_with_its_holders(service, clock):
    game = await rx07(service)
    await everyone_ready(service, game.id)
    await everyone_ready(service, game.id)
    clock.advance(hours=1)
    await concede(service, game.id, BOB)                   # the Central Powers concede
    result = await result_of(service, game.id)
    assert (result.ending, result.winners, result.family, result.scoring) == ("concession", ("Entente",), "rx07",
                                                                              "winloss")
    assert result.finished_at == "2026-11-01T13:00:00+00:00" and result.phases == 2
    assert {(h.seat, h.user_id, h.phases) for h in result.holders} == {("Entente", ALICE.user_id, 2),
                                                                       ("Central", BOB.user_id, 2)}
    assert {s.seat: s.points for s in result.seats} == {"Entente": 1.0, "Central": 0.0}
    seat_of = {p.power: p.seat for p in result.powers}
    assert (seat_of["England"], seat_of["Germany"]) == ("Entente", "Central")
    assert seat_of["Italy"] in (None, "Entente", "Central")                    # the side it joined, if any
    assert sum(p.centres for p in result.powers) == 22                        # the home centres of 1914


async def test_a_solo_is_recorded_with_every_powers_centres(service):
    game_id = await classic_solo(service)
    result = await result_of(service, game_id)
    assert (result.ending, result.winners, result.first_year, result.last_year) == ("solo", ("England",), 1901, 1901)
    centres = {p.power: p.centres for p in result.powers}
    assert centres == {"Austria": 3, "England": 15, "France": 3, "Germany": 3, "Italy": 3, "Russia": 4, "Turkey": 3}
    assert {s.seat: s.points for s in result.seats}["England"] == 100.0        # dss: the soloist takes the pot
    assert result.board_centres == 34
    scores = await service.seasons.scores(game_id, GUILD)
    assert fits(scores) and "Won by England in 1901" in scores and "Eng 100" in scores
    assert "Carnage (carnage)" in scores and "Win/loss" not in scores


async def test_an_abandoned_game_is_recorded_and_rates_nobody(service):
    game = await rx07(service)
    await everyone_ready(service, game.id)
    await service.abandon(game.id, ALICE)
    result = await result_of(service, game.id)
    assert result.ending == "abandoned" and not result.rated
    assert await service.seasons.repo.family_ratings(GUILD, "rx07") == []
    scores = await service.seasons.scores(game.id, GUILD)
    assert "Abandoned: not scored, not rated" in scores


async def test_a_substitute_shares_the_seat_by_the_phases_each_held(service, clock):
    game = await rx07(service)
    await everyone_ready(service, game.id)
    await service.leave(game.id, BOB)                      # Bob offers Central to a substitute
    await service.take_seat(game.id, CAROL, "Central")
    await everyone_ready(service, game.id)
    await everyone_ready(service, game.id)
    await concede(service, game.id, ALICE)
    result = await result_of(service, game.id)
    held = [(h.user_id, h.phases, h.from_seq) for h in result.holders if h.seat == "Central"]
    assert held == [(BOB.user_id, 1, 0), (CAROL.user_id, 2, 1)]
    assert result.winners == ("Central",)
    ratings = {r["user_id"]: r for r in await service.seasons.repo.family_ratings(GUILD, "rx07")}
    # new players, K 64: Carol held two thirds of the winning seat, Bob one third
    assert ratings[CAROL.user_id]["rating"] == pytest.approx(1500 + 64 * 2 / 3 * 0.5)
    assert ratings[BOB.user_id]["rating"] == pytest.approx(1500 + 64 / 3 * 0.5)
    assert ratings[ALICE.user_id]["rating"] == pytest.approx(1500 - 32)


async def test_a_bot_seat_is_recorded_with_its_level(service):
    game = await service.create_game(GUILD, ALICE, "rx07", bots="Central", bot_level="easy")
    await service.join(game.id, ALICE, "Entente")
    await service.start(game.id, ALICE)
    await service.tick()                                   # the bot orders
    await everyone_ready(service, game.id)
    await service.abandon(game.id, ALICE)
    result = await result_of(service, game.id)
    assert [(h.user_id, h.bot) for h in result.holders if h.seat == "Central"] == [(None, "easy")]


async def test_scores_wait_for_the_end_and_stay_on_their_server(service):
    game = await rx07(service)
    with pytest.raises(BadState, match="still under way: its scores come when it is over"):
        await service.seasons.scores(game.id, GUILD)
    await concede(service, game.id, BOB)
    with pytest.raises(NotFound, match="there is no game"):
        await service.seasons.scores(game.id, GUILD + 1)
    with pytest.raises(BadInput):
        await service.seasons.scores(game.id, -5)


async def test_games_that_ended_before_the_record_are_recorded_on_first_read(service, db, clock):
    game = await rx07(service)
    await everyone_ready(service, game.id)
    await concede(service, game.id, BOB)
    before = await result_of(service, game.id)
    async with db.transaction() as conn:                   # as a database from before the record
        await conn.execute("DELETE FROM game_results")
        await conn.execute("DELETE FROM ratings")
        await conn.execute("DELETE FROM rating_ladders")
        await conn.execute("DELETE FROM phase_summaries")
    fresh = Seasons(service.store, clock)             # a new process
    profile = await fresh.profile(GUILD, ALICE.user_id, ALICE.user_id)
    assert profile.finished_count == 1 and profile.ratings[0][:3] == ("rx07", 1532.0, 1)
    again = await fresh._result(game.id)
    assert (again.ending, again.winners, again.holders, again.seats, again.powers) == \
           (before.ending, before.winners, before.holders, before.seats, before.powers)
    assert await fresh.records.ensure_recorded(GUILD) == 0  # once


async def test_a_game_of_no_rating_family_is_recorded_and_never_rated(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    await service.abandon(game.id, ALICE)
    result = await result_of(service, game.id)
    assert result.family is None and result.ending == "abandoned" and len(result.holders) == 2
    with pytest.raises(BadState, match="no supply centres or income"):
        await service.seasons.centres(game.id, GUILD)


async def test_a_game_never_started_is_recorded_without_holders(service):
    game = await service.create_game(GUILD, ALICE, "rx07")
    await service.join(game.id, ALICE, "Entente")
    await service.abandon(game.id, ALICE)
    result = await result_of(service, game.id)
    assert result.ending == "abandoned" and result.phases == 0
    assert [(h.user_id, h.phases) for h in result.holders] == [(ALICE.user_id, 0)]


async def test_the_seven_holders_of_a_classic_game(service):
    game_id = await classic_solo(service)
    result = await result_of(service, game_id)
    assert sorted((h.seat, h.user_id, h.phases) for h in result.holders) == \
        sorted((p.name.title(), p.user_id, 2) for p in PEOPLE)
    assert Actor(PEOPLE[0].user_id).user_id == PEOPLE[0].user_id


async def test_an_aa_economic_victory_is_recorded_by_alliance(service):
    """Axis & Allies (end_round=1): the Central Powers hold France's homeland when the United
    States ends round 1; they win on victory points, and the two alliances are rated as sides."""
    from tests.seasons.helpers import set_position
    game = await service.create_game(GUILD, ALICE, "aa1914", options={"end_round": 1})
    central = {"Austria-Hungary", "Germany", "Ottoman Empire"}
    for info in game.seats:
        await service.join(game.id, ALICE if info.seat in central else BOB, info.seat)
    await service.start(game.id, ALICE)

    def the_americans_end_round_one(state):
        state["turn"] = 7
        for name in ("Paris", "Picardy", "Burgundy"):
            state["control"][name] = "Germany"
            state["units"] = [u for u in state["units"] if u["where"] != name]
    await set_position(service, game.id, the_americans_end_round_one)
    await service.mark_ready(game.id, BOB, True, "United States", confirm=True)
    over = await service.game(game.id)
    assert over.status == "finished" and set(over.winners) == central
    result = await result_of(service, game.id)
    assert (result.ending, result.family, result.scoring) == ("economic", "aa1914", "winloss")
    sides = {s.seat: (s.side, s.points) for s in result.seats}
    assert sides["Germany"] == ("Central Powers", 1.0) and sides["France"] == ("Allies", 0.0)
    assert {p.power: p.income for p in result.powers}["Germany"] > 0 and result.last_year == 2
    ratings = {r["user_id"]: r["rating"] for r in await service.seasons.repo.family_ratings(GUILD, "aa1914")}
    assert ratings == {ALICE.user_id: 1532.0, BOB.user_id: 1468.0}      # one side each: plain Elo
    scores = await service.seasons.scores(game.id, GUILD)
    assert fits(scores) and "Won by the Central Powers (economic) in round 2" in " ".join(scores.split()), scores
    assert " Central Powers 1 · Allies 0" in scores and "Income: A-H " in scores and "A-H Austria-Hungary" in scores
