"""Tournament Rules movement (seed 001, "MOVEMENT" and its bullet list), each bullet tested."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError

from tests.aa_helpers import B, clear, fresh, place


def dry(state, power, *lines):
    return Turn(B, state, power, rng=None).run([parse_order(line, B) for line in lines])


def refused(state, power, line, reason):
    with pytest.raises(OrderError, match=reason):
        dry(state, power, line)


def test_land_units_move_two_through_friendly_territory():
    """ "Land units that begin their turn in friendly territories can generally move up to two
    territories" """
    before = sum(1 for u in fresh()["units"] if u["where"] == "Galicia")
    state = dry(fresh(), "Germany", "move 2 infantry Berlin - Silesia - Hanover")
    assert sum(1 for u in state["units"] if u["where"] == "Hanover" and u["owner"] == "Germany") >= 2
    assert before == sum(1 for u in state["units"] if u["where"] == "Galicia")


def test_only_one_space_into_hostile_or_neutral():
    """ "Land units can only move one territory when entering a hostile or neutral territory." """
    refused(fresh(), "Germany", "move 1 infantry Berlin - Prussia - Poland", "only one territory when entering a hostile")
    refused(fresh(), "Germany", "move 1 infantry Munich - Ruhr - Holland", "only one territory when entering a hostile or neutral")
    dry(fresh(), "Germany", "move 1 infantry Prussia - Poland")


def test_stop_on_entering_contested():
    """ "Land units must end their movement when entering a contested territory." """
    state = fresh()
    place(state, "Russia", "infantry", "Silesia")
    refused(state, "Germany", "move 1 infantry Berlin - Silesia - Galicia", "end their movement on entering contested")


def test_stop_on_first_entry_into_friendly_minor():
    """ "Land units must end their movement when entering any friendly minor aligned power's
    territory for the first time." """
    state = fresh()
    refused(state, "France", "move 1 infantry Picardy - Belgium - Holland", "stop on first entering friendly minor Belgium|only one territory")


def test_leaving_a_contested_territory():
    """ "Land units can only move one territory when leaving a contested territory." and "That
    territory must have at the beginning of the turn either been controlled by the moving power
    or contained units belonging to that power." """
    state = fresh()
    clear(state, "Poland")
    place(state, "Germany", "infantry", "Poland", 2)
    place(state, "Russia", "infantry", "Poland")
    refused(state, "Germany", "move 1 infantry Poland - Prussia - Berlin", "move only one territory")
    refused(state, "Germany", "move 1 infantry Poland - Belarus", "may only move to a territory you controlled")
    dry(state, "Germany", "move 1 infantry Poland - Prussia")


def test_sea_units_move_two_and_three_from_a_friendly_base():
    """ "Sea units can move 3 sea zones (cruisers can move 4) if they begin their turn in a sea
    zone that has a friendly naval base." """
    state = fresh()
    clear(state, "SZ 11", "SZ 10", "SZ 9", "SZ 5", "SZ 6")
    place(state, "Germany", "cruiser", "SZ 11")
    place(state, "Germany", "submarine", "SZ 11")
    place(state, "Germany", "submarine", "SZ 5")
    dry(state, "Germany", "move 1 submarine SZ 11 - SZ 10 - SZ 5 - SZ 4")       # 2 + 1 from Berlin's base
    refused(state, "Germany", "move 1 submarine SZ 11 - SZ 10 - SZ 5 - SZ 4 - SZ 3", "moves at most 3")
    dry(state, "Germany", "move 1 cruiser SZ 11 - SZ 10 - SZ 5 - SZ 4 - SZ 3")   # cruisers 3 + 1
    refused(state, "Germany", "move 1 submarine SZ 5 - SZ 4 - SZ 3 - SZ 2", "moves at most 2")


def test_ships_stop_in_a_mined_zone():
    """ "Sea units must stop when entering a mined sea zone." """
    state = fresh()
    place(state, "Germany", "cruiser", "SZ 7")
    assert B.territories["SZ 8"].minefield == "British Empire"
    beyond = next(n for n in B.territories["SZ 8"].adjacent if B.territories[n].sea and n != "SZ 7")
    refused(state, "Germany", f"move 1 cruiser SZ 7 - SZ 8 - {beyond}", "must stop on entering the mined SZ 8")


def test_mines_sink_on_a_one():
    state = fresh()
    clear(state, "SZ 8")
    place(state, "Germany", "cruiser", "SZ 7", 12)
    turn = Turn(B, state, "Germany", random.Random(3))
    after = turn.run([parse_order("move 12 cruiser SZ 7 - SZ 8", B)])
    mines = [e for e in after["log"] if e["step"] == "mines"]
    assert len(mines) == 1 and len(mines[0]["dice"]) == 12
    sunk = sum(1 for d in mines[0]["dice"] if d == 1)
    assert sunk > 0
    assert sum(1 for u in after["units"] if u["where"] == "SZ 8" and u["owner"] == "Germany") == 12 - sunk


