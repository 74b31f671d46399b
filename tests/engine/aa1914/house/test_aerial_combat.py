"""House rule 3.1 "Aerial Combat": fighters hit on 3, one round of air combat, air supremacy."""
from engine.aa1914.combat import land_battle
from engine.aa1914.house.registry import rules_for
from tests.aa_helpers import Dice, force


def test_aerial_combat_modifications():
    """3.1 "Fighters now hit on a roll of 3 instead of 2. Aerial battles now last only a single
    turn. Whoever has more Fighters standing at the end of the turn has Air Supremacy. In the
    event of a tie, no side gains Air Supremacy." """
    rules = rules_for({"aerial_combat": True})
    # air: attacker 3 fighters roll 3,6,6 (one hit on 3); defender 2 fighters roll 6,6 → 3 v 1
    result = land_battle(Dice(3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6), force("fighter", "fighter", "fighter", "infantry"),
                         force("fighter", "fighter", "infantry"), rules=rules)
    assert [r.step for r in result.rolls if r.step.startswith("air")] == ["air combat 1", "air combat 1"]
    assert result.air_supremacy == "attacker"
    tie = land_battle(Dice(6, 6, 6, 6, 6, 6), force("fighter", "infantry"), force("fighter", "infantry"), rules=rules)
    assert tie.air_supremacy is None and sum(r.step.startswith("air") for r in tie.rolls) == 2
