"""The standard Diplomacy board drawn with Pillow: centre owners, units, dislodged units,
the last turn's orders as arrows, and the phase label.

Everything drawn comes from the state the engine produced; orders are only re-read to draw
them. Data: render/data/diplomacy_standard.json (outlines from jDip's SVG, see NOTICE).
"""
from __future__ import annotations

import io
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from PIL import Image, ImageChops, ImageDraw

from .fonts import font
from .palettes import FAILED, colours_in, ink_for
from .patterns import diagonal_hatch
from .registry import register_renderer

DATA = Path(__file__).parent / "data" / "diplomacy_standard.json"
SCALE = 0.75
SEA = (197, 223, 234)
LAND = (250, 235, 215)           # antiquewhite
IMPASSABLE = (150, 150, 150)
UNPLAYABLE = (205, 200, 190)
CLOSED = (215, 208, 196)
OUTLINE = (90, 80, 70)
POWER_COLOURS = {
    "Austria": (196, 143, 133), "England": (148, 0, 211), "France": (65, 105, 225),
    "Germany": (160, 138, 117), "Italy": (34, 139, 34), "Russia": (117, 125, 145),
    "Turkey": (185, 166, 28),
}


def power_colours(palette: str = "standard") -> dict[str, tuple[int, int, int]]:
    return colours_in(palette, POWER_COLOURS)


@lru_cache(maxsize=1)
def board_data() -> dict:
    return json.loads(DATA.read_text())


def _tint(colour: tuple[int, int, int], amount: float = 0.55) -> tuple[int, int, int]:
    return tuple(int(c + (255 - c) * amount) for c in colour)


def _xy(point: Sequence[float]) -> tuple[float, float]:
    return point[0] * SCALE, point[1] * SCALE


@lru_cache(maxsize=1)
def _static() -> Image.Image:
    """What never changes: sea, land, impassable areas and outlines. One decoded image for all
    games; each map copies it and paints only what the position decides."""
    data = board_data()
    width, height = (int(v * SCALE) for v in data["size"])
    image = Image.new("RGB", (width, height), SEA)
    draw = ImageDraw.Draw(image)
    for shape in data["shapes"]:
        fill = {"water": SEA, "impassable": IMPASSABLE, "unplayable": UNPLAYABLE}.get(shape["kind"], LAND)
        for ring in shape["rings"]:
            draw.polygon([_xy(p) for p in ring], fill=fill, outline=OUTLINE)
    return image


@lru_cache(maxsize=8)
def _closed_hatch(closed: frozenset[str]) -> Image.Image:
    """The hatching over closed provinces as a mask; the closed set changes a few times a game."""
    data = board_data()
    width, height = _static().size
    mask = Image.new("L", (width, height), 0)
    pen = ImageDraw.Draw(mask)
    for shape in data["shapes"]:
        if shape["kind"] == "land" and shape["province"] in closed:
            for ring in shape["rings"]:
                pen.polygon([_xy(p) for p in ring], fill=255)
    return ImageChops.multiply(mask, diagonal_hatch((width, height), 9))


def _base(closed: frozenset[str], owners: dict[str, str], colours: dict = POWER_COLOURS) -> Image.Image:
    """The board without units: land coloured by centre owner, closed provinces greyed."""
    data = board_data()
    image = _static().copy()
    draw = ImageDraw.Draw(image)
    for shape in data["shapes"]:
        province = shape["province"]
        if shape["kind"] != "land":
            continue
        if province in closed:
            fill = CLOSED
        elif owners.get(province) in colours:
            fill = _tint(colours[owners[province]])
        else:
            continue
        for ring in shape["rings"]:
            draw.polygon([_xy(p) for p in ring], fill=fill, outline=OUTLINE)
    if closed:
        image.paste((120, 110, 100), mask=_closed_hatch(closed))
    label_font = font(max(10, int(14 * SCALE)))
    for province, point in data["labels"].items():
        x, y = _xy(point)
        draw.text((x, y), province.capitalize(), fill=(60, 50, 40), font=label_font, anchor="ms")
    for province, point in data["supply_centres"].items():
        x, y = _xy(point)
        r = 7 * SCALE
        colour = colours.get(owners.get(province), (255, 255, 255))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=(0, 0, 0), width=2)
    return image


