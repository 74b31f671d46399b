"""The Axis & Allies 1914 map drawn with Pillow from the TripleA outlines: territories in their
controller's colour, contested ones hatched red, each power's units as a badge of drawn icons,
the turn just played (arrows, battles with their outcome, units destroyed), and the power panel
with its legend. Everything comes from the state; nothing here decides a rule.

The posted map is the European theatre with the Americas and Africa as insets (
"Europe and the Near East most of the picture"); `scale` draws it larger from the geometry, for
sharp zoomed crops (a place's name stands at `scale` × `place_point(place)`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np
from PIL import Image, ImageChops, ImageDraw

from .aa1914_geometry import (GROUNDS, THEATRE_VIEWS, Box, View, art, board_size, covered, extent, ground,
                              inset_title_height,
                              name_text, origin, place_point)
from .aa1914_layout import (ABBREVIATIONS, ICON, PAD, Badge, Layout, count_text, drawn_kind,
                            overlaps)
from .aa1914_names import draw_names, name_stamps, names_over_arrows
from .aa1914_focus import prepared, shown_in
from .aa1914_orders import draw_battles, draw_routed
from .aa1914_panel import crop_entries, draw_panel, legend_text, panel_height, unit_kinds
from .caption import captioned
from .fonts import font
from .overlay import draw_crossed_out
from .palettes import colours_in, ink_for, tint
from .patterns import diagonal_hatch
from .registry import register_renderer
from .unit_icons import icon_image
from .png import encode

__all__ = ["render_aa1914", "map_layout", "power_colours", "land_colours", "POWER_COLOURS", "SEA", "NEUTRAL",
           "ABBREVIATIONS", "legend_text", "unit_kinds", "drawn_kind", "place_point", "board_size", "name_text",
           "Badge", "overlaps", "turn_actions", "inset_boxes"]

SEA = (168, 200, 224)
NEUTRAL = (230, 224, 206)
IMPASSABLE = (200, 196, 198)
CONTESTED = (235, 215, 215)
HATCH = (200, 0, 0)
OUTLINE = (60, 60, 60)
# Map colours after the TripleA map's (map.properties), moved apart where two were alike (
# any two powers, and each power's land against the sea, at least ΔE 20 apart): Germany darker,
# France bluer, the United States olive, Spain purple (it was a second orange beside Italy's).
POWER_COLOURS = {
    "Austria-Hungary": (0, 102, 0), "Russia": (110, 0, 0), "Germany": (60, 60, 66), "France": (20, 55, 140),
    "British Empire": (175, 165, 40), "Ottoman Empire": (0, 115, 105), "Italy": (190, 80, 0),
    "United States": (90, 100, 30), "Spain": (150, 50, 130), "Neutral": (150, 125, 95),
}
# Okabe & Ito's colours, chosen per power so that no power's land reads as the sea (sky blue only
# for the rare neutral army, which owns no land; black for Germany), then moved apart where two
# powers that may fight each other were too alike for a colour-blind eye (render.palettes.FACING):
# Russia a darker vermillion, Spain a dark teal, the British Empire a lighter yellow.
COLOUR_BLIND = {
    "Austria-Hungary": (10, 158, 110), "Russia": (198, 80, 0), "Germany": (0, 0, 0), "France": (0, 104, 180),
    "British Empire": (255, 255, 45), "Ottoman Empire": (195, 121, 162), "Italy": (235, 159, 0),
    "United States": (130, 85, 35), "Spain": (5, 70, 80), "Neutral": (95, 195, 250),
}
# how much white a power's land fill mixes in (dark and bluish colours less, to stay off the sea)
LAND_TINT = {
    "standard": {"France": 0.45, "Ottoman Empire": 0.45, "Germany": 0.45, "United States": 0.5},
    "colour-blind": {"France": 0.3, "Germany": 0.45, "British Empire": 0.3, "Austria-Hungary": 0.45, "Italy": 0.4,
                     "Russia": 0.5, "United States": 0.4, "Spain": 0.3},
}
MINOR_TINT = 0.8       # a minor aligned with a power but not yet mobilized: its colour, paler


def power_colours(palette: str = "standard") -> dict[str, tuple[int, int, int]]:
    return colours_in(palette, POWER_COLOURS, COLOUR_BLIND)


def land_colours(palette: str = "standard") -> dict[str, tuple[int, int, int]]:
    """Each power's owned-land fill in `palette` (the neutral army owns no land)."""
    amounts = LAND_TINT.get(palette, LAND_TINT["standard"])
    return {power: tint(colour, amounts.get(power, 0.55)) for power, colour in power_colours(palette).items()
            if power != "Neutral"}


