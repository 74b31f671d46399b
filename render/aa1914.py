"""The Axis & Allies 1914 map drawn with Pillow from the TripleA outlines: territories in their
controller's colour, contested ones hatched red, each power's units as a badge of drawn icons,
the turn just played (arrows, battles with their outcome, units destroyed), and the power panel
with its legend. Everything comes from the state; nothing here decides a rule.

The posted map is the European theatre with the Americas and Africa as insets (issue 27:
"Europe and the Near East most of the picture"); `scale` draws it larger from the geometry, for
sharp zoomed crops (a place's name stands at `scale` × `place_point(place)`)."""
from __future__ import annotations

import io
from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.aa1914.model import GameState

from .aa1914_geometry import (THEATRE_VIEWS, Box, View, art, board_size, covered, ground, inset_title_height,
                              members, name_places, name_text, origin, place_point)
from .aa1914_layout import (ABBREVIATIONS, ICON, PAD, Badge, Layout, count_text, drawn_kind, layout_view,
                            overlaps)
from .aa1914_orders import (Battle, Move, battles_of_phase, crossings, draw_battles, draw_moves, moves_of,
                            place_battles)
from .aa1914_panel import draw_panel, legend_text, panel_height, unit_kinds
from .fonts import font
from .overlay import draw_crossed_out
from .palettes import colours_in, ink_for, tint
from .patterns import diagonal_hatch
from .registry import register_renderer
from .unit_icons import icon_image

__all__ = ["render_aa1914", "map_layout", "power_colours", "land_colours", "POWER_COLOURS", "SEA", "NEUTRAL",
           "ABBREVIATIONS", "legend_text", "unit_kinds", "drawn_kind", "place_point", "board_size", "name_text",
           "Badge", "overlaps"]

