"""A hint is copied into a sheet as it stands: every line the A&A bot hints is written in the
briefs' words (`place 7 infantry Berlin`, `move 2 infantry Bohemia - Galicia`, never the colon
form `place 7 infantry: Berlin`) and reads as the order the rules accept; every example line a
brief, the order help or a warning shows parses too — under random sets of house options, in
every phase the games reach (the auction, reserves and Italy's negotiations included)."""
from __future__ import annotations

import random
import re

import pytest

from engine.aa1914.bot.sheet import brief_syntax
from engine.aa1914.orders import parse_order
from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_random_play import play_random_phases, random_options

register_all()
V = get_variant("aa1914")
COLON_FORM = re.compile(r"^(move|place) [^:]+: ")
ORDER_WORDS = ("buy ", "move ", "place ", "attack ", "casualties ", "retreat ", "break off ", "submerge ",
               "call off ", "declare ")


def examples(text: str) -> list[str]:
    """The order lines a message shows in backticks (placeholders and alternatives left out)."""
    spans = re.findall(r"`([^`]+)`", text)
    return [s for s in spans if s.startswith(ORDER_WORDS) and not re.search(r"[<>|…]|\.\.\.", s)]


def check_hints_and_examples(state: dict, seat: str, rng: random.Random, level: str) -> list[str]:
    pairs = V.bot_orders(state, seat, random.Random(rng.random()), level)
    lines = [line for line, _ in pairs]
    for line in lines:
        assert not COLON_FORM.match(line), line
    canonical = V.check_orders(state, seat, lines)
    assert [brief_syntax(c) for c in canonical] == lines
    if state.get("phase", "turn") == "turn":
        board, options = V.board_of(state), state.get("options", {})
        shown = V.phase_brief(state, seat) + "\n" + V.order_help(state)
        for line in examples(shown) + list(V.example_orders(state, seat)):
            parse_order(line, board, options)          # raises on a line the parser cannot read
    return lines


@pytest.mark.parametrize("seed", range(4))
def test_hints_and_brief_examples_parse_under_random_house_options(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    state = V.initial_state(options, random.Random(seed))
    level = ("normal", "hard")[seed % 2]
    played = play_random_phases(state, rng, lambda s, seat, r: check_hints_and_examples(s, seat, r, level), 14)
    assert played["round"] >= 1


def test_the_examples_found_in_a_brief_include_placements_in_the_brief_form():
    """The brief teaches `place 1 infantry Vienna`: the form the hints now use."""
    state = V.initial_state({}, random.Random(1))
    seat = V.seats_to_act(state)[0]
    shown = examples(V.phase_brief(state, seat))
    assert any(line.startswith("place ") and ":" not in line for line in shown)
    hints = [line for line, _ in V.bot_orders(state, seat, random.Random(2))]
    assert any(line.startswith("place ") for line in hints)
    assert all(":" not in line for line in hints if line.startswith(("place ", "move ")))
