"""The Diplomacy map: results that tell the turn's story, asserted on pixels
and geometry of real adjudications (no golden images)."""
import io
import random

import pytest
from PIL import Image

from engine.diplomacy.rx07 import Rx07Variant
from render import diplomacy_layout as layout
from render.diplomacy import power_colours, render_diplomacy
from render.palettes import FAILED

V = Rx07Variant()
COLOURS = power_colours()


def draw(state, orders=None):
    png = render_diplomacy(state, orders, "test", V.describe(state))
    return Image.open(io.BytesIO(png)).convert("RGB")


def count(image, box, colour) -> int:
    box = tuple(int(round(v)) for v in box)
    return sum(1 for pixel in image.crop(box).getdata() if pixel == colour)


def spot_box(loc, dislodged=False, shrink=1.0):
    view = layout.view_for()
    x, y = view.xy(layout.unit_point(loc, dislodged))
    half_w, half_h = (v * view.px * shrink * (layout.DISLODGED if dislodged else 1) for v in layout.UNIT_HALF)
    return x - half_w, y - half_h, x + half_w, y + half_h


def disc_box(loc, dislodged=False):
    """The inside of a unit's drawing, clear of any arrow tip that touches its edge."""
    view = layout.view_for()
    x, y = view.xy(layout.unit_point(loc, dislodged))
    r = layout.ARMY_R * view.px * 0.6
    return x - r, y - r, x + r, y + r


def put(state, loc, kind, power):
    state["units"][loc.split("/")[0]] = {"kind": kind, "power": power, "loc": loc}


def battle():
    """A convoy into Belgium, a dislodgement in Burgundy (France beaten by Germany from Ruhr) and a
    German army in Silesia destroyed with nowhere to retreat."""
    state = V.initial_state({}, random.Random(1))
    del state["units"]["lon"]
    for loc, kind, power in (("yor", "A", "England"), ("nth", "F", "England"), ("eng", "F", "England"),
                             ("bel", "A", "Germany"), ("ruh", "A", "Germany"), ("bur", "A", "France"),
                             ("boh", "A", "Austria"), ("sil", "A", "Germany"), ("pru", "A", "Russia"),
                             ("pic", "A", "France")):
        put(state, loc, kind, power)
    orders = {"Entente": ["A Yor - Bel", "F Nth C A Yor - Bel", "F Eng S A Yor - Bel", "A War - Sil",
                          "A Pru S A War - Sil", "A Bur - Mun", "A Pic S A Bur", "A Mos - Ukr"],
              "Central": ["A Bel H", "A Ruh - Bur", "A Mun S A Ruh - Bur", "A Sil H", "A Boh - Gal", "A Vie - Gal"]}
    return V.adjudicate(state, orders, random.Random(1)).state, orders


def test_the_engine_records_who_was_dislodged_and_who_was_destroyed():
    after, _ = battle()
    assert after["dislodged"]["bur"]["unit"]["power"] == "France" and after["units"]["bur"]["power"] == "Germany"
    assert after["eliminated"] == [{"unit": {"kind": "A", "power": "Germany", "loc": "sil"}, "how": "destroyed",
                                    "attacker_from": "war"}]


def test_a_dislodged_unit_and_its_dislodger_are_both_visible():
    """"a dislodged unit drawn clearly beside (not under) the unit that took its place"."""
    after, orders = battle()
    image = draw(after, orders)
    assert count(image, spot_box("bur", shrink=0.8), COLOURS["Germany"]) > 100
    assert count(image, spot_box("bur", dislodged=True, shrink=0.8), COLOURS["France"]) > 60
    assert count(image, spot_box("bur", shrink=0.8), COLOURS["France"]) < 10


