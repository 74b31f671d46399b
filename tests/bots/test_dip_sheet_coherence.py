"""The Diplomacy bot's sheets are coherent, at every level, in every Diplomacy variant, over many
positions and seeds: every line is legal (exactly what `check_orders` returns); a support names
an order its unit was given; a convoy carries an army ordered across the water to that place,
never to its own province (`F Eng C A Nwy - Nwy`); an army ordered beyond its reach has a
convoy; no move goes into a province where a unit of ours stays (it can only bounce off its own
side); no retreat goes into a standoff (a province left empty by a bounce this phase) or where
another of ours retreats; builds and removals are no more than owed."""
from __future__ import annotations

import random

import pytest

from engine.diplomacy.map import province_of
from engine.diplomacy.orders import Build, Convoy, Move, Remove, Retreat, Support
from engine.diplomacy.parser import parse_order
from engine.diplomacy.position import board_dislodged, board_units
from engine.diplomacy.retreats import adjustment_counts, retreat_options
from engine.variant import get_variant
from tests.bots.dip_positions import diplomacy_variants, option_sets, positions, sample

VARIANTS = diplomacy_variants()


def incoherence(variant, state: dict, seat: str, lines: list[str]) -> list[str]:
    """What is wrong with a sheet, in words (empty: nothing)."""
    dmap = variant.game_map(state)
    phase = state["phase"]
    problems = []
    if variant.check_orders(state, seat, lines) != lines:
        problems.append(f"not the canonical legal sheet: {lines}")
    orders = {}
    for line in lines:
        if variant.check_extra_order(state, seat, line) is not None and phase == "adjustment":
            continue                    # rx07's `America <centre>`
        order = parse_order(line, dmap, phase)
        orders[order.province] = order
    if phase == "movement":
        units = board_units(state)
        for prov, order in orders.items():
            if isinstance(order, Support):
                other = orders.get(province_of(order.target))
                if other is None:
                    problems.append(f"{order.text()}: supports a unit given no order on this sheet")
                elif order.target_dest is None and isinstance(other, Move):
                    problems.append(f"{order.text()}: supports a hold of a unit ordered {other.text()}")
                elif order.target_dest is not None and (
                        not isinstance(other, Move) or province_of(other.dest) != province_of(order.target_dest)):
                    problems.append(f"{order.text()}: the supported unit is ordered {other.text()}")
            elif isinstance(order, Convoy):
                army = orders.get(order.army)
                if province_of(order.dest) == order.army:
                    problems.append(f"{order.text()}: convoys an army to its own province")
                if not isinstance(army, Move) or province_of(army.dest) != province_of(order.dest):
                    problems.append(f"{order.text()}: the army is ordered {army.text() if army else 'nothing'}")
            elif isinstance(order, Move):
                staying = orders.get(province_of(order.dest))
                if staying is not None and not isinstance(staying, Move):
                    problems.append(f"{order.text()}: moves into our own unit, ordered {staying.text()}")
                if units[prov].kind == "A" and province_of(order.dest) not in dmap.army_neighbours(prov) and \
                        not any(isinstance(o, Convoy) and o.army == prov for o in orders.values()):
                    problems.append(f"{order.text()}: no convoy of ours carries it")
    elif phase == "retreat":
        units, dislodged = board_units(state), board_dislodged(state)
        contested = set(state.get("contested", []))
        taken: set[str] = set()
        for prov, order in orders.items():
            if isinstance(order, Retreat):
                dest = province_of(order.dest)
                if dest in contested:
                    problems.append(f"{order.text()}: retreats into a standoff")
                if dest in taken:
                    problems.append(f"{order.text()}: two of ours retreat there")
                if order.dest not in retreat_options(dmap, units, prov, dislodged[prov], contested):
                    problems.append(f"{order.text()}: not a retreat the rules allow")
                taken.add(dest)
    else:
        units = board_units(state)
        powers = set(variant.powers_of(state, seat)) - variant.civil_disorder_powers(state)
        owed = adjustment_counts(units, state["owners"], sorted(powers))
        for power, n in owed.items():
            builds = sum(1 for o in orders.values() if isinstance(o, Build) and dmap.home_power(o.province) == power)
            removes = sum(1 for o in orders.values() if isinstance(o, Remove) and units[o.province].power == power)
            if builds > max(n, 0) or removes > max(-n, 0) or (n < 0 and removes != -n):
                problems.append(f"{power} owes {n}: {builds} builds, {removes} removals")
    return problems


