"""Issue 23 item 3: the auctions (4.9/4.10) with standing maximum bids, so a whole auction takes a
handful of phases instead of months; the seed's rules (turn order, threats, the 2-IPC unity
payment, passing, refusal halving the bid) unchanged."""
import random

import pytest

from engine.aa1914.auction import open_auction
from engine.errors import RulesError
from tests.aa_helpers import V


def new_auction(**options):
    return V.initial_state(V.parse_options(options), random.Random(1))


def step(state, answers: dict):
    orders = {}
    for seat, lines in answers.items():
        orders[seat] = V.check_orders(state, seat, [lines] if isinstance(lines, str) else lines)
    return V.adjudicate(state, orders, random.Random(1))


def play(state, script) -> tuple[dict, int, list[str]]:
    """Play the auction; `script(state)` gives each phase's answers. Returns the state after it,
    the number of phases it took and the reports."""
    phases, reports = 0, []
    while state.get("phase") == "auction":
        result = step(state, script(state))
        phases += 1
        reports.append(result.report)
        state = result.state
        assert phases < 30
    return state, phases, reports


def test_a_scripted_full_auction_by_power_takes_two_phases():
    """Every minor is bid for in one phase; only a threat (decided in advance here) needs the
    winner's answer to the premium in a phase of its own. Before issue 23 a full auction took 173
    phases. 4.9: "The bid's turn order is identical to the game's turn order" (ties)."""
    first = {
        "Austria-Hungary": ["bid Greece 5", "bid Holland 3", "no threat"],
        "Russia": ["bid Norway 6", "bid Persia 4", "bid Sweden 4"],
        "Germany": ["bid Norway 5", "bid Sweden 9", "bid Denmark 4", "threaten Spain", "no threat Norway"],
        "France": ["bid Spain 10", "bid Afghanistan 1"],
        "British Empire": ["bid Persia 6", "bid Empire of Ethiopia 2", "no threat"],
        "Ottoman Empire": ["bid Greece 5", "bid Persia 5"],
        "Italy": ["bid Spain 7", "bid Switzerland 1", "bid Holland 2"],
    }
    later = {"France": "premium pay"}
    state, phases, reports = play(new_auction(auction_by_power=True),
                                  lambda s: first if V.phase_label(s).endswith("Norway first)") else later)
    assert phases == 2
    print(f"a full auction by power took {phases} phases")
    aligned = state["alignments"]
    assert aligned == {"Norway": "Russia", "Spain": "France", "Sweden": "Germany", "Denmark": "Germany",
                       "Greece": "Austria-Hungary", "Holland": "Austria-Hungary", "Persia": "British Empire",
                       "Afghanistan": "France", "Empire of Ethiopia": "British Empire", "Switzerland": "Italy"}
    text = "\n".join(reports)
    assert "Norway: Russia wins the bidding at 6 IPCs (against Germany)" in text          # 5 + 1
    assert "Greece: Austria-Hungary wins the bidding at 5 IPCs (against Ottoman Empire)" in text   # tie: turn order
    assert "Persia: British Empire wins the bidding at 6 IPCs (against Ottoman Empire, Russia)" in text
    assert "Germany declares a Threat of Invasion on Spain (decided in advance)" in text
    assert "France pays the premium, 12 IPCs, and each ally 2" in text
    assert state["phase"] == "turn"


def test_a_scripted_full_auction_by_alliance_takes_four_phases():
    """4.10: the pools bid, "AND to which specific country": the Allies' one threat and the Central
    Powers' two are asked once each where nobody decided in advance; the minors nobody bid on are
    offered once more (4.9: "This process is repeated ... until all neutral countries are
    "aligned" or every player runs out of IPCs"), and passed by all they stay neutral."""
    first = {"Germany": ["bid Norway 8 for Germany", "bid Sweden 6 for Germany", "no threat"],
             "France": ["bid Norway 7 for Russia", "bid Spain 9 for France", "bid Greece 3 for British Empire"],
             "Ottoman Empire": ["bid Persia 4 for Ottoman Empire"]}

    def script(state):
        if V.phase_label(state).endswith("first)"):
            return {} if ", round 2 (" in V.phase_label(state) else first
        return {seat: "threaten" for seat in V.seats_to_act(state)} if "Threat" in V.phase_label(state) \
            else {"Germany": "premium pay"}
    state, phases, reports = play(new_auction(auction_by_alliance=True), script)
    assert phases <= 4
    print(f"a full auction by alliance took {phases} phases")
    assert state["alignments"]["Norway"] == "Germany" and state["alignments"]["Spain"] == "France"
    text = "\n".join(reports)
    assert "on offer again in round 2 of the bidding" in text and "stay neutral for the game" in text
    assert state["alignments"]["Denmark"] is None


