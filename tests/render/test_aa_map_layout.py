"""The A&A map: every name visible, no piece on a name, every stack on its own ground,
the theatre view and a sharp zoom — asserted on the layout's geometry, not on golden images."""
import io
import random

import pytest
from PIL import Image

from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from render.aa1914 import HATCH, map_layout, render_aa1914
from render.aa1914_geometry import (AFRICA, AMERICAS, THEATRE, THEATRE_VIEWS, art, board_size, members, on_ground,
                                    origin, place_point)
from render.aa1914_layout import inside_test, overlaps

V = AA1914Variant()


@pytest.fixture(scope="module")
def opening():
    register_all()
    return V.initial_state({}, random.Random(1))


@pytest.fixture(scope="module")
def opening_layouts(opening):
    return map_layout(opening)


def picture_box(layout, box):
    left, top = origin(layout.view)
    return box[0] + left, box[1] + top, box[2] + left, box[3] + top


def test_every_name_is_inside_the_picture_and_clear_of_the_insets(opening, opening_layouts):
    png = render_aa1914(opening, None, "Round 1: Austria-Hungary")
    width, height = Image.open(io.BytesIO(png)).size
    insets = [picture_box(lay, (0, 0, *lay.view.size)) for lay, _, _ in opening_layouts if lay.view.title]
    named = set()
    for layout, _, _ in opening_layouts:
        for name, box in layout.names.items():
            left, top, right, bottom = picture_box(layout, box)
            assert 0 <= left and right <= width and 0 <= top and bottom <= board_size()[1], name
            if not layout.view.title:
                assert not any(overlaps((left, top, right, bottom), inset) for inset in insets), name
            named.add(name)
    # every place is named in the view that shows its units (the Himalayas, beyond the theatre's
    # edge and never entered, only in part)
    for layout, _, _ in opening_layouts:
        assert layout.mine - {"Himalayas"} <= set(layout.names), layout.mine - set(layout.names)


def test_no_badge_covers_a_name_or_another_badge(opening, opening_layouts):
    stacks = {(u["where"], u["owner"]) for u in opening["units"]}
    assert sum(len(lay.badges) for lay, _, _ in opening_layouts) == len(stacks)
    for layout, _, _ in opening_layouts:
        names = list(layout.names.values())
        for index, badge in enumerate(layout.badges):
            assert not any(overlaps(badge.box, name) for name in names), badge
            assert not any(overlaps(badge.box, other.box) for other in layout.badges[index + 1:]), badge
            assert not any(overlaps(badge.box, hidden) for hidden in layout.hidden), badge
            width, height = layout.view.size
            assert 0 <= badge.box[0] and badge.box[2] <= width and 0 <= badge.box[1] and badge.box[3] <= height


def test_every_stack_stands_on_its_own_ground_away_from_its_borders(opening_layouts):
    """"badges never on borders (Trieste/Tyrolia, Lorraine/Picardy ...), every stack
    inside its own territory (leader lines only where a territory is too small)"."""
    total = own = 0
    for layout, _, _ in opening_layouts:
        for badge in layout.badges:
            total += 1
            if badge.leader is None:
                assert inside_test(layout.view, badge.where)(badge.box), badge
                own += 1
            else:
                assert on_ground(layout.view, badge.where, *badge.leader), badge
    assert own >= 0.9 * total
    theatre = opening_layouts[0][0]
    for where in ("Trieste", "Tyrolia", "Lorraine", "Picardy", "Paris", "Burgundy", "Marseilles", "Bohemia",
                  "Prussia", "Silesia", "Berlin", "Munich"):
        for badge in (b for b in theatre.badges if b.where == where):
            assert badge.leader is None and inside_test(theatre.view, where)(badge.box), badge


