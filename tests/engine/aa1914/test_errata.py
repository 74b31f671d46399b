"""Tournament Rules and errata items (seed 001) exercised through a whole turn."""
import random

from engine.aa1914.board import standard_board
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.aa1914.variant import AA1914Variant

B = standard_board()
V = AA1914Variant()


class Fixed(random.Random):
    """Every die shows `value`."""

    def __init__(self, value):
        super().__init__(0)
        self.value = value

    def randint(self, a, b):
        return self.value


from tests.aa_helpers import clear, fresh, place  # noqa: E402


def play(state, power, lines, dice=None):
    return Turn(B, state, power, dice or random.Random(1)).run([parse_order(line, B) for line in lines])


def test_usw_dice_total_of_threes_or_less():
    """ "rolling one die for each attacking submarine and totaling the results of the rolls
    showing a "3" or less. Any rolls of "4" or higher are ignored." """
    state = fresh(usw_declared=True)
    clear(state, "SZ 2", "SZ 7", "SZ 8")
    place(state, "Germany", "submarine", "SZ 7", 2)
    place(state, "Germany", "submarine", "SZ 2")
    after = play(state, "British Empire", [], Fixed(3))
    assert after["treasury"]["British Empire"] == 30 + 30 - 9           # three subs showing 3
    after = play(state, "British Empire", [], Fixed(4))
    assert after["treasury"]["British Empire"] == 30 + 30                # 4s are ignored


def test_declaring_usw_brings_the_us_into_the_war():
    after = play(fresh(), "Germany", ["declare usw"])
    assert after["usw_declared"] and after["us_at_war"]


def test_economic_collapse_stops_purchase_and_income_but_keeps_treasury():
    """ "If a power suffers an economic collapse, it is unable to purchase/mobilize units or
    collect income until it recovers. It does, however, retain any IPCs it may have in its
    treasury." """
    state = fresh()
    for name in ("Paris", "Picardy"):
        state["control"][name] = "Germany"
        clear(state, name)
    import pytest
    from engine.errors import OrderError
    with pytest.raises(OrderError, match="economic collapse"):
        Turn(B, state, "France", None).run([parse_order("buy 1 infantry", B)])
    after = play(state, "France", [])
    assert after["treasury"]["France"] == 24 and after["collapsed"]["France"] == "economic"
    state["control"]["Picardy"] = "France"
    state["collapsed"] = {"France": "economic"}
    after = play(state, "France", [])
    assert "France" not in after["collapsed"] and after["treasury"]["France"] > 24    # recovered


def test_surrendered_treasury_goes_to_the_first_enemy_taking_the_capital():
    """ "The surrendered power's IPC treasury will be claimed by the first enemy power to gain
    control of its capital." """
    state = fresh()
    state["collapsed"] = {"France": "political"}
    state["unclaimed_treasury"] = {"France": 11}
    state["control"]["Paris"] = None
    clear(state, "Paris", "Burgundy")
    place(state, "Germany", "infantry", "Burgundy")
    state["control"]["Burgundy"] = "Germany"
    before = state["treasury"]["Germany"]
    after = play(state, "Germany", ["move 1 infantry Burgundy - Paris"])
    assert after["control"]["Paris"] == "Germany"
    # its treasury, plus income now including Burgundy (2) and Paris (6)
    assert after["treasury"]["Germany"] == before + 11 + 35 + 2 + 6 and not after["unclaimed_treasury"]


def test_battleship_repaired_at_a_friendly_naval_base():
    """Errata: "You can repair a battleship if it is in a sea zone that shares a naval base that is
    either controlled by you or a friendly power" """
    state = fresh()
    clear(state, "SZ 15")
    place(state, "British Empire", "battleship", "SZ 15", damaged=True)   # Brest's base: French, friendly
    after = play(state, "British Empire", [])
    assert not next(u for u in after["units"] if u["where"] == "SZ 15")["damaged"]


def test_ship_without_a_base_is_refunded():
    """Errata: "If you purchase a ship but realize during the Mobilize New Units phase that you
    have no eligible naval base to mobilize it with, it is returned ... and the IPCs are refunded." """
    state = fresh()
    state["control"]["Constantinople"] = "Russia"
    clear(state, "Constantinople")
    place(state, "Russia", "infantry", "Constantinople")
    after = play(state, "Ottoman Empire", ["buy 1 cruiser"])
    assert not any(u["owner"] == "Ottoman Empire" and u["type"] == "cruiser" and u["id"] > state["next_id"] - 1
                   for u in after["units"])


def test_british_cannot_mobilize_in_enemy_held_india():
    state = fresh()
    state["control"]["India"] = "Ottoman Empire"
    import pytest
    from engine.errors import OrderError
    with pytest.raises(OrderError, match="does not control India"):
        Turn(B, state, "British Empire", None).run([parse_order("buy 1 infantry", B), parse_order("place 1 infantry India", B)])


def test_liberation_returns_an_allys_original_territory():
    """Errata: "Only originally controlled territories can be liberated." """
    state = fresh()
    state["control"]["Picardy"] = "Germany"
    clear(state, "Picardy", "SZ 9")
    place(state, "British Empire", "transport", "SZ 9")
    after = play(state, "British Empire", ["move 2 infantry London - SZ 9", "move 2 infantry SZ 9 - Picardy"])
    assert after["control"]["Picardy"] == "France"


def test_friendly_aligned_minor_mobilizes_for_its_patron():
    """Errata: "If a minor power aligned to your power is mobilized by a friendly power, you take
    control of the territory." Belgium is aligned to France; a British army entering it."""
    state = fresh()
    clear(state, "Belgium", "SZ 9")
    place(state, "British Empire", "transport", "SZ 9")
    after = play(state, "British Empire", ["move 2 infantry London - SZ 9", "move 2 infantry SZ 9 - Belgium"])
    assert after["control"]["Belgium"] == "France"
    assert sum(1 for u in after["units"] if u["where"] == "Belgium" and u["owner"] == "France") == 4


def test_mines_in_a_contested_base_zone_only_hit_enemies_of_the_original_owner():
    state = fresh()
    clear(state, "Kiel", "SZ 10")
    place(state, "Germany", "infantry", "Kiel")
    place(state, "France", "infantry", "Kiel")
    place(state, "British Empire", "cruiser", "SZ 9")
    after = play(state, "British Empire", ["move 1 cruiser SZ 9 - SZ 10"], Fixed(1))
    assert any(e["step"] == "mines" for e in after["log"])          # enemies of Germany still roll
