"""The standard Diplomacy board drawn with Pillow: centre owners, units, the last phase's orders
and what became of them, a panel and a legend.

Everything drawn comes from the state the engine produced; orders are only re-read to draw
them. Data: render/data/diplomacy_standard.json (outlines from jDip's SVG, see NOTICE; names and
unit spots laid out by tools/layout_diplomacy.py). The map is drawn from that geometry at any
`scale`, and may show only a `viewport` of the board, so a zoomed region is as sharp as the
full map.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

from PIL import Image, ImageChops, ImageDraw

from . import diplomacy_layout as layout
from .diplomacy_layout import PASSAGES, View, board_data, unit_point, view_for
from .caption import captioned
from .diplomacy_focus import NO_RETREAT, draw_retreat_options, draw_retreat_tags, retreat_options, tag_sample
from .diplomacy_focus import turn_actions  # noqa: F401 - the crops of the turn's action read it (render.focus)
from .diplomacy_orders import BUILT, OrderMarks, draw_convoy_ring, draw_orders, draw_unit
from .fonts import font
from .overlay import (DARK, HALO, Box, LegendEntry, arrow_sample, crossed_sample, draw_arrow, draw_crossed_out,
                      draw_legend, draw_path, failure_sample, head_length, legend_size, support_sample, swatch, trim)
from .palettes import FAILED, colours_in, tint
from .patterns import diagonal_hatch
from .registry import register_renderer
from .png import encode

__all__ = ["render_diplomacy", "power_colours", "land_fill", "place_point", "board_size", "panel_lines",
           "POWER_COLOURS", "COLOUR_BLIND", "SEA", "LAND", "CLOSED", "IMPASSABLE", "FAILED", "PASSAGES",
           "turn_actions", "NO_RETREAT"]

SEA = (190, 218, 232)
LAND = (246, 236, 214)           # a province no power owns
IMPASSABLE = (158, 158, 170)     # Switzerland: no unit ever enters
UNPLAYABLE = (214, 209, 198)     # land off the board (Ireland, Iceland, Africa's interior…)
CLOSED = (230, 222, 206)         # a province closed in this phase (rx07 rules 3 and 4), hatched
CLOSED_HATCH = (112, 104, 96)
OUTLINE = (96, 86, 74)
NAME_INK = (48, 40, 32)
SEA_INK = (22, 56, 96)
COAST_INK = (20, 70, 130)
# The seven powers of classic Diplomacy (rx07 plays the same seven): red Austria, pink England,
# blue France, brown Germany, green Italy, purple Russia, yellow Turkey — each pair and each
# owned land against the sea at least ΔE 20 apart (tests/render/test_diplomacy_map_colours.py).
POWER_COLOURS = {
    "Austria": (200, 40, 40), "England": (235, 110, 170), "France": (50, 120, 230), "Germany": (125, 80, 35),
    "Italy": (35, 150, 60), "Russia": (105, 50, 160), "Turkey": (225, 190, 30),
}
# Okabe & Ito's colours without their sky blue (it reads as sea on a map), moved apart where two
# powers that face each other were too alike for a colour-blind eye (render.palettes.FACING:
# England's orange and Austria's vermillion, England and Turkey, Italy and Russia): Austria a
# darker vermillion, Italy a lighter green, Russia a lighter pink, Turkey a lighter yellow.
COLOUR_BLIND = {
    "Austria": (188, 75, 0), "England": (230, 149, 0), "France": (0, 110, 175), "Germany": (0, 0, 0),
    "Italy": (35, 168, 120), "Russia": (215, 146, 195), "Turkey": (255, 250, 86),
}
LAND_TINT = {"standard": 0.5, "colour-blind": 0.4}


def power_colours(palette: str = "standard") -> dict[str, tuple[int, int, int]]:
    return colours_in(palette, POWER_COLOURS, COLOUR_BLIND)


def land_fill(colour: tuple[int, int, int], palette: str = "standard") -> tuple[int, int, int]:
    """The fill of a province a power owns: its colour mixed with white."""
    return tint(colour, LAND_TINT.get(palette, 0.5))


def _polygons(view: View, kinds: Sequence[str] = ("land", "water", "impassable", "unplayable")):
    for shape in board_data()["shapes"]:
        if shape["kind"] in kinds:
            for ring in shape["rings"]:
                yield shape, [view.xy(p) for p in ring]


OUTLINE_INDEX = 255         # the outlines' entry in a view's ground palette (shapes are numbered 1…)


@lru_cache(maxsize=4)
def _whole_ground(scale: float) -> Image.Image:
    """The whole board at `scale` with each shape painted its own number (in the order the board
    paints them) and every outline as `OUTLINE_INDEX`, made once per process and scale: a map
    colours it through a palette (one lookup a pixel) instead of filling each shape again."""
    return _drawn_ground(view_for(scale))


def _drawn_ground(view: View) -> Image.Image:
    image = Image.new("L", (view.width, view.height), 0)
    draw = ImageDraw.Draw(image)
    shapes = board_data()["shapes"]
    for number, shape in enumerate(shapes, start=1):
        for ring in shape["rings"]:
            draw.polygon([view.xy(p) for p in ring], fill=number)
    width = max(1, round(view.scale))
    for shape in shapes:
        for ring in shape["rings"]:
            draw.polygon([view.xy(p) for p in ring], outline=OUTLINE_INDEX, width=width)
    return image


def _part_of_whole(view: View) -> tuple[int, int, int, int] | None:
    """Where a part of the board drawn at one of the crops' scales lies in the whole board at that
    scale (its layers are cut from the whole's); None for the whole board or another scale."""
    from .focus import ZOOMS
    whole = view_for(view.scale)
    if view == whole or view.scale not in ZOOMS:
        return None
    left, top = round(view.left * view.px), round(view.top * view.px)
    return left, top, left + view.width, top + view.height


def _ground(view: View) -> Image.Image:
    """The numbered ground of `view` (`_whole_ground`), cut from the whole board's where it can."""
    if view == view_for(view.scale):
        return _whole_ground(view.scale)
    part = _part_of_whole(view)
    return _whole_ground(view.scale).crop(part) if part is not None else _drawn_ground(view)


@lru_cache(maxsize=1)
def _shape_kinds() -> list[tuple[str, str]]:
    """(kind, province) of each numbered shape, in the ground's numbering."""
    return [(shape["kind"], shape["province"]) for shape in board_data()["shapes"]]


@lru_cache(maxsize=12)
def _closed_hatch(view: View, closed: frozenset[str]) -> Image.Image:
    """The hatching over closed provinces as a mask; the closed set changes a few times a game."""
    table = [0] * 256
    for number, (kind, province) in enumerate(_shape_kinds(), start=1):
        if kind == "land" and province in closed:
            table[number] = 255
    mask = _ground(view).point(table)
    spacing = max(5, round(9 * view.scale))
    return ImageChops.multiply(mask, diagonal_hatch((view.width, view.height), spacing))


def _static(view: View | None = None) -> Image.Image:
    """The plain board: sea, land, Switzerland and outlines, as no position colours it."""
    return _coloured(view or view_for(), frozenset(), {}, {}, "standard")


def _coloured(view: View, closed: frozenset[str], owners: Mapping[str, str], colours: Mapping,
              palette: str) -> Image.Image:
    """The view's ground coloured through a palette: each land by its owner (or closed), the
    sea, Switzerland and the land off the board their own colours, outlines dark."""
    fills = {"water": SEA, "impassable": IMPASSABLE, "unplayable": UNPLAYABLE}
    table = [SEA] * 256
    table[OUTLINE_INDEX] = OUTLINE
    for number, (kind, province) in enumerate(_shape_kinds(), start=1):
        if kind != "land":
            table[number] = fills.get(kind, LAND)
        elif province in closed:
            table[number] = CLOSED
        elif owners.get(province) in colours:
            table[number] = land_fill(colours[owners[province]], palette)
        else:
            table[number] = LAND
    image = _ground(view).copy()
    image.putpalette(bytes(v for colour in table for v in colour))
    return image.convert("RGB")


def _base(view: View, closed: frozenset[str], owners: Mapping[str, str], colours: Mapping, palette: str,
          variant: str) -> Image.Image:
    """The board without units: land coloured by centre owner, closed provinces hatched, names,
    supply centres, coast marks and the variant's passages."""
    image = _coloured(view, closed, owners, colours, palette)
    draw = ImageDraw.Draw(image)
    if closed:
        image.paste(CLOSED_HATCH, mask=_closed_hatch(view, closed))
    for (_, a), (_, b) in PASSAGES.get(variant, ()):
        draw_path(draw, [view.xy(a), view.xy(b)], (255, 255, 255), 3 * view.scale, outline=COAST_INK,
                  dashed=True, scale=view.scale)
    data = board_data()
    _draw_names(image, view)
    r = layout.CENTRE_R * view.px
    for province, point in data["supply_centres"].items():
        x, y = view.xy(point)
        if -r <= x <= view.width + r and -r <= y <= view.height + r:
            colour = colours.get(owners.get(province), (255, 255, 255))
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=DARK,
                         width=max(1, round(1.5 * view.scale)))
    return image