# ---------------------------------------------------------------- the board of one view
OUTLINE_INDEX = 255      # the outline's entry in a view's ground palette (ground numbers stay far below)


@lru_cache(maxsize=GROUNDS)
def _outlined_ground(view: View) -> Image.Image:
    """The view's ground map with every shape's outline drawn in as `OUTLINE_INDEX`, made once:
    a map colours it through a palette (one lookup per pixel) instead of filling each shape."""
    image = ground(view)[0].copy()
    draw = ImageDraw.Draw(image)
    width = max(1, round(view.scale / 0.6))
    for rings in art()["shapes"].values():
        for ring in rings:
            draw.polygon([view.point(x, y) for x, y in ring], outline=OUTLINE_INDEX, width=width)
    return image


def territory_fills(board, state: dict, contested: frozenset, palette: str = "standard") -> dict:
    from engine.aa1914.state import aligned
    land, colours = land_colours(palette), power_colours(palette)
    fills = {}
    for name, t in board.territories.items():
        if t.sea:
            continue
        if t.impassable:
            fills[name] = IMPASSABLE
        elif name in contested:
            fills[name] = CONTESTED
        else:
            owner = state["control"].get(name)
            if owner in land:
                fills[name] = land[owner]
            elif aligned(state, t) in colours and t.minor not in state.get("mobilized_minors", []):
                fills[name] = tint(colours[aligned(state, t)], MINOR_TINT)
            else:
                fills[name] = NEUTRAL
    return fills


Window = tuple[float, float, float, float]     # a part of a view, in its own pixels at its base scale


def _raster(view: View, zoom: float, window: Window) -> View:
    """The view's part `window` as a view of its own, `zoom` times the view's scale."""
    if window == (0, 0, *view.size):
        return view.zoomed(zoom)
    left, top, right, bottom = window
    x0, y0 = view.box[0], view.box[1]
    return View((x0 + left / view.scale, y0 + top / view.scale, x0 + right / view.scale, y0 + bottom / view.scale),
                view.scale * zoom, label=view.label)


ZOOMED_VIEWS = 9       # whole views kept drawn at a crop's scales (render.focus.ZOOMS but 1 × the three views:
                       # about 40 MB a worker)


@lru_cache(maxsize=ZOOMED_VIEWS)
def _zoomed_grounds(view: View, zoom: float) -> tuple[Image.Image, Image.Image]:
    """The whole view's ground map and outlined ground at `zoom`, made once per process: a crop
    at one of the crops' scales is cut from them instead of painting every shape again."""
    raster = view.zoomed(zoom)
    return ground(raster)[0], _outlined_ground(raster)


def warm_crop_scales() -> None:
    """Every view's ground and printed names drawn at every crop scale, as a worker's first crop
    at each scale would otherwise draw them (0.2–0.4 s of CPU each): for a worker warmed before
    it is needed."""
    from .focus import ZOOMS
    for view in THEATRE_VIEWS:
        for zoom in ZOOMS:
            if zoom != 1.0:
                _zoomed_grounds(view, zoom)
            name_stamps(view, tuple(covered(view, THEATRE_VIEWS)), zoom)


