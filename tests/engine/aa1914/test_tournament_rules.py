"""Tournament Rules (seed 001): each rule quoted, with the seed's worked example as a test."""
from engine.aa1914.board import standard_board
from engine.aa1914.setup import initial_state, starting_stacks
from engine.aa1914.state import income
from engine.aa1914.tournament import (THRESHOLDS, capital_victory, economic_collapse, economic_victory,
                                      homeland_lost, political_collapse, victory_points)

B = standard_board()


def fresh():
    return initial_state(B, {})


def place(state, owner, kind, where, n=1):
    for _ in range(n):
        state["units"].append({"id": state["next_id"], "type": kind, "owner": owner, "where": where, "damaged": False})
        state["next_id"] += 1


def clear(state, where):
    state["units"] = [u for u in state["units"] if u["where"] != where]


def test_setup_changes():
    """ "Remove the following units from the OOB setup: British infantry in Rhodesia and British
    East Africa; French infantry in French West Africa; French battleship and transport in SZ15;
    German infantry in Togoland and Kamerun; Italian infantry in Somaliland. Add the following
    units to the setup: Russian Empire - 3 infantry in Sevastopol, 3 infantry in Livonia;
    France- Cruiser in SZ15; British Empire- Cruiser in SZ 9" """
    oob, tournament = starting_stacks(B, False), starting_stacks(B, True)
    assert ("British Empire", "infantry", "Rhodesia") in oob and ("British Empire", "infantry", "Rhodesia") not in tournament
    assert ("France", "battleship", "SZ 15") not in tournament and ("France", "transport", "SZ 15") not in tournament
    assert tournament[("France", "cruiser", "SZ 15")] == 1
    assert tournament[("British Empire", "cruiser", "SZ 9")] == oob[("British Empire", "cruiser", "SZ 9")] + 1
    assert tournament[("Russia", "infantry", "Sevastopol")] == oob[("Russia", "infantry", "Sevastopol")] + 3
    assert tournament[("Russia", "infantry", "Livonia")] == oob[("Russia", "infantry", "Livonia")] + 3
    for key in [("Germany", "infantry", "Togoland"), ("Germany", "infantry", "Kamerun"),
                ("Italy", "infantry", "Somaliland"), ("France", "infantry", "French West Africa"),
                ("British Empire", "infantry", "British East Africa")]:
        assert key not in tournament


def test_homeland_excludes_colonies():
    """ "A power's homeland territories include its capital, as well as any regional territories
    that it may have. They do not, however, include colonies." """
    assert "Paris" in B.homeland("France") and "Algeria" not in B.homeland("France")
    assert "Egypt" not in B.homeland("British Empire") and "London" in B.homeland("British Empire")
    assert {"Trans-Jordan", "Mesopotamia"} <= set(B.homeland("Ottoman Empire"))


def test_starting_incomes():
    state = fresh()
    assert {p: income(B, state, p) for p in B.turn_order} == {
        "Austria-Hungary": 26, "Russia": 25, "Germany": 35, "France": 24, "British Empire": 30,
        "Ottoman Empire": 16, "Italy": 14, "United States": 20}


def test_threshold_table():
    """ "Austria-Hungary 13/16, Russian Empire 13/15, Germany 16/18, France 8/10, British Empire
    5/7, Ottoman Empire 7/9, Italy 7/9" """
    assert THRESHOLDS == {"Austria-Hungary": (13, 16), "Russia": (13, 15), "Germany": (16, 18),
                          "France": (8, 10), "British Empire": (5, 7), "Ottoman Empire": (7, 9), "Italy": (7, 9)}


def test_france_collapse_example():
    """ "If at any time this power begins its turn with homeland territories worth a total of 8
    IPCs or more either captured or being contested by one or more enemy powers, it will suffer
    an economic collapse ... if it ends its turn with this value at 10 or more, France will
    suffer a political collapse" """
    state = fresh()
    state["control"]["Paris"] = "Germany"                       # captured: 6
    assert homeland_lost(B, state, "France") == 6 and not economic_collapse(B, state, "France")
    place(state, "Germany", "infantry", "Picardy")               # contested: +2 = 8
    place(state, "France", "infantry", "Picardy")
    assert homeland_lost(B, state, "France") == 8
    assert economic_collapse(B, state, "France") and not political_collapse(B, state, "France")
    state["control"]["Burgundy"] = "Austria-Hungary"             # +2 = 10
    assert political_collapse(B, state, "France")


def test_the_21_to_4_victory_point_example():
    """ "Austria-Hungary controls Venice ... Romania and Serbia ... are not homeland territories
    so they are not counted ... Germany is contesting Lorraine (2 points) and Belarus (2 points).
    It controls Poland (3 points), Ukraine (3 points), and Moscow (6 points) ... The Ottoman
    Empire has captured Egypt and Sevastopol. Only the 3 points for Sevastopol are counted ...
    That represents 21 points. Other than the British Empire's capture of Trans-Jordan and
    Mesopotamia (both together totaling 4 points), the Allies cannot demonstrate any other
    points. The Central Powers therefore win the game with the final score Central Powers 21,
    Allies 4." """
    state = fresh()
    c = state["control"]
    c["Venice"] = c["Romania"] = c["Serbia"] = "Austria-Hungary"
    for name in ("Poland", "Ukraine", "Moscow"):
        c[name] = "Germany"
        clear(state, name)
        place(state, "Germany", "infantry", name)
    for name in ("Lorraine", "Belarus"):
        clear(state, name)
        place(state, "Germany", "infantry", name)
        place(state, "France" if name == "Lorraine" else "Russia", "infantry", name)
    c["Egypt"] = c["Sevastopol"] = "Ottoman Empire"
    clear(state, "Sevastopol")
    c["Trans-Jordan"] = c["Mesopotamia"] = "British Empire"
    clear(state, "Mesopotamia")
    assert victory_points(B, state, "Central Powers") == 21
    assert victory_points(B, state, "Allies") == 4
    assert economic_victory(B, state) == ("Central Powers", {"Central Powers": 21, "Allies": 4})
    # "if the Central Powers had also captured Paris they would have achieved the two capital objective"
    assert capital_victory(B, state) is None
    c["Paris"] = "Germany"
    clear(state, "Paris")
    assert capital_victory(B, state) == "Central Powers"


def test_capital_victory_needs_berlin_for_the_allies():
    """ "Capture two enemy capitals ... For the Allies, one must be Berlin." """
    state = fresh()
    for name in ("Vienna", "Constantinople"):
        state["control"][name] = "Russia"
        clear(state, name)
    assert capital_victory(B, state) is None
    state["control"]["Berlin"] = "France"
    clear(state, "Berlin")
    assert capital_victory(B, state) == "Allies"


def test_contested_capital_is_not_captured():
    state = fresh()
    state["control"]["Paris"] = "Germany"
    state["control"]["Rome"] = "Austria-Hungary"
    place(state, "Italy", "infantry", "Rome")
    place(state, "Austria-Hungary", "infantry", "Rome")
    assert capital_victory(B, state) is None
