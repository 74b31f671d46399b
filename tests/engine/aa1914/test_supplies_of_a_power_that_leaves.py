"""House rule 4.7 (The Supply Chain), seed 002: "Supplies are destroyed if captured by the enemy."
Supplies serve only their own power's land units where they lie, so none stay behind under a
power that left the board: a power that surrenders (seed 001: "all of its land, air, and sea
units are removed from the board") loses them; Spain joining a side (4.17: "All its units and
territories fall under German control") hands them on with its units and territories."""
import random

from engine.aa1914.board import spain_board
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, V, Dice, clear, place, state_with


def test_spain_joining_germany_hands_its_supplies_to_germany():
    """4.17: "All its units and territories fall under German control" — and the supplies in them."""
    board = spain_board()
    state = initial_state(board, V.parse_options({"spain_balance": True, "supply_chain": True}))
    state["turn"] = board.turn_order.index("Spain")
    state["spain_track"] = 40.0                         # past 6 towards Germany whatever the dice
    state.setdefault("supplies", {})["Spain"] = {"stock": 3, "at": {"Spain": 4}}
    state["supplies"]["Germany"] = {"stock": 2, "at": {"Berlin": 1}}
    result = V.adjudicate(state, {}, Dice(*[3] * 10))
    after = result.state
    assert after["spain_joined"] == "Germany" and "Spain" not in after["supplies"]
    spanish_stock = result.report.split("a stockpile of ")[1].split(" ")[0]
    assert after["supplies"]["Germany"]["stock"] == 2 + int(spanish_stock)     # after Spain's own collection
    assert after["supplies"]["Germany"]["at"] == {"Berlin": 1, "Spain": 4}
    assert f"📦 Spain's supplies pass to Germany with its units and territories: a stockpile of {spanish_stock} " \
           f"and 4 in Spain." in result.report


def test_a_power_that_surrenders_loses_its_supplies():
    """Seed 001: "It is then required to immediately surrender and leave the game ... all of its
    land, air, and sea units are removed from the board" — nothing is left to use its supplies."""
    state = state_with(supply_chain=True)
    state.setdefault("supplies", {})["France"] = {"stock": 5, "at": {"Picardy": 2}}
    turn = Turn(B, state, "France", random.Random(1))
    turn.surrender("France")
    assert "France" not in turn.position.extra["supplies"]
    assert "📦 France's supplies are lost with its surrender: its stockpile of 5 and 2 in Picardy (4.7: only its " \
           "own land units could use them)." in turn.report


def test_only_the_enemy_destroys_supplies_when_a_territory_changes_hands():
    """4.7: "destroyed if captured by the enemy": France winning back its own Picardy keeps the
    supplies its units there had; Germany's there are destroyed."""
    state = state_with(supply_chain=True)
    clear(state, "Picardy", "Burgundy")
    state["control"]["Picardy"] = "Germany"
    place(state, "Germany", "infantry", "Picardy")
    place(state, "France", "infantry", "Picardy", 3)
    place(state, "France", "infantry", "Burgundy", 2)
    state["control"]["Burgundy"] = "France"
    state.setdefault("supplies", {})["France"] = {"stock": 0, "at": {"Picardy": 2}}
    state["supplies"]["Germany"] = {"stock": 0, "at": {"Picardy": 2}}
    state["supply_use"] = {"France": 0, "Germany": 0}       # standing `supplies use none`: none spent
    turn = Turn(B, state, "France", Dice(*[1] * 10, *[6] * 40))
    after = turn.run([parse_order("attack Picardy", B)])
    assert after["control"]["Picardy"] == "France"
    assert after["supplies"]["France"]["at"]["Picardy"] == 2
    assert "Picardy" not in after["supplies"]["Germany"]["at"]
    assert "📦 Germany's supplies in Picardy are destroyed." in turn.report
