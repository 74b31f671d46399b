"""House rule 4.8 "Counter-Battery Fire": attacking artillery fires at the defending artillery
first, simultaneously, and its hits negate only artillery hits."""
import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, force, state_with


def test_counter_battery_fire():
    """4.8 "Artillery units performing CB attacks do not provide an attack bonus to attacking
    Infantry ... Rolling a 2 destroys an enemy Artillery ... Rolling a 1 destroys an enemy
    Artillery and negates 1 hit from the enemy Artillery." """
    # attacker: 2 artillery (1 CB), 2 infantry — only one infantry is supported now
    # exchange: attacker rolls 6 | 6 6; defender 3 dice: 1, 6, 6 → 1 hit
    # counter-battery: attacker's CB artillery rolls 1 → kills a defending artillery and spares our loss
    result = land_battle(Dice(6, 6, 6, 1, 6, 6, 1), force("artillery", "artillery", "infantry", "infantry"),
                         force("artillery", "artillery", "infantry"), counter_battery=(1, 0))
    exchange = {r.target: len(r.dice) for r in result.rolls if r.step == "land combat" and r.who == "attacker"}
    assert exchange == {2: 1, 3: 2}                                # no support from the CB gun
    assert result.rolls[-1].step == "counter-battery fire" and result.rolls[-1].dice == [1]
    assert len(result.attackers) == 4 and not result.attacker_lost
    assert [p.type for p in result.defender_lost] == ["artillery"]
    with pytest.raises(OrderError, match="up to half"):
        Turn(B, state_with(counter_battery=True), "Germany", None).run([parse_order("counter-battery Berlin with 9", B)])


def test_counter_battery_fire_is_simultaneous_and_negates_only_artillery_hits():
    """4.8: "Rolling a 1 destroys an enemy Artillery and negates 1 hit from the enemy Artillery":
    with no hit from the enemy artillery there is nothing to negate; and both sides' CB guns fire
    "once normal combat is resolved", together: a gun the other side hits still rolls."""
    from engine.aa1914.combat import land_battle
    from tests.aa_helpers import Dice, force
    # exchange: attacker 2 infantry at 2 → 6 6; defender 2 artillery + 1 infantry at 3 → 6 6 6 (no hit);
    # the defender's CB gun (1 of 2 artillery) rolls 1, the attacker's CB gun rolls 1
    result = land_battle(Dice(6, 6, 6, 6, 1, 1), force("artillery", "infantry", "infantry"),
                         force("artillery", "artillery", "infantry"), counter_battery=(1, 1))
    cb = [r for r in result.rolls if r.step == "counter-battery fire"]
    assert [r.who for r in cb] == ["attacker", "defender"]            # both rolled
    assert not result.attacker_lost or all(p.type == "artillery" for p in result.attacker_lost)
    assert sum(1 for p in result.defender_lost if p.type == "artillery") == 1