def test_the_theatre_gives_europe_most_of_the_picture(opening):
    """"the posted full map gives Europe and the Near East most of the picture": from
    Brest to Constantinople spans over half the picture's width; the Americas and Africa are
    insets over the off-board corners of the theatre, each place shown in exactly one view."""
    width = board_size()[0]
    assert place_point("Constantinople")[0] - place_point("Brest")[0] > 0.5 * width
    owned = members(THEATRE_VIEWS)
    assert "United States of America" in owned[AMERICAS] and "Union of South Africa" in owned[AFRICA]
    assert "Berlin" in owned[THEATRE] and "Egypt" in owned[THEATRE]
    shown = [name for names in owned.values() for name in names]
    assert len(shown) == len(set(shown))
    for inset in (AMERICAS, AFRICA):      # the corners an inset covers lie off the diamond board
        for x, y in ((inset.at[0], inset.at[1]), (inset.at[0] + inset.size[0], inset.at[1] + inset.size[1] + 18),
                     (inset.at[0], inset.at[1] + inset.size[1] + 18), (inset.at[0] + inset.size[0], inset.at[1])):
            sx, sy = THEATRE.box[0] + x / THEATRE.scale, THEATRE.box[1] + y / THEATRE.scale
            assert sx + sy < 1600 + 2 or sx - sy > 1600 - 2, (inset.title, sx, sy)


def test_a_zoomed_map_is_drawn_from_the_geometry(opening):
    """"Add a `scale` parameter (draw from geometry at that scale)": twice the size, and
    a place's units stand at twice its point."""
    one = Image.open(io.BytesIO(render_aa1914(opening, None, "Round 1"))).convert("RGB")
    two = Image.open(io.BytesIO(render_aa1914(opening, None, "Round 1", scale=2.0))).convert("RGB")
    assert abs(two.size[0] - 2 * one.size[0]) <= 2 and two.size[1] > 2 * board_size()[1]
    x, y = place_point("Berlin")
    # the name is printed there, crisp: dark name ink right at the point in both pictures
    assert sum(1 for p in one.crop((int(x) - 12, int(y) - 8, int(x) + 12, int(y) + 8)).getdata() if sum(p) < 200)
    assert sum(1 for p in two.crop((int(2 * x) - 24, int(2 * y) - 16, int(2 * x) + 24, int(2 * y) + 16)).getdata()
               if sum(p) < 200) > 20


def test_contested_hatching_leaves_names_and_values_clear(opening):
    state = {**opening, "units": [*opening["units"],
                                  {"id": 9999, "type": "infantry", "owner": "Austria-Hungary", "where": "Serbia",
                                   "damaged": False},
                                  {"id": 9998, "type": "infantry", "owner": "Russia", "where": "Serbia",
                                   "damaged": False}]}
    image = Image.open(io.BytesIO(render_aa1914(state, None, "Round 1"))).convert("RGB")
    theatre = map_layout(state)[0][0]
    box = picture_box(theatre, theatre.names["Serbia"])
    assert list(image.crop(tuple(int(v) for v in box)).getdata()).count(HATCH) == 0
    x, y = place_point("Serbia")
    around = image.crop((int(x) - 40, int(y) - 40, int(x) + 40, int(y) + 40))
    assert list(around.getdata()).count(HATCH) > 50           # the territory itself is hatched


def test_every_name_point_lies_on_its_own_ground():
    for name in art()["centres"]:
        if name not in art()["shapes"] or name == "Himalayas":
            continue
        view = next(v for v, names in members(THEATRE_VIEWS).items() if name in names)
        x, y = view.point(*art()["centres"][name])
        assert on_ground(view, name, x, y) or name.startswith("SZ"), name


def test_a_part_of_the_map_is_the_same_as_the_whole_map_cut(opening):
    """"region maps drawn at their own scale from the map geometry (not an enlarged
    bitmap)": a viewport drawn at scale 2 is, pixel for pixel, the whole map drawn at scale 2 and
    cut there (the layout is the same); only the part is drawn."""
    x, y = place_point("Vienna")
    box = (x - 150, y - 120, x + 150, y + 120)
    part = Image.open(io.BytesIO(render_aa1914(opening, None, "Round 1", scale=2.0, viewport=box))).convert("RGB")
    whole = Image.open(io.BytesIO(render_aa1914(opening, None, "Round 1", scale=2.0))).convert("RGB")
    assert part.size[0] == 600 and part.size[1] > 480
    cut = whole.crop((round(box[0] * 2), round(box[1] * 2), round(box[2] * 2), round(box[3] * 2)))
    same = sum(1 for a, b in zip(part.crop((0, 0, 600, 480)).getdata(), cut.getdata()) if a == b)
    assert same >= 0.97 * 600 * 480
    # an inset's part: the Africa inset's own drawing, sharp
    x, y = place_point("Kamerun")
    inset = render_aa1914(opening, None, "Round 1", scale=2.5, viewport=(x - 60, y - 40, x + 60, y + 40))
    assert Image.open(io.BytesIO(inset)).size[0] == 300
