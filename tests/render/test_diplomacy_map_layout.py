"""The standard Diplomacy board: every name visible, no piece on a name —
asserted on the layout the renderer draws with, and on what it draws."""
import io
import math
import random

import pytest
from PIL import Image, ImageDraw

from engine.diplomacy.map import DiplomacyMap
from engine.diplomacy.rx07 import Rx07Variant
from render import diplomacy_layout as layout
from render.diplomacy import PASSAGES, board_size, render_diplomacy
from render.fonts import font
from render.overlay import boxes_overlap

V = Rx07Variant()
DUAL_COASTS = ("bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc")


def test_every_province_is_named_inside_the_image_and_inside_itself():
    """"all 75 provinces named inside the image (Por, Rom, Ska label points are (0,0) today)"."""
    provinces = DiplomacyMap.standard().provinces
    labels = layout.board_data()["labels"]
    # the 75 provinces and Switzerland
    assert set(provinces) <= set(labels) and len(set(provinces) - {"swi"}) == 75
    view = layout.view_for()
    for province in provinces:
        left, top, right, bottom = view.box(layout.label_box(province))
        assert 0 <= left and 0 <= top and right <= view.width and bottom <= view.height, province
        assert layout.share_inside(province, layout.label_box(province)) > 0.6, province
    for province in ("por", "rom", "ska"):
        assert labels[province] != [0, 0]


def test_the_drawn_names_fit_the_boxes_layout_keeps_free():
    """The boxes the layout is checked on are the names as drawn, at scale 1 and 2."""
    for scale in (1.0, 2.0):
        view = layout.view_for(scale)
        pen = ImageDraw.Draw(Image.new("RGB", (10, 10)))
        for province in ("stp", "mos", "lon", "wal"):
            x, y = view.xy(layout.board_data()["labels"][province])
            drawn = pen.textbbox((x, y), layout.label_text(province), font=font(round(layout.LABEL_PX * scale)),
                                 anchor="mm")
            kept = view.box(layout.label_box(province))
            assert kept[0] <= drawn[0] and kept[1] <= drawn[1] and drawn[2] <= kept[2] + 1 and drawn[3] <= kept[3] + 1


def test_no_unit_spot_covers_a_name_a_centre_or_another_provinces_unit():
    """"no unit box intersects another unit's or a label's box" — every spot a unit, a dislodged
    unit or a coast mark can take, against every name, centre and other province's spot. Spots of
    one province (its coasts) exclude each other; its dislodged spot touches its own unit's spot
    (stacked under the unit that took its place) and is clear of everything else."""
    boxes = layout.all_boxes()
    pieces = [("unit", loc, box) for loc, box in boxes["unit"]] + \
        [("dislodged", loc, box) for loc, box in boxes["dislodged"]]
    names = boxes["label"] + boxes["coast"] + boxes["centre"]
    for kind, loc, box in pieces:
        for name, other in names:
            assert not boxes_overlap(box, other), (kind, loc, name)
    for index, (kind, loc, box) in enumerate(pieces):
        for other_kind, other_loc, other in pieces[index + 1:]:
            same = loc.split("/")[0] == other_loc.split("/")[0]
            if same and kind == other_kind == "unit":
                continue                  # one unit per province: its coasts never show together
            if same and {kind, other_kind} == {"unit", "dislodged"}:
                continue                  # stacked against the unit that took its place
            assert not boxes_overlap(box, other), (kind, loc, other_kind, other_loc)


def test_a_dislodged_unit_is_read_as_standing_in_its_own_province():
    """A dislodged unit touches its own province's unit spot, and stands nearer it than any other
    province's (A Mun was drawn a unit's width away, where it read as standing in Ruhr)."""
    data = layout.board_data()
    for province, point in layout.dislodged_spots().items():
        own = layout.unit_point(province)
        assert boxes_overlap(layout.unit_box(point, True), layout.unit_box(own), 1.0), province
        nearest_other = min(math.dist(point, tuple(pt)) for loc, pt in data["units"].items()
                            if loc.split("/")[0] != province)
        assert math.dist(point, own) < 0.7 * nearest_other, province


def test_units_stand_in_their_own_province():
    for loc, box in layout.all_boxes()["unit"]:
        assert layout.share_inside(loc.split("/")[0], box) >= (0.25 if "/" in loc else 0.5), loc


def test_the_named_problem_provinces_keep_their_names_clear():
    """"units cover their own province names (Con, Nap, Hel, Eng, Bur)"."""
    for province in ("con", "nap", "hel", "eng", "bur"):
        unit = layout.unit_box(layout.unit_point(province))
        assert not boxes_overlap(unit, layout.label_box(province)), province


def test_dual_coasts_are_marked_and_the_baltic_passage_is_drawn():
    """"dual coasts marked (Stp/sc, Spa/nc, Bul/ec…), the Baltic–Skagerrak passage of rx07 rule 3
    drawn": the coast marks are laid out, and the passage's pixels are on the rx07 map only."""
    assert set(layout.board_data()["coast_labels"]) == set(DUAL_COASTS)
    state = V.initial_state({}, random.Random(1))
    rx07 = Image.open(io.BytesIO(render_diplomacy(state, None, "rx07"))).convert("RGB")
    other = Image.open(io.BytesIO(render_diplomacy({**state, "variant": "classic"}, None, "classic"))).convert("RGB")
    ((_, a), (_, b)), = PASSAGES["rx07"]
    view = layout.view_for()
    middle = view.xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    box = (int(middle[0]) - 6, int(middle[1]) - 6, int(middle[0]) + 6, int(middle[1]) + 6)
    assert rx07.crop(box).tobytes() != other.crop(box).tobytes()


@pytest.mark.parametrize("scale", [0.5, 2.0])
def test_the_map_is_drawn_from_geometry_at_any_scale(scale):
    """A sharp zoom: at scale 2 the board is twice as large; a viewport shows just that part."""
    state = V.initial_state({}, random.Random(1))
    width, height = board_size()
    image = Image.open(io.BytesIO(render_diplomacy(state, None, "big", scale=scale)))
    assert abs(image.size[0] - width * scale) <= 1 and image.size[1] > height * scale
    part = Image.open(io.BytesIO(render_diplomacy(state, None, "western front", scale=scale,
                                                  viewport=(300, 300, 700, 600))))
    assert abs(part.size[0] - 400 * scale) <= 1


def test_a_bad_scale_is_refused():
    with pytest.raises(ValueError, match="scale"):
        layout.view_for(0)


def test_a_part_of_the_board_keeps_its_panel_short_and_its_legend_to_what_it_shows():
    """A region read on a phone has a legend and a title that fits — its panel
    names the powers' colours and the marks it shows, not the full map's status lines."""
    from render.diplomacy import legend_entries, power_colours
    state = V.initial_state({}, random.Random(1))
    texts = [e.text for e in legend_entries(power_colours(), state, "rx07", {"move"})]
    assert "move (power's colour)" in texts and "army" in texts and "dislodged" not in texts
    full = [e.text for e in legend_entries(power_colours(), state, "rx07")]
    assert {"dislodged", "destroyed/disbanded", "closed this phase", "Switzerland: impassable", "neutral centre",
            "built"} <= set(full)
    part = Image.open(io.BytesIO(render_diplomacy(state, None, "a long title " * 6, V.describe(state), scale=2.0,
                                                  viewport=(300, 300, 700, 600))))
    whole = Image.open(io.BytesIO(render_diplomacy(state, None, "title", V.describe(state), scale=2.0)))
    assert part.size[1] - 600 < whole.size[1] - layout.view_for(2.0).height
