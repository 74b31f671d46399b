"""House rule 2.2 "Artillery Trucks": support infantry like artillery and fire at aircraft."""
from engine.aa1914.combat import land_battle
from tests.aa_helpers import Dice, force


def test_artillery_truck_supports_infantry_and_fires_at_aircraft():
    """2.2 "Attack and defense value: 3. Defense value against aircraft: 1 ... Can Upgrade an
    attacking Infantry's value to 3 the same way an Artillery would." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("infantry", "artillery_truck"), True, False) == {3: 2}
    assert land_targets(force("tank", "artillery_truck"), True, False) == {2: 1, 3: 1}      # infantry only
    result = land_battle(Dice(1, 6, 6, 6, 6), force("fighter", "infantry"), force("artillery_truck", "infantry"))
    assert result.rolls[0].step == "artillery trucks at aircraft" and result.rolls[0].hits == 1
    assert not any(p.type == "fighter" for p in result.attackers)


def test_artillery_trucks_and_artillery_support_the_most_units():
    """2.2: an artillery truck upgrades "an attacking Infantry's value to 3 the same way an
    Artillery would": with 1 infantry, 1 tank, 1 artillery and 1 artillery truck both the
    infantry (by the truck) and the tank (by the artillery) attack at 3."""
    from engine.aa1914.combat import land_targets
    from tests.aa_helpers import force
    groups = land_targets(force("infantry", "tank", "artillery", "artillery_truck"), True, False)
    assert groups.get(2, 0) == 0 and groups[3] == 2 + 1 + 1      # infantry, tank, artillery, truck
