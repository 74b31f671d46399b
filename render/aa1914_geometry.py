"""Where things are on the A&A 1914 map: the TripleA outlines (3200 × 3200 source pixels), the
views a map is drawn in (the European theatre with the Americas and Africa as insets, or any box
of the board for a region), and per view "which ground is this pixel", territory extents and
the boxes of the printed names. Nothing here draws a position; nothing here decides a rule.

A view is laid out at its own base scale (`View.scale`) and may be drawn larger (`zoom`): every
size on the map — outlines, fonts, icons — grows with the zoom, so a zoomed map is the same map,
only sharper ("region maps drawn at their own scale from the map geometry").
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from .fonts import font

DATA = Path(__file__).parent / "data" / "aa1914.json"
Box = tuple[float, float, float, float]
Point = tuple[float, float]
LABEL_SIZE = 11          # territory names, in px at a view's base scale


@lru_cache(maxsize=1)
def art() -> dict:
    return json.loads(DATA.read_text())


@dataclass(frozen=True)
class View:
    """A part of the board (`box`, in source pixels) drawn at `scale` output px per source px,
    its top-left corner at `at` in the picture. `title` names an inset."""
    box: Box
    scale: float
    at: tuple[int, int] = (0, 0)
    title: str = ""
    label: int = LABEL_SIZE      # the names' font size in px at the base scale

    @property
    def size(self) -> tuple[int, int]:
        return (math.ceil((self.box[2] - self.box[0]) * self.scale),
                math.ceil((self.box[3] - self.box[1]) * self.scale))

    def point(self, x: float, y: float) -> Point:
        """A source point in this view's own pixels."""
        return (x - self.box[0]) * self.scale, (y - self.box[1]) * self.scale

    def contains(self, x: float, y: float) -> bool:
        return self.box[0] <= x < self.box[2] and self.box[1] <= y < self.box[3]

    def zoomed(self, zoom: float) -> "View":
        return View(self.box, self.scale * zoom, (round(self.at[0] * zoom), round(self.at[1] * zoom)), self.title,
                    self.label)


# The posted map ("Europe and the Near East most of the picture"): the theatre from the
# Atlantic to Persia and from the North Cape to the Sahara, 1.5 times the old whole-board scale;
# the Americas and Africa south of the Sahara as insets in the theatre's corners, which lie off
# the board (the board is a diamond).
THEATRE = View((650, 90, 3000, 2330), 0.6)
AMERICAS = View((0, 1090, 620, 2000), 0.32, (0, 0), "The Americas", 9)
AFRICA = View((780, 2330, 2420, 3120), 0.31, (1410 - 511, 0), "Africa", 8)
THEATRE_VIEWS = (THEATRE, AMERICAS, AFRICA)


@lru_cache(maxsize=4)
def members(views: tuple[View, ...]) -> dict[View, frozenset[str]]:
    """Which view shows each territory's units: the first whose box holds its name's point."""
    owned: dict[View, set[str]] = {view: set() for view in views}
    for name, (x, y) in art()["centres"].items():
        if name not in art()["shapes"]:
            continue
        view = next((v for v in views if v.contains(x, y)), None)
        if view is not None:
            owned[view].add(name)
    return {view: frozenset(names) for view, names in owned.items()}


def covered(view: View, views: tuple[View, ...]) -> list[Box]:
    """The parts of `view` (its own pixels) that insets drawn over it hide, frames and titles too."""
    if view is not views[0]:
        return []
    return [(v.at[0] - view.at[0], v.at[1] - view.at[1], v.at[0] - view.at[0] + v.size[0] + 2,
             v.at[1] - view.at[1] + v.size[1] + inset_title_height() + 2) for v in views[1:]]


def inset_title_height(zoom: float = 1.0) -> int:
    return round(16 * zoom)