def test_fighters_end_with_own_land_units():
    state = fresh()
    place(state, "Germany", "fighter", "Berlin")
    refused(state, "Germany", "move 1 fighter Berlin - SZ 11", "not at sea")
    refused(state, "Germany", "move 1 fighter Berlin - Prussia - Poland", "must end its move where Germany has land units")
    dry(state, "Germany", "move 1 fighter Berlin - Silesia")


def test_tanks_only_from_round_four():
    refused(fresh(), "Germany", "buy 1 tank", "tanks can be bought from round 4")
    dry(fresh(round=4), "Germany", "buy 1 tank")


def test_cannot_overspend():
    refused(fresh(), "Italy", "buy 5 infantry", "Italy has 14 IPCs left")


def test_neutral_us_may_not_load_or_enter_allied_territory():
    """Errata: "it may not move units into territories controlled by other Allied powers. It also
    may not load units onto transports before it's at war." """
    state = fresh()
    place(state, "United States", "transport", "SZ 1")
    refused(state, "United States", "move 1 infantry United States of America - SZ 1", "may not load transports")
    state["us_at_war"] = True
    dry(state, "United States", "move 1 infantry United States of America - SZ 1")


def test_transport_carries_land_units_to_an_amphibious_landing():
    state = fresh()
    state["us_at_war"] = True
    clear(state, "SZ 9")
    place(state, "British Empire", "transport", "SZ 9")
    after = dry(state, "British Empire", "move 2 infantry London - SZ 9", "move 2 infantry SZ 9 - Picardy")
    assert sum(1 for u in after["units"] if u["where"] == "Picardy" and u["owner"] == "British Empire") == 2
    refused(state, "British Empire", "move 3 infantry London - SZ 9", "room for 2 land unit")


def test_naval_retreat_destination_rules():
    """Seed 001: retreat "to a single adjacent friendly sea zone from or through which at least one
    of the original attacking sea units moved this turn. This sea zone must have been friendly at
    the start of the turn." """
    state = fresh()
    clear(state, "SZ 4", "SZ 5", "SZ 9", "SZ 10")
    place(state, "Germany", "cruiser", "SZ 10")
    place(state, "British Empire", "cruiser", "SZ 4")
    dry(state, "Germany", "move 1 cruiser SZ 10 - SZ 5 - SZ 4", "retreat SZ 4 to SZ 5 after 1")
    refused(state, "Germany", "retreat SZ 4 to SZ 5", "starts no sea battle in SZ 4")
    with pytest.raises(OrderError, match="came from or through"):
        dry(state, "Germany", "move 1 cruiser SZ 10 - SZ 5 - SZ 4", "retreat SZ 4 to SZ 3")
    place(state, "France", "submarine", "SZ 5")
    with pytest.raises(OrderError, match="not friendly at the start"):
        dry(state, "Germany", "move 1 cruiser SZ 10 - SZ 5 - SZ 4", "retreat SZ 4 to SZ 5")


def test_shore_bombardment_one_battleship_per_landed_unit():
    state = fresh()
    state["us_at_war"] = True
    clear(state, "SZ 9", "Picardy")
    place(state, "British Empire", "transport", "SZ 9")
    place(state, "British Empire", "battleship", "SZ 9", 3)
    place(state, "Germany", "infantry", "Picardy", 3)
    state["control"]["Picardy"] = "Germany"
    turn = Turn(B, state, "British Empire", random.Random(5))
    after = turn.run([parse_order("move 2 infantry London - SZ 9", B), parse_order("move 2 infantry SZ 9 - Picardy", B)])
    shots = [e for e in after["log"] if e["step"] == "shore bombardment"]
    assert len(shots) == 1 and len(shots[0]["dice"]) == 2      # 3 battleships, but only 2 units landed


def test_coastal_defense_fires_at_landing_units():
    state = fresh()
    clear(state, "SZ 9", "Picardy")
    place(state, "British Empire", "transport", "SZ 9")
    place(state, "Germany", "artillery", "Picardy", 2)
    place(state, "Germany", "infantry", "Picardy")
    state["control"]["Picardy"] = "Germany"
    after = Turn(B, state, "British Empire", random.Random(5)).run(
        [parse_order("move 2 infantry London - SZ 9", B), parse_order("move 2 infantry SZ 9 - Picardy", B)])
    coastal = [e for e in after["log"] if e["step"] == "coastal defense"]
    assert len(coastal) == 1 and len(coastal[0]["dice"]) == 2 and coastal[0]["target"] == 3


def test_losing_your_own_capital_on_your_turn_refunds_your_purchases_to_the_captor():
    """Errata: "If you take control of an enemy capital on that enemy's turn due to his attacking
    you in that territory and losing, any units he purchased are returned to his storage box,
    and you collect the refunded IPCs." """
    state = fresh()
    clear(state, "Paris")
    place(state, "France", "infantry", "Paris")
    place(state, "Germany", "infantry", "Paris", 6)
    treasury = state["treasury"]["Germany"]

    class Hits(random.Random):
        def randint(self, a, b):
            return 1
    after = Turn(B, state, "France", Hits(0)).run([parse_order("buy 2 infantry", B), parse_order("attack Paris", B)])
    assert after["control"]["Paris"] == "Germany"
    assert after["treasury"]["Germany"] == treasury + state["treasury"]["France"]   # France's treasury, refund included
