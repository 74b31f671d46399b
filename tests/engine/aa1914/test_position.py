"""The position a turn changes: typed units indexed by territory, read from the stored state and
written back exactly as stored (so stored games need no migration), and an undo log that takes
back everything an order changed when it fails half-way — units moved, damaged, bought, sunk or
handed over, control and treasuries, the options' fields, the dice log — without copying the
board."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.aa1914.position import Position
from tests.aa_helpers import B, V, fresh, place, state_with


def position_of(state: dict) -> Position:
    return Position.from_json(state, V.board_of(state))


def test_a_stored_state_comes_back_exactly_as_it_was_stored():
    for options in ({}, {"supply_chain": True, "freighters_raiders": True, "italian_dilemma": True}):
        state = V.initial_state(V.parse_options(options), random.Random(1))
        state["units"][3]["aboard"] = 7
        state["units"][5]["claimed_in"] = "SZ 9"
        assert json.dumps(position_of(state).to_json()) == json.dumps(state)


def test_reading_and_writing_leave_the_stored_state_untouched_and_share_nothing_with_it():
    state = state_with(supply_chain=True)
    state["supplies"] = {"Germany": {"stock": 3, "at": {"Berlin": 1}}}
    before = json.dumps(state)
    position = position_of(state)
    out = position.to_json()
    position.extra["supplies"]["Germany"]["stock"] = 99
    position.move(position.units_in("Berlin")[0], "Silesia")
    out["supplies"]["Germany"]["at"]["Berlin"] = 5
    out["log"].append({"x": 1})
    assert json.dumps(state) == before
    assert position.extra["supplies"]["Germany"]["at"] == {"Berlin": 1}


def test_units_are_found_by_territory_in_the_stored_order_as_they_move():
    state = fresh()
    position = position_of(state)
    berlin = position.units_in("Berlin")
    assert [u.id for u in berlin] == [u["id"] for u in state["units"] if u["where"] == "Berlin"]
    first, last = berlin[0], berlin[-1]
    position.move(last, "Silesia")
    position.move(first, "Silesia")
    assert position.units_in("Silesia")[-2:] != [last, first]       # the stored order, not the order of arrival
    assert [u.id for u in position.units_in("Silesia")] == sorted(u.id for u in position.units_in("Silesia"))
    assert last not in position.units_in("Berlin")
    new = position.add_unit("tank", "Germany", "Silesia")
    assert position.units_in("Silesia")[-1] is new and new.id == state["next_id"] and position.next_id == new.id + 1


def test_a_unit_changes_only_through_its_position():
    unit = position_of(fresh()).units[0]
    with pytest.raises(AttributeError, match="changes through its Position"):
        unit.where = "Berlin"


def test_a_rollback_takes_back_every_change_since_the_checkpoint():
    state = fresh()
    place(state, "British Empire", "transport", "SZ 9")
    before = json.dumps(state)
    position = position_of(state)
    checkpoint = position.checkpoint()
    transport = position.units_in("SZ 9")[-1]
    infantry = position.units_in("London")[0]
    position.move(infantry, "SZ 9")
    position.embark(infantry, transport.id)
    position.damage(position.units_in("SZ 9")[0])
    position.give(position.units_in("Paris")[0], "Germany")
    position.remove(position.units_in("Vienna")[:2])
    position.add_unit("fighter", "Russia", "Moscow")
    position.control["Paris"] = "Germany"
    position.collapsed["France"] = "economic"
    position.treasury["France"] -= 10
    position.us_at_war = True
    position.extra["loss_orders"]["Russia"] = ["tank"]
    position.log.append({"round": 1, "dice": [6]})
    position.rollback(checkpoint)
    assert json.dumps(position.to_json()) == before
    assert [u.id for u in position.units] == [u["id"] for u in state["units"]]


def test_nested_checkpoints_keep_what_the_inner_order_did_when_it_succeeds():
    position = position_of(fresh())
    outer = position.checkpoint()
    position.treasury["France"] = 1
    inner = position.checkpoint()
    position.treasury["Russia"] = 2
    position.release(inner)
    assert position.treasury["Russia"] == 2
    position.rollback(outer)
    assert position.treasury["France"] != 1 and position.treasury["Russia"] != 2


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "damage", "remove", "add", "control", "treasury"]),
                          st.integers(0, 10_000)), max_size=25), st.integers(0, 24))
def test_any_changes_rolled_back_leave_the_position_as_it_was(changes, cut):
    """Whatever the order changed, and however much of it was already kept, a rollback returns to
    the checkpoint and the index by territory agrees with the units."""
    state = fresh()
    position = position_of(state)
    names = sorted(B.territories)

    def apply(kind, n):
        units = position.units
        unit = units[n % len(units)]
        if kind == "move":
            position.move(unit, names[n % len(names)])
        elif kind == "damage":
            position.damage(unit, not unit.damaged)
        elif kind == "remove":
            position.remove([unit])
        elif kind == "add":
            position.add_unit("infantry", unit.owner, names[n % len(names)])
        elif kind == "control":
            position.control[names[n % len(names)]] = unit.owner
        else:
            position.treasury[unit.owner] = n
    for kind, n in changes[:cut]:
        apply(kind, n)
    kept = json.dumps(position.to_json())
    checkpoint = position.checkpoint()
    for kind, n in changes[cut:]:
        apply(kind, n)
    position.rollback(checkpoint)
    assert json.dumps(position.to_json()) == kept
    for name in names:
        assert position.units_in(name) == [u for u in position.units if u.where == name]


def test_the_questions_of_the_rules_agree_with_the_stored_state():
    from engine.aa1914.state import contested_territories, incomes, is_contested
    state = fresh()
    place(state, "Russia", "infantry", "Galicia", 2)
    place(state, "Germany", "truck", "Silesia")
    position = position_of(state)
    assert position.contested_territories() == contested_territories(B, state)
    assert position.incomes() == incomes(B, state)
    assert all(position.is_contested(n) == is_contested(B, state, n) for n in B.territories)