def origin(view: View, zoom: float = 1.0) -> tuple[int, int]:
    """Where the view's own pixel (0, 0) lies in the picture: an inset sits in a frame under its title."""
    zoomed = view.zoomed(zoom)
    if not view.title:
        return zoomed.at
    return zoomed.at[0] + 1, zoomed.at[1] + inset_title_height(zoom)


# ---------------------------------------------------------------- which ground is this pixel
GROUNDS = 16     # the three views at their base scale and at the crops' three larger scales (12), and a
                 # few regions: fewer, and each crop's scale pushed the posted map's own views out (0.1 s
                 # each to paint again)


@lru_cache(maxsize=GROUNDS)
def ground(view: View) -> tuple[Image.Image, dict[str, int], dict[int, int]]:
    """Every territory and sea zone painted with its own number (land over sea, as the map draws
    them; 0 off the board), its numbers, and each number's area in pixels."""
    data = art()
    image = Image.new("L", view.size, 0)
    draw = ImageDraw.Draw(image)
    numbers = {}
    names = sorted(data["shapes"], key=lambda n: (not n.startswith("SZ"), n))
    for number, name in enumerate(names, start=1):
        numbers[name] = number
        for ring in data["shapes"][name]:
            draw.polygon([view.point(x, y) for x, y in ring], fill=number)
    counts = np.bincount(np.asarray(image).ravel(), minlength=256)
    return image, numbers, {value: int(n) for value, n in enumerate(counts) if n}


@lru_cache(maxsize=6)
def ground_array(view: View) -> np.ndarray:
    return np.asarray(ground(view)[0])


@lru_cache(maxsize=6)
def ground_pixels(view: View):
    return ground(view)[0].load()


def on_ground(view: View, where: str, x: float, y: float) -> bool:
    """Whether the view's pixel (x, y) lies on this territory or sea zone."""
    image, numbers, _ = ground(view)
    if not (0 <= x < image.size[0] and 0 <= y < image.size[1]):
        return False
    return ground_pixels(view)[int(x), int(y)] == numbers.get(where, -1)


@lru_cache(maxsize=1024)
def _off_ground_table(view: View, where: str) -> tuple[int, int, np.ndarray]:
    """A summed-area table of the pixels of `where`'s extent that are not its ground (so "is
    this box wholly on its ground" is four lookups), with the extent's top-left corner."""
    image, numbers, _ = ground(view)
    left, top, right, bottom = extent(view, where)
    left, top = max(0, int(left)), max(0, int(top))
    right, bottom = min(image.size[0], int(right) + 2), min(image.size[1], int(bottom) + 2)
    off = ground_array(view)[top:bottom, left:right] != numbers.get(where, -1)
    table = np.zeros((off.shape[0] + 1, off.shape[1] + 1), dtype=np.int32)
    table[1:, 1:] = off.cumsum(0).cumsum(1)
    return left, top, table


def on_own_ground(view: View, where: str, boxes: np.ndarray, margin: float = 1.0) -> np.ndarray:
    """For each box (rows of left, top, right, bottom), whether it and `margin` px around it lie
    wholly on `where`'s ground — every pixel, so no box touches a border."""
    if not area(view, where) or not len(boxes):
        return np.zeros(len(boxes), dtype=bool)
    left, top, table = _off_ground_table(view, where)
    height, width = table.shape[0] - 1, table.shape[1] - 1
    x0 = np.floor(boxes[:, 0] - margin).astype(int) - left
    y0 = np.floor(boxes[:, 1] - margin).astype(int) - top
    x1 = np.ceil(boxes[:, 2] + margin).astype(int) - left
    y1 = np.ceil(boxes[:, 3] + margin).astype(int) - top
    valid = (x0 >= 0) & (y0 >= 0) & (x1 <= width) & (y1 <= height)
    x0, x1 = np.clip(x0, 0, width), np.clip(x1, 0, width)
    y0, y1 = np.clip(y0, 0, height), np.clip(y1, 0, height)
    off = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
    return valid & (off == 0)


