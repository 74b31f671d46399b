"""Maps that say everything the phase asks: a retreat phase's map draws where each dislodged unit
may go (or that it must disband); the legend names every mark the picture uses (convoy, retreat,
build, removal, minefield, contested); A&A arrows never run across a territory's unit counts or
a name, never loop on a plain sea move, and a move into an inset is drawn inside the inset; a
preview draws no battle of the turn before. Asserted on geometry and on the legend's words."""
import random

import pytest

from engine.aa1914.board import standard_board
from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from engine.variant import get_variant
from render import diplomacy_layout as layout
from render.aa1914 import map_layout
from render.aa1914_focus import prepared
from render.aa1914_layout import anchor_spots
from render.aa1914_routes import crossings, route
from render.diplomacy import map_legend, power_colours, render_diplomacy
from render.diplomacy_focus import NO_RETREAT, retreat_options
from render.overlay import path_length
from render.registry import preview_state

register_all()
BOARD = standard_board()


def rx07(*phases: dict) -> tuple[dict, dict]:
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    orders: dict = {}
    for orders in phases:
        while orders and state["phase"] != ("adjustment" if "Build" in str(orders) else "movement"):
            state = variant.adjudicate(state, {}, random.Random(1)).state
        state = variant.adjudicate(state, orders, random.Random(1)).state
    return state, orders


DISLODGING = ({"Entente": ["A Mos - Ukr"], "Central": ["A Vie - Gal"]},
              {"Entente": ["A Ukr - Gal", "A War S A Ukr - Gal"], "Central": ["A Gal H"]})


# ---------------------------------------------------------------- Diplomacy
def test_a_retreat_phase_map_draws_where_the_dislodged_unit_may_go():
    state, orders = rx07(*DISLODGING)
    assert state["phase"] == "retreat" and "gal" in state["dislodged"]
    options = retreat_options(state)["gal"]
    assert set(options) >= {"boh", "sil"}
    image = render_diplomacy(state, orders, "", as_image=True)
    view = layout.view_for()
    austria = power_colours()["Austria"]
    start = view.xy(layout.unit_point("gal", True))
    for place in options:
        end = view.xy(layout.unit_point(place))
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        around = image.crop((int(middle[0]) - 6, int(middle[1]) - 6, int(middle[0]) + 6, int(middle[1]) + 6))
        assert austria in set(around.getdata()), place              # a dashed arrow in Austria's colour
    assert "may retreat to" in map_legend(state, orders)


def test_a_dislodged_unit_with_nowhere_to_go_is_tagged_that_it_disbands():
    state, orders = rx07(*DISLODGING)
    boxed = {**state, "units": {**state["units"], **{p: {"kind": "A", "power": "Germany", "loc": p}
                                                     for p in ("boh", "sil", "vie", "bud")}}}
    assert retreat_options(boxed)["gal"] == []
    assert NO_RETREAT in map_legend(boxed, orders)
    assert "may retreat to" not in map_legend(boxed, orders)


def test_the_legend_names_a_convoy_a_retreat_a_build_and_a_removal():
    spring = {"England": ["F Lon - Nth", "A Lvp - Yor"]}
    fall = {"England": ["F Nth C A Yor - Nwy", "A Yor - Nwy"]}
    variant = get_variant("classic")
    state = variant.initial_state({}, random.Random(1))
    state = variant.adjudicate(state, spring, random.Random(1)).state
    state = variant.adjudicate(state, fall, random.Random(1)).state
    assert "convoy" in map_legend(state, fall)
    assert "built" in map_legend(*(_built := rx07({"Entente": ["F Lon - Nth"]}, {"Entente": ["Build F Lon"]})))
    state, orders = rx07(*DISLODGING)
    retreated = get_variant("rx07").adjudicate(state, {"Central": ["A Gal R Boh"]}, random.Random(1)).state
    assert "retreat" in map_legend(retreated, {"Central": ["A Gal R Boh"]})
    removal = {**retreated, "eliminated": [{"unit": {"kind": "A", "power": "Austria", "loc": "boh"}, "how": "removed"}]}
    assert "removed" in map_legend(removal, {"Central": ["Remove A Boh"]})


