"""The crops posted with a turn's results hold every order of the phase that changed something or
failed: action at both ends of the map is posted as two or three crops (theatres), never left
out; a seat's own crop holds its own orders; each crop's title and legend take at most a quarter
of its height. Asserted on geometry: every unit the phase moved, dislodged, built or destroyed
(its whole drawn box), every battle marker, lies inside a posted crop."""
import io
import random

import pytest
from PIL import Image

from engine.catalog import register_all
from engine.variant import get_variant
from render import diplomacy_layout as layout
from render.caption import CAPTION_SHARE
from render.focus import MAX_CROPS, crop_zoom
from render.registry import focus_boxes, focus_crops

register_all()


def inside(box, crops) -> bool:
    return any(c[0] <= box[0] and c[1] <= box[1] and box[2] <= c[2] and box[3] <= c[3] for c in crops)


def unit_box(loc: str, dislodged: bool = False):
    """A Diplomacy unit's drawn box, in the map's pixels at scale 1."""
    point = layout.unit_point(loc, dislodged)
    return layout.view_for().box(layout.unit_box(point, dislodged))


def changed_boxes(before: dict, after: dict) -> list[tuple[str, tuple]]:
    """Every Diplomacy unit the phase changed: moved, built, dislodged (where it now stands and
    beside whom), removed or disbanded."""
    boxes = []
    for prov, unit in after["units"].items():
        old = before["units"].get(prov)
        if old is None or old != unit:
            boxes.append((f"{unit['power']} {unit['loc']}", unit_box(unit["loc"])))
    for prov in after.get("dislodged") or {}:
        boxes.append((f"dislodged {prov}", unit_box(prov, True)))
    for entry in after.get("eliminated") or ():
        loc = entry["unit"]["loc"]
        boxes.append((f"{entry['how']} {loc}", unit_box(loc, entry["how"] != "removed")))
    return boxes


def play(variant_key: str, *phases: dict) -> tuple[dict, dict, dict]:
    """The state before the last phase's orders, those orders and the state after them (phases
    with no orders in between are adjudicated as they come)."""
    variant = get_variant(variant_key)
    state = variant.initial_state({}, random.Random(1))
    before = orders = None
    for given in phases:
        adjusting = any(line.split()[0] in ("Build", "Remove") for lines in given.values() for line in lines)
        while given and state["phase"] != ("adjustment" if adjusting else "movement"):
            state = variant.adjudicate(state, {}, random.Random(1)).state
        before, orders = state, given
        state = variant.adjudicate(state, given, random.Random(1)).state
    return before, orders, state


def test_a_black_sea_bounce_and_an_atlantic_move_are_both_in_a_crop():
    """rx07, Fall 1914: the fleets bouncing in the Black Sea and a fleet going out into the
    Atlantic, at the two ends of the map."""
    before, orders, after = play("rx07", {"Entente": ["F Sev - Bla", "F Bre - Mao"], "Central": ["F Ank - Bla"]})
    assert after["resolved"].get("sev") is False and after["resolved"].get("ank") is False
    crops = focus_boxes("rx07", after, orders)
    assert 2 <= len(crops) <= MAX_CROPS
    for what, box in changed_boxes(before, after) + [("F Sev", unit_box("sev")), ("F Ank", unit_box("ank")),
                                                     ("Bla", unit_box("bla")), ("Mao", unit_box("mao"))]:
        assert inside(box, crops), what


def test_englands_only_action_a_convoy_to_norway_is_in_a_crop_and_in_englands_own():
    """Classic, Fall 1901: England's convoy to Norway while the others fight in the south."""
    spring = {"England": ["F Lon - Nth", "A Lvp - Yor", "F Edi - Nwg"], "Turkey": ["F Ank - Bla", "A Con - Bul"],
              "Italy": ["A Ven - Pie", "F Nap - Ion"], "Austria": ["A Bud - Ser", "F Tri - Alb"],
              "Russia": ["F Sev - Rum", "A War - Gal"]}
    fall = {"England": ["F Nth C A Yor - Nwy", "A Yor - Nwy"], "Turkey": ["A Bul - Gre", "F Bla - Con"],
            "Italy": ["F Ion - Tun", "A Pie - Mar"], "Austria": ["A Ser S A Bul - Gre"], "Russia": ["A Gal - Vie"]}
    before, orders, after = play("classic", spring, fall)
    assert after["units"]["nwy"]["power"] == "England"
    crops = focus_boxes("classic", after, orders)
    assert len(crops) <= MAX_CROPS
    for what, box in changed_boxes(before, after) + [("F Nth", unit_box("nth"))]:
        assert inside(box, crops), what
    own = focus_boxes("classic", after, orders, ["England"])
    assert len(own) == 1
    for loc in ("nth", "yor", "nwy"):
        assert inside(unit_box(loc), own), loc
    assert not inside(unit_box("gre"), own)             # only England's orders