SEA = (168, 200, 224)
NEUTRAL = (230, 224, 206)
IMPASSABLE = (200, 196, 198)
CONTESTED = (235, 215, 215)
HATCH = (200, 0, 0)
OUTLINE = (60, 60, 60)
LAND_INK, SEA_INK = (35, 30, 25), (40, 70, 110)
HALO = (250, 247, 238)          # the rim of a name set over an arrow
# Map colours after the TripleA map's (map.properties), moved apart where two were alike (issue 27:
# any two powers, and each power's land against the sea, at least ΔE 20 apart): Germany darker,
# France bluer, the United States olive, Spain purple (it was a second orange beside Italy's).
POWER_COLOURS = {
    "Austria-Hungary": (0, 102, 0), "Russia": (110, 0, 0), "Germany": (60, 60, 66), "France": (20, 55, 140),
    "British Empire": (175, 165, 40), "Ottoman Empire": (0, 115, 105), "Italy": (190, 80, 0),
    "United States": (90, 100, 30), "Spain": (150, 50, 130), "Neutral": (150, 125, 95),
}
# Okabe & Ito's colours, chosen per power so that no power's land reads as the sea: sky blue only
# for the rare neutral army (it owns no land), black for Germany.
COLOUR_BLIND = {
    "Austria-Hungary": (0, 158, 115), "Russia": (213, 94, 0), "Germany": (0, 0, 0), "France": (0, 114, 178),
    "British Empire": (240, 228, 66), "Ottoman Empire": (204, 121, 167), "Italy": (230, 159, 0),
    "United States": (160, 110, 60), "Spain": (120, 120, 120), "Neutral": (86, 180, 233),
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


@lru_cache(maxsize=6)
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


@lru_cache(maxsize=8)
def _name_stamps(view: View, hidden: tuple[Box, ...], zoom: float) -> tuple[list, Image.Image]:
    """Each printed name as a small mask with its place and ink, set once per view (a map stamps
    them one by one: far cheaper than masks the size of the map), and the mask of the map minus
    the names' boxes (the contested hatching leaves them clear)."""
    drawn = view.zoomed(zoom)
    clear = Image.new("L", drawn.size, 255)
    clear_pen = ImageDraw.Draw(clear)
    label = font(round(view.label * zoom))
    stamps = []
    for name, ((x, y), _) in name_places(view, hidden).items():
        mask, corner = _stamp(name, (x * zoom, y * zoom), label)
        stamps.append((name, corner, mask, SEA_INK if name.startswith("SZ") else LAND_INK))
        clear_pen.rectangle([corner[0] - 2, corner[1] - 1, corner[0] + mask.size[0] + 2,
                             corner[1] + mask.size[1] + 1], fill=0)
    return stamps, clear


def _stamp(name: str, point: tuple[float, float], label) -> tuple[Image.Image, tuple[int, int]]:
    """A name set at `point` as a mask just its size, and the mask's top-left corner on the map."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.multiline_textbbox(point, name_text(name), font=label, anchor="mm",
                                                        align="center", spacing=1)
    corner = (int(left) - 1, int(top) - 1)
    mask = Image.new("L", (int(right) - corner[0] + 2, int(bottom) - corner[1] + 2), 0)
    ImageDraw.Draw(mask).multiline_text((point[0] - corner[0], point[1] - corner[1]), name_text(name), fill=255,
                                        font=label, anchor="mm", align="center", spacing=1)
    return mask, corner


def _draw_names(image: Image.Image, view: View, layout: Layout, zoom: float) -> Image.Image:
    """Stamp the names (those this layout moved aside, to give a stack room, at their new place);
    returns the mask the contested hatching may cover."""
    stamps, clear = _name_stamps(view, layout.hidden, zoom)
    for name, (x, y), mask, ink in stamps:
        if name not in layout.moved:
            image.paste(ink, (x, y, x + mask.size[0], y + mask.size[1]), mask)
    if not layout.moved:
        return clear
    clear = clear.copy()
    pen = ImageDraw.Draw(clear)
    label = font(round(view.label * zoom))
    old = {name: (corner, mask) for name, corner, mask, _ in stamps}
    for name, (x, y) in layout.moved.items():
        (ox, oy), was = old[name]
        pen.rectangle([ox - 2, oy - 1, ox + was.size[0] + 2, oy + was.size[1] + 1], fill=255)
        mask, (cx, cy) = _stamp(name, (x * zoom, y * zoom), label)
        image.paste(SEA_INK if name.startswith("SZ") else LAND_INK, (cx, cy, cx + mask.size[0], cy + mask.size[1]),
                    mask)
        pen.rectangle([cx - 2, cy - 1, cx + mask.size[0] + 2, cy + mask.size[1] + 1], fill=0)
    return clear


def _names_over_arrows(image: Image.Image, view: View, layout: Layout, zoom: float, paths) -> None:
    """Names an arrow runs across are set again over it on a light rim, so every name stays
    readable (issue 27: "every name visible") while the arrow reads as passing under it."""
    if not paths:
        return
    stamps, _ = _name_stamps(view, layout.hidden, zoom)
    label = font(round(view.label * zoom))
    for name, box in layout.names.items():
        if not any(crossings(path, [box]) for path in paths):
            continue
        if name in layout.moved:
            x, y = layout.moved[name]
            mask, corner = _stamp(name, (x * zoom, y * zoom), label)
        else:
            _, corner, mask, _ = next(stamp for stamp in stamps if stamp[0] == name)
        area = (corner[0], corner[1], corner[0] + mask.size[0], corner[1] + mask.size[1])
        image.paste(HALO, area, mask.filter(ImageFilter.MaxFilter(3)))
        image.paste(SEA_INK if name.startswith("SZ") else LAND_INK, area, mask)


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


def _draw_view(view: View, zoom: float, layout: Layout, fills: dict, contested: frozenset, colours: dict,
               moves: Sequence[Move], battles: Sequence[Battle]) -> tuple[Image.Image, list, list]:
    drawn = view.zoomed(zoom)
    grounds, numbers, _ = ground(drawn)
    table = np.empty((256, 3), dtype=np.uint8)
    table[:] = SEA
    table[OUTLINE_INDEX] = OUTLINE
    for name, number in numbers.items():
        if not name.startswith("SZ"):
            table[number] = fills.get(name, NEUTRAL)
    image = _outlined_ground(drawn).copy()
    image.putpalette(table.tobytes())
    image = image.convert("RGB")
    mask = None
    if contested:
        hatched = [0] * 256
        for name in contested:
            if name in numbers:
                hatched[numbers[name]] = 255
        mask = grounds.point(hatched)
    clear = _draw_names(image, view, layout, zoom)
    if mask is not None:
        hatch = ImageChops.multiply(mask, diagonal_hatch(image.size, max(6, round(8 * zoom))))
        image.paste(HATCH, mask=ImageChops.multiply(hatch, clear))
    draw = ImageDraw.Draw(image)
    _draw_badges(image, draw, layout.badges, colours, zoom)
    paths = draw_moves(draw, layout, moves, colours, zoom)
    _names_over_arrows(image, view, layout, zoom, paths)
    placed = place_battles(layout, battles)
    draw_battles(draw, placed, zoom)
    return image, paths, placed


def _draw_badges(image: Image.Image, draw: ImageDraw.ImageDraw, badges: Sequence[Badge], colours: dict,
                 zoom: float) -> None:
    small = font(round(12 * zoom))
    icon = round(ICON * zoom)
    for badge in badges:          # leaders first, so no line crosses a badge
        if badge.leader:
            colour = colours.get(badge.owner, (90, 90, 90))
            centre = ((badge.box[0] + badge.box[2]) / 2 * zoom, (badge.box[1] + badge.box[3]) / 2 * zoom)
            x, y = badge.leader[0] * zoom, badge.leader[1] * zoom
            draw.line([centre, (x, y)], fill=(40, 40, 40), width=max(3, round(3 * zoom)))
            draw.line([centre, (x, y)], fill=colour, width=max(1, round(zoom)))
            r = 3 * zoom
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=(40, 40, 40))
    for badge in badges:
        colour = colours.get(badge.owner, (90, 90, 90))
        if badge.lost:
            colour = tint(colour, 0.45)
        ink = ink_for(colour)
        box = [v * zoom for v in badge.box]
        draw.rectangle(box, fill=colour, outline=(40, 40, 40), width=max(1, round(zoom)))
        x, y = box[0] + PAD * zoom, box[1] + PAD * zoom
        for kind, count in badge.parts:
            tile = icon_image(kind, icon, ink)
            image.paste(tile, (round(x), round(y)), tile)
            x += icon
            label = count_text(count)
            if label:
                draw.text((x, y + icon / 2), label, fill=ink, font=small, anchor="lm")
                x += draw.textlength(label, font=small)
            x += 3 * zoom
            if badge.stacked:
                x, y = box[0] + PAD * zoom, y + icon + zoom
        if badge.lost:
            draw_crossed_out(draw, tuple(box), scale=zoom)


# ---------------------------------------------------------------- the whole picture
def map_layout(state: dict, last_orders: Mapping[str, Sequence[str]] | None = None
               ) -> list[tuple[Layout, list, list]]:
    """The layout of each view of the map `render_aa1914` draws (at scale 1): its names, badges,
    arrow paths and battle markers, in the view's own pixels (add `layout.view.at`)."""
    out = []
    board, contested, moves, battles = _position(state, last_orders)
    views = THEATRE_VIEWS
    owned = members(views)
    units = GameState.from_json(state).units
    for view in views:
        layout = layout_view(state, view, owned[view], tuple(covered(view, views)), units)
        image = Image.new("RGB", (1, 1))
        paths = draw_moves(ImageDraw.Draw(image), layout, moves, power_colours())
        placed = place_battles(layout, battles)
        out.append((layout, paths, placed))
    return out


def _position(state: dict, last_orders):
    from engine.aa1914.board import board_for
    from engine.aa1914.state import contested_territories
    board = board_for(state.get("options", {}), state.get("italy", {}).get("status"))
    contested = frozenset(contested_territories(board, state))
    moves = moves_of(board, last_orders, state.get("failed_orders", ()))
    return board, contested, moves, battles_of_phase(board, state)


def render_aa1914(state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                  summary: str = "", palette: str = "standard", scale: float = 1.0, as_image: bool = False) -> bytes:
    """PNG bytes of the position: the theatre with its insets, then the panel. `scale` draws the
    map that many times larger from the geometry (fonts, icons and lines too), so a crop of it
    stays sharp; the layout is the same at every scale."""
    board, contested, moves, battles = _position(state, last_orders)
    colours = power_colours(palette)
    fills = territory_fills(board, state, contested, palette)
    views = THEATRE_VIEWS
    owned = members(views)
    main = views[0].zoomed(scale)
    layouts = []
    parts = []
    units = GameState.from_json(state).units
    for view in views:
        layout = layout_view(state, view, owned[view], tuple(covered(view, views)), units)
        image, paths, placed = _draw_view(view, scale, layout, fills, contested, colours, moves, battles)
        layouts.append(layout)
        parts.append((view, image))
    width = main.size[0]
    shown = {"moves": bool(moves), "failed": any(m.failed for m in moves), "battles": bool(battles),
             "lost": any(b.lost for layout in layouts for b in layout.badges)}
    key = {"neutral": NEUTRAL, "impassable": IMPASSABLE, "contested": CONTESTED, "hatch": HATCH}
    kinds = unit_kinds(state, units)
    panel = panel_height(state, board, width, scale, colours, key, shown, kinds)
    picture = Image.new("RGB", (width, main.size[1] + panel), (248, 245, 236))
    for view, image in parts:
        if view.title:
            _paste_inset(picture, view, image, scale)
        else:
            picture.paste(image, origin(view, scale))
    draw_panel(picture, state, board, label, main.size[1], scale, colours, key, shown, kinds)
    if as_image:                 # the replay encodes its frames itself (render.replay)
        return picture
    out = io.BytesIO()
    picture.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _paste_inset(picture: Image.Image, view: View, image: Image.Image, zoom: float) -> None:
    """An inset with its title above it, framed, over the theatre's off-board corner."""
    title = inset_title_height(zoom)
    left, top = view.zoomed(zoom).at
    draw = ImageDraw.Draw(picture)
    draw.rectangle([left, top, left + image.size[0] + 1, top + image.size[1] + title + 1], fill=(248, 245, 236),
                   outline=(90, 80, 70), width=max(1, round(zoom)))
    draw.text((left + 5 * zoom, top + title / 2 + 1), view.title, fill=(40, 34, 28), font=font(round(12 * zoom)),
              anchor="lm")
    picture.paste(image, origin(view, zoom))


def register_aa1914_renderer() -> None:
    register_renderer("aa1914", render_aa1914)
