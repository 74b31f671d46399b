"""The A&A map's printed names: each territory's name and IPC value and each sea zone's number,
set once per view as small masks and stamped on every map (far cheaper than masks the size of the
map); a name moved aside to give a stack room is set at its new place, and a name an arrow runs
across is set again over it on a light rim ("every name visible")."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from .aa1914_geometry import Box, View, name_places, name_text
from .aa1914_layout import Layout
from .aa1914_routes import samples
from .fonts import font

LAND_INK, SEA_INK = (35, 30, 25), (40, 70, 110)
HALO = (250, 247, 238)          # the rim of a name set over an arrow
Shift = tuple[float, float]     # what a drawing of part of a view subtracts from its zoomed pixels


@lru_cache(maxsize=16)     # the three views at the posted map's scale and each crop scale (render.focus.ZOOMS)
def name_stamps(view: View, hidden: tuple[Box, ...], zoom: float) -> list:
    """(name, top-left corner in the zoomed view, mask, ink) of each printed name."""
    label = font(round(view.label * zoom))
    stamps = []
    for name, ((x, y), _) in name_places(view, hidden).items():
        mask, corner = stamp(name, (x * zoom, y * zoom), label)
        stamps.append((name, corner, mask, SEA_INK if name.startswith("SZ") else LAND_INK))
    return stamps


def stamp(name: str, point: tuple[float, float], label) -> tuple[Image.Image, tuple[int, int]]:
    """A name set at `point` as a mask just its size, and the mask's top-left corner on the map."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.multiline_textbbox(point, name_text(name), font=label, anchor="mm",
                                                        align="center", spacing=1)
    corner = (int(left) - 1, int(top) - 1)
    mask = Image.new("L", (int(right) - corner[0] + 2, int(bottom) - corner[1] + 2), 0)
    ImageDraw.Draw(mask).multiline_text((point[0] - corner[0], point[1] - corner[1]), name_text(name), fill=255,
                                        font=label, anchor="mm", align="center", spacing=1)
    return mask, corner


@lru_cache(maxsize=1024)
def _moved_stamp(name: str, point: tuple[float, float], size: int) -> tuple[Image.Image, tuple[int, int]]:
    """A name moved aside for a stack, set once per place and size (the same stacks move the
    same names on map after map, and on the crops of the turn)."""
    return stamp(name, point, font(size))


def _placed(view: View, layout: Layout, zoom: float):
    """Every name's (name, corner, mask, ink) where this layout has it."""
    size = round(view.label * zoom)
    for name, corner, mask, ink in name_stamps(view, layout.hidden, zoom):
        if name in layout.moved:
            x, y = layout.moved[name]
            mask, corner = _moved_stamp(name, (x * zoom, y * zoom), size)
        yield name, corner, mask, ink


def draw_names(image: Image.Image, view: View, layout: Layout, zoom: float,
               shift: Shift = (0.0, 0.0)) -> list[tuple[int, int, int, int]]:
    """Stamp the names; returns their boxes on the picture (the contested hatching leaves them clear)."""
    boxes = []
    width, height = image.size
    for _, (x, y), mask, ink in _placed(view, layout, zoom):
        x, y = round(x - shift[0]), round(y - shift[1])
        if x > width or y > height or x + mask.size[0] < 0 or y + mask.size[1] < 0:
            continue
        image.paste(ink, (x, y, x + mask.size[0], y + mask.size[1]), mask)
        boxes.append((x - 2, y - 1, x + mask.size[0] + 2, y + mask.size[1] + 1))
    return boxes


def crossed_names(layout: Layout, paths) -> set[str]:
    """The names an arrow runs across (`crossings`: a point of the path, sampled every 3 px,
    within 2 px of the name's box) — each path sampled once and tested against every name at once."""
    names = list(layout.names.items())
    if not names:
        return set()
    boxes = np.asarray([box for _, box in names], dtype=float).reshape(-1, 4) + (-2.0, -2.0, 2.0, 2.0)
    hit = np.zeros(len(names), dtype=bool)
    for path in paths:
        if len(path) < 2:
            continue
        at = samples(path)
        low, high = at.min(axis=0) - 1, at.max(axis=0) + 1     # near the path (a pixel's slack for rounding)
        near = np.flatnonzero(~hit & (boxes[:, 0] <= high[0]) & (low[0] <= boxes[:, 2])
                              & (boxes[:, 1] <= high[1]) & (low[1] <= boxes[:, 3]))
        if not len(near):
            continue
        box = boxes[near]
        inside = ((at[:, None, 0] >= box[None, :, 0]) & (at[:, None, 0] <= box[None, :, 2])
                  & (at[:, None, 1] >= box[None, :, 1]) & (at[:, None, 1] <= box[None, :, 3]))
        hit[near[inside.any(axis=0)]] = True
    return {names[index][0] for index in np.flatnonzero(hit)}


def names_over_arrows(image: Image.Image, view: View, layout: Layout, zoom: float, paths,
                      shift: Shift = (0.0, 0.0)) -> None:
    """Names an arrow runs across set again over it on a light rim: the arrow reads as passing
    under the name, and the name stays readable."""
    if not paths:
        return
    crossed = crossed_names(layout, paths)
    for name, (x, y), mask, ink in _placed(view, layout, zoom):
        if name in crossed:
            x, y = round(x - shift[0]), round(y - shift[1])
            area = (x, y, x + mask.size[0], y + mask.size[1])
            image.paste(HALO, area, mask.filter(ImageFilter.MaxFilter(3)))
            image.paste(ink, area, mask)