NAME_HALO = (250, 246, 236)


def _draw_names(image: Image.Image, view: View, halo: bool = False) -> None:
    """Every province's name and coast mark in the view (a part of the board sets only its own);
    over the orders' arrows with a light halo, so no arrow hides one. Set as text, which is
    cheaper than stamping masks the size of the map."""
    draw = ImageDraw.Draw(image)
    label_font = font(max(6, round(layout.LABEL_PX * view.scale)))
    stroke = max(1, round(1.5 * view.scale)) if halo else 0
    seas = _seas()
    reach = 40 * view.scale

    def inside(x: float, y: float) -> bool:
        return -reach <= x <= view.width + reach and -reach <= y <= view.height + reach
    for province, point in board_data()["labels"].items():
        x, y = view.xy(point)
        if inside(x, y):
            # sea names in navy, land names in brown, as on the printed board
            draw.text((x, y), layout.label_text(province), fill=SEA_INK if province in seas else NAME_INK,
                      font=label_font, anchor="mm", stroke_width=stroke, stroke_fill=NAME_HALO)
    if halo:
        return
    coast_font = font(max(5, round(layout.COAST_PX * view.scale)))
    for loc, point in board_data().get("coast_labels", {}).items():
        x, y = view.xy(point)
        if inside(x, y):
            draw.text((x, y), loc.split("/")[1], fill=COAST_INK, font=coast_font, anchor="mm",
                      stroke_width=max(1, round(view.scale)), stroke_fill=(255, 255, 255))


