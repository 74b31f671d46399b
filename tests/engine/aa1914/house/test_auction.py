"""House rules 4.9/4.10 "No Such Thing as Neutral": the auction minor by minor, as short phases."""
import random

import pytest

from engine.aa1914.auction import auction_budgets, open_auction
from engine.errors import RulesError
from tests.aa_helpers import V, seat_everyone


def new_auction(**options):
    return V.initial_state(V.parse_options(options), random.Random(1))


def step(state, answers: dict[str, str | list[str]]):
    """One phase of the auction: the answers (a line or a list of lines a seat) are checked like
    submitted orders, then adjudicated."""
    orders = {seat: V.check_orders(state, seat, [lines] if isinstance(lines, str) else lines)
              for seat, lines in answers.items()}
    return V.adjudicate(state, orders, random.Random(1))


def test_minors_go_highest_value_first_and_unbid_ones_stay_neutral():
    """4.9: "Starting with the highest IPC value minor powers, every Entente and Central Power
    country bids for this minor power's alignment ... minor powers that were not bid on ... remain
    neutral". The prompt states the minors, the money and what can be said; maximum bids
    for every minor in one phase."""
    state = new_auction(auction_by_power=True)
    assert V.phase_label(state).endswith("maximum bids (10 minors on offer, Norway first)")
    brief = V.phase_brief(state, "France")
    assert "Norway (4), Spain (4), Sweden (4)" in brief and "You have 24 IPCs" in brief and "`bid Norway 4`" in brief
    assert "United States" not in V.seats_to_act(state)
    result = step(state, {})
    assert result.state["alignments"]["Norway"] is None and "Norway: no bid" in result.report
    assert "The auction is over." in result.report and "auction" not in result.state


def test_the_highest_maximum_wins_at_one_more_than_the_next():
    """4.9: "The minimum cost a player must pay to "align" a neutral power is the IPC value of this
    minor power." Proxy bidding: the price rises by 1 only as far as the next-highest maximum."""
    state = new_auction(auction_by_power=True)
    with pytest.raises(RulesError, match="lowest bid for Spain is 4"):
        V.check_orders(state, "France", ["bid Spain 3"])
    # a tie goes to the earlier power in turn order, which would have bid first: Germany
    tied = step(state, {"France": "bid Spain 6", "Germany": "bid Spain 6", "Russia": "pass"})
    assert "Spain: Germany wins the bidding at 6 IPCs (against France)" in tied.report
    raised = step(state, {"France": "bid Spain 8", "Germany": "bid Spain 6"})
    assert "Spain: France wins the bidding at 7 IPCs (against Germany)" in raised.report
    # France won: the Central threat powers are asked
    assert V.phase_label(raised.state).endswith("Spain — Threat of Invasion?")
    assert set(V.seats_to_act(raised.state)) == {"Germany", "Austria-Hungary"}
    sold = step(raised.state, {"Germany": "no threat"})
    assert sold.state["alignments"]["Spain"] == "France"
    assert "Spain aligns with France for 7 IPCs" in sold.report


def test_the_threat_of_invasion_example():
    """4.9: "France wins the bid for Spain at 8 IPCs. Germany declares a Threat of Invasion on Spain.
    France must now pay 12 IPCs to acquire Spain. Russia, Italy and the UK must now also pay 2 IPCs
    each, for a total of 18 IPCs for what was originally an 8 IPC investment!" """
    state = step(new_auction(auction_by_power=True),
                 {"France": "bid Spain 10", "Italy": "bid Spain 7", "Russia": "bid Sweden 4"}).state
    state = step(state, {"Germany": "threaten"}).state
    assert V.seats_to_act(state) == ("France",)
    brief = V.phase_brief(state, "France")
    assert "Germany threatens invasion" in brief and "12 IPCs from you and 2 from each of Russia, British Empire, Italy" in brief
    paid = step(state, {"France": "premium pay"})
    assert paid.state["alignments"]["Spain"] == "France"
    # Russia's Sweden is next, and waits for Austria-Hungary's threat decision
    money = paid.state["auction"]["money"]
    assert (money["France"], money["Russia"], money["Italy"], money["British Empire"]) == (12, 23, 12, 28)
    # "Regardless of the outcome, the Threat of Invasion is used up"
    assert paid.state["auction"]["threats"]["Germany"] == 0


