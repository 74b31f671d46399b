"""A&A league matches through the service: the sealed bid for sides (secret until both are in,
changeable until then, final after), the lower ask taking its side, the bid placed as extra units
under the placement convention and on the board from the start (logged, the seed commitment
posted over it), game 2 with sides swapped and the same bid on the same side once game 1 ends,
the match's result from both games, and each game rated as two sides."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.aa1914.league_bid import start_digest
from engine.catalog import register_all
from service import Actor, ServiceError
from service.errors import BadInput, BadState, Forbidden, NotFound
from tests.conftest import ALICE, BOB, CAROL, GUILD, drain_outbox
from tests.seasons.helpers import concede

CHANNEL = 777


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def new_match(service, a=ALICE, b=BOB, **options):
    news = await service.matches.create(GUILD, a, b.user_id, options=options or None, channel_id=CHANNEL)
    return news.match.id


async def revealed(service, ask_a=("Central Powers", 12), ask_b=("Central Powers", 7)):
    """A match whose bids are in: Alice asks `ask_a`, Bob `ask_b`."""
    match_id = await new_match(service)
    await service.matches.bid(GUILD, ALICE, ask_a[0], ask_a[1], match_id)
    news = await service.matches.bid(GUILD, BOB, ask_b[0], ask_b[1], match_id)
    return match_id, news


def holder_of(match, side: str, number: int) -> Actor:
    player = next(p for p, s in match.two_games().sides(number).items() if s == side)
    return {ALICE.user_id: ALICE, BOB.user_id: BOB}[player]


async def test_bids_stay_sealed_until_both_are_in_and_may_change_until_then(service):
    match_id = await new_match(service)
    first = await service.matches.bid(GUILD, ALICE, "allies", 3, match_id)
    assert "sealed: the **Allies** for **3 IPCs**" in first.private
    assert "3" not in first.public.replace(f"#{match_id}", "") and "Allies" not in first.public
    again = await service.matches.bid(GUILD, ALICE, "central", 12, match_id)      # changed before Bob's arrives
    assert "**Central Powers** for **12 IPCs**" in again.private
    seen_by_bob = await service.matches.status(GUILD, BOB, match_id)
    assert "bid in (sealed)" in seen_by_bob and "12" not in seen_by_bob and "Central" not in seen_by_bob
    seen_by_alice = await service.matches.status(GUILD, ALICE, match_id)
    assert "Your bid: Central Powers, 12 IPCs" in seen_by_alice
    both = await service.matches.bid(GUILD, BOB, "Central Powers", 7, match_id)
    assert "12 IPCs" in both.public and "7 IPCs" in both.public
    assert "The lower ask wins: <@2>" in both.public and both.due is None
    with pytest.raises(BadState, match="revealed: they are final"):
        await service.matches.bid(GUILD, ALICE, "central", 1, match_id)
    match = await service.matches.match(match_id)
    assert match.outcome.side_of(BOB.user_id) == "Central Powers" and match.outcome.bid_ipcs == 7
    game = await service.game(match.game(1).game_id)
    assert game.status == "forming" and not game.open_seats
    assert {s.seat for s in game.seats if s.user_id == BOB.user_id} == {"Germany", "Austria-Hungary",
                                                                        "Ottoman Empire"}


async def test_the_placed_bid_is_on_the_start_and_game_2_swaps_sides(service):
    match_id, _ = await revealed(service)
    with pytest.raises(BadInput, match="Paris is not held by the Central Powers"):
        await service.matches.place(GUILD, BOB, "infantry Paris", match_id)
    with pytest.raises(Forbidden, match="the bid is placed by <@2>"):
        await service.matches.place(GUILD, ALICE, "infantry Paris", match_id)
    placed = await service.matches.place(GUILD, BOB, "infantry Berlin, artillery Vienna", match_id)
    assert "• Germany: infantry in Berlin" in placed.private and placed.due is not None
    game = await service.matches.start(match_id, GUILD)
    phase = await service.phase(game.id)
    extra = [u for u in phase.state["units"] if u["id"] >= phase.state["next_id"] - 2]
    assert [(u["owner"], u["type"], u["where"]) for u in extra] == [("Germany", "infantry", "Berlin"),
                                                                   ("Austria-Hungary", "artillery", "Vienna")]
    events = [e for e in await service.store.events(game.id) if e["kind"] == "league_bid"]
    assert events and events[0]["payload"]["start_sha256"] == start_digest(phase.state)
    kinds = [e["kind"] for e in await service.store.events(game.id)]
    assert kinds.index("league_bid") < kinds.index("started")          # on the board before the commitment
    posted = "\n".join(m.content for m in await drain_outbox(service))
    assert "bid's extra units, on the board from the start" in posted and "sha256" in posted

    match = await service.matches.match(match_id)
    await concede(service, game.id, holder_of(match, "Allies", 1))          # Alice's Allies concede game 1
    match = await service.matches.match(match_id)
    assert match.game(1).ended and match.game(1).winner == "Central Powers"
    second = await service.game(match.game(2).game_id)
    assert {s.seat for s in second.seats if s.user_id == ALICE.user_id} == {"Germany", "Austria-Hungary",
                                                                           "Ottoman Empire"}
    assert match.two_games().bid_for(2) == ("Central Powers", 7, ALICE.user_id)
    news = [m for m in await drain_outbox(service) if m.target == f"channel:{CHANNEL}"]
    assert "Game 2 is **#" in news[-1].content and "sides swapped" in news[-1].content
    with pytest.raises(BadState, match="places the bid"):
        await service.start(second.id, ALICE)                  # the GM's own `/game start` waits for the match too
    ready = await service.matches.ready(GUILD, BOB, match_id)
    assert ready.due is None and "Waiting" in ready.private
    placed = await service.matches.place(GUILD, ALICE, "infantry Berlin, 4 IPCs Germany", match_id)
    assert placed.due == second.id
    second = await service.matches.start(match_id, GUILD)
    assert (await service.phase(second.id)).state["treasury"]["Germany"] == 35 + 4
    await concede(service, second.id, ALICE)                   # Alice's Central Powers concede game 2
    match = await service.matches.match(match_id)
    assert match.status == "over" and match.result["winner"] == BOB.user_id
    assert match.result["points"] == [0.0, 2.0] and match.result["decided_by"] == "games"
    over = [m.content for m in await drain_outbox(service) if m.target == f"channel:{CHANNEL}"]
    assert any("**Match #1** is over: <@1> 0–2 <@2>: <@2> wins on more points" in text for text in over)
    profile = await service.seasons.profile(GUILD, BOB.user_id)
    assert [(family, games) for family, _, games, _, _ in profile.ratings] == [("aa1914", 2)]


async def test_equal_asks_go_to_the_seeded_coin_and_a_zero_bid_starts_at_once(service):
    match_id, news = await revealed(service, ("Allies", 0), ("Allies", 0))
    match = news.match
    assert match.outcome.coin_flip and "Equal asks: the coin gave the bid to" in news.public
    assert "No bid to place: game 1 starts now." in news.public and news.due == match.game(1).game_id
    with pytest.raises(BadState, match="no bid to place"):
        await service.matches.place(GUILD, ALICE, "infantry Paris", match_id)
    game = await service.matches.start(match_id, GUILD)
    assert game.status == "active"


async def test_an_abandoned_game_ends_its_match_without_a_result(service):
    match_id, news = await revealed(service, ("Allies", 0), ("Central", 4))
    game_id = news.match.game(1).game_id
    await service.matches.start(match_id, GUILD)
    await service.abandon(game_id, ALICE)                      # Alice created the match: its games' GM
    match = await service.matches.match(match_id)
    assert match.status == "over" and match.result["abandoned"] and match.game(2) is None
    assert "could not be finished" in await service.matches.status(GUILD, BOB, match_id)


@pytest.mark.parametrize("who, side, ipcs, error, words", [
    (ALICE, "Axis", 5, BadInput, "`axis` is not a side of this game: bid for Central Powers or Allies"),
    (ALICE, "Allies", -3, BadInput, "0 or more"),
    (ALICE, "Allies", 78, BadInput, "an ask is at most 77 IPCs"),
    (ALICE, "Allies", 10**9, BadInput, "at most 77 IPCs"),
    (CAROL, "Allies", 5, Forbidden, "only <@1> and <@2> play match #1"),
])
async def test_a_bad_bid_is_refused_and_changes_nothing(service, who, side, ipcs, error, words):
    match_id = await new_match(service)
    before = await service.matches.match(match_id)
    with pytest.raises(error, match=words):
        await service.matches.bid(GUILD, who, side, ipcs, match_id)
    assert await service.matches.match(match_id) == before


@pytest.mark.parametrize("text, words", [
    ("battleship SZ 5", "the bid is 7 IPCs; this placement costs 12"),
    ("infantry Kamerun", "no ground unit there"),
    ("infantry Berlin, artillery Berlin", "at most one extra unit per territory"),
    ("2 infantry Berlin", "at most one extra unit per territory"),
    ("infantry Atlantis", "not a place on the map"),
    ("", "name the extra units"),
])
async def test_a_bad_placement_is_refused_by_the_engine_and_nothing_is_placed(service, text, words):
    match_id, _ = await revealed(service)
    before = await service.matches.match(match_id)
    with pytest.raises(BadInput, match=words):
        await service.matches.place(GUILD, BOB, text, match_id)
    assert await service.matches.match(match_id) == before


async def test_someone_outside_the_match_is_refused_everywhere(service):
    match_id, _ = await revealed(service)
    for act in (service.matches.place(GUILD, CAROL, "infantry Berlin", match_id),
                service.matches.ready(GUILD, CAROL, match_id)):
        with pytest.raises(Forbidden, match="only <@1> and <@2> play match #1"):
            await act
    with pytest.raises(NotFound, match="no match #1 on this server"):
        await service.matches.bid(GUILD + 1, ALICE, "Allies", 1, match_id)
    with pytest.raises(BadInput, match="not yourself"):
        await service.matches.create(GUILD, ALICE, ALICE.user_id)
    with pytest.raises(BadInput, match="Italian Dilemma"):
        await service.matches.create(GUILD, ALICE, BOB.user_id, options={"italian_dilemma": "on"})


async def test_the_only_open_match_is_the_default_and_two_must_be_named(service):
    first = await new_match(service)
    news = await service.matches.bid(GUILD, ALICE, "Allies", 2)
    assert news.match.id == first
    await new_match(service, ALICE, CAROL)
    with pytest.raises(BadInput, match="you play in matches #1, #2: name one"):
        await service.matches.bid(GUILD, ALICE, "Allies", 2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=80), side=st.text(max_size=20), ipcs=st.one_of(st.integers(), st.text(max_size=6)))
async def test_random_bids_and_placements_never_crash(service, text, side, ipcs):
    match_id = await new_match(service)
    for call in (service.matches.bid(GUILD, ALICE, side, ipcs, match_id),
                 service.matches.place(GUILD, ALICE, text, match_id)):
        try:
            await call
        except ServiceError:
            pass


async def test_the_match_rows_keep_json_the_service_reads_back(service):
    match_id, _ = await revealed(service)
    row = await service.db.fetchone("SELECT bids, outcome FROM matches WHERE id=?", (match_id,))
    assert json.loads(row["outcome"])["bid_side"] == "Central Powers"
    assert sorted(b[2] for b in json.loads(row["bids"])["bids"]) == [7, 12]


async def test_a_match_in_a_league_counts_its_games_there(service):
    from tests.conftest import ADMIN
    with pytest.raises(NotFound, match="no league called `Spring`"):
        await service.matches.create(GUILD, ALICE, BOB.user_id, options={"league": "Spring"})
    await service.seasons.leagues.create(GUILD, ADMIN, "Spring", families="aa1914")
    match_id = (await service.matches.create(GUILD, ALICE, BOB.user_id, options={"league": "spring"})).match.id
    await service.matches.bid(GUILD, ALICE, "Allies", 0, match_id)
    news = await service.matches.bid(GUILD, BOB, "Allies", 0, match_id)
    game = await service.matches.start(match_id, GUILD)
    await concede(service, game.id, holder_of(news.match, "Central Powers", 1))
    table = await service.seasons.leagues.standings(GUILD, "Spring")
    assert set(table.standings.ranked) == {ALICE.user_id, BOB.user_id}


async def test_a_win_each_goes_to_the_quicker_win(service):
    from tests.seasons.helpers import set_position
    match_id, news = await revealed(service, ("Allies", 0), ("Allies", 0))
    first = await service.matches.start(match_id, GUILD)
    await set_position(service, first.id, lambda state: state.update(round=6))
    await concede(service, first.id, holder_of(news.match, "Central Powers", 1))       # the Allies win in round 6
    for player in (ALICE, BOB):
        await service.matches.ready(GUILD, player, match_id)
    second = await service.matches.start(match_id, GUILD)
    await concede(service, second.id, holder_of(news.match, "Central Powers", 2))     # the Allies again, round 1
    match = await service.matches.match(match_id)
    quicker = holder_of(match, "Allies", 2).user_id
    assert match.result["points"] == [1.0, 1.0] and match.result["winner"] == quicker
    assert f"<@{quicker}> wins on the quicker win" in await service.matches.status(GUILD, ALICE, match_id)