@lru_cache(maxsize=1)
def _seas() -> frozenset[str]:
    return frozenset(shape["province"] for shape in board_data()["shapes"] if shape["kind"] == "water")


# ---------------------------------------------------------------- panel and legend
PANEL_LINE = 22


def panel_lines(summary: str) -> list[str]:
    """The status under the board: the variant's own description without the unit lists (the
    board shows the units), so every number comes from the engine."""
    return [line.split(" — ")[0] for line in summary.splitlines()[1:] if line.strip()]


def _unit_sample(kind: str, colour, dislodged: bool = False):
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        draw_unit(draw, centre, kind, colour, (box[3] - box[1]) / 2 / layout.UNIT_HALF[1], dislodged)
    return paint


# the marks the whole map's legend always explains; the rest only when the map shows them
ALWAYS = frozenset({"unit", "neutral", "move", "support", "failed", "dislodged", "gone", "built", "closed", "swi",
                    "passage"})
GONE_ORDER = ("destroyed", "disbanded", "removed")


def legend_entries(colours: Mapping, state: Mapping, variant: str, shown: set[str] | None = None,
                   gone: set[str] = frozenset(), compact: bool = False, whole: bool = False,
                   present: set[str] | None = None) -> list[LegendEntry]:
    """What each mark on this map means (a move's arrow in the first power's colour). With
    `shown`, the marks the picture shows: the `whole` map lists its usual marks and any other it
    shows (a convoy, a retreat…), a part of it the units and the marks it shows, a crop
    (`compact`) only the marks it shows, without the unit shapes (their letters say army and
    fleet) and the plain land."""
    # a crop's samples in the colour of a power it shows (never one that is not in it)
    sample = next((c for p, c in colours.items() if p in (present or colours)), (90, 90, 90))
    how = "/".join(h for h in GONE_ORDER if h in gone) or "destroyed/disbanded"
    entries = [("unit", LegendEntry("army", _unit_sample("A", sample))),
               ("unit", LegendEntry("fleet", _unit_sample("F", sample))),
               ("move", LegendEntry("move (power's colour)" if not compact else "move", arrow_sample(sample))),
               ("retreat", LegendEntry("retreat", retreat_sample(sample))),
               ("may retreat", LegendEntry("may retreat to", arrow_sample(sample, dashed=True, outline=HALO))),
               ("no retreat", LegendEntry(NO_RETREAT, tag_sample)),
               ("support", LegendEntry("support", support_sample(sample))),
               ("convoy", LegendEntry("convoy", _convoy_sample(sample))),
               ("failed", LegendEntry("failed", failure_sample(sample))),
               ("dislodged", LegendEntry("dislodged", _unit_sample("A", sample, dislodged=True))),
               ("gone", LegendEntry(how, crossed_sample(_unit_sample("A", sample)))),
               ("built", LegendEntry("built", _built_sample(sample))),
               ("neutral", LegendEntry("neutral centre" if not compact else "neutral", _dot_sample((255, 255, 255)))),
               ("unit", LegendEntry("unowned land", swatch(LAND))),
               ("closed", LegendEntry("closed this phase" if not compact else "closed", swatch(CLOSED, CLOSED_HATCH))),
               ("swi", LegendEntry("Switzerland: impassable" if not compact else "impassable", swatch(IMPASSABLE)))]
    if PASSAGES.get(variant):
        passage = "fleet passage Bal–Ska (rule 3)" if not compact else "Bal–Ska passage"
        entries.append(("passage", LegendEntry(passage, _passage_sample)))
    if compact:
        return [entry for kind, entry in entries if shown is not None and kind in shown]
    if whole:
        return [entry for kind, entry in entries if kind in ALWAYS or kind in (shown or ())]
    return [entry for kind, entry in entries if shown is None or kind in shown or kind in ("unit", "neutral")]


