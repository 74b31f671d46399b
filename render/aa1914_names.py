"""The A&A map's printed names: each territory's name and IPC value and each sea zone's number,
set once per view as small masks and stamped on every map (far cheaper than masks the size of the
map); a name moved aside to give a stack room is set at its new place, and a name an arrow runs
across is set again over it on a light rim ("every name visible")."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from .aa1914_geometry import Box, View, name_places, name_text
from .aa1914_layout import Layout
from .aa1914_orders import crossings
from .fonts import font

LAND_INK, SEA_INK = (35, 30, 25), (40, 70, 110)
HALO = (250, 247, 238)          # the rim of a name set over an arrow
Shift = tuple[float, float]     # what a drawing of part of a view subtracts from its zoomed pixels


@lru_cache(maxsize=8)
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


def _placed(view: View, layout: Layout, zoom: float):
    """Every name's (name, corner, mask, ink) where this layout has it."""
    label = font(round(view.label * zoom))
    for name, corner, mask, ink in name_stamps(view, layout.hidden, zoom):
        if name in layout.moved:
            x, y = layout.moved[name]
            mask, corner = stamp(name, (x * zoom, y * zoom), label)
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


def _spans(path, box: Box) -> bool:
    """Whether the path's bounding box meets the name's (a cheap test before sampling it)."""
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    return min(xs) - 3 <= box[2] and box[0] <= max(xs) + 3 and min(ys) - 3 <= box[3] and box[1] <= max(ys) + 3


def names_over_arrows(image: Image.Image, view: View, layout: Layout, zoom: float, paths,
                      shift: Shift = (0.0, 0.0)) -> None:
    """Names an arrow runs across set again over it on a light rim: the arrow reads as passing
    under the name, and the name stays readable."""
    if not paths:
        return
    crossed = {name for name, box in layout.names.items() if any(crossings(path, [box]) for path in paths
                                                                 if _spans(path, box))}
    for name, (x, y), mask, ink in _placed(view, layout, zoom):
        if name in crossed:
            x, y = round(x - shift[0]), round(y - shift[1])
            area = (x, y, x + mask.size[0], y + mask.size[1])
            image.paste(HALO, area, mask.filter(ImageFilter.MaxFilter(3)))
            image.paste(ink, area, mask)