def _grounds(view: View, zoom: float, window: Window) -> tuple[Image.Image, dict, Image.Image]:
    """The ground map (each pixel its territory's number) and the outlined ground of the part
    `window` of `view` at `zoom`."""
    from .focus import ZOOMS
    raster = _raster(view, zoom, window)
    if zoom in ZOOMS and window != (0, 0, *view.size):
        # a crop at the posted map's own scale is cut from the posted map's own grounds
        grounds, outlined = _zoomed_grounds(view, zoom) if zoom != 1.0 else (ground(view)[0], _outlined_ground(view))
        left, top = round(window[0] * zoom), round(window[1] * zoom)
        box = (left, top, left + raster.size[0], top + raster.size[1])
        return grounds.crop(box), ground(view)[1], outlined.crop(box)
    grounds, numbers, _ = ground(raster)
    return grounds, numbers, _outlined_ground(raster).copy()


def _draw_view(view: View, zoom: float, layout: Layout, fills: dict, contested: frozenset, colours: dict,
               routed: Sequence, placed: Sequence, window: Window | None = None) -> Image.Image:
    """One view (or its part `window`) of the position, `zoom` times its base size, with the
    turn's arrows and battle markers as laid out (`aa1914_focus.prepared`)."""
    window = window or (0, 0, *view.size)
    shift = (window[0] * zoom, window[1] * zoom)
    grounds, numbers, image = _grounds(view, zoom, window)
    table = np.empty((256, 3), dtype=np.uint8)
    table[:] = SEA
    table[OUTLINE_INDEX] = OUTLINE
    for name, number in numbers.items():
        if not name.startswith("SZ"):
            table[number] = fills.get(name, NEUTRAL)
    image.putpalette(table.tobytes())
    image = image.convert("RGB")
    name_boxes = draw_names(image, view, layout, zoom, shift)
    if contested:
        _hatch(image, grounds, numbers, contested, view, zoom, shift, name_boxes)
    draw = ImageDraw.Draw(image)
    _draw_badges(image, draw, layout.badges, colours, zoom, shift)
    draw_routed(draw, routed, colours, zoom, shift, view.label)
    names_over_arrows(image, view, layout, zoom, [list(arrow.points) for _, arrow in routed], shift)
    draw_battles(draw, placed, zoom, shift)
    return image


def _hatch(image: Image.Image, grounds: Image.Image, numbers: dict, contested: frozenset, view: View, zoom: float,
           shift: tuple[float, float], name_boxes: list) -> None:
    """Contested territories hatched red, their names and IPC values left clear — worked only
    over the contested territories' extent, not the whole map."""
    spans = [extent(view, name) for name in contested if name in numbers]
    if not spans:
        return
    left = max(0, int(min(s[0] for s in spans) * zoom - shift[0]) - 2)
    top = max(0, int(min(s[1] for s in spans) * zoom - shift[1]) - 2)
    right = min(image.size[0], int(max(s[2] for s in spans) * zoom - shift[0]) + 3)
    bottom = min(image.size[1], int(max(s[3] for s in spans) * zoom - shift[1]) + 3)
    if right <= left or bottom <= top:
        return
    hatched = [0] * 256
    for name in contested:
        if name in numbers:
            hatched[numbers[name]] = 255
    size = (right - left, bottom - top)
    mask = ImageChops.multiply(grounds.crop((left, top, right, bottom)).point(hatched),
                               diagonal_hatch(size, max(6, round(8 * zoom))))
    pen = ImageDraw.Draw(mask)
    for box in name_boxes:
        if box[0] < right and left < box[2] and box[1] < bottom and top < box[3]:
            pen.rectangle([box[0] - left, box[1] - top, box[2] - left, box[3] - top], fill=0)
    image.paste(HATCH, (left, top, right, bottom), mask)


@lru_cache(maxsize=512)
def _count_stamp(text: str, size: int) -> tuple[Image.Image, tuple[int, int], float]:
    """A badge's count set once per size as a mask (the same few numbers are on every map):
    the mask, its offset from the point the text is set at (left middle) and its advance."""
    label = font(size)
    left, top, right, bottom = label.getbbox(text, anchor="lm")
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=label, anchor="lm")
    return mask, (left, top), label.getlength(text)


