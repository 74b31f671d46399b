"""House rules 4.9/4.10, seed 002: "This process is repeated for every neutral minor power until
all neutral countries are "aligned" or every player runs out of IPCs to bid with. In the latter
case, minor powers that were not bid on due to lack of money or interest (some countries may be
passed by all players) remain neutral for the game." The minors nobody bid on are offered again
while the round before sold one and someone can still pay; passed by all, they stay neutral."""
import random

from engine.aa1914.auction import open_auction
from tests.aa_helpers import V


def new_auction(**options):
    return V.initial_state(V.parse_options(options), random.Random(1))


def step(state, answers: dict[str, list[str]]):
    orders = {seat: V.check_orders(state, seat, lines) for seat, lines in answers.items()}
    return V.adjudicate(state, orders, random.Random(1))


def test_the_brief_says_unbid_minors_are_offered_again():
    brief = V.phase_brief(new_auction(auction_by_power=True), "France")
    assert "A minor nobody bids on is offered again in another round" in brief
    assert "a minor every bidder passes stays neutral for the game" in brief


def test_minors_nobody_bid_on_go_round_again_while_a_round_sells_one():
    """ "This process is repeated ... until all neutral countries are "aligned" or every player
    runs out of IPCs to bid with." """
    # every threat power says `no threat` in advance, so each sale needs no phase of its own
    first = step(new_auction(auction_by_power=True), {"Germany": ["bid Norway 5", "no threat"],
                                                     "Austria-Hungary": ["no threat"],
                                                     "British Empire": ["no threat"]})
    state, report = first.state, first.report
    assert state["alignments"]["Norway"] == "Germany" and "Spain" not in state["alignments"]
    assert "🔁 Nobody bid on Spain, Sweden, Denmark" in report and "again in round 2 of the bidding" in report
    assert V.phase_label(state).endswith("maximum bids, round 2 (9 minors on offer, Spain first)")
    assert "**Round 2 of the bidding**: these minors had no bid; they are offered again." in \
        V.phase_brief(state, "France")
    # round 2: France now buys Spain; the other eight go round once more
    second = step(state, {"France": ["bid Spain 4"]})
    assert second.state["alignments"]["Spain"] == "France"
    assert V.phase_label(second.state).endswith("round 3 (8 minors on offer, Sweden first)")
    # round 3: passed by all players, the rest stay neutral for the game
    last = step(second.state, {})
    assert "every bidder passed on them in this round: they stay neutral for the game" in last.report
    assert last.state["alignments"]["Sweden"] is None and "auction" not in last.state
    assert "The auction is over." in last.report


def test_a_first_round_passed_by_all_ends_the_auction():
    """ "some countries may be passed by all players": nobody bid, nothing goes round again."""
    result = step(new_auction(auction_by_power=True), {})
    assert "round 2" not in result.report and "auction" not in result.state
    assert all(result.state["alignments"][m] is None for m in ("Norway", "Spain", "Switzerland"))


def test_when_nobody_can_pay_any_more_the_rest_stay_neutral():
    """ "or every player runs out of IPCs to bid with" """
    state = new_auction(auction_by_power=True)
    auction = open_auction(V.board_of(state), state)
    auction["money"] = {power: 0 for power in auction["money"]} | {"Russia": 4}
    result = step(state, {"Russia": ["bid Norway 4"]})
    assert set(V.seats_to_act(result.state)) == {"Austria-Hungary", "Germany"}   # the Central threats are asked
    result = step(result.state, {})                         # silence: no threat
    assert result.state["alignments"]["Norway"] == "Russia"
    assert "nobody has the 1 IPCs the cheapest of them costs any more" in result.report
    assert "auction" not in result.state
