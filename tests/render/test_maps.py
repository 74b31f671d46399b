"""What the maps show, asserted on pixels and layout rather than golden images."""
import io
import random

from PIL import Image

from engine.catalog import register_all
from engine.diplomacy.rx07 import Rx07Variant
from render import render_map
from render.diplomacy import FAILED, POWER_COLOURS, _static, _unit_point

V = Rx07Variant()


def rx07_map(state, orders=None, label="Fall 1914 Movement"):
    register_all()
    png = render_map("rx07", state, orders, label, V.describe(state))
    return Image.open(io.BytesIO(png)).convert("RGB")


def colour_near(image, point, colour, radius=10) -> int:
    x, y = (int(v) for v in point)
    box = image.crop((x - radius, y - radius, x + radius, y + radius))
    return list(box.getdata()).count(colour)


def test_the_status_panel_is_below_the_board_and_hides_no_unit():
    """"the legend/status panel is outside the board" — an Austrian fleet in Tunis, the
    southernmost unit position, is drawn in full."""
    state = V.initial_state({}, random.Random(1))
    state["units"]["tun"] = {"kind": "F", "power": "Austria", "loc": "tun"}
    image = rx07_map(state)
    board_width, board_height = _static().size
    assert image.size[0] == board_width and image.size[1] > board_height
    assert colour_near(image, _unit_point("tun"), POWER_COLOURS["Austria"]) > 40
    # the panel starts below the board: every pixel of the board's last row is the board's own
    bottom = [image.getpixel((x, board_height - 1)) for x in range(0, board_width, 7)]
    assert bottom == [_static().getpixel((x, board_height - 1)) for x in range(0, board_width, 7)]


def test_a_bounced_move_is_drawn_as_failed():
    """"Failed orders are drawn distinctly (dashed + ✗ or similar)"."""
    state = V.initial_state({}, random.Random(1))
    orders = {"Central": ["A Mun - Bur"]}
    start, end = _unit_point("mun"), _unit_point("bur")
    middle = ((start[0] + 2 * end[0]) / 3, (start[1] + 2 * end[1]) / 3)
    bounced = rx07_map({**state, "resolved": {"mun": False}}, orders)
    moved = rx07_map({**state, "resolved": {"mun": True}}, orders)
    assert colour_near(bounced, middle, FAILED) > 10
    assert colour_near(moved, middle, FAILED) == 0


def test_the_panel_shows_the_engines_count_of_pieces():
    """rx07 rule 7 is won on pieces: the panel shows each side's pieces against the 2/3 needed —
    the engine's own figures (render decides nothing)."""
    from render.diplomacy import panel_lines
    state = V.initial_state({}, random.Random(1))
    lines = panel_lines(V.describe(state))
    assert "Entente: 10 of 22 pieces (15 win)" in lines and not any(" — " in line for line in lines)


def test_closed_provinces_open_on_their_date():
    """rx07 rule 4: Italy's provinces open with Italy's first moves in Spring 1915; the state the
    map is drawn from says so."""
    state = V.initial_state({}, random.Random(1))
    assert "ven" in state["closed"]
    winter = V.adjudicate(state, {}, random.Random(1)).state
    spring = V.adjudicate(winter, {}, random.Random(1)).state if winter["phase"] != "movement" else winter
    assert spring["season"] == "spring" and "ven" not in spring["closed"] and "spa" in spring["closed"]


# The A&A layout (badges clear of names and of each other, on their own ground) is checked in
# tests/render/test_aa_map_layout.py (stricter rules: away from borders, every name shown).


def test_every_unit_type_has_its_own_drawn_icon():
    """"drawn unit icons per type (infantry, artillery, tank, fighter, battleship —
    damaged shown, cruiser, submarine, transport and all eight house units)": each type paints
    something, and no two types paint the same picture."""
    from PIL import Image, ImageDraw
    from engine.aa1914.units import UNIT_TYPES
    from render.unit_icons import ICONS, draw_icon
    assert set(UNIT_TYPES) | {"damaged_battleship"} <= set(ICONS)
    pictures = {}
    for kind in ICONS:
        image = Image.new("RGB", (26, 26), (0, 0, 0))
        draw_icon(ImageDraw.Draw(image), kind, 0, 0, 26, (255, 255, 255))
        assert image.getbbox() is not None, kind
        pictures[kind] = image.tobytes()
    assert len(set(pictures.values())) == len(pictures)


