"""House rule 2.1 "Standard Trucks": carrying, fetching a load, moving by the movement rules, and
being destroyed with their territory."""
import random

import pytest

from engine.aa1914.board import spain_board
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.state import is_contested
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, Dice, V, clear, place, play_turn, state_with, units_at


def test_a_truck_drives_one_space_to_fetch_its_load():
    """2.1: "The Truck may move 1 space to get to the units it is loading and unload them one space
    away. This allows the transported units to use their move to advance another space, which gives
    them a total move of 2." """
    state = state_with(trucks=True)
    clear(state, "Prussia", "Poland")
    place(state, "Germany", "truck", "Berlin")
    place(state, "Germany", "infantry", "Prussia", 2)
    place(state, "Russia", "infantry", "Poland")
    after = play_turn(state, "Germany", "truck 2 infantry: Prussia - Poland from Berlin", rng=Dice(*[6] * 20))
    assert len(units_at(after, "Poland", "Germany", "infantry")) == 2 and len(units_at(after, "Poland", "Germany", "truck")) == 1
    assert not units_at(after, "Berlin", "Germany", "truck")
    # a fetched truck has spent a space: it unloads one space on, and the units march the second
    clear(state, "Poland")
    after = play_turn(state, "Germany", "truck 2 infantry: Prussia - Berlin - Silesia from Berlin")
    assert len(units_at(after, "Silesia", "Germany", "infantry")) == 2 + len(units_at(state, "Silesia", "Germany", "infantry"))
    assert len(units_at(after, "Berlin", "Germany", "truck")) == 1
    with pytest.raises(OrderError, match="truck\\(s\\) in Kiel"):
        play_turn(state, "Germany", "truck 2 infantry: Prussia - Poland from Kiel")
    with pytest.raises(OrderError, match="do not border"):
        place(state, "Germany", "truck", "Munich")
        play_turn(state, "Germany", "truck 2 infantry: Prussia - Poland from Munich")


def test_truck_moves_obey_the_movement_rules():
    """2.1 carries units "2 spaces": over passable land the units could enter — not the impassable
    Sahara, not Switzerland under 4.4 ("Switzerland is now considered impassable"), not neutral
    Spain under 4.17."""
    state = state_with(trucks=True, swiss_alps=True)
    place(state, "France", "truck", "Algeria")
    place(state, "France", "infantry", "Algeria", 2)
    with pytest.raises(OrderError, match="Sahara is impassable"):
        play_turn(state, "France", "truck 2 infantry: Algeria - Sahara")
    place(state, "Germany", "truck", "Munich")
    with pytest.raises(OrderError, match="Switzerland is impassable"):
        play_turn(state, "Germany", "truck 2 infantry: Munich - Switzerland")
    spain = spain_board()
    state = initial_state(spain, V.parse_options({"trucks": True, "spain_balance": True}))
    place(state, "France", "truck", "Bordeaux")
    place(state, "France", "infantry", "Bordeaux", 2)
    with pytest.raises(OrderError, match="neutral Spain"):
        play_turn(state, "France", "truck 2 infantry: Bordeaux - Spain", board=spain)
    with pytest.raises(OrderError, match="over land"):
        play_turn(state, "France", "truck 2 infantry: Bordeaux - SZ 15", board=spain)


def test_units_that_cannot_fight_neither_hold_nor_contest_a_territory():
    """2.1: trucks have "No attack or defense value" and "The Truck is destroyed if the territory it
    is in is captured by the enemy." A truck left alone with the enemy does not keep the territory
    contested: it is lost."""
    state = state_with(trucks=True)
    clear(state, "Prussia", "Poland")
    place(state, "Germany", "truck", "Prussia")
    place(state, "Germany", "infantry", "Prussia", 2)
    place(state, "Russia", "infantry", "Poland", 3)
    # the two German infantry miss (6, 6); the three Russians hit twice (1, 1, 6)
    after = play_turn(state, "Germany", "truck 2 infantry: Prussia - Poland", rng=Dice(6, 6, 1, 1, 6, *[6] * 20))
    assert not units_at(after, "Poland", "Germany")
    assert not is_contested(B, after, "Poland") and after["control"]["Poland"] == "Russia"
    # a truck standing with enemy infantry does not contest the territory
    lone = state_with(trucks=True)
    clear(lone, "Lorraine")
    place(lone, "France", "infantry", "Lorraine")
    place(lone, "Germany", "truck", "Lorraine")
    assert not is_contested(B, lone, "Lorraine")


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
