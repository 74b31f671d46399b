"""House rule 2.3 "Armored Car": its hits may take artillery first."""
from engine.aa1914.combat import land_battle
from tests.aa_helpers import Dice, force


def test_armored_car_hits_take_artillery_first():
    """2.3 "Attack value : 3 Defense value: 1 ... Hits scored on the attack by Armored Cars may be
    affected to enemy Artillery even if he still has Infantry left." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_car"), False, False) == {1: 1}
    # the car hits (3), the infantry misses; defender: infantry and artillery miss
    result = land_battle(Dice(3, 6, 6, 6), force("armored_car", "infantry"), force("infantry", "artillery"))
    assert [p.type for p in result.defender_lost] == ["artillery"]
