"""House rules 4.9/4.10 "No Such Thing as Neutral": the auction minor by minor, as short phases."""
import random

import pytest

from engine.aa1914.auction import auction_budgets
from engine.errors import RulesError

from tests.aa_helpers import V, seat_everyone


def new_auction(**options):
    return V.initial_state(V.parse_options(options), random.Random(1))


def step(state, answers: dict[str, str]):
    """One phase of the auction: the answers are checked like submitted orders, then adjudicated."""
    orders = {seat: V.check_orders(state, seat, [line]) for seat, line in answers.items()}
    return V.adjudicate(state, orders, random.Random(1))


def test_minors_go_highest_value_first_and_unbid_ones_stay_neutral():
    """4.9: "Starting with the highest IPC value minor powers, every Entente and Central Power
    country bids for this minor power's alignment ... minor powers that were not bid on ... remain
    neutral". The prompt states the minors, the money and what can be said; issue 23: maximum bids
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
