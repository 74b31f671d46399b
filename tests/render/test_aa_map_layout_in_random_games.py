"""The A&A map's layout rules over random A&A games (house units and Spain included): whatever the
position, no badge covers a name, an inset or another badge; a stack off its own ground points
back to it; arrows start and end on their own territories; battle markers cover nothing; the units
a turn destroyed are all drawn, crossed out. The map draws in both palettes."""
import random

import pytest

from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from render.aa1914 import map_layout, render_aa1914
from render.aa1914_geometry import on_ground
from render.aa1914_layout import inside_test, overlaps
from tests.aa_random_play import COMBOS, accepted, random_lines

V = AA1914Variant()


def check_layout(state, orders):
    destroyed = len([d for d in state.get("destroyed") or () if d.get("where") != "Himalayas"])
    lost = 0
    for layout, paths, placed in map_layout(state, orders):
        width, height = layout.view.size
        names = list(layout.names.values())
        for index, badge in enumerate(layout.badges):
            assert not any(overlaps(badge.box, other.box) for other in layout.badges[index + 1:]), badge
            assert not any(overlaps(badge.box, name) for name in names), badge
            assert not any(overlaps(badge.box, hidden) for hidden in layout.hidden), badge
            if badge.leader is None:
                assert inside_test(layout.view, badge.where)(badge.box), badge
            else:
                assert on_ground(layout.view, badge.where, *badge.leader), badge
            lost += sum(n for _, n in badge.parts) if badge.lost else 0
        for name in names:
            assert 0 <= name[0] and name[2] <= width and 0 <= name[1] and name[3] <= height
        for _, box in placed:
            assert not any(overlaps(box, b.box) for b in layout.badges)
            assert not any(overlaps(box, name) for name in names)
        for path in paths:
            assert len(path) >= 2
    assert lost == destroyed


@pytest.mark.parametrize("options", COMBOS[1:], ids=["house-units-and-rules", "spain-italy"])
def test_random_games_keep_the_layout_rules(options):
    register_all()
    rng = random.Random(7)
    state = V.initial_state(V.parse_options(options), rng)
    checked = 0
    for phase in range(14):
        seats = V.seats_to_act(state)
        if not seats:
            break
        orders = {}
        for seat in seats:
            if state.get("phase", "turn") == "turn":
                orders[seat] = accepted(state, seat, random_lines(state, seat, rng))
            elif state["phase"] == "italy_demands":
                orders[seat] = accepted(state, seat, ["demand lump 3"])
            elif state["phase"] == "italy_responses":
                orders[seat] = accepted(state, seat, ["refuse"])
        result = V.adjudicate(state, orders, random.Random(rng.random()))
        state = result.state
        if phase % 3 == 2:
            check_layout(state, orders)
            checked += 1
        if result.finished:
            break
    assert checked >= 3
    for palette in ("standard", "colour-blind"):
        assert render_aa1914(state, orders, "random game", palette=palette)[:8] == b"\x89PNG\r\n\x1a\n"
