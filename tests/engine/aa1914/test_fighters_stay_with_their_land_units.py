"""A fighter whose land units die under it does not stay alone in enemy land
(keeping it contested, its owner's income cut for good): it returns to its own land units.
RULES.md 2.5: a fighter "must END its move in a territory that contains land units of its own
power"; S8 (relayed Wizards answer): it must "return" to a territory with its own land units."""
from engine.aa1914.state import income, is_contested
from tests.aa_helpers import B, V, Dice, clear, fresh, place

ATTACK = ["move 1 infantry Prussia - Poland", "move 1 fighter Prussia - Poland"]
# the German infantry and fighter miss (6, 6); the two Russian infantry score one hit (1, 6):
# the German infantry, first in the order of loss, dies; the fighter survives alone
DICE = (6, 6, 1, 6, *[6] * 20)


def germany_attacks_poland(**extra) -> dict:
    state = fresh(turn=B.turn_order.index("Germany"))
    clear(state, "Poland")
    place(state, "Russia", "infantry", "Poland", 2)
    place(state, "Germany", "fighter", "Prussia")
    return state


def fighters(state) -> list[str]:
    """Where the German fighters are, but the one that starts in Berlin."""
    return [u["where"] for u in state["units"] if u["owner"] == "Germany" and u["type"] == "fighter"
            and u["where"] != "Berlin"]


def test_a_fighter_left_without_land_units_returns_where_it_started():
    """RULES.md 2.5: "it must END its move in a territory that contains land units of its own power"."""
    state = germany_attacks_poland()
    russia_income = income(B, state, "Russia")
    assert V.check_orders(state, "Germany", ATTACK)
    result = V.adjudicate(state, {"Germany": ATTACK}, Dice(*DICE))
    after = result.state
    assert fighters(after) == ["Prussia"]
    assert "Germany's fighter in Poland has no land units of its own left there: it returns to Prussia." in result.report
    assert not is_contested(B, after, "Poland") and after["control"]["Poland"] == "Russia"
    assert income(B, after, "Russia") == russia_income


def test_it_returns_to_a_neighbouring_territory_with_its_land_units():
    """No German land units are left where the fighter started (Prussia): it lands next door, in Silesia."""
    state = germany_attacks_poland()
    clear(state, "Prussia")
    place(state, "Germany", "infantry", "Prussia")
    place(state, "Germany", "fighter", "Prussia")
    assert V.check_orders(state, "Germany", ATTACK)
    result = V.adjudicate(state, {"Germany": ATTACK}, Dice(*DICE))
    assert fighters(result.state) == ["Silesia"]
    assert "it returns to Silesia" in result.report


def test_with_no_land_units_in_reach_the_fighter_is_lost():
    """Neither its start nor any neighbour of the battle holds German land units: it is lost."""
    state = germany_attacks_poland()
    clear(state, "Prussia", "Silesia")
    place(state, "Germany", "infantry", "Prussia")
    place(state, "Germany", "fighter", "Prussia")
    assert V.check_orders(state, "Germany", ATTACK)
    result = V.adjudicate(state, {"Germany": ATTACK}, Dice(*DICE))
    assert fighters(result.state) == []
    assert "none within reach to return to: it is lost" in result.report
    assert not is_contested(B, result.state, "Poland")


def test_a_fighter_whose_land_units_survive_stays_in_the_battle():
    """The rule only moves fighters left without land units: with the infantry alive, it stays."""
    state = germany_attacks_poland()
    result = V.adjudicate(state, {"Germany": ATTACK}, Dice(6, 6, 6, 6, *[6] * 20))
    assert fighters(result.state) == ["Poland"] and is_contested(B, result.state, "Poland")


def test_a_fighter_left_alone_at_home_stays():
    """Only enemy or contested land is left: a fighter whose infantry marched off from a territory
    its side holds, with no enemy there, stays (it takes nothing from anyone)."""
    state = fresh(turn=B.turn_order.index("Germany"))
    clear(state, "Prussia")
    place(state, "Germany", "infantry", "Prussia")
    place(state, "Germany", "fighter", "Prussia")
    lines = ["move 1 infantry Prussia - Silesia"]
    assert V.check_orders(state, "Germany", lines)
    result = V.adjudicate(state, {"Germany": lines}, Dice(*[6] * 20))
    assert fighters(result.state) == ["Prussia"] and "✈️" not in result.report