def _unit_point(loc: str, dislodged: bool = False) -> tuple[float, float] | None:
    data = board_data()
    table = data["dislodged" if dislodged else "units"]
    point = table.get(loc) or table.get(loc.split("/")[0])
    return _xy(point) if point else None


def _draw_unit(draw: ImageDraw.ImageDraw, kind: str, power: str, loc: str, dislodged: bool = False,
               colours: dict = POWER_COLOURS) -> None:
    point = _unit_point(loc, dislodged)
    if point is None:
        return
    x, y = point
    r = 13 * SCALE * (0.85 if dislodged else 1)
    colour = colours.get(power, (120, 120, 120))
    edge = (200, 0, 0) if dislodged else (0, 0, 0)
    if kind == "A":
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=edge, width=3)
    else:
        draw.polygon([(x - r * 1.3, y - r * 0.5), (x + r * 1.3, y - r * 0.5), (x + r * 0.9, y + r * 0.8),
                      (x - r * 0.9, y + r * 0.8)], fill=colour, outline=edge, width=3)
    draw.text((x, y), kind, fill=ink_for(colour), font=font(max(10, int(16 * SCALE))), anchor="mm")


def _arrow(draw: ImageDraw.ImageDraw, start, end, colour, width: int = 4, head: bool = True,
           dashed: bool = False) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    stop = length - (14 * SCALE if head else 0)
    if dashed:
        pos = 0.0
        while pos < stop:
            seg = min(pos + 10, stop)
            draw.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * seg, y0 + uy * seg)], fill=colour, width=width)
            pos += 18
    else:
        draw.line([(x0, y0), (x0 + ux * stop, y0 + uy * stop)], fill=colour, width=width)
    if head:
        tip = (x0 + ux * (length - 4), y0 + uy * (length - 4))
        back = (x0 + ux * (stop - 4), y0 + uy * (stop - 4))
        side = 8 * SCALE
        draw.polygon([tip, (back[0] - uy * side, back[1] + ux * side), (back[0] + uy * side, back[1] - ux * side)],
                     fill=colour)


def _cross(draw: ImageDraw.ImageDraw, point, size: float = 9) -> None:
    """The mark of an order that failed (a bounce, a cut support, a broken convoy)."""
    x, y = point
    r = size * SCALE * 1.4
    draw.line([(x - r, y - r), (x + r, y + r)], fill=FAILED, width=4)
    draw.line([(x - r, y + r), (x + r, y - r)], fill=FAILED, width=4)


