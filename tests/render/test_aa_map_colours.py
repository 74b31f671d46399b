"""The A&A map's colours: any two powers, and each power's land against the sea, at
least ΔE 20 (CIE76) apart, in the standard and the colour-blind palette; the fills a player may
not know explained in the legend; the collapse figures in words."""
import itertools
import random

import pytest

from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from render.aa1914 import NEUTRAL, SEA, land_colours, power_colours
from render.palettes import DISTINCT, PALETTES, delta_e


@pytest.mark.parametrize("palette", PALETTES)
def test_any_two_powers_are_told_apart(palette):
    colours = power_colours(palette)
    assert len(colours) == 10
    for a, b in itertools.combinations(colours, 2):
        assert delta_e(colours[a], colours[b]) >= DISTINCT, (palette, a, b)


@pytest.mark.parametrize("palette", PALETTES)
def test_no_powers_land_reads_as_the_sea(palette):
    for power, fill in land_colours(palette).items():
        assert delta_e(fill, SEA) >= DISTINCT, (palette, power)
        assert delta_e(fill, NEUTRAL) >= 10, (palette, power)
        # the badge on its own land stands out from it
        assert delta_e(fill, power_colours(palette)[power]) >= 15, (palette, power)


def test_italy_and_spain_are_no_longer_two_oranges():
    colours = power_colours()
    assert delta_e(colours["Italy"], colours["Spain"]) >= 40
    assert delta_e(colours["Germany"], colours["Neutral"]) >= DISTINCT


def test_the_panel_says_what_the_collapse_figures_mean():
    """"'lost a/b/c' in the power panel made understandable"."""
    from engine.aa1914.board import standard_board
    from render.aa1914_panel import COLLAPSE_KEY, power_lines
    register_all()
    state = AA1914Variant().initial_state({}, random.Random(1))
    lines = {power: (first, second) for power, first, second in power_lines(standard_board(), state)}
    assert lines["Germany"] == ("Germany: 35 IPCs (+35)", "home lost 0 · collapses at 16 / 18")
    assert "economic collapse" in COLLAPSE_KEY and "political collapse" in COLLAPSE_KEY