def check_position(key: str, state: dict, level: str, seed: int) -> None:
    variant = get_variant(key)
    for seat in variant.seats_to_act(state):
        pairs = variant.bot_orders(state, seat, random.Random(seed), level)
        lines = [line for line, _ in pairs]
        assert not incoherence(variant, state, seat, lines), (key, variant.phase_label(state), seat, level,
                                                              incoherence(variant, state, seat, lines))
        for line, reason in pairs:
            assert reason and "\n" not in reason, (line, reason)


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristic_and_normal_sheets_are_coherent_in_every_phase(key, level):
    for phase, n in (("movement", 14), ("retreat", 8), ("adjustment", 8)):
        for i, state in enumerate(sample(key, phase, n, seed=1)):
            check_position(key, state, level, seed=i)


@pytest.mark.parametrize("key,options", [(key, options) for key in VARIANTS for options in option_sets(key)[1:]])
def test_sheets_are_coherent_under_every_option_set(key, options):
    """The rulebook editions read convoys differently (2000: an adjacent move goes by convoy only
    with a convoy ordered for it); a lower victory number ends games sooner."""
    for level, n in (("easy", 3), ("normal", 5), ("hard", 2)):
        for i, state in enumerate(sample(key, "movement", n, seed=3, options=options)
                                  + sample(key, "retreat", 2, seed=3, options=options)
                                  + sample(key, "adjustment", 2, seed=3, options=options)):
            check_position(key, state, level, seed=200 + i)


@pytest.mark.parametrize("key", VARIANTS)
def test_search_sheets_are_coherent(key):
    for i, state in enumerate(sample(key, "movement", 4, seed=2)):
        check_position(key, state, "hard", seed=100 + i)
    for i, state in enumerate(sample(key, "retreat", 3, seed=2)):
        check_position(key, state, "hard", seed=100 + i)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_retreat_goes_into_a_standoff(level):
    standoffs = [(key, s) for key in VARIANTS for s in positions(key)
                 if s["phase"] == "retreat" and s.get("contested")]
    assert standoffs, "the sample games have retreats next to standoffs"
    for i, (key, state) in enumerate(standoffs[:12]):
        check_position(key, state, level, seed=i)


def test_the_checker_sees_an_army_convoyed_to_its_own_province():
    """The sheet once seen from the bot: `F Eng C A Nwy - Nwy` (with A Nwy supporting)."""
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    state["units"] = {"eng": {"kind": "F", "power": "England", "loc": "eng"},
                      "nwy": {"kind": "A", "power": "England", "loc": "nwy"},
                      "nth": {"kind": "F", "power": "England", "loc": "nth"}}
    lines = ["F Eng C A Nwy - Nwy", "A Nwy S F Nth", "F Nth H"]
    try:
        lines = variant.check_orders(state, "England", lines)
    except Exception:
        return                           # refused outright: a player could not give it either
    assert any("own province" in p or "ordered" in p for p in incoherence(variant, state, "England", lines))


def test_the_checker_sees_a_move_into_our_own_unit_that_stays():
    """Seen from the search: `A Rum - Bud` beside `A Bud H` — it bounces off its own side, and
    A Rum, ordered to move, could not be supported to hold when Russia attacked it."""
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    lines = variant.check_orders(state, "Austria", ["A Vie - Bud", "A Bud H", "F Tri H"])
    assert any("own unit" in p for p in incoherence(variant, state, "Austria", lines))


def test_a_move_into_our_own_staying_unit_becomes_a_hold():
    """The bot's repair: the move holds instead (and a support of that move follows it)."""
    from engine.diplomacy.bot.board import Board
    from engine.diplomacy.bot.sheet import coherent
    from engine.diplomacy.orders import Hold
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    board = Board.read(variant, state, "Austria")
    plan = coherent(board, {"vie": Move("A", "vie", "bud"), "bud": Hold("A", "bud"),
                            "tri": Support("F", "tri", "vie", "bud", "A")})
    assert plan["vie"] == Hold("A", "vie") and plan["bud"] == Hold("A", "bud")
    assert not isinstance(plan["tri"], Support) or plan["tri"].target_dest is None


def test_the_checker_sees_a_support_of_an_order_not_given():
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    lines = variant.check_orders(state, "France", ["A Par - Bur", "A Mar S A Par - Gas", "F Bre H"])
    assert incoherence(variant, state, "France", lines)
