"""Where things sit on the standard Diplomacy board: the view a map is drawn in (scale, viewport),
and the boxes of names, units, dislodged units and supply centres — one set of sizes that
tools/layout_diplomacy.py lays the board out with and the renderer draws with, so "no piece on
a name" holds for what is drawn.

Board points are in the source units of render/data/diplomacy_standard.json; `View` turns them
into pixels. At scale 1.0 one source unit is `BASE` (0.75) pixels.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from PIL import Image, ImageDraw

from .fonts import font
from .overlay import Box, Point

DATA = Path(__file__).parent / "data" / "diplomacy_standard.json"
BASE = 0.75                      # pixels per source unit at scale 1.0

# sizes in source units (× BASE × scale = pixels)
LABEL_PX = 12                    # a province name's font, in pixels at scale 1.0
COAST_PX = 11                    # a coast's mark ("nc", "sc", "ec")
ARMY_R = 14.0                    # an army's disc
FLEET_W, FLEET_TOP, FLEET_BOTTOM = 19.0, 8.0, 11.0
UNIT_HALF = (19.0, 14.0)         # the box layout keeps free for any unit
DISLODGED = 0.85                 # a dislodged unit is drawn this much smaller
CENTRE_R = 6.5                   # a supply centre's dot
COAST_NAMES = {"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc"}
# rx07 rule 3: "Fleets may pass directly between the Baltic Sea and the Skagerrak." — drawn as a
# channel across Denmark, by variant: (sea, board point) at each end.
PASSAGES = {"rx07": ((("ska", (738.0, 552.0)), ("bal", (812.0, 612.0))),)}


@lru_cache(maxsize=1)
def board_data() -> dict:
    return json.loads(DATA.read_text())


@dataclass(frozen=True)
class View:
    """The part of the board an image shows and at what size: `scale` 1.0 is the normal map,
    2.0 a sharp map twice as large; `left`/`top` (source units) the board point at the image's
    top-left corner; `width`/`height` the image's pixels."""
    scale: float
    left: float
    top: float
    width: int
    height: int

    @property
    def px(self) -> float:
        """Pixels per source unit."""
        return BASE * self.scale

    def xy(self, point: Sequence[float]) -> tuple[float, float]:
        return (point[0] - self.left) * self.px, (point[1] - self.top) * self.px

    def box(self, box: Box) -> Box:
        (x0, y0), (x1, y1) = self.xy(box[:2]), self.xy(box[2:])
        return x0, y0, x1, y1


def view_for(scale: float = 1.0, viewport: Box | None = None) -> View:
    """The view of the whole board at `scale`, or of `viewport` — a box in the map's pixels at
    scale 1.0 (the units of `board_size()` and `place_point()`), clipped to the board."""
    if scale <= 0 or scale > 8:
        raise ValueError(f"a map scale must be above 0 and at most 8, not {scale}")
    width, height = board_data()["size"]
    if viewport is None:
        return View(scale, 0.0, 0.0, round(width * BASE * scale), round(height * BASE * scale))
    left, top, right, bottom = (v / BASE for v in viewport)
    left, top = max(0.0, min(left, width)), max(0.0, min(top, height))
    right, bottom = max(left + 1, min(right, width)), max(top + 1, min(bottom, height))
    return View(scale, left, top, round((right - left) * BASE * scale), round((bottom - top) * BASE * scale))


# ---------------------------------------------------------------- boxes in source units
def label_text(province: str) -> str:
    return province.capitalize()


@lru_cache(maxsize=128)
def _text_half(text: str, pixels: int) -> tuple[float, float]:
    left, top, right, bottom = font(pixels * 4).getbbox(text, anchor="mm")
    return max(-left, right) / 4 / BASE + 1.5, max(-top, bottom) / 4 / BASE + 1.0


def label_box(province: str, point: Point | None = None) -> Box:
    """The box a province's name takes, centred on its label point."""
    x, y = point if point is not None else board_data()["labels"][province]
    half_w, half_h = _text_half(label_text(province), LABEL_PX)
    return x - half_w, y - half_h, x + half_w, y + half_h


def coast_box(coast: str, point: Point) -> Box:
    half_w, half_h = _text_half(COAST_NAMES[coast], COAST_PX)
    return point[0] - half_w, point[1] - half_h, point[0] + half_w, point[1] + half_h


def unit_box(point: Point, dislodged: bool = False) -> Box:
    k = DISLODGED if dislodged else 1.0
    half_w, half_h = UNIT_HALF[0] * k, UNIT_HALF[1] * k
    return point[0] - half_w, point[1] - half_h, point[0] + half_w, point[1] + half_h


def centre_box(point: Point) -> Box:
    r = CENTRE_R + 1
    return point[0] - r, point[1] - r, point[0] + r, point[1] + r


