"""What the Diplomacy bot's search values: a position that promises the victory number is worth
part of a win before the fall that would take it, and the opponents' sampled replies count as
often as they were drawn even though each distinct reply is adjudicated once."""
from __future__ import annotations

import random

from engine.catalog import register_all
from engine.diplomacy.bot import rules_for
from engine.diplomacy.bot.board import Board
from engine.diplomacy.bot.evaluate import Judge
from engine.diplomacy.bot.search import EFFORT, Search
from engine.diplomacy.bot.values import Values
from engine.diplomacy.orders import Unit
from engine.variant import get_variant

register_all()
CLASSIC = get_variant("classic")


def spring_value(victory_centres: int) -> float:
    """France's value of the opening position (nobody moved) under a victory number."""
    state = CLASSIC.initial_state({}, random.Random(1))
    state = dict(state, options={**state.get("options", {}), "victory_centres": victory_centres})
    board = Board.read(CLASSIC, state, "France")
    judge = Judge(board, Values(board, rules_for(CLASSIC)))
    return judge.value(board.units, {})


def test_a_spring_position_that_promises_the_victory_number_is_worth_more():
    """France holds 3 centres and can walk into Spain: with 4 to win, that promise is most of a
    solo; with 12 or 18 to win it is only centres."""
    assert spring_value(4) > spring_value(18) + 1.0
    assert spring_value(12) == spring_value(18)


def test_every_drawn_reply_counts_once_each_distinct_reply_is_adjudicated_once():
    state = CLASSIC.initial_state({}, random.Random(1))
    search = Search(CLASSIC, state, "France", random.Random(3), rules_for(CLASSIC), EFFORT["hard"])
    assert sum(search.weights) == EFFORT["hard"].samples
    assert len({frozenset(s) for s in search.samples}) == len(search.samples)
    plan = search.seeds[0]
    assert len(search.row(plan)) == len(search.samples)


def fall_judge(owners: dict[str, str]) -> tuple[Judge, Board]:
    state = CLASSIC.initial_state({}, random.Random(1))
    state = dict(state, season="fall", owners={**state["owners"], **owners})
    board = Board.read(CLASSIC, state, "Germany")
    return Judge(board, Values(board, rules_for(CLASSIC))), board


def test_a_fall_that_leaves_no_home_centre_free_for_the_builds_owed_waives_them():
    """A power builds only in its home centres that it owns and that stand empty: Germany with
    five centres and three units standing on Berlin, Munich and Kiel would waive both builds;
    with A Ber moved on to Prussia it builds one, and a spring is not followed by a winter."""
    judge, board = fall_judge({"den": "Germany", "hol": "Germany"})
    units = dict(board.units)
    assert judge.waived_builds(units, []) == 2
    moved = {p: u for p, u in units.items() if p != "ber"}
    moved["pru"] = Unit("A", "Germany", "pru")
    assert judge.waived_builds(moved, []) == 1
    assert judge.value(moved, {}) > judge.value(units, {})
    # a dislodged unit that can retreat is still a unit: one build fewer is owed
    assert judge.waived_builds(units, ["Germany"]) == 1
    spring = Board.read(CLASSIC, CLASSIC.initial_state({}, random.Random(1)), "Germany")
    assert Judge(spring, Values(spring, rules_for(CLASSIC))).waived_builds(spring.units, []) == 0