def area(view: View, where: str) -> int:
    """A territory's area in the view, in pixels."""
    _, numbers, areas = ground(view)
    return areas.get(numbers.get(where, -1), 0)


@lru_cache(maxsize=512)
def extent(view: View, where: str) -> Box:
    points = [view.point(x, y) for ring in art()["shapes"].get(where, []) for x, y in ring]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


# ---------------------------------------------------------------- names
def name_text(name: str) -> str:
    """A territory's name (long ones on two lines) and its IPC value, as on the printed board;
    ⚓ marks a naval base, ✹ a sea zone with a minefield."""
    from engine.aa1914.board import standard_board
    t = standard_board().territories.get(name)
    if name.startswith("SZ"):
        return f"{name} ✹" if t is not None and t.minefield else name
    words = name.split()
    if len(name) > 12 and len(words) > 1:
        half = (len(words) + 1) // 2
        name = " ".join(words[:half]) + "\n" + " ".join(words[half:])
    if t is not None and t.naval_base:
        name += " ⚓"
    return f"{name}\n{t.ipc}" if t is not None and t.ipc else name


NUDGES = ((0, 0), (0, -6), (0, 6), (-10, 0), (10, 0), (0, -11), (0, 11), (-16, -6), (16, -6), (-16, 6),
          (16, 6), (0, -16), (0, 16), (-24, 0), (24, 0))


@lru_cache(maxsize=8)
def name_places(view: View, hidden: tuple[Box, ...] = ()) -> dict[str, tuple[Point, Box]]:
    """Where each name printed in this view stands (its point and box, view pixels at the base
    scale): land names first, larger territories first; a name that would touch another or an
    inset (`hidden`) moves a little on its own ground, and is left out only if it cannot — and
    only if it would not fit wholly inside the view."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    label = font(view.label)
    width, height = view.size
    placed: dict[str, tuple[Point, Box]] = {}
    names = sorted((n for n in art()["centres"] if n in art()["shapes"]),
                   key=lambda n: (n.startswith("SZ"), -area(view, n), n))
    for name in names:
        x0, y0 = view.point(*art()["centres"][name])
        # on its own ground if it can; a small territory's name may stand just off its coast
        for strict, (dx, dy) in [(True, n) for n in NUDGES] + [(False, n) for n in NUDGES[1:]]:
            point = (x0 + dx, y0 + dy)
            box = probe.multiline_textbbox(point, name_text(name), font=label, anchor="mm", align="center",
                                           spacing=1)
            if box[0] < 2 or box[1] < 2 or box[2] > width - 2 or box[3] > height - 2:
                continue
            if strict and abs(dx) + abs(dy) > 11 and not on_ground(view, name, *point):
                continue
            if any(box[0] < h[2] + 1 and h[0] < box[2] + 1 and box[1] < h[3] + 1 and h[1] < box[3] + 1
                   for h in (*hidden, *(b for _, b in placed.values()))):
                continue
            placed[name] = (point, box)
            break
    return placed


def name_boxes(view: View, hidden: tuple[Box, ...] = ()) -> dict[str, Box]:
    return {name: box for name, (_, box) in name_places(view, hidden).items()}


def view_of(name: str, views: tuple[View, ...] = THEATRE_VIEWS) -> View:
    """The view that shows `name`'s units (the theatre for a place no view holds)."""
    return next((view for view, names in members(views).items() if name in names), views[0])


def place_point(name: str) -> Point | None:
    """Where `name`'s name stands in the posted picture (at scale 1): region crops are cut around
    these points, and a map drawn at `scale` has them at `scale` times these."""
    centre = art()["centres"].get(name)
    if centre is None:
        return None
    view = view_of(name)
    placed = name_places(view, tuple(covered(view, THEATRE_VIEWS))).get(name)
    x, y = placed[0] if placed else view.point(*centre)
    left, top = origin(view)
    return left + x, top + y


def board_size() -> tuple[int, int]:
    """The posted picture's size above its panel, at scale 1."""
    return THEATRE_VIEWS[0].size