def unit_point(loc: str, dislodged: bool = False) -> Point | None:
    """Where a unit at `loc` (a province or a coast) is drawn; a dislodged one touching its
    province's own spot (`dislodged_spots`), under the unit that took its place."""
    data = board_data()
    if dislodged:
        return dislodged_spots().get(loc.split("/")[0])
    point = data["units"].get(loc) or data["units"].get(loc.split("/")[0])
    return tuple(point) if point else None


# where a dislodged unit may stand against its province's unit spot (source units): touching it,
# up and to the right first (a counter stacked on the board), so it is read as standing in its
# own province — a spot a unit's width away was read as the neighbour's (A Mun beside Ruhr)
STACKED = tuple((sx * 20.0 * reach, sy * 15.0 * reach) for sx, sy in ((1, -1), (-1, -1), (1, 1), (-1, 1), (1, 0),
                                                                     (-1, 0), (0, -1), (0, 1))
                for reach in (1.0, 1.15, 1.3))


@lru_cache(maxsize=1)
def dislodged_spots() -> dict[str, Point]:
    """Each province's dislodged spot: of the `STACKED` places against its unit spot, the first
    clear of every name, centre, coast mark, other province's unit spot and dislodged spot placed
    before it, and as much inside the province as any (worked out once, from the board data)."""
    import numpy as np
    data = board_data()
    fixed = [label_box(p, tuple(pt)) for p, pt in data["labels"].items()]
    fixed += [centre_box(tuple(pt)) for pt in data["supply_centres"].values()]
    fixed += [coast_box(loc.split("/")[1], tuple(pt)) for loc, pt in data.get("coast_labels", {}).items()]
    spots: dict[str, Point] = {}
    for province in sorted({loc.split("/")[0] for loc in data["units"]}):
        home = tuple(data["units"][province])
        others = [unit_box(tuple(pt)) for loc, pt in data["units"].items() if loc.split("/")[0] != province]
        others += [unit_box(pt, True) for pt in spots.values()]
        taken = np.array(fixed + others, dtype=float)
        points = [(home[0] + dx, home[1] + dy) for dx, dy in STACKED]
        boxes = np.array([unit_box(p, True) for p in points], dtype=float)
        clash = ((boxes[:, None, 0] < taken[None, :, 2]) & (taken[None, :, 0] < boxes[:, None, 2])
                 & (boxes[:, None, 1] < taken[None, :, 3]) & (taken[None, :, 1] < boxes[:, None, 3])).sum(axis=1)
        inside = [share_inside(province, tuple(box)) for box in boxes]
        # nearer its own spot than any other province's, so it is not read as the neighbour's
        spots_of_others = np.array([pt for loc, pt in data["units"].items() if loc.split("/")[0] != province],
                                   dtype=float)
        nearest = [float(np.hypot(*(spots_of_others - p).T).min()) for p in points]
        own = [float(np.hypot(p[0] - home[0], p[1] - home[1])) for p in points]
        score = [10 * c + 5 * (1 - share) + 3 * (d >= 0.7 * n) + 0.01 * i
                 for i, (c, share, d, n) in enumerate(zip(clash, inside, own, nearest))]
        spots[province] = points[int(np.argmin(score))]
    return spots


def all_boxes() -> dict[str, list[tuple[str, Box]]]:
    """Every laid-out box of the board by kind: labels, units (each province's and coast's spot),
    dislodged spots, centres and coast marks — what the layout tests check for overlaps."""
    data = board_data()
    return {
        "label": [(p, label_box(p, tuple(pt))) for p, pt in data["labels"].items()],
        "unit": [(loc, unit_box(tuple(pt))) for loc, pt in data["units"].items()],
        "dislodged": [(p, unit_box(pt, True)) for p, pt in dislodged_spots().items()],
        "centre": [(p, centre_box(tuple(pt))) for p, pt in data["supply_centres"].items()],
        "coast": [(loc, coast_box(loc.split("/")[1], tuple(pt))) for loc, pt in data.get("coast_labels", {}).items()],
    }


@lru_cache(maxsize=1)
def province_raster() -> tuple[Image.Image, dict[str, int]]:
    """The board at one pixel per source unit, each pixel valued by the province painted there
    (0: none, 250: sea or land off the board), in the order the renderer paints the shapes; and
    the value of each province."""
    data = board_data()
    index: dict[str, int] = {}
    raster = Image.new("L", tuple(data["size"]), 0)
    pen = ImageDraw.Draw(raster)
    for shape in data["shapes"]:
        name = shape["province"]
        value = index.setdefault(name, len(index) + 1) if name else 250
        for ring in shape["rings"]:
            pen.polygon([tuple(p) for p in ring], fill=value)
    return raster, index


def share_inside(province: str, box: Box) -> float:
    """The share of `box` (source units) that lies in `province`."""
    raster, index = province_raster()
    left, top, right, bottom = (round(v) for v in box)
    if left < 0 or top < 0 or right > raster.size[0] or bottom > raster.size[1] or right <= left or bottom <= top:
        return 0.0
    return raster.crop((left, top, right, bottom)).histogram()[index[province]] / ((right - left) * (bottom - top))


