"""House rule 3.2 "Submarines and Cruisers": submarines defend at 1 and call their targets."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, force, state_with


def test_submarine_and_cruiser_changes():
    """3.2 "Defensive hit die reduced to 1. On the attack, submarines call their target ... This
    effect is negated by Cruiser* at a 1:1 ratio ... Attacking Cruisers can negate the defensive
    effect of defending Cruisers*." and the dive: "if there are 3 Subs and 4 surface ships attack
    them, each Sub must roll a 3 or less to dive away safely." """
    from engine.aa1914.combat import SeaPolicy, sea_battle, sea_targets
    from engine.aa1914.rules import dive_target, targeting_subs
    assert dive_target(4, 3) == 3 and dive_target(2, 3) == 4 and dive_target(9, 1) == 0
    assert targeting_subs(3, 1, 0) == 2 and targeting_subs(3, 2, 1) == 2 and targeting_subs(1, 3, 0) == 0
    assert sea_targets(force("submarine", "cruiser"), 1) == {1: 1, 3: 1}
    # two attacking subs, one stopped by the defending cruiser: the other calls the transport
    policy = SeaPolicy(action="break", after_rounds=1, sub_changes=True, sub_targets=("transport",))
    result = sea_battle(Dice(2, 6, 6, 6), force("submarine", "submarine"), force("cruiser", "transport"), policy)
    assert [p.type for p in result.defender_lost] == ["transport"]
    dive = SeaPolicy(defender_submerge=True, sub_changes=True, action="break", after_rounds=1)
    result = sea_battle(Dice(4, 6, 6), force("cruiser"), force("submarine", "cruiser"), dive)
    assert result.rolls[0].step == "preemptive dive" and result.rolls[0].target == 4
    assert [p.type for p in result.submerged] == ["submarine"]
    with pytest.raises(OrderError, match="option `sub_changes`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("sub targets transport", B)])