def test_every_build_of_a_winter_is_in_a_crop():
    """Classic, Winter 1901: six builds from Brest to Sevastopol."""
    spring = {"England": ["F Edi - Nwg", "F Lon - Nth"], "France": ["A Mar - Spa", "F Bre - Mao"],
              "Germany": ["F Kie - Den", "A Ber - Kie"], "Russia": ["F Sev - Rum", "F Stp/sc - Bot"],
              "Turkey": ["A Con - Bul"], "Austria": ["A Bud - Ser"]}
    fall = {"England": ["F Nwg - Nwy"], "France": ["F Mao - Por"], "Germany": ["A Kie - Hol"],
            "Russia": ["F Bot - Swe"], "Turkey": ["F Ank - Con"], "Austria": ["F Tri - Alb"]}
    winter = {"England": ["Build F Lon"], "France": ["Build F Bre", "Build A Mar"], "Germany": ["Build A Ber"],
              "Russia": ["Build F Sev"], "Turkey": ["Build F Ank"]}
    before, orders, after = play("classic", spring, fall, winter)
    built = [prov for prov in ("lon", "bre", "mar", "ber", "sev", "ank") if prov not in before["units"]
             and prov in after["units"]]
    assert len(built) == 6
    crops = focus_boxes("classic", after, orders)
    assert 2 <= len(crops) <= MAX_CROPS
    for prov in built:
        assert inside(unit_box(prov), crops), prov


def test_a_retreat_phase_crop_holds_the_dislodged_unit_and_where_it_may_go():
    from render.diplomacy_focus import retreat_options
    before, orders, after = play("rx07", {"Entente": ["A Mos - Ukr"], "Central": ["A Vie - Gal"]},
                                 {"Entente": ["A Ukr - Gal", "A War S A Ukr - Gal"], "Central": ["A Gal H"]})
    assert "gal" in after["dislodged"]
    options = retreat_options(after)["gal"]
    assert options
    crops = focus_boxes("rx07", after, orders)
    for loc in [*options, "gal"]:
        assert inside(unit_box(loc), crops), loc
    assert inside(unit_box("gal", True), crops)


# ---------------------------------------------------------------- A&A
@pytest.fixture(scope="module")
def sea_battle():
    """Germany's turn: a submarine attacks France's cruiser in SZ 15 (both sink), and an army
    moves from Berlin to Prussia, at the other end of the theatre."""
    from engine.aa1914.orders import parse_order
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import B, Dice, clear, fresh, place
    state = fresh()
    clear(state, "SZ 15", "SZ 7")
    place(state, "France", "cruiser", "SZ 15")
    place(state, "Germany", "submarine", "SZ 7")
    state["destroyed"] = []
    lines = ["move 1 submarine SZ 7 - SZ 15", "move 2 infantry Berlin - Prussia"]
    after = Turn(B, state, "Germany", Dice(6, *[1] * 40)).run([parse_order(line, B) for line in lines])
    after["turn_played"] = {"round": 1, "power": "Germany", "log_from": len(state["log"])}
    return state, {"Germany": lines}, after


def test_an_aa_sea_battle_and_a_far_move_are_each_in_a_crop(sea_battle):
    from render.aa1914 import map_layout
    from render.aa1914_geometry import origin
    _, orders, after = sea_battle
    assert {d["where"] for d in after["destroyed"]} == {"SZ 15"}
    crops = focus_boxes("aa1914", after, orders)
    assert 2 <= len(crops) <= MAX_CROPS
    theatre, paths, placed = map_layout(after, orders)[0]
    left, top = origin(theatre.view)

    def picture(box):
        return box[0] + left, box[1] + top, box[2] + left, box[3] + top
    for badge in theatre.badges:
        if badge.where in ("SZ 15", "SZ 7", "Berlin", "Prussia"):
            assert inside(picture(badge.box), crops), badge
    assert [battle.where for battle, _ in placed] == ["SZ 15"]
    for battle, box in placed:
        assert inside(picture(box), crops), battle
    for path in paths:
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        assert inside(picture((min(xs), min(ys), max(xs), max(ys))), crops)


def test_a_sea_battle_where_both_sides_sank_is_not_held(sea_battle):
    from engine.aa1914.board import standard_board
    from render.aa1914_orders import battles_of_phase
    _, _, after = sea_battle
    assert [(b.where, b.outcome) for b in battles_of_phase(standard_board(), after)] == [("SZ 15", "all sunk")]


# ---------------------------------------------------------------- the caption
@pytest.mark.parametrize("variant_key", ["rx07", "aa1914"])
def test_a_crops_title_and_legend_take_at_most_a_quarter_of_it(variant_key, sea_battle):
    if variant_key == "rx07":
        _, orders, after = play("rx07", {"Entente": ["F Sev - Bla", "F Bre - Mao", "A Par - Bur"],
                                         "Central": ["F Ank - Bla", "A Mun - Bur"]})
    else:
        _, orders, after = sea_battle
    crops = focus_crops(variant_key, after, orders, "A game with a long name: Round 1: Germany orders → France")
    assert len(crops) >= 2
    for crop in crops:
        image = Image.open(io.BytesIO(crop.png))
        board = round((crop.box[3] - crop.box[1]) * crop_zoom(crop.box))
        assert abs(image.size[0] - (crop.box[2] - crop.box[0]) * crop_zoom(crop.box)) <= 2
        assert 0 < image.size[1] - board <= CAPTION_SHARE * image.size[1]


def test_a_turn_with_no_action_has_no_crop():
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    assert focus_boxes("rx07", state, None) == [] and focus_crops("rx07", state, {}, "x") == []
    assert focus_boxes("rx07", state, {"Entente": ["A Par H"]}) == []          # a hold changes nothing
