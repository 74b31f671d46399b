"""House Rules & Variants (seed 002) section 2, the new units: each tested from its quote."""
import random

import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError

from tests.aa_helpers import B, Dice, force, place, state_with



def test_house_units_need_their_option():
    with pytest.raises(OrderError, match="option `armored_cars`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("buy 1 armored car", B)])
    after = Turn(B, state_with(armored_cars=True, artillery_trucks=True, destroyers=True), "Germany", None).run(
        [parse_order("buy 1 armored car, 1 artillery truck", B), parse_order("buy 1 destroyer", B)])
    assert after["treasury"]["Germany"] == 35 - 15


def test_artillery_truck_supports_infantry_and_fires_at_aircraft():
    """2.2 "Attack and defense value: 3. Defense value against aircraft: 1 ... Can Upgrade an
    attacking Infantry's value to 3 the same way an Artillery would." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("infantry", "artillery_truck"), True, False) == {3: 2}
    assert land_targets(force("tank", "artillery_truck"), True, False) == {2: 1, 3: 1}      # infantry only
    result = land_battle(Dice(1, 6, 6, 6, 6), force("fighter", "infantry"), force("artillery_truck", "infantry"))
    assert result.rolls[0].step == "artillery trucks at aircraft" and result.rolls[0].hits == 1
    assert not any(p.type == "fighter" for p in result.attackers)


def test_armored_car_hits_take_artillery_first():
    """2.3 "Attack value : 3 Defense value: 1 ... Hits scored on the attack by Armored Cars may be
    affected to enemy Artillery even if he still has Infantry left." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_car"), False, False) == {1: 1}
    # the car hits (3), the infantry misses; defender: infantry and artillery miss
    result = land_battle(Dice(3, 6, 6, 6), force("armored_car", "infantry"), force("infantry", "artillery"))
    assert [p.type for p in result.defender_lost] == ["artillery"]


def test_destroyer_stats():
    """2.5 "Cost: 5 IPCs Attack value: 2 Defense value: 2 Can move 3 spaces" """
    from engine.aa1914.units import UNIT_TYPES
    d = UNIT_TYPES["destroyer"]
    assert (d.cost, d.attack, d.defense, d.move, d.domain) == (5, 2, 2, 3, "sea")