def test_a_and_a_map_names_territories_with_their_ipc_values():
    """"territory names and IPC values ... naval bases and minefields", damaged
    battleships told apart, and a legend naming each unit type on the board."""
    from render.aa1914 import legend_text, map_layout
    from render.aa1914_geometry import name_text
    from engine.aa1914.variant import AA1914Variant
    assert name_text("Munich") == "Munich\n4" and name_text("SZ 5") == "SZ 5"
    assert name_text("Berlin") == "Berlin ⚓\n8" and name_text("SZ 10") == "SZ 10 ✹"
    assert name_text("Anglo Egyptian Sudan") == "Anglo Egyptian\nSudan\n1"
    state = AA1914Variant().initial_state({}, random.Random(1))
    ship = next(u for u in state["units"] if u["type"] == "battleship" and u["where"] == "SZ 10")
    ship["damaged"] = True
    assert any(badge.text == "1Bd 2C" and badge.parts == (("damaged_battleship", 1), ("cruiser", 2))
               for badge in map_layout(state)[0][0].badges)
    assert "Bd damaged battleship" in legend_text(state) and "⚓ naval base" in legend_text(state)


def test_a_replay_has_a_frame_per_phase_and_fits_the_upload_limit(monkeypatch):
    """"`/map replay` posts an animated GIF ... of the whole game so far, under Discord's
    upload limit" — a long game comes in parts, each under the limit, every frame kept (
    frames are never shrunk unreadable; tests/render/test_replay_frames.py checks the parts)."""
    from render import replay
    state = V.initial_state({}, random.Random(1))
    frames = [(state, None, f"phase {n}", V.describe(state)) for n in range(6)]
    parts = replay.render_replay("rx07", frames)
    gif = Image.open(io.BytesIO(parts[0]))
    assert len(parts) == 1 and gif.format == "GIF" and gif.n_frames == 6
    monkeypatch.setattr(replay, "UPLOAD_BUDGET", 60_000)
    small = replay.render_replay("rx07", frames, run=1)
    assert all(len(part) <= 60_000 or Image.open(io.BytesIO(part)).n_frames == 1 for part in small)
    assert sum(Image.open(io.BytesIO(part)).n_frames for part in small) == 6


def test_the_a_and_a_results_map_draws_the_turns_moves_battles_and_failures():
    """"A results map per adjudicated phase ... moves, attacks ... battles with outcome ...
    Failed orders are drawn distinctly"."""
    from engine.aa1914.variant import AA1914Variant
    from render.aa1914 import map_layout
    from render.aa1914_orders import battle_sites
    from render.palettes import FAILED
    variant = AA1914Variant()
    register_all()
    state = variant.initial_state({}, random.Random(1))
    orders = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia",
                                  "move 2 infantry Vienna - Galicia - Ukraine"]}
    after = variant.adjudicate(state, orders, random.Random(3)).state
    assert battle_sites(after) == ["Serbia"]
    assert after["failed_orders"] == ["move 2 infantry: Vienna - Galicia - Ukraine"]
    png = render_map("aa1914", after, orders, "Round 1: Austria-Hungary", variant.describe(after))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    (tx, ty) = map_layout(after, orders)[0][1][1][-1]        # the refused move's head, in Ukraine
    assert colour_near(image, (tx, ty), FAILED, 24) > 10


def test_removals_and_dislodged_holds_are_marked():
    """The results map shows "builds/removals" and what failed."""
    state = V.initial_state({}, random.Random(1))
    removed = rx07_map(state, {"Central": ["Remove A Ber"]}, "Winter 1914 Adjustment")
    plain = rx07_map(state, None, "Winter 1914 Adjustment")
    assert colour_near(removed, _unit_point("ber"), FAILED) > 10
    assert colour_near(plain, _unit_point("ber"), FAILED) == 0


def test_the_a_and_a_panel_shows_collapse_thresholds_from_the_tournament_rules():
    """"a power panel with treasury, income, collapse thresholds and victory points" —
    Germany's thresholds are 16 (economic) and 18 (political), seed 001."""
    from engine.aa1914.tournament import THRESHOLDS
    assert THRESHOLDS["Germany"] == (16, 18)
    import render.aa1914 as aa
    texts = []
    from PIL import ImageDraw
    real = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        texts.append(text)
        return real(self, xy, text, *args, **kwargs)
    from engine.aa1914.variant import AA1914Variant
    state = AA1914Variant().initial_state({}, random.Random(1))
    ImageDraw.ImageDraw.text = record
    try:
        aa.render_aa1914(state, None, "Round 1")
    finally:
        ImageDraw.ImageDraw.text = real
    assert "Germany: 35 IPCs (+35)" in texts and "home lost 0 · collapses at 16 / 18" in texts
    assert "Central Powers 0 VP   Allies 0 VP" in texts
