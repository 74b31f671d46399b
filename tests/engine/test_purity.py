"""The engine is pure: no entry point changes what it is given. For every registered variant (its
pre-game phases, house options and two-player forms included) a few phases are played, and before
and after every call — adjudication, order checks, briefs, menus, suggestions, bot orders — the
state, the orders, the options and the lines given are compared with deep copies of themselves."""
from __future__ import annotations

import copy
import random

import pytest

from engine.catalog import register_all
from engine.diplomacy.game import DiplomacyGame
from engine.errors import RulesError
from engine.variant import get_variant, variants

register_all()

# (variant, options, phases to play, A&A turns played without orders): every registered variant
# has a line here. Quiet turns keep a neutral Italy neutral, so its negotiation phases come round.
GAMES = [
    ("classic", {}, 9, False),
    ("classic", {"edition": "2000"}, 9, False),
    ("france_austria", {}, 7, False),
    ("england_turkey", {}, 7, False),
    ("rx07", {}, 9, False),
    ("aa1914", {}, 6, False),
    ("aa1914", {"auction_by_power": True, "deploy_reserves": True}, 14, False),
    ("aa1914", {"italian_dilemma": True}, 18, True),
    ("aa1914", {"auction_by_alliance": True, "trucks": True, "armored_trains": True, "destroyers": True,
                "supply_chain": True}, 7, False),
]
EXTRA_LINES = ["A Par - Bur", "nonsense", "Waive", "buy 1 infantry", "A Mun S A Boh - Tyr", "pass"]


def test_every_registered_variant_is_played_here():
    shipped = {key for key, variant in variants().items() if type(variant).__module__.startswith("engine.")}
    assert {key for key, *_ in GAMES} >= shipped


def unchanged(call, *args):
    """Call, then check that no argument was changed (the dice, a `random.Random`, are there to
    be used); a refusal (RulesError) is an answer too."""
    given = [arg for arg in args if not isinstance(arg, random.Random)]
    before = copy.deepcopy(given)
    try:
        result = call(*args)
    except RulesError as exc:
        result = exc
    assert given == before, f"{getattr(call, '__qualname__', call)} changed its input"
    return result


def ask_everything(variant, state: dict, seat: str, lines: list[str]) -> None:
    """Every pure entry point a seat's turn goes through, on this state and these lines."""
    unchanged(variant.check_state, state)
    unchanged(variant.phase_label, state)
    unchanged(variant.may_order, state, seat)
    unchanged(variant.describe, state, seat)
    unchanged(variant.order_help, state)
    unchanged(variant.phase_brief, state, seat)
    unchanged(variant.default_orders, state, seat)
    unchanged(variant.example_orders, state, seat)
    unchanged(variant.order_choices, state, seat)
    unchanged(variant.choice_groups, state, seat, lines)
    unchanged(variant.missing_orders, state, seat, lines)
    unchanged(variant.checked_lines, state, seat, lines)
    unchanged(variant.name_choices, state, "par")
    unchanged(variant.out_of_game, state, seat)
    unchanged(variant.check_orders, state, seat, lines, lines[:1])
    checker = unchanged(variant.sheet_checker, state, seat)
    for line in lines[:4]:
        unchanged(checker, line, lines[:2])
        unchanged(variant.repeated_order, state, seat, line, lines[:3])


@pytest.mark.parametrize("key,options,phases,quiet", GAMES, ids=[f"{k}-{'-'.join(o) or 'plain'}" for k, o, *_ in GAMES])
def test_no_entry_point_changes_its_input(key, options, phases, quiet):
    variant = get_variant(key)
    raw = dict(options)
    options = unchanged(variant.parse_options, raw)
    unchanged(variant.seats, options)
    unchanged(variant.alliances, options)
    unchanged(variant.rules_summary, options)
    rng = random.Random(7)
    state = unchanged(variant.initial_state, options, rng)
    seen = set()
    for turn in range(phases):
        orders: dict[str, list[str]] = {}
        for seat in unchanged(variant.seats_to_act, state):
            if quiet and state.get("phase") == "turn":
                orders[seat] = []            # the plain game asks everything of its turns
                continue
            pairs = unchanged(variant.bot_orders, state, seat, random.Random(turn), "easy")
            lines = [line for line, _ in pairs]
            ask_everything(variant, state, seat, lines + EXTRA_LINES[turn % len(EXTRA_LINES):][:2])
            orders[seat] = lines
        seen.add(state.get("phase"))
        result = unchanged(variant.adjudicate, state, orders, random.Random(turn))
        after = copy.deepcopy(result.state)
        if isinstance(variant, DiplomacyGame):
            # a Diplomacy phase hands back a state that shares nothing with the one given, so a
            # caller changing the new state (the owners after a fall) leaves the old one as it was
            before = copy.deepcopy(state)
            _scribble(result.state)
            assert state == before, f"{key}: the new state shares a container with the old one"
        if result.finished:
            break
        state = after
    if variant.key != "aa1914":
        assert {"movement", "adjustment"} <= seen, seen      # a fall's centre changes were adjudicated
    elif options.get("auction_by_power"):
        assert {"auction", "reserves", "turn"} <= seen, seen
    elif options.get("italian_dilemma"):
        assert {"italy_demands", "italy_responses", "turn"} <= seen, seen


def _scribble(value, depth: int = 0) -> None:
    """Change every container inside `value` in place (a caller editing the new state)."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item, depth + 1)
        value["__scribbled__"] = True
    elif isinstance(value, list):
        for item in list(value):
            _scribble(item, depth + 1)
        value.append("__scribbled__")