def test_armored_trains():
    """2.8 "Attack and defense value: 2x 2 ... may move any number of spaces within the owner's
    original territories ... may only move within the power's original territories ... negate 2
    hits on the defense and 1 on the offense. There may be only one Armored Train per territory." """
    from engine.aa1914.combat import land_targets
    assert land_targets(force("armored_train"), True, False) == {2: 2}
    state = state_with(armored_trains=True)
    place(state, "Russia", "armored_train", "Moscow")
    Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Poland", B)])
    with pytest.raises(OrderError, match="own original territories, not Galicia"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine - Galicia", B)])
    place(state, "Russia", "armored_train", "Ukraine")
    with pytest.raises(OrderError, match="only one armored train in Ukraine"):
        Turn(B, state, "Russia", None).run([parse_order("move 1 train Moscow - Ukraine", B)])
    # defending train cancels two of the attacker's hits; attacking train cancels one
    result = land_battle(Dice(1, 1, 1, 6, 6, 6), force("infantry", "infantry", "infantry"), force("armored_train", "infantry"))
    assert len(result.defender_lost) == 1


def test_armored_train_reacts_to_an_attack():
    state = state_with(armored_trains=True)
    state["trains_react"] = {"Russia": True}
    state["units"] = [u for u in state["units"] if u["where"] not in ("Poland",)]
    place(state, "Russia", "infantry", "Poland")
    place(state, "Russia", "armored_train", "Moscow")
    turn = Turn(B, state, "Germany", random.Random(2))
    after = turn.run([parse_order("move 1 infantry Prussia - Poland", B)])
    assert any("armored train rushes from Moscow to defend Poland" in line for line in turn.report)
    assert after["train_reacted"]


def test_trucks():
    """2.1 "Can transport 1 Infantry and 1 Artillery, 2 Infantry or 1 Tank 2 spaces ... It is not
    possible for units to move more than 2 spaces distance when carried by Trucks. The Truck is
    destroyed if the territory it is in is captured by the enemy." """
    from engine.aa1914.house.trucks import truck_loads
    assert truck_loads({"infantry": 2}) == 1 and truck_loads({"infantry": 1, "artillery": 1}) == 1
    assert truck_loads({"tank": 1}) == 1 and truck_loads({"infantry": 3}) == 2 and truck_loads({"artillery": 1}) is None
    state = state_with(trucks=True)
    # on foot, Berlin - Prussia - Poland is refused (one space only into hostile Poland); by truck:
    with pytest.raises(OrderError, match="only one territory when entering a hostile"):
        Turn(B, state, "Germany", None).run([parse_order("move 2 infantry Berlin - Prussia - Poland", B)])
    place(state, "Germany", "truck", "Berlin")
    after = Turn(B, state, "Germany", None).run([parse_order("truck 2 infantry: Berlin - Prussia - Poland", B)])
    assert sum(1 for u in after["units"] if u["where"] == "Poland" and u["owner"] == "Germany") == 3   # 2 inf + truck
    with pytest.raises(OrderError, match="those units need 2"):
        Turn(B, state, "Germany", None).run([parse_order("truck 4 infantry: Berlin - Prussia", B)])
    with pytest.raises(OrderError, match="option `trucks`"):
        Turn(B, state_with(), "Germany", None).run([parse_order("truck 2 infantry: Berlin - Prussia", B)])


def test_truck_destroyed_when_its_territory_is_captured():
    state = state_with(trucks=True)
    state["units"] = [u for u in state["units"] if u["where"] != "Lorraine"]
    place(state, "France", "truck", "Lorraine")
    place(state, "Germany", "infantry", "Alsace")
    turn = Turn(B, state, "Germany", random.Random(1))
    after = turn.run([parse_order("move 1 infantry Alsace - Lorraine", B)])
    assert after["control"]["Lorraine"] == "Germany"
    assert not any(u["type"] == "truck" for u in after["units"])


def test_coastal_artillery():
    """2.4 "Max per territory: 1. Ships passing through the sea zone adjacent to the land territory
    where the Coastal Artillery is located are attacked by the coastal guns and sunk on a roll of 1
    ... Coastal Batteries are destroyed by attacking them with ships (standard battle) or if the
    territory is captured by an enemy power." """
    state = state_with(coastal_artillery=True)
    buy = parse_order("buy 1 coastal artillery", B)
    Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Kiel", B)])
    with pytest.raises(OrderError, match="own coast, not in Munich"):
        Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Munich", B)])
    place(state, "Germany", "coastal_artillery", "Kiel")
    with pytest.raises(OrderError, match="one coastal battery"):
        Turn(B, state, "Germany", None).run([buy, parse_order("place 1 coastal artillery Kiel", B)])
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 9", "SZ 10")]
    place(state, "British Empire", "cruiser", "SZ 9")
    place(state, "British Empire", "cruiser", "SZ 9")
    # the mines (6, 6) miss; the coastal guns roll 1 and 6: one cruiser sunk
    sunk = Turn(B, state, "British Empire", Dice(6, 6, 1, 6, *([6] * 10))).run([parse_order("move 2 cruiser SZ 9 - SZ 10", B)])
    assert sum(1 for u in sunk["units"] if u["where"] == "SZ 10" and u["owner"] == "British Empire") == 1
    assert any(e["step"] == "coastal guns" for e in sunk["log"])
    # the surviving cruiser engages the battery: it hits (3), the battery misses
    shelled = Turn(B, sunk, "British Empire", Dice(*([2, 6] * 5))).run([parse_order("attack battery Kiel from SZ 10", B)])
    assert not any(u["type"] == "coastal_artillery" for u in shelled["units"])
