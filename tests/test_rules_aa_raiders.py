"""Issue 23 item 4: merchant raiders bought without a place are mobilized one by one (4.2: "No
more than 2 Merchant Raiders may be in the same sea zone."), so three fit Germany's two base zones."""
import random
from collections import Counter

from engine.aa1914.house.registry import rules_for
from tests.aa_helpers import B, V, place, state_with


def germany_to_move(treasury: int = 60) -> dict:
    state = state_with(freighters_raiders=True)
    state["turn"] = B.turn_order.index("Germany")
    state["treasury"]["Germany"] = treasury
    return state


def raiders(state) -> Counter:
    return Counter(u["where"] for u in state["units"] if u["type"] == "merchant_raider")


def test_three_unplaced_raiders_fill_both_base_zones():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone." — Germany's base zones
    (SZ 11 off Berlin, SZ 10 off Kiel) take 2 + 1; nothing is refunded."""
    state = germany_to_move()
    result = V.adjudicate(state, {"Germany": ["buy 3 merchant raider"]}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 1})
    assert "refunded" not in result.report


def test_raiders_that_fit_nowhere_are_refunded_one_by_one():
    """4.2: "No more than 2 Merchant Raiders may be in the same sea zone." — with one raider
    already in each base zone, two of three new ones fit and the third is refunded."""
    state = germany_to_move()
    place(state, "Germany", "merchant_raider", "SZ 11")
    place(state, "Germany", "merchant_raider", "SZ 10")
    before = state["treasury"]["Germany"]
    result = V.adjudicate(state, {"Germany": ["buy 3 merchant raider"]}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 2})
    cost = rules_for(state["options"]).cost("merchant_raider")
    assert f"1 merchant raider not mobilized (no place to mobilize them): {cost} IPCs refunded" in result.report
    assert "Germany mobilizes 2 merchant raider." in result.report
    collected = int(result.report.split("collects ")[1].split()[0])
    assert result.state["treasury"]["Germany"] == before - 2 * cost + collected


def test_placed_raiders_count_before_the_rest_go_where_they_fit():
    """A `place` order is carried out first; the unplaced raiders then go one by one."""
    state = germany_to_move()
    lines = ["buy 3 merchant raider", "place 1 merchant raider SZ 10"]
    assert V.check_orders(state, "Germany", lines)
    result = V.adjudicate(state, {"Germany": lines}, random.Random(1))
    assert raiders(result.state) == Counter({"SZ 11": 2, "SZ 10": 1})
