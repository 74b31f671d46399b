"""Seed 001 (errata): "If you are planning an amphibious assault or reinforcement, but some of
your ships hit mines while attempting to deliver the units, you may call off the landing." The
player *may* call it off (`call off <territory> if mined`); without that order, the units a mine
left aboard land, and a landing with nothing left says that a mine sank its transport."""
from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from tests.aa_helpers import B, Dice, clear, fresh, place

LOAD = ["move 4 infantry London - SZ 9", "move 2 transport SZ 9 - SZ 10"]


def landing(orders, *mine_dice):
    """Britain loads 4 infantry on two transports and sails into Germany's minefield in SZ 10,
    then lands in an empty Kiel; `mine_dice` are the mines' rolls, one per transport (1 sinks)."""
    state = fresh()
    clear(state, "SZ 9", "SZ 10", "Kiel", "London")
    place(state, "British Empire", "transport", "SZ 9", 2)
    place(state, "British Empire", "infantry", "London", 4)
    turn = Turn(B, state, "British Empire", Dice(*mine_dice, *[6] * 40))
    after = turn.run([parse_order(line, B) for line in LOAD + orders])
    british = [u for u in after["units"] if u["owner"] == "British Empire" and u["type"] == "infantry"
               and u["where"] in ("London", "SZ 9", "SZ 10", "Kiel")]
    return turn, after, british


def test_the_units_a_mine_left_aboard_land_without_a_call_off():
    """ "some of your ships hit mines ... you may call off the landing": not called off, the
    survivors of the sunk transport's sister ship land."""
    turn, after, british = landing(["move 4 infantry SZ 10 - Kiel"], 1, 6)
    assert sum(1 for u in british if u["where"] == "Kiel" and not u.get("aboard")) == 2
    assert len(british) == 2 and after["control"]["Kiel"] == "British Empire"
    assert "   A mine sinks British Empire's transport in SZ 10, with 2 infantry aboard." in turn.report
    assert "💣 A mine sank part of the landing in SZ 10: 2 infantry of the 4 infantry land in Kiel." in turn.report
    assert not after["failed_orders"]


def test_a_called_off_landing_keeps_the_survivors_aboard():
    """ "you may call off the landing": `call off Kiel if mined` keeps them at sea."""
    turn, after, british = landing(["move 4 infantry SZ 10 - Kiel", "call off Kiel if mined"], 1, 6)
    assert len(british) == 2 and all(u["where"] == "SZ 10" and u.get("aboard") for u in british)
    assert any("The landing in Kiel is called off after mine hits; 2 unit(s) stay aboard in SZ 10" in line
               for line in turn.report)
    assert after["control"]["Kiel"] == "Germany"


def test_a_landing_whose_transports_all_sank_says_the_mines_sank_them():
    """The failure reason names the cause: the mines, not a bare count of units."""
    turn, after, british = landing(["move 4 infantry SZ 10 - Kiel"], 1, 1)
    assert british == [] and after["failed_orders"] == ["move 4 infantry: SZ 10 - Kiel"]
    assert ("✗ `move 4 infantry: SZ 10 - Kiel` could not be carried out: mines sank the transports carrying them "
            "in SZ 10: none of the 4 infantry is left aboard to land in Kiel") in turn.report


def test_one_sunk_transport_is_told_as_one():
    state = fresh()
    clear(state, "SZ 9", "SZ 10", "Kiel", "London")
    place(state, "British Empire", "transport", "SZ 9")
    place(state, "British Empire", "infantry", "London", 2)
    turn = Turn(B, state, "British Empire", Dice(1, *[6] * 40))
    orders = ["move 2 infantry London - SZ 9", "move 1 transport SZ 9 - SZ 10", "move 2 infantry SZ 10 - Kiel"]
    turn.run([parse_order(line, B) for line in orders])
    assert any("could not be carried out: a mine sank the transport carrying them in SZ 10" in line
               for line in turn.report)


def test_a_landing_short_of_more_than_the_mines_took_fails_as_before():
    """Only what a mine took may be missing: asking for units that were never aboard is refused."""
    turn, after, british = landing(["move 6 infantry SZ 10 - Kiel"], 1, 6)
    assert after["failed_orders"] == ["move 6 infantry: SZ 10 - Kiel"]
    assert any("has 2 infantry in SZ 10 that can still move, not 6" in line for line in turn.report)
    assert all(u["where"] == "SZ 10" for u in british)
