"""The Diplomacy bot is a pure function of (state, seat, seed, level): the same seed gives the
same orders and reasons, the state it is given is never changed, and its hints are written in
exactly the order syntax of the briefs and the parser (`A Par - Bur`, `A Mar S A Par - Bur`,
`F Eng C A Lon - Bre`, `A Par H`, `A Par R Bur`, `A Par D`, `Build A Par`, `Remove F Bre`,
rx07's `America A Lon`, the sheet's form of `America Lon`), so a player can paste a hint line
into a sheet as it is."""
from __future__ import annotations

import copy
import random
import re

import pytest

from engine.variant import get_variant
from tests.bots.dip_positions import diplomacy_variants, sample

VARIANTS = diplomacy_variants()
PLACE = r"[A-Z][a-z]{2}(/[nes]c)?"
FORMS = {
    "movement": re.compile(rf"^[AF] {PLACE} (H|- {PLACE}|S [AF] {PLACE}( - {PLACE})?|C A {PLACE} - {PLACE})$"),
    "retreat": re.compile(rf"^[AF] {PLACE} (R {PLACE}|D)$"),
    "adjustment": re.compile(rf"^(Build [AF] {PLACE}|Remove [AF] {PLACE}|Waive|America A {PLACE})$"),
}


def _positions(key: str) -> list[dict]:
    return sample(key, "movement", 3, seed=5) + sample(key, "retreat", 2, seed=5) + \
        sample(key, "adjustment", 2, seed=5)


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_same_seed_gives_the_same_orders_and_the_state_is_untouched(key, level):
    variant = get_variant(key)
    # hard: two movement positions (the search is what varies with the seed; every seat of a
    # seven-seat game still orders in each)
    for state in _positions(key)[:2 if level == "hard" else 7]:
        for seat in variant.seats_to_act(state):
            before = copy.deepcopy(state)
            first = variant.bot_orders(state, seat, random.Random(42), level)
            assert state == before, "the bot changed the state it was given"
            assert variant.bot_orders(copy.deepcopy(state), seat, random.Random(42), level) == first


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hint_lines_use_the_parser_s_order_syntax(key, level):
    variant = get_variant(key)
    for state in _positions(key)[:2 if level == "hard" else 7]:
        for seat in variant.seats_to_act(state):
            for line, _ in variant.bot_orders(state, seat, random.Random(7), level):
                assert FORMS[state["phase"]].match(line), (state["phase"], line)
                # the line alone is what the sheet would store: pasted back, it reads the same
                assert variant.check_orders(state, seat, [line]) == [line]


def test_the_order_help_names_the_same_forms():
    """The brief's own examples are in the forms the hints use."""
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    for example in variant.example_orders(state, "France"):
        assert FORMS["movement"].match(example), example