def _draw_badges(image: Image.Image, draw: ImageDraw.ImageDraw, badges: Sequence[Badge], colours: dict,
                 zoom: float, shift: tuple[float, float] = (0.0, 0.0)) -> None:
    icon = round(ICON * zoom)
    sx, sy = shift
    for badge in badges:          # leaders first, so no line crosses a badge
        if badge.leader:
            colour = colours.get(badge.owner, (90, 90, 90))
            centre = ((badge.box[0] + badge.box[2]) / 2 * zoom - sx, (badge.box[1] + badge.box[3]) / 2 * zoom - sy)
            x, y = badge.leader[0] * zoom - sx, badge.leader[1] * zoom - sy
            draw.line([centre, (x, y)], fill=(40, 40, 40), width=max(3, round(3 * zoom)))
            draw.line([centre, (x, y)], fill=colour, width=max(1, round(zoom)))
            r = 3 * zoom
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=(40, 40, 40))
    width, height = image.size
    for badge in badges:
        box = [badge.box[0] * zoom - sx, badge.box[1] * zoom - sy, badge.box[2] * zoom - sx, badge.box[3] * zoom - sy]
        if box[0] > width or box[1] > height or box[2] < 0 or box[3] < 0:
            continue
        colour = colours.get(badge.owner, (90, 90, 90))
        if badge.lost:
            colour = tint(colour, 0.45)
        ink = ink_for(colour)
        draw.rectangle(box, fill=colour, outline=(40, 40, 40), width=max(1, round(zoom)))
        x, y = box[0] + PAD * zoom, box[1] + PAD * zoom
        for kind, count in badge.parts:
            tile = icon_image(kind, icon, ink)
            image.paste(tile, (round(x), round(y)), tile)
            x += icon
            label = count_text(count)
            if label:
                mask, (dx, dy), advance = _count_stamp(label, round(12 * zoom))
                image.paste(ink, (round(x + dx), round(y + icon / 2 + dy)), mask)
                x += advance
            x += 3 * zoom
            if badge.stacked:
                x, y = box[0] + PAD * zoom, y + icon + zoom
        if badge.lost:
            draw_crossed_out(draw, tuple(box), scale=zoom)


# ---------------------------------------------------------------- the whole picture
def map_layout(state: dict, last_orders: Mapping[str, Sequence[str]] | None = None
               ) -> list[tuple[Layout, list, list]]:
    """The layout of each view of the map `render_aa1914` draws (at scale 1): its names, badges,
    arrow paths and battle markers, in the view's own pixels (add `origin(layout.view)`)."""
    ready = prepared(state, last_orders)
    return [(layout, [list(arrow.points) for _, arrow in routed], placed)
            for layout, routed, placed in ready.views.values()]


def inset_boxes() -> list[Box]:
    """The frames of the insets (their titles too), in the picture's pixels at scale 1: a crop of
    action all in one inset stays inside it."""
    return [(v.at[0], v.at[1], v.at[0] + v.size[0] + 2, v.at[1] + v.size[1] + inset_title_height() + 2)
            for v in THEATRE_VIEWS if v.title]


def turn_actions(state: dict, last_orders: Mapping[str, Sequence[str]] | None):
    """The turn's action, for the crops of where it was (render.focus)."""
    from .aa1914_focus import turn_actions as actions
    return actions(state, last_orders)