def test_a_refused_premium_leaves_the_minor_neutral_and_costs_half_the_bid():
    """ "If the winning side cannot or decides to not pay the premium ... The neutral country can no
    longer be bid for ... The country that originally won the bid loses half the value of the bid,
    rounded up." """
    state = step(new_auction(auction_by_power=True),
                 {"France": "bid Spain 10", "Italy": "bid Spain 8", "Russia": "bid Sweden 4"}).state
    state = step(state, {"Austria-Hungary": "threaten"}).state
    refused = step(state, {"France": "premium refuse"})
    assert refused.state["alignments"]["Spain"] is None and "France loses 5 IPCs" in refused.report
    assert refused.state["auction"]["money"]["France"] == 19


def test_by_alliance_the_pools_bid_for_a_named_power():
    """4.10: "The Entente and the Central Powers now pool their respective countries' IPCs ... the
    side making the bid must announce the new price AND to which specific country the neutral power
    would be aligned to." Neutral Italy (4.16) has no alliance, so it is not asked."""
    state = new_auction(auction_by_alliance=True, italian_dilemma=True)
    assert set(auction_budgets(V.board_of(state), True)) == {"Central Powers", "Allies"}
    assert "Italy" not in V.seats_to_act(state)
    with pytest.raises(RulesError, match="Italy is neutral"):
        V.check_orders(state, "Italy", ["bid 4 for Germany"])
    with pytest.raises(RulesError, match="say which power"):
        V.check_orders(state, "France", ["bid 4"])
    state = step(state, {"France": "bid Norway 4 for British Empire", "Germany": "bid Norway 5 for Germany"}).state
    # the Allies' one threat: any of them may answer for the alliance
    assert set(V.seats_to_act(state)) >= {"France", "Russia", "British Empire"}
    assert "You have 77 IPCs of your alliance's pooled auction money" in V.phase_brief(state, "Austria-Hungary")
    sold = step(state, {"Russia": "no threat"})
    assert sold.state["alignments"]["Norway"] == "Germany"
    assert "Norway aligns with Germany for 5 IPCs" in sold.report


async def test_the_auction_phases_then_the_game(service):
    game, players = await seat_everyone(service, {"auction_by_power": "on"}, 500)
    assert (await service.phase(game.id)).label.startswith("No Such Thing as Neutral: maximum bids")
    await service.submit_orders(game.id, players["Germany"], "bid 5")
    for _ in range(40):                    # every step: whoever must answer passes or says no
        phase = await service.phase(game.id)
        if not phase.label.startswith("No Such Thing"):
            break
        for seat in V.seats_to_act(phase.state):
            await service.mark_ready(game.id, players[seat], True, seat, True)
    phase = await service.phase(game.id)
    assert phase.label == "Round 1: Austria-Hungary" and phase.state["alignments"]["Norway"] == "Germany"
    assert "auction" not in phase.state


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
    winner's answer to the premium in a phase of its own. Bid by bid, one phase each, a full auction took 173
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
    """The auction's state in every brief — settled minors, what is left, money, threats."""
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
    """A game saved mid-auction by the earlier version (one minor at a time): the minor goes back on
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


def test_neutral_powers_do_not_bid():
    """4.10: "the alliances bid" — neutral Italy (4.16) has no alliance, so it is not asked."""
    from engine.aa1914.auction import auction_budgets
    state = V.initial_state(V.parse_options({"auction_by_alliance": True, "italian_dilemma": True}),
                            random.Random(1))
    assert state["phase"] == "auction"
    assert "Italy" not in V.seats_to_act(state)
    assert set(auction_budgets(V.board_of(state), True)) == {"Central Powers", "Allies"}
    with pytest.raises(RulesError, match="Italy is neutral"):
        V.check_orders(state, "Italy", ["bid Spain 3 for Germany"])


def test_a_capital_capture_refund_is_the_price_paid():
    """3.1 Naval costs: a cruiser bought for its house price is refunded at that price."""
    from engine.aa1914.house.registry import rules_for
    rules = rules_for(V.parse_options({"naval_costs": True}))
    from engine.aa1914.units import UNIT_TYPES
    assert rules.cost("cruiser") != UNIT_TYPES["cruiser"].cost
