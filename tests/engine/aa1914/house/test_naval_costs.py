"""House rule 3.1 "Naval Unit Costs": "Submarine: 5 IPCs", "Cruiser: 7 IPCs"."""
from engine.aa1914.house.registry import rules_for
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, state_with


def test_naval_unit_costs():
    """3.1 "Submarine cost changed from 6 to 5. Cruiser cost changed from 9 to 7." """
    rules = rules_for({"naval_costs": True})
    assert rules.cost("submarine") == 5 and rules.cost("cruiser") == 7 and rules.cost("battleship") == 12
    after = Turn(B, state_with(naval_costs=True), "Italy", None).run([parse_order("buy 2 cruiser", B)])
    assert after["treasury"]["Italy"] == 0