def test_a_destroyed_unit_is_drawn_where_it_stood_crossed_out():
    """"units destroyed (no retreat) ... this phase drawn where they stood, crossed out"."""
    after, orders = battle()
    image = draw(after, orders)
    box = spot_box("sil", dislodged=True, shrink=1.2)
    assert count(image, box, COLOURS["Germany"]) > 30 and count(image, box, FAILED) > 10
    assert count(draw({**after, "eliminated": []}, orders), box, COLOURS["Germany"]) == 0


def zone_pixels(image, province, colour, exclude):
    """Pixels of `colour` inside `province`'s zone, outside the box `exclude`."""
    view = layout.view_for()
    raster, index = layout.province_raster()
    hits = 0
    left, top, right, bottom = exclude
    for x in range(0, view.width, 2):
        for y in range(0, view.height, 2):
            if left <= x <= right and top <= y <= bottom:
                continue
            if image.getpixel((x, y)) == colour and raster.getpixel((min(int(x / view.px), raster.size[0] - 1),
                                                                    min(int(y / view.px), raster.size[1] - 1))) \
                    == index[province]:
                hits += 1
    return hits


def test_a_convoyed_army_is_drawn_through_its_fleets_zone():
    """"convoyed moves drawn along the convoy route through the convoying fleets' sea zones" —
    Yorkshire to Belgium by the North Sea fleet, not overland across London."""
    after, orders = battle()
    fleet = spot_box("nth", shrink=1.6)
    with_orders = zone_pixels(draw(after, orders), "nth", COLOURS["England"], fleet)
    without = zone_pixels(draw(after, None), "nth", COLOURS["England"], fleet)
    assert with_orders - without > 40
    # and not overland across London: the convoy's own orders add no English pixel there
    convoy = {"Entente": ["A Yor - Bel", "F Nth C A Yor - Bel"]}
    assert zone_pixels(draw(after, convoy), "lon", COLOURS["England"], spot_box("lon")) == \
        zone_pixels(draw(after, None), "lon", COLOURS["England"], spot_box("lon"))


@pytest.mark.parametrize("attacker,holder", [("mun", "bur"), ("kie", "ber"), ("ber", "pru"), ("apu", "nap"),
                                             ("pru", "ber"), ("mun", "kie")])
def test_a_bounce_is_marked_on_its_own_arrow_not_on_the_unit_that_held(attacker, holder):
    """"failed orders marked at the order's own head, never over a unit that held" (short hops:
    Mun, Apu, Kie, Ber, Pru)."""
    state = V.initial_state({}, random.Random(1))
    state["units"] = {}
    put(state, attacker, "A", "Germany")
    put(state, holder, "A", "France")
    state["resolved"] = {attacker: False, holder: True}
    orders = {"Central": [f"A {attacker.capitalize()} - {holder.capitalize()}"]}
    bounced, plain = draw(state, orders), draw(state, None)
    for loc in (attacker, holder):
        assert bounced.crop(tuple(map(round, disc_box(loc)))).tobytes() == \
            plain.crop(tuple(map(round, disc_box(loc)))).tobytes(), loc
    (x0, y0), (x1, y1) = (layout.view_for().xy(layout.unit_point(loc)) for loc in (attacker, holder))
    between = (min(x0, x1) - 20, min(y0, y1) - 20, max(x0, x1) + 20, max(y0, y1) + 20)
    assert count(bounced, between, FAILED) > 8 and count(plain, between, FAILED) == 0


def test_every_order_is_drawn_in_its_powers_colour():
    """"arrows in the ordering power's colour with a dark outline"."""
    state = V.initial_state({}, random.Random(1))
    orders = {"Central": ["A Ber - Sil"], "Entente": ["A Mos - Ukr"]}
    after = V.adjudicate(state, orders, random.Random(1)).state
    image, plain = draw(after, orders), draw(after, None)
    view = layout.view_for()
    for src, dest, power in (("ber", "sil", "Germany"), ("mos", "ukr", "Russia")):
        (x0, y0), (x1, y1) = view.xy(layout.unit_point(src)), view.xy(layout.unit_point(dest))
        middle = ((x0 + x1) / 2 - 6, (y0 + y1) / 2 - 6, (x0 + x1) / 2 + 6, (y0 + y1) / 2 + 6)
        assert count(image, middle, COLOURS[power]) > 10, power
        assert count(image, middle, (28, 24, 20)) > 2           # the dark rim
        assert count(plain, middle, COLOURS[power]) == 0