def test_a_maximum_counts_only_as_far_as_the_money_left():
    """4.9: "each power is provided with one turn's worth of IPCs" — minors are settled highest
    value first; a maximum for a later one is cut to what the bidder has left by then."""
    state = new_auction(auction_by_power=True)
    answers = {"Germany": ["bid Norway 30", "bid Spain 10"], "British Empire": ["bid Norway 29", "no threat"],
               "France": "bid Spain 4"}
    result = step(state, answers)
    assert "Norway: Germany wins the bidding at 30 IPCs (against British Empire)" in result.report
    # Germany has 5 left: its maximum of 10 for Spain reaches 5, one more than France's 4
    assert "Spain: Germany wins the bidding at 5 IPCs (against France)" in result.report
    assert result.state["alignments"]["Spain"] == "Germany"


def test_every_brief_shows_the_state_of_the_auction():
    """Issue 23: the auction's state in every brief — settled minors, what is left, money, threats."""
    state = step(new_auction(auction_by_power=True),
                 {"Russia": "bid Norway 6", "France": ["bid Spain 8", "bid Norway 5"]}).state
    for seat in ("Germany", "France", "Ottoman Empire"):
        brief = V.phase_brief(state, seat)
        assert "Settled: nothing yet." in brief
        assert "Still to settle: Norway (won by Russia at 6, threat decision pending), Spain, Sweden" in brief
        assert "Auction money: Austria-Hungary 26, Russia 25, Germany 35, France 24" in brief
        assert "Threats of Invasion left: Germany, Austria-Hungary, British Empire." in brief
    assert "Your standing maximum bids: Spain 8." in V.phase_brief(state, "France")
    assert "Still to settle: Norway (won by Russia at 6" in V.describe(state)          # /game status too
    assert "Nothing for France to decide now; waiting for Austria-Hungary, Germany." in V.phase_brief(state, "France")
    sold = step(state, {"Germany": "no threat", "Austria-Hungary": "no threat"})
    assert sold.state["alignments"]["Norway"] == "Russia"
    # a `no threat` answered for Norway is not one for Spain: they are asked again
    assert "Spain: France wins the bidding at 4 IPCs (the only bid)" in sold.report
    assert "Settled: Norway → Russia for 6." in V.phase_brief(sold.state, "Italy")


def test_with_the_swiss_alps_switzerland_is_not_auctioned():
    """4.4 The Swiss Alps: Switzerland cannot be entered, so it cannot be aligned either."""
    state = new_auction(auction_by_power=True, swiss_alps=True)
    assert "Switzerland" not in open_auction(V.board_of(state), state)["queue"]
    with pytest.raises(RulesError, match="Switzerland is not on offer"):
        V.check_orders(state, "Italy", ["bid Switzerland 1"])
    assert "Switzerland" in open_auction(V.board_of(state), new_auction(auction_by_power=True))["queue"]


def test_old_orders_still_work():
    """`bid N` bids for the first minor on offer; `pass` and `no threat` still answer."""
    state = new_auction(auction_by_power=True)
    assert V.check_orders(state, "Germany", ["bid 5"]) == ["bid Norway 5"]
    assert V.check_orders(state, "Germany", ["bid 5", "bid Spain 4", "bid Norway 6"]) == ["bid Spain 4", "bid Norway 6"]
    assert V.check_orders(state, "Germany", ["bid Spain 4", "pass"]) == ["pass"]
    won = step(state, {"Russia": "bid 5"}).state
    assert V.check_orders(won, "Germany", ["pass"]) == ["no threat"]
    with pytest.raises(RulesError, match="name the minor"):
        V.check_orders(state, "Germany", ["threaten"])
    with pytest.raises(RulesError, match="holds no Threat of Invasion"):
        V.check_orders(state, "France", ["threaten Spain"])


def test_an_auction_saved_by_the_earlier_version_carries_on():
    """A game saved mid-auction before issue 23 (one minor at a time): the minor goes back on
    offer, its high bid standing as its bidder's maximum."""
    state = new_auction(auction_by_power=True)
    board = V.board_of(state)
    record = open_auction(board, state)
    state["auction"] = {"by_alliance": False, "queue": record["queue"][3:], "money": record["money"],
                        "threats": record["threats"], "minor": "Sweden", "step": "bid", "round": 2,
                        "high": {"amount": 6, "bidder": "Germany", "for": "Germany"}, "threat_by": None}
    assert V.phase_label(state).endswith("maximum bids (8 minors on offer, Sweden first)")
    result = step(state, {"France": "bid Sweden 9", "Austria-Hungary": "no threat", "British Empire": "no threat"})
    assert "Sweden: France wins the bidding at 7 IPCs (against Germany)" in result.report
