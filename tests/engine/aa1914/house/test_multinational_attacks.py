"""House rule 4.14 "Multinational Attacks": allies declared to join an attack fight with it."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, state_with


def test_multinational_attacks():
    """4.14 "it is possible to perform a multinational attack on your turn by using up your ally's
    movement ... The units from your ally or allies which have accompanied you in the assault may
    not move on their power's turn." """
    state = state_with(multinational_attacks=True)
    state["turn"] = 3   # France
    join = parse_order("join British Empire 2 infantry: London - Yorkshire", B)
    with pytest.raises(OrderError, match="allies join an attack"):
        Turn(B, state, "France", None).run([join])
    state["units"] = [u for u in state["units"] if u["where"] not in ("Lorraine", "Alsace")]
    state["units"] += [{"id": 9901, "type": "infantry", "owner": "British Empire", "where": "Lorraine", "damaged": False},
                       {"id": 9902, "type": "infantry", "owner": "France", "where": "Lorraine", "damaged": False},
                       {"id": 9903, "type": "infantry", "owner": "Germany", "where": "Alsace", "damaged": False}]
    after = Turn(B, state, "France", Dice(*([1] * 20))).run([
        parse_order("move 1 infantry Lorraine - Alsace", B), parse_order("join British Empire 1 infantry: Lorraine - Alsace", B)])
    assert after["control"]["Alsace"] == "France"
    assert after["exhausted"] == {"9901": [1, 4]}            # the British turn of this round
    after["turn"] = 4
    with pytest.raises(OrderError, match="that can still move"):
        Turn(B, after, "British Empire", None).run([parse_order("move 1 infantry Alsace - Lorraine", B)])
    with pytest.raises(OrderError, match="option `multinational_attacks`"):
        Turn(B, state_with(), "France", None).run([join])