def render_aa1914(state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                  summary: str = "", palette: str = "standard", scale: float = 1.0,
                  viewport: Box | None = None, as_image: bool = False, crop: bool = False) -> bytes | Image.Image:
    """PNG bytes of the position: the theatre with its insets, then the panel. `scale` draws the
    map that many times larger from the geometry (fonts, icons and lines too), so it stays sharp;
    `viewport` (left, top, right, bottom in the picture's pixels at scale 1, as `place_point`
    gives them) draws only that part, over the same panel. The layout is the same at every scale
    and in every part. `as_image`: the picture itself (the replay encodes its frames itself).
    `crop`: a part read on a phone, under a short caption (its title and the legend of what it
    shows, at most a quarter of its height) instead of the panel."""
    ready = prepared(state, last_orders)
    board, contested = ready.board, ready.contested
    colours = power_colours(palette)
    fills = territory_fills(board, state, contested, palette)
    views = THEATRE_VIEWS
    full = (0.0, 0.0, *(float(v) for v in board_size()))
    left, top, right, bottom = viewport if viewport is not None else full
    left, top = max(0.0, left), max(0.0, top)
    right, bottom = min(full[2], right), min(full[3], bottom)
    if right - left < 1 or bottom - top < 1:
        raise ValueError("the part of the map to draw lies outside it")
    shift = (left * scale, top * scale)
    layouts, parts, seen = [], [], []
    for view in views:
        corner = origin(view)
        window = (max(left, corner[0]) - corner[0], max(top, corner[1]) - corner[1],
                  min(right, corner[0] + view.size[0]) - corner[0], min(bottom, corner[1] + view.size[1]) - corner[1])
        if window[2] - window[0] < 1 or window[3] - window[1] < 1:
            continue
        layout, routed, placed = ready.views[view]
        image = _draw_view(view, scale, layout, fills, contested, colours, routed, placed, window)
        layouts.append(layout)
        if crop:
            seen.append(shown_in(view, window, ready, fills, contested, state.get("control")))
        at = origin(view, scale)
        parts.append((view, image, (round(at[0] + window[0] * scale - shift[0]),
                                    round(at[1] + window[1] * scale - shift[1]))))
    width, height = round((right - left) * scale), round((bottom - top) * scale)
    picture = Image.new("RGB", (width, height), (248, 245, 236))
    for view, image, at in parts:
        if view.title:
            _frame_inset(picture, view, scale, shift)
        picture.paste(image, at)
    key = {"neutral": NEUTRAL, "impassable": IMPASSABLE, "contested": CONTESTED, "hatch": HATCH}
    if crop:
        picture = captioned(picture, label, crop_entries(seen, colours, key, palette))
    else:
        moves, battles = ready.moves, ready.battles
        shown = {"moves": bool(moves), "failed": any(m.failed for m in moves), "battles": bool(battles),
                 "lost": any(b.lost for layout in layouts for b in layout.badges),
                 "all sunk": any(b.outcome == "all sunk" for b in battles)}
        kinds = unit_kinds(state, ready.units)
        # a zoomed part's panel stays phone-sized: larger type than the full map's, in two columns
        lettering = min(scale, 1.6)
        panel = panel_height(state, board, width, lettering, colours, key, shown, kinds, label)
        whole = Image.new("RGB", (width, height + panel), (248, 245, 236))
        whole.paste(picture, (0, 0))
        draw_panel(whole, state, board, label, height, lettering, colours, key, shown, kinds)
        picture = whole
    if as_image:
        return picture
    return encode(picture)


def _frame_inset(picture: Image.Image, view: View, zoom: float, shift: tuple[float, float]) -> None:
    """An inset's frame with its title above it, over the theatre's off-board corner."""
    title = inset_title_height(zoom)
    zoomed = view.zoomed(zoom)
    left, top = zoomed.at[0] - shift[0], zoomed.at[1] - shift[1]
    draw = ImageDraw.Draw(picture)
    draw.rectangle([left, top, left + zoomed.size[0] + 1, top + zoomed.size[1] + title + 1], fill=(248, 245, 236),
                   outline=(90, 80, 70), width=max(1, round(zoom)))
    draw.text((left + 5 * zoom, top + title / 2 + 1), view.title, fill=(40, 34, 28), font=font(round(12 * zoom)),
              anchor="lm")


def register_aa1914_renderer() -> None:
    register_renderer("aa1914", render_aa1914)
