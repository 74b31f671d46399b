"""House rule 3.2 "Artillery Neutralization": attacking artillery may suppress defenders."""
import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.house.registry import rules_for
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, force, state_with


def test_artillery_neutralization():
    """3.2 "This ability starts on Turn 4 ... On a successful roll, the defender must subtract one
    Infantry unit and one Artillery unit from the battle. They are suppressed and cannot fire
    back, but are not killed. If there are no more defending Artillery units, each successive
    neutralization hit suppresses two Infantry units instead. Attacking Artillery still promote
    attacking Infantry and Tank units." """
    from engine.aa1914.rules import suppress
    assert suppress(5, 1, 1) == (1, 1)
    assert suppress(5, 1, 2) == (3, 1)          # no artillery left: two infantry
    assert suppress(2, 0, 3) == (2, 0)
    rules = rules_for({"artillery_neutralization": True})
    # neutralizing artillery hits (3); the infantry, still supported, rolls 6; defender: only 1 inf fires
    result = land_battle(Dice(3, 6, 6), force("artillery", "infantry"), force("infantry", "infantry", "artillery"),
                         rules=rules, neutralizers=1)
    assert result.rolls[0].step == "artillery neutralization" and result.suppressed == 2
    assert [r.target for r in result.rolls[1:2]] == [3]          # the infantry is still promoted to 3
    assert len(result.rolls[-1].dice) == 1                        # one defender left to fire
    state = state_with(artillery_neutralization=True)
    with pytest.raises(OrderError, match="starts on turn 4"):
        Turn(B, state, "Germany", None).run([parse_order("neutralize Berlin with 1", B)])