def _shown(view: View, state: Mapping, marks: OrderMarks, variant: str) -> set[str]:
    """The kinds of marks a part of the board shows: its orders' marks and the places in it."""
    def inside(point) -> bool:
        x, y = view.xy(point)
        return 0 <= x <= view.width and 0 <= y <= view.height
    data = board_data()
    labels = data["labels"]
    shown = set(marks.shown)
    if any(inside(labels[p]) for p in state.get("closed", ()) if p in labels):
        shown.add("closed")
    if inside(labels["swi"]):
        shown.add("swi")
    if any(inside(point) for ends in PASSAGES.get(variant, ()) for _, point in ends):
        shown.add("passage")
    owners = state.get("owners", {})
    if any(inside(point) and province not in owners for province, point in data["supply_centres"].items()):
        shown.add("neutral")
    return shown


def _present(view: View, state: Mapping) -> set[str]:
    """The powers a part of the board shows: their units, or land they own, in it."""
    def inside(point) -> bool:
        if point is None:
            return False
        x, y = view.xy(point)
        return 0 <= x <= view.width and 0 <= y <= view.height
    units = list(state.get("units", {}).values())
    units += [e["unit"] for e in state.get("dislodged", {}).values()] + [e["unit"] for e in state.get("eliminated", ())]
    present = {u["power"] for u in units if inside(unit_point(u["loc"]))}
    labels = board_data()["labels"]
    present |= {power for province, power in state.get("owners", {}).items() if inside(labels.get(province))}
    return present


def _convoy_sample(colour):
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        _unit_sample("F", colour)(draw, box, scale)
        r = (box[3] - box[1]) / 2 + 1.5 * scale
        draw_convoy_ring(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), r, colour, scale)
    return paint


def retreat_sample(colour):
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        y = (box[1] + box[3]) / 2
        path = draw_arrow(draw, [(box[0], y), (box[2], y)], colour, scale=scale, width=3 * scale)
        draw_path(draw, trim(path, 0, head_length(scale) * 0.9), (255, 255, 255), 1.2 * scale, outline=None,
                  scale=scale)
    return paint


def _built_sample(colour):
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        _unit_sample("A", colour)(draw, box, scale)
        r = (box[3] - box[1]) / 2 + 1.5 * scale
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        draw.ellipse([x - r, y - r, x + r, y + r], outline=BUILT, width=max(2, round(2 * scale)))
    return paint


