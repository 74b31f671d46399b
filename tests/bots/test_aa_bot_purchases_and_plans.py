"""What the A&A bot buys where it pays — fighters, artillery trucks, armored cars, battleships,
transports — each with its reason, and its plans across turns: a build-up for an attack it cannot
win yet, a homeland territory held harder when its loss would bring economic collapse. Each on a
position built for it; what it orders, never how well it plays."""
from __future__ import annotations

import random

import pytest

from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_helpers import clear, place

register_all()
V = get_variant("aa1914")


def at_turn_of(power: str, **options) -> dict:
    state = V.initial_state(V.parse_options(options), random.Random(1))
    state["turn"] = V.board_of(state).turn_order.index(power)
    return state


def buys(state: dict, power: str, level: str = "normal") -> dict[str, str]:
    """unit type -> the reason it was bought."""
    out = {}
    for line, why in V.bot_orders(state, power, random.Random(3), level):
        if line.startswith("buy "):
            out[line.split(" ", 2)[2].replace(" ", "_")] = why
    return out


def test_a_fighter_contests_the_enemys_air_supremacy_under_aerial_combat():
    state = at_turn_of("Germany", aerial_combat=True)
    state["treasury"]["Germany"] = 60
    place(state, "France", "fighter", "Picardy", 2)
    bought = buys(state, "Germany")
    assert "fighter" in bought and "aerial combat" in bought["fighter"]
    without = at_turn_of("Germany")
    without["treasury"]["Germany"] = 20
    assert "fighter" not in buys(without, "Germany")


def test_artillery_trucks_replace_artillery_where_enemy_fighters_face_the_front():
    state = at_turn_of("Germany", artillery_trucks=True)
    state["treasury"]["Germany"] = 60
    place(state, "France", "fighter", "Picardy", 2)
    bought = buys(state, "Germany")
    assert "artillery_truck" in bought and "fighter" in bought["artillery_truck"]


def test_armored_cars_where_enemy_artillery_holds_the_front():
    state = at_turn_of("Germany", armored_cars=True)
    state["treasury"]["Germany"] = 60
    bought = buys(state, "Germany")
    assert "armored_car" in bought and "artillery" in bought["armored_car"]


def test_house_units_are_never_bought_without_their_option():
    state = at_turn_of("Germany")
    state["treasury"]["Germany"] = 60
    place(state, "France", "fighter", "Picardy", 2)
    assert not {"artillery_truck", "armored_car", "armored_train", "destroyer"} & set(buys(state, "Germany"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_battleship_guards_the_transports_home_waters_against_a_stronger_fleet(level):
    state = at_turn_of("British Empire")
    state["us_at_war"] = True
    board = V.board_of(state)
    clear(state, *[z for z in board.territories if board.territories[z].sea])
    place(state, "British Empire", "transport", "SZ 8")
    place(state, "Germany", "battleship", "SZ 10", 2)
    state["treasury"]["British Empire"] = 40
    bought = buys(state, "British Empire", level)
    assert "battleship" in bought and "transports" in bought["battleship"]
    assert "transport" in bought


def test_an_attack_not_yet_in_reach_gets_a_build_up():
    """Russia's army cannot take a strongly held East Prussia... the march gathers in the
    territory next to it instead of spreading along the front, and says so."""
    state = at_turn_of("Russia")
    place(state, "Germany", "infantry", "Prussia", 30)
    pairs = V.bot_orders(state, "Russia", random.Random(3))
    build = [(line, why) for line, why in pairs if why.startswith("build up in ")]
    assert build
    line, why = build[0]
    assert line.split(" - ")[-1] == why.split()[3].rstrip(",")


def test_a_homeland_territory_whose_loss_brings_collapse_is_defended_harder():
    """France's collapse threshold is 8 IPCs of homeland lost (Tournament Rules): with Lorraine,
    Picardy and Brest (6 IPCs) in German hands and a German army in Lorraine, Burgundy (2 IPCs)
    is what stands between France and collapse — the purchase's reason says so."""
    state = at_turn_of("France")
    for name in ("Lorraine", "Picardy", "Brest"):
        state["control"][name] = "Germany"
        state["units"] = [u for u in state["units"] if u["where"] != name]
    place(state, "Germany", "infantry", "Lorraine", 12)
    place(state, "Germany", "artillery", "Lorraine", 6)
    state["treasury"]["France"] = 120
    reasons = [why for line, why in V.bot_orders(state, "France", random.Random(3)) if line.startswith("buy ")]
    assert any("Burgundy" in why and "collapse" in why for why in reasons), reasons