def test_a_crops_legend_lists_only_what_it_shows():
    state, orders = rx07({"Entente": ["F Sev - Bla"], "Central": ["F Ank - Bla"]})
    east = map_legend(state, orders, viewport=(900, 600, 1340, 930), crop=True)
    assert "failed" in east and "move" in east and "Russia" in east
    assert "France" not in east and "support" not in east and "convoy" not in east


# ---------------------------------------------------------------- A&A arrows
@pytest.fixture(scope="module")
def opening():
    state = AA1914Variant().initial_state({}, random.Random(1))
    return prepared(state, None)


def test_arrows_between_neighbours_cross_no_badge_and_no_name(opening):
    """Every two neighbouring places of the theatre and of the insets, Prussia's unit counts and
    Portuguese East Africa's name among them: the arrow between them crosses no badge and no name
    (unless a place is too small to have a free point: then it stops at its name or badge). On
    the insets, drawn at half the theatre's scale, an arrow may graze the name or badge of a place
    it leaves or reaches — or, in a corner so crowded that no clear way joins any free points of
    the two places (South Africa's), the least it must."""
    from render.aa1914_routes import _other_ends
    checked = set()
    for view, (map_part, _, _) in opening.views.items():
        for here in sorted(map_part.mine):
            for there in sorted(BOARD.territories[here].adjacent):
                if there not in map_part.mine or here > there:
                    continue
                arrow = route(map_part, (here, there))
                if arrow is None or any(len(anchor_spots(map_part, w)) <= 1 for w in (here, there)):
                    continue
                checked |= {here, there}
                own = (here, there) if view.title else ()
                obstacles = [b.box for b in map_part.badges if b.where not in own]
                obstacles += [box for name, box in map_part.names.items() if name not in own]
                every = [b.box for b in map_part.badges] + list(map_part.names.values())
                if view.title and _other_ends(map_part, (here, there), every, []) is None:
                    continue
                assert crossings(arrow.points, obstacles) == 0, (view.title, here, there)
    assert {"Prussia", "SZ 10", "SZ 5", "Rhodesia", "German East Africa"} <= checked     # beside Portuguese East Africa


def test_a_plain_sea_move_is_no_loop(opening):
    theatre = opening.views[next(iter(opening.views))][0]
    arrow = route(theatre, ("SZ 10", "SZ 5"))
    ends = arrow.points[0], arrow.points[-1]
    straight = ((ends[0][0] - ends[1][0]) ** 2 + (ends[0][1] - ends[1][1]) ** 2) ** 0.5
    assert path_length(arrow.points) <= 1.6 * straight


def test_a_move_into_an_inset_is_drawn_inside_each_view_naming_the_other_end():
    """Morocco (the theatre) to French West Africa (the Africa inset): in the inset the arrow
    starts inside it, "from Morocco"; in the theatre it ends inside the theatre, "to French West
    Africa", never under the inset's frame."""
    state = AA1914Variant().initial_state({}, random.Random(1))
    layouts = {part.view.title: (part, paths) for part, paths, _ in map_layout(state, {"France": [
        "move 1 infantry Morocco - French West Africa"]})}
    ready = prepared(state, {"France": ["move 1 infantry Morocco - French West Africa"]})
    routed = {view.title: arrows for view, (_, arrows, _) in ready.views.items()}
    for title, other, end in (("Africa", "Morocco", "came_from"), ("", "French West Africa", "going_to")):
        part, _ = layouts[title]
        (_, arrow), = routed[title]
        assert getattr(arrow, end) == other
        width, height = part.view.size
        for x, y in arrow.points:
            assert 0 <= x <= width and 0 <= y <= height
            assert not any(h[0] <= x <= h[2] and h[1] <= y <= h[3] for h in part.hidden)


def test_a_preview_draws_no_battle_of_the_turn_before():
    state = AA1914Variant().initial_state({}, random.Random(1))
    orders = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia"]}
    after = AA1914Variant().adjudicate(state, orders, random.Random(3)).state
    assert any(placed for _, _, placed in map_layout(after, orders))
    preview = preview_state(after)
    assert all(not placed for _, _, placed in map_layout(preview, {"Russia": ["move 1 infantry Ukraine - Galicia"]}))
    assert not any(b.lost for part, _, _ in map_layout(preview, None) for b in part.badges)
