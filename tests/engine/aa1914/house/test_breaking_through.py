"""House rule 4.13 "Breaking Through": units in excess of twice the defenders of a contested
territory may break through, each tested from its quote."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, clear, place, play_turn, state_with, units_at


def test_breakthrough_allowance_worked_example():
    """4.13 "the German player attacks with 50 units a French position 15 strong. Germany has 15
    units in that territory at the beginning of its turn, and 35 are marched in as
    reinforcements. The French forces can hold back 30 German units. Up to 20 German divisions
    may break through. Since only 15 German units were present ... may send those 15" """
    from engine.aa1914.house.breaking_through import breakthrough_allowance
    assert breakthrough_allowance(50, 15, 15) == 15
    assert breakthrough_allowance(50, 15, 40) == 20
    assert breakthrough_allowance(29, 15, 29) == 0        # not twice as many


def _contested_picardy(**options):
    state = state_with(**options)
    state["units"] = [u for u in state["units"] if u["where"] not in ("Picardy", "Paris")]
    nid = 9500
    for owner, n in (("Germany", 6), ("France", 2)):
        for _ in range(n):
            state["units"].append({"id": nid, "type": "infantry", "owner": owner, "where": "Picardy", "damaged": False})
            nid += 1
    state["units"].append({"id": nid, "type": "infantry", "owner": "France", "where": "Paris", "damaged": False})
    return state


def test_breaking_through_in_a_turn():
    state = _contested_picardy(breaking_through=True)
    orders = [parse_order("break through 2 infantry: Picardy - Paris", B)]
    after = Turn(B, state, "Germany", None).run(orders)
    assert sum(1 for u in after["units"] if u["where"] == "Paris" and u["owner"] == "Germany") == 2
    with pytest.raises(OrderError, match="so 2 may"):
        Turn(B, state, "Germany", None).run([parse_order("break through 3 infantry: Picardy - Paris", B)])
    with pytest.raises(OrderError, match="option `breaking_through`"):
        Turn(B, _contested_picardy(), "Germany", None).run(orders)
    real = Turn(B, state, "Germany", random.Random(4)).run(orders)
    assert any(e["battle"] == "Paris" for e in real["log"]) and any(e["battle"] == "Picardy" for e in real["log"])


def test_a_breakthrough_into_a_contested_territory_attacks_or_reinforces():
    """4.13: "If moving into another contested territory, you may either perform an attack or a
    reinforcement move." Without `attack <territory>` the units reinforce: no battle there."""
    state = state_with(breaking_through=True)
    clear(state, "Picardy", "Paris")
    place(state, "Germany", "infantry", "Picardy", 6)
    place(state, "France", "infantry", "Picardy", 2)
    place(state, "France", "infantry", "Paris", 2)
    place(state, "Germany", "infantry", "Paris")          # Paris is contested too
    orders = ["break through 2 infantry: Picardy - Paris"]
    reinforced = play_turn(state, "Germany", *orders, rng=random.Random(4))
    assert len(units_at(reinforced, "Paris", "Germany")) == 3
    assert not any(e["battle"] == "Paris" for e in reinforced["log"])
    assert any(e["battle"] == "Picardy" for e in reinforced["log"])
    attacked = play_turn(state, "Germany", "attack Paris", *orders, rng=random.Random(4))
    assert any(e["battle"] == "Paris" for e in attacked["log"])
