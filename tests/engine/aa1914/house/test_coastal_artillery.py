"""House rule 2.4 "Coastal Artillery": one battery a territory, firing once at a passing ship, and
falling with its territory."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.state import is_contested
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, clear, place, play_turn, state_with, units_at


def test_a_coastal_battery_falls_with_its_territory():
    """2.4: "Defense value (against ships): 3" — the battery does not fight land units — and
    "Coastal Batteries are destroyed ... if the territory is captured by an enemy power." """
    state = state_with(coastal_artillery=True)
    clear(state, "Kiel", "Hanover")
    place(state, "Germany", "coastal_artillery", "Kiel")
    place(state, "Germany", "infantry", "Kiel")
    place(state, "France", "infantry", "Hanover", 3)
    # France hits three times (1, 1, 1); the one German infantry misses (6): the battery is no casualty
    turn = Turn(B, state, "France", Dice(1, 1, 1, 6, *[6] * 10))
    after = turn.run([parse_order("move 3 infantry Hanover - Kiel", B)])
    assert after["control"]["Kiel"] == "France" and not is_contested(B, after, "Kiel")
    assert not units_at(after, "Kiel", "Germany") and len(units_at(after, "Kiel", "France")) == 3
    assert any("coastal battery in Kiel is lost" in line for line in turn.report)


def test_one_battery_fires_once_at_a_passing_ship():
    """2.4: "Ships passing through the sea zone adjacent to the land territory where the Coastal
    Artillery is located are attacked by the coastal guns and sunk on a roll of 1." A ship passing
    two zones next to French West Africa is attacked once (docs/rulings.md)."""
    state = state_with(coastal_artillery=True)
    clear(state, "SZ 14", "SZ 22", "SZ 23", "French West Africa")
    place(state, "France", "coastal_artillery", "French West Africa")
    place(state, "Germany", "cruiser", "SZ 14")
    # the battery rolls 6 as the cruiser enters SZ 22; a second shot would roll the 1
    after = play_turn(state, "Germany", "move 1 cruiser SZ 14 - SZ 22 - SZ 23", rng=Dice(6, 1, 1, 1))
    assert units_at(after, "SZ 23", "Germany", "cruiser")
    assert [e["dice"] for e in after["log"] if e["step"] == "coastal guns"] == [[6]]


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
