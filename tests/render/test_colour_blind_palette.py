"""The colour-blind palette tells apart every two powers that may fight each other, for the
people it is for: at least ΔE 25 (CIE76) with normal vision and as seen with protanopia and
deuteranopia, 20 with tritanopia (render.palettes.FACING) — in every variant, over the pairs of
powers that face each other in it."""
import itertools
import random

import pytest

from engine.aa1914.board import standard_board
from engine.catalog import register_all
from engine.variant import get_variant, variants
from render.palettes import FACING, delta_e, delta_e_seen, seen_with
from render.registry import map_module

register_all()          # the variants are listed when the tests are collected


def facing_pairs(variant_key: str) -> set[frozenset[str]]:
    """The pairs of powers that may fight each other: powers of different seats (a seat ordering
    several powers is a side), a power whose side is drawn during the game (rx07's Italy, A&A's
    Italy and Spain) against everyone, and A&A's neutral armies against everyone."""
    register_all()
    if variant_key == "aa1914":
        board = standard_board()
        central, allies = (set(powers) for powers in board.sides.values())
        anyone = {"Italy", "Spain", "Neutral"}
        powers = central | allies | anyone
        return {frozenset((a, b)) for a, b in itertools.combinations(sorted(powers), 2)
                if a in anyone or b in anyone or (a in central) != (b in central)}
    variant = get_variant(variant_key)
    state = variant.initial_state({}, random.Random(1))
    seats = variant.seats({})
    side = {power: seat for seat in seats for power in variant.powers_of(state, seat)}
    colours = map_module(variant_key).power_colours("colour-blind")
    return {frozenset((a, b)) for a, b in itertools.combinations(sorted(colours), 2)
            if a in side and b in side and side[a] != side[b]
            or (a not in side or b not in side)}          # a power with no seat yet joins either side


def test_simulated_vision_keeps_greys_grey_and_merges_red_and_green_for_a_deuteranope():
    assert seen_with((128, 128, 128), "deuteranopia") == pytest.approx((128, 128, 128), abs=2)
    red, green = (200, 40, 40), (35, 150, 60)          # the standard Austria and Italy
    assert delta_e(red, green) > 100
    assert delta_e(seen_with(red, "deuteranopia"), seen_with(green, "deuteranopia")) < 20


@pytest.mark.parametrize("variant_key", sorted(variants()))
def test_powers_that_face_each_other_are_far_apart_for_colour_blind_eyes(variant_key):
    register_all()
    colours = map_module(variant_key).power_colours("colour-blind")
    pairs = facing_pairs(variant_key)
    assert pairs
    worst = []
    for pair in pairs:
        a, b = sorted(pair)
        for vision, distance in delta_e_seen(colours[a], colours[b]).items():
            if distance < FACING[vision]:
                worst.append((a, b, vision, round(distance, 1)))
    assert worst == []


def test_rx07_england_and_austria_face_each_other_and_are_told_apart():
    """The pair that was closest (England's orange, Austria's vermillion)."""
    pairs = facing_pairs("rx07")
    assert frozenset(("England", "Austria")) in pairs
    assert frozenset(("England", "France")) not in pairs
    colours = map_module("rx07").power_colours("colour-blind")
    assert min(delta_e_seen(colours["England"], colours["Austria"]).values()) >= 25
