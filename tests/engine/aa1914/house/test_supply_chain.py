"""House rule 4.7 "The Supply Chain": "Your power can stockpile supplies to a maximum of three
times your current IPC count. Surplus supplies are lost." — also in a turn where one of the
power's `supply` orders could not be carried out (the units that were to receive them were gone)."""
from __future__ import annotations

import random

import pytest

from engine.aa1914.combat import land_battle
from engine.aa1914.orders import parse_order
from engine.aa1914.standing import apply_standing
from engine.aa1914.state import income
from engine.aa1914.turn import Turn
from engine.errors import IllegalOrder, OrderError, RulesError
from tests.aa_helpers import B, Dice, V, clear, force, place, play_turn, state_with


def test_the_surplus_is_lost_even_when_a_send_failed():
    state = state_with(supply_chain=True)
    state["turn"] = list(B.turn_order).index("Germany")
    clear(state, "Picardy")
    state["supplies"] = {"Germany": {"stock": 500, "at": {}}}
    result = V.adjudicate(state, {"Germany": ["supply Picardy 3"]}, random.Random(1))
    after = result.state
    assert "✗ `supply Picardy 3` could not be carried out" in result.report
    limit = 3 * income(B, after, "Germany")
    assert after["supplies"]["Germany"]["stock"] == limit
    assert f"📦 Germany loses {500 + _collected(state) - limit} surplus supplies." in result.report


def _collected(state) -> int:
    """4.7 "Every territory yields 1 supply every turn": the German land territories held."""
    return sum(1 for name, holder in state["control"].items() if holder == "Germany" and not B.territories[name].sea)


def test_supply_chain():
    """4.7 "Every territory yields 1 supply every turn ... A territory may hold a maximum of supplies
    equal to twice the number of units your power has in that territory ... consume 1 supply to
    increase the hit die of one attacking or defending land unit by 1 ... each unit can only receive
    a single bonus per battle ... Supplies are destroyed if captured by the enemy." """
    from engine.aa1914.combat import _supply
    assert _supply({2: 2, 3: 1}, 5, 3) == {3: 2, 4: 1}       # each die raised once
    assert _supply({2: 2}, 1, 2) == {2: 1, 3: 1}
    state = state_with(supply_chain=True)
    italy_territories = sum(1 for n, t in B.territories.items() if not t.sea and state["control"].get(n) == "Italy")
    after = Turn(B, state, "Italy", random.Random(1)).run([parse_order("supply Venice 2", B)])
    store = after["supplies"]["Italy"]
    assert store["at"] == {"Venice": 2} and store["stock"] == italy_territories - 2
    venice_units = sum(1 for u in state["units"] if u["where"] == "Venice" and u["owner"] == "Italy")
    with pytest.raises(OrderError, match="more supplies"):
        Turn(B, state, "Italy", None).run([parse_order(f"supply Venice {2 * venice_units + 1}", B)])
    with pytest.raises(OrderError, match="option `supply_chain`"):
        Turn(B, state_with(), "Italy", None).run([parse_order("supply Venice 1", B)])
    # in battle: the defender's supplies raise its dice
    result = land_battle(Dice(6, 4), force("infantry"), force("infantry"), supplies=(0, 1))
    assert result.rolls[-1].target == 4 and result.supplies_used == (0, 1) and len(result.attacker_lost) == 1


def test_allies_defending_together_each_spend_their_own_supplies_as_they_choose():
    """4.7: "consume 1 supply to increase the hit die of one attacking or defending land unit by 1.
    You may use any quantity of supplies" — each defending power spends its own supplies on its own
    units, up to its standing `supplies use N`."""
    state = state_with(supply_chain=True)
    clear(state, "Lorraine", "Alsace")
    place(state, "France", "infantry", "Lorraine")
    place(state, "British Empire", "infantry", "Lorraine")
    place(state, "Germany", "infantry", "Alsace")
    state["supplies"] = {"France": {"stock": 0, "at": {"Lorraine": 1}},
                         "British Empire": {"stock": 0, "at": {"Lorraine": 1}}}

    def defender_targets(state):
        after = play_turn(state, "Germany", "move 1 infantry Alsace - Lorraine", rng=Dice(6, 6, 6, *[6] * 10))
        rolls = [e for e in after["log"] if e["battle"] == "Lorraine" and e["who"] == "defender"]
        return sorted(e["target"] for e in rolls for _ in e["dice"]), after

    targets, after = defender_targets(state)
    assert targets == [4, 4]
    assert after["supplies"]["France"]["at"]["Lorraine"] == after["supplies"]["British Empire"]["at"]["Lorraine"] == 0
    apply_standing(state, "France", parse_order("supplies use none", B))
    assert state["supply_use"] == {"France": 0}
    targets, after = defender_targets(state)
    assert targets == [3, 4] and after["supplies"]["France"]["at"]["Lorraine"] == 1
    with pytest.raises(OrderError, match="option `supply_chain`"):
        apply_standing(state_with(), "France", parse_order("supplies use 2", B))


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
