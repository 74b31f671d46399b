"""House rule 4.7 "The Supply Chain": "Your power can stockpile supplies to a maximum of three
times your current IPC count. Surplus supplies are lost." — also in a turn where one of the
power's `supply` orders could not be carried out (the units that were to receive them were gone)."""
from __future__ import annotations

import random

from engine.aa1914.state import income
from tests.aa_helpers import B, V, clear, state_with


def test_the_surplus_is_lost_even_when_a_send_failed():
    state = state_with(supply_chain=True)
    state["turn"] = list(B.turn_order).index("Germany")
    clear(state, "Picardy")
    state["supplies"] = {"Germany": {"stock": 500, "at": {}}}
    result = V.adjudicate(state, {"Germany": ["supply Picardy 3"]}, random.Random(1))
    after = result.state
    assert "✗ `supply Picardy 3` could not be carried out" in result.report
    limit = 3 * income(B, after, "Germany")
    assert after["supplies"]["Germany"]["stock"] == limit
    assert f"📦 Germany loses {500 + _collected(state) - limit} surplus supplies." in result.report


def _collected(state) -> int:
    """4.7 "Every territory yields 1 supply every turn": the German land territories held."""
    return sum(1 for name, holder in state["control"].items() if holder == "Germany" and not B.territories[name].sea)