def test_a_retreat_leaves_from_the_dislodged_unit():
    """"with its retreat arrow starting from it" — not from the unit that took its place."""
    after, _ = battle()
    retreat = {"Entente": ["A Bur R Gas"]}
    settled = V.adjudicate(after, retreat, random.Random(1)).state
    assert settled["units"]["gas"]["power"] == "France" and settled["resolved"] == {"bel": False, "bur": True}
    start = spot_box("bur", dislodged=True)
    assert count(draw(settled, retreat), start, COLOURS["France"]) > 10
    assert count(draw(settled, None), start, COLOURS["France"]) == 0


def test_russias_civil_disorder_disbands_are_crossed_out():
    """rx07 rule 5: "its dislodged units disband" — the unit that disbanded is drawn crossed out."""
    state = V.initial_state({}, random.Random(1))
    state.update(year=1917, season="spring", phase="retreat")
    state["units"]["war"] = {"kind": "A", "power": "Germany", "loc": "war"}
    state["dislodged"] = {"war": {"unit": {"kind": "A", "power": "Russia", "loc": "war"}, "attacker_from": "sil",
                                  "by_convoy": False}}
    settled = V.adjudicate(state, {"Entente": ["A War R Ukr"]}, random.Random(1)).state
    assert settled["eliminated"] == [{"unit": {"kind": "A", "power": "Russia", "loc": "war"}, "how": "disbanded"}]
    image = draw(settled, None)
    box = spot_box("war", dislodged=True, shrink=1.2)
    assert count(image, box, COLOURS["Russia"]) > 30 and count(image, box, FAILED) > 10


def test_a_removal_in_the_winter_is_crossed_out_where_the_unit_stood():
    state = V.initial_state({}, random.Random(1))
    state.update(season="winter", phase="adjustment")
    state["owners"]["ber"] = "Russia"
    orders = {"Central": ["Remove A Ber"]}
    settled = V.adjudicate(state, orders, random.Random(1)).state
    assert {"unit": {"kind": "A", "power": "Germany", "loc": "ber"}, "how": "removed"} in settled["eliminated"]
    box = spot_box("ber", shrink=1.2)
    image = draw(settled, orders)
    assert count(image, box, COLOURS["Germany"]) > 30 and count(image, box, FAILED) > 10


def test_odd_order_sheets_never_break_the_map():
    """Orders the map cannot place (no unit there, other phases' orders, variant orders, coasts,
    a convoy with no fleets named) are drawn as far as they go or skipped, never an error."""
    state = V.initial_state({}, random.Random(1))
    sheets = {"Entente": ["F Bre - Mao", "F Mao - Spa/nc", "A Lon - Por via convoy", "A Ber S A Kie - Den",
                          "F Nth C A Yor - Nwy", "Build F Stp/nc", "America A Lon", "A Gal R Boh", "A Gal D",
                          "Remove F Tri", "Waive", "", "gibberish ???"],
              "Central": ["A Kie S F Kie", "F Tri - Alb", "A Vie S A Bud"]}
    for orders in (sheets, {"x": ["A Par - Par"]}):
        image = draw({**state, "resolved": {"bre": False, "ber": False, "tri": False}}, orders)
        assert image.size[0] == layout.view_for().width


def test_random_text_never_breaks_the_map():
    from hypothesis import given, settings, strategies as st

    state = V.initial_state({}, random.Random(1))

    @settings(max_examples=15, deadline=None)
    @given(st.lists(st.text(max_size=30), max_size=4))
    def check(lines):
        render_diplomacy(state, {"Entente": lines}, "random", "")
    check()