def _draw_orders(draw: ImageDraw.ImageDraw, last_orders: Mapping[str, Sequence[str]],
                 resolved: Mapping[str, bool]) -> None:
    """The orders that led to this position; an order the adjudicator marked failed is drawn
    dashed in red with a cross where it stopped."""
    from engine.diplomacy.map import DiplomacyMap, province_of
    from engine.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support
    from engine.diplomacy.parser import parse_order
    from engine.errors import OrderError

    dmap = DiplomacyMap.standard()
    for lines in last_orders.values():
        for line in lines:
            try:
                order = parse_order(line, dmap)
            except OrderError:
                continue
            failed = resolved.get(province_of(order.loc)) is False if hasattr(order, "loc") else False
            # a retreating unit stands where dislodged units are drawn, beside its attacker
            start = _unit_point(order.loc, dislodged=isinstance(order, Retreat)) or _unit_point(order.loc)
            if isinstance(order, (Move, Retreat)) and start:
                end = _unit_point(order.dest)
                if end:
                    _arrow(draw, start, end, FAILED if failed else (20, 20, 20), width=max(2, int(5 * SCALE)),
                           dashed=failed)
                    if failed:
                        _cross(draw, ((start[0] + 2 * end[0]) / 3, (start[1] + 2 * end[1]) / 3))
            elif isinstance(order, Support) and start:
                target = _unit_point(order.target)
                if target is None:
                    continue
                if order.target_dest:
                    end = _unit_point(order.target_dest)
                    if end:
                        target = ((target[0] + end[0]) / 2, (target[1] + end[1]) / 2)
                _arrow(draw, start, target, FAILED if failed else (30, 120, 30), width=max(2, int(3 * SCALE)),
                       dashed=True)
                if failed:
                    _cross(draw, ((start[0] + target[0]) / 2, (start[1] + target[1]) / 2), 6)
            elif isinstance(order, Convoy) and start:
                army = _unit_point(order.army)
                if army:
                    _arrow(draw, army, start, FAILED if failed else (30, 60, 160), width=max(2, int(3 * SCALE)),
                           head=False, dashed=True)
            elif isinstance(order, Build):
                point = _unit_point(order.loc)
                if point:
                    r = 18 * SCALE
                    draw.ellipse([point[0] - r, point[1] - r, point[0] + r, point[1] + r], outline=(0, 130, 0), width=3)
            elif isinstance(order, (Remove, Disband)):
                # the unit is gone from the board: a cross where it stood (a disbanded retreat
                # stood beside its attacker)
                point = _unit_point(order.loc, dislodged=isinstance(order, Disband)) or _unit_point(order.loc)
                if point:
                    _cross(draw, point, 8)
            elif isinstance(order, Hold) and start and failed:
                _cross(draw, start, 6)            # held, and was dislodged all the same


PANEL_LINE = 22
LEGEND = ("● army   ▬ fleet   → move   - - → support   green ring: built   ✗ failed or removed   "
          "red ring: dislodged   hatched: closed")


def panel_lines(summary: str) -> list[str]:
    """The status under the board: the variant's own description without the unit lists (the
    board shows the units), so every number comes from the engine."""
    lines = [line.split(" — ")[0] for line in summary.splitlines()[1:] if line.strip()]
    return lines


def render_diplomacy(state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                     summary: str = "", palette: str = "standard") -> bytes:
    colours = power_colours(palette)
    board = _base(frozenset(state.get("closed", ())), state.get("owners", {}), colours)
    for unit in state.get("units", {}).values():
        _draw_unit(ImageDraw.Draw(board), unit["kind"], unit["power"], unit["loc"], colours=colours)
    for entry in state.get("dislodged", {}).values():
        unit = entry["unit"]
        _draw_unit(ImageDraw.Draw(board), unit["kind"], unit["power"], unit["loc"], dislodged=True, colours=colours)
    if last_orders:
        _draw_orders(ImageDraw.Draw(board), last_orders, state.get("resolved", {}))
    # the status panel goes below the board, never over it
    lines = panel_lines(summary)
    per_column = max(1, -(-len(lines) // 2))
    width, height = board.size
    panel = 44 + PANEL_LINE * (per_column + 1) + 10
    image = Image.new("RGB", (width, height + panel), (250, 248, 240))
    image.paste(board, (0, 0))
    draw = ImageDraw.Draw(image)
    draw.line([(0, height), (width, height)], fill=OUTLINE, width=2)
    draw.text((12, height + 10), label, fill=(20, 20, 20), font=font(22))
    text_font = font(16)
    for index, line in enumerate(lines):
        column, row = divmod(index, per_column)
        x, y = 12 + column * (width // 2), height + 44 + row * PANEL_LINE
        power = line.split(" (")[0]
        if power in colours:
            draw.rectangle([x, y + 3, x + 12, y + 15], fill=colours[power], outline=(0, 0, 0))
            x += 18
        draw.text((x, y), line, fill=(30, 30, 30), font=text_font)
    draw.text((12, height + 44 + per_column * PANEL_LINE + 4), LEGEND, fill=(80, 70, 60), font=font(14))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()


def place_point(province: str) -> tuple[float, float] | None:
    return _unit_point(province)


def board_size() -> tuple[int, int]:
    return _static().size


def register_diplomacy_renderer() -> None:
    register_renderer("rx07", render_diplomacy)