def _dot_sample(colour):
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        r = (box[3] - box[1]) / 2 * 0.7
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=DARK, width=max(1, round(1.5 * scale)))
    return paint


def _passage_sample(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
    y = (box[1] + box[3]) / 2
    draw_path(draw, [(box[0], y), (box[2], y)], (255, 255, 255), 3 * scale, outline=COAST_INK, dashed=True,
              scale=scale)


def _wrap(draw: ImageDraw.ImageDraw, text: str, text_font, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}".strip()
        if line and draw.textlength(candidate, font=text_font) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line]


def _with_panel(board: Image.Image, view: View, label: str, summary: str, colours: Mapping,
                entries: list[LegendEntry]) -> Image.Image:
    """The board with the title, the status lines and the legend below it, never over it; every
    line wraps to the image's width so a narrow region keeps its whole title."""
    s = view.scale
    width, height = board.size
    pad = 10 * s
    measure = ImageDraw.Draw(board)
    title_font, text_font, legend_font = font(round(20 * s)), font(round(15 * s)), font(round(13 * s))
    title = _wrap(measure, label, title_font, width - 2 * pad)
    lines = panel_lines(summary)
    widest = max((measure.textlength(line, font=text_font) + 22 * s for line in lines), default=0)
    columns = 2 if widest <= (width - 2 * pad) / 2 and len(lines) > 3 else 1
    column_width = (width - 2 * pad) / columns
    # each status line wrapped to its column (a power's line leaves room for its swatch)
    rows = [_wrap(measure, line, text_font, column_width - 22 * s) for line in lines]
    per_column = max(1, -(-sum(len(r) for r in rows) // columns))
    line_height = PANEL_LINE * s
    _, legend_h = legend_size(measure, entries, legend_font, width - 2 * pad, s)
    top = height + pad + len(title) * 26 * s
    placed, column, row = [], 0, 0
    for line, wrapped in zip(lines, rows):
        if row and row + len(wrapped) > per_column and column + 1 < columns:
            column, row = column + 1, 0
        placed.append((line, wrapped, column, row))
        row += len(wrapped)
    per_column = max([r + len(w) for _, w, _, r in placed] or [1])
    panel = int(top - height + per_column * line_height + pad + legend_h + pad)
    image = Image.new("RGB", (width, height + panel), (250, 248, 240))
    image.paste(board, (0, 0))
    draw = ImageDraw.Draw(image)
    draw.line([(0, height), (width, height)], fill=OUTLINE, width=max(1, round(2 * s)))
    for index, line in enumerate(title):
        draw.text((pad, height + pad + index * 26 * s), line, fill=(20, 20, 20), font=title_font)
    for line, wrapped, column, row in placed:
        x, y = pad + column * column_width, top + row * line_height
        power = line.split(" (")[0].split(":")[0]
        if power in colours:
            draw.rectangle([x, y + 3 * s, x + 12 * s, y + 15 * s], fill=colours[power], outline=DARK)
            x += 18 * s
        for index, part in enumerate(wrapped):
            draw.text((x, y + index * line_height), part, fill=(30, 30, 30), font=text_font)
    draw_legend(draw, (pad, top + per_column * line_height + pad / 2), entries, legend_font, width - 2 * pad,
                scale=s)
    return image


# ---------------------------------------------------------------- the map
def _drawn_board(state: dict, last_orders: Mapping[str, Sequence[str]] | None, palette: str, scale: float,
                 viewport: Box | None) -> tuple[Image.Image, View, OrderMarks, Mapping]:
    """The board of `state` with its orders, retreats, units and marks drawn; its view, the
    marks it shows and the powers' colours."""
    view = view_for(scale, viewport)
    colours = power_colours(palette)
    variant = state.get("variant", "")
    board = _base(view, frozenset(state.get("closed", ())), state.get("owners", {}), colours, palette, variant)
    draw = ImageDraw.Draw(board)
    marks = OrderMarks(view, state, colours)
    if last_orders:
        draw_orders(draw, marks, last_orders)
    options = retreat_options(state)
    draw_retreat_options(draw, marks, options)
    if last_orders or options:
        _draw_names(board, view, halo=True)
    # a dislodged unit first: it stands against its province's spot, under the unit that took it
    for entry in state.get("dislodged", {}).values():
        box = marks.draw_board_unit(draw, entry["unit"], dislodged=True)
        marks.note("dislodged", box[:2], box[2:])
    for entry in state.get("eliminated", ()):
        dislodged = entry.get("how") != "removed"
        if unit_point(entry["unit"]["loc"], dislodged=dislodged) is not None:
            box = marks.draw_board_unit(draw, entry["unit"], dislodged=dislodged)
            draw_crossed_out(draw, box, scale=view.scale)
            marks.note("gone", box[:2], box[2:])
            marks.gone.add(str(entry.get("how")))
    for unit in state.get("units", {}).values():
        marks.draw_board_unit(draw, unit)
    draw_retreat_tags(draw, marks, options)
    marks.draw_failures(draw)
    return board, view, marks, colours


def render_diplomacy(state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                     summary: str = "", palette: str = "standard", scale: float = 1.0,
                     viewport: Box | None = None, as_image: bool = False, crop: bool = False) -> bytes:
    """PNG of `state` with `last_orders` (the orders that led to it) drawn as the turn's story.
    `scale` draws everything larger from the geometry (2.0: twice the size, as sharp); `viewport`
    (left, top, right, bottom in the map's pixels at scale 1.0) shows only that part of the board.
    A retreat phase's map shows where each dislodged unit may go. `crop`: a part read on a phone,
    under a short caption (its title and the legend of what it shows, ≤ a quarter of its height)."""
    board, view, marks, colours = _drawn_board(state, last_orders, palette, scale, viewport)
    variant = state.get("variant", "")
    entries = _legend_of(view, state, marks, colours, variant, "crop" if crop else "whole" if viewport is None
                         else "part")
    if crop:
        image = captioned(board, label, entries)
    else:
        # a part of the board, read on a phone: the title, whose colour is whose, and what its
        # marks mean — the full map carries the status lines
        image = _with_panel(board, view, label, summary if viewport is None else "", colours, entries)
    if as_image:                 # the replay encodes its frames itself (render.replay)
        return image
    return encode(image)


def _legend_of(view: View, state: Mapping, marks: OrderMarks, colours: Mapping, variant: str,
               kind: str) -> list[LegendEntry]:
    """The legend of a picture of `kind`: the whole map's (its usual marks and any other it shows),
    a part's (whose colour is whose, the units and the marks it shows) or a crop's (only what it
    shows)."""
    if kind == "whole":
        return legend_entries(colours, state, variant, marks.shown, marks.gone, whole=True)
    if kind == "crop":
        present = _present(view, state)
        key = [LegendEntry(power, swatch(colour), narrow=True) for power, colour in colours.items() if power in present]
        return key + legend_entries(colours, state, variant, _shown(view, state, marks, variant), marks.gone, True,
                                    present=present)
    present = {u["power"] for u in state.get("units", {}).values()} | set(state.get("owners", {}).values())
    key = [LegendEntry(power, swatch(colour)) for power, colour in colours.items() if power in present]
    return key + legend_entries(colours, state, variant, _shown(view, state, marks, variant), marks.gone)


def map_legend(state: dict, last_orders: Mapping[str, Sequence[str]] | None, viewport: Box | None = None,
               crop: bool = False, palette: str = "standard") -> list[str]:
    """The words of the legend `render_diplomacy` sets under this picture."""
    board, view, marks, colours = _drawn_board(state, last_orders, palette, 1.0, viewport)
    board.close()
    kind = "crop" if crop else "whole" if viewport is None else "part"
    return [entry.text for entry in _legend_of(view, state, marks, colours, state.get("variant", ""), kind)]


def _unit_point(loc: str, dislodged: bool = False) -> tuple[float, float] | None:
    """A unit's point in the map's pixels at scale 1.0."""
    point = unit_point(loc, dislodged)
    return view_for().xy(point) if point else None


def place_point(province: str) -> tuple[float, float] | None:
    """Where a province's unit stands, in the map's pixels at scale 1.0 (for region boxes)."""
    return _unit_point(province)


def board_size() -> tuple[int, int]:
    view = view_for()
    return view.width, view.height


def register_diplomacy_renderer() -> None:
    register_renderer("rx07", render_diplomacy)
