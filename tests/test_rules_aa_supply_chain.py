"""Issue 23 item 1: house rule 4.7 (The Supply Chain) never freezes a game, and an order that turns
out impossible while a phase is adjudicated fails as an order — reported, nothing of it left done."""
import random

import pytest

from engine.aa1914.turn import Turn
from engine.errors import IllegalOrder, RulesError
from tests.aa_helpers import B, V, Dice, place, state_with

ROOM = ("A territory may hold a maximum of supplies equal to twice the number of units your power has "
        "in that territory.")
SAME_TERRITORY = "Supplies can only be used on land units that are in the same territory they are located in."


def russia_to_move(stock: int = 6) -> dict:
    state = state_with(supply_chain=True)
    state["turn"] = B.turn_order.index("Russia")
    state.setdefault("supplies", {})["Russia"] = {"stock": stock, "at": {}}
    return state


def test_supplies_for_units_that_died_in_battle_stay_in_the_stockpile():
    """4.7: "A territory may hold a maximum of supplies equal to twice the number of units your power has in that territory." — counted when the supplies arrive, after the battles: the lone attacker
    died, so nothing arrives, the order fails with its reason, and the phase is adjudicated."""
    state = russia_to_move()
    lines = ["move 1 infantry Ukraine - Galicia", "supply Galicia 2"]
    assert V.check_orders(state, "Russia", lines) == ["move 1 infantry: Ukraine - Galicia", "supply Galicia 2"]
    # the Russian infantry misses (6); Austria-Hungary's eight defenders hit (1s)
    result = V.adjudicate(state, {"Russia": lines}, Dice(6, *[1] * 8, *[6] * 30))
    after = result.state
    assert not [u for u in after["units"] if u["owner"] == "Russia" and u["where"] == "Galicia"]
    assert "✗ `supply Galicia 2` could not be carried out: Galicia has no room" in result.report
    assert after["failed_orders"] == ["supply Galicia 2"]
    mine = after["supplies"]["Russia"]
    assert mine["at"].get("Galicia", 0) == 0
    collected = sum(1 for name, t in B.territories.items() if not t.sea and after["control"].get(name) == "Russia")
    assert mine["stock"] == min(6 + collected, 3 * 25)          # kept: nothing was sent
    # the game moves on to the next power
    assert after["turn"] != state["turn"]


def test_supplies_beyond_the_room_left_after_battle_stay_in_the_stockpile():
    """4.7: "A territory may hold a maximum of supplies equal to twice the number of units your power has in that territory." — two infantry attack with 4 supplies on the way, one dies: 2 arrive."""
    state = russia_to_move()
    lines = ["move 2 infantry Ukraine - Galicia", "supply Galicia 4"]
    assert V.check_orders(state, "Russia", lines)
    result = V.adjudicate(state, {"Russia": lines}, Dice(6, 6, 1, *[6] * 40))
    after = result.state
    assert len([u for u in after["units"] if u["owner"] == "Russia" and u["where"] == "Galicia"]) == 1
    assert after["supplies"]["Russia"]["at"]["Galicia"] == 2
    assert "Only 2 of Russia's 4 supplies reach Galicia" in result.report
    assert after["failed_orders"] == []


def test_supplies_are_not_sent_to_a_sea_zone():
    """4.7: "Supplies can only be used on land units that are in the same territory they are located in." — a sea zone has no land units: refused when the order is given."""
    state = russia_to_move()
    with pytest.raises(IllegalOrder, match="SZ 8 is a sea zone"):
        V.check_orders(state, "Russia", ["supply SZ 8 2"])


def test_a_send_larger_than_the_room_is_still_refused_when_given():
    """4.7: "A territory may hold a maximum of supplies equal to twice the number of units your power has in that territory." — checking orders, the room after the moves is known: 1 infantry, room 2."""
    state = russia_to_move()
    with pytest.raises(IllegalOrder, match="Galicia can take 2 more supplies"):
        V.check_orders(state, "Russia", ["move 1 infantry Ukraine - Galicia", "supply Galicia 3"])


def test_an_order_that_fails_while_adjudicating_leaves_nothing_half_done():
    """The class of the defect: an order whose rules error comes only once the dice have spoken
    fails as an order — its changes so far are undone, the rest of the turn goes on."""
    state = state_with()
    place(state, "Germany", "infantry", "Berlin")
    turn = Turn(B, state, "Germany", random.Random(1))
    position = turn.position
    position.extra["failed_orders"] = []
    before = position.to_json()

    class Half:
        def text(self):
            return "move 1 infantry Berlin - Holland"

    def half_done(order):
        position.treasury["Germany"] -= 3
        first = position.units[0]
        position.move(first, "Holland")
        position.damage(first)
        position.add_unit("tank", "Germany", "Berlin")
        position.remove(position.units_in("Paris")[:1])
        position.extra["loss_orders"]["Germany"] = ["tank"]
        turn.progress.done_moving.add(first.id)
        turn.roll(2)
        raise RulesError("the way is shut")

    dice_before = turn.rng.getstate()
    turn.carry_out(half_done, Half())
    after = position.to_json()
    assert after["treasury"] == before["treasury"] and after["units"] == before["units"]
    assert after["next_id"] == before["next_id"] and after["loss_orders"] == before["loss_orders"]
    assert not turn.progress.done_moving and [u.id for u in position.units_in("Holland")] == []
    assert turn.rng.getstate() == dice_before
    assert turn.report == ["✗ `move 1 infantry Berlin - Holland` could not be carried out: the way is shut"]
    assert after["failed_orders"] == ["move 1 infantry Berlin - Holland"]


def test_checking_orders_still_refuses_them_by_line():
    """The dry run (no dice) refuses the sheet, naming the line, as before."""
    state = russia_to_move()
    with pytest.raises(IllegalOrder) as refused:
        V.check_orders(state, "Russia", ["supply Galicia 1"])
    assert refused.value.line == "supply Galicia 1"
