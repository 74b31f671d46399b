"""Where the A&A map puts each power's unit badge, the units a battle destroyed, a battle's
marker and the ends of the move arrows — so that every name stays readable and every piece sits
inside its own territory ("badges never on borders ... every stack inside its own
territory, leader lines only where a territory is too small").

All boxes are in a view's own pixels at its base scale (`aa1914_geometry.View`); a zoomed map
multiplies them by its zoom. Nothing here draws or decides a rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple, Sequence

import numpy as np
from PIL import Image, ImageDraw

from engine.aa1914.model import GameState, Unit

from .aa1914_geometry import (Box, Point, View, area, art, extent, ground, ground_array, name_boxes, on_ground,
                              on_own_ground)
from .fonts import font

ABBREVIATIONS = {"infantry": "I", "artillery": "A", "tank": "T", "fighter": "F", "battleship": "B",
                 "damaged_battleship": "Bd",
                 "cruiser": "C", "submarine": "S", "transport": "Tr",
                 # house units (seed 002, section 2): each its own label, none shared with the above
                 "truck": "Tk", "artillery_truck": "AT", "armored_car": "AC", "destroyer": "D",
                 "coastal_artillery": "CB", "armored_train": "Trn", "freighter": "Fr", "merchant_raider": "R"}
ICON = 13          # icon side in pixels at a view's base scale
PAD = 2
COUNT_SIZE = 12
REACH = 90         # how far (px) a badge may wander from its territory's first unit place
# steps around a territory's first unit place, nearest first
OFFSETS = sorted(((dx, dy) for dx in range(-REACH, REACH + 1, 5) for dy in range(-REACH, REACH + 1, 4)),
                 key=lambda d: d[0] ** 2 + (1.5 * d[1]) ** 2)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Badge(NamedTuple):
    """One power's stack in one territory or sea zone: where it is drawn, its letter text (the
    same stack in words, for the legend and alt text) and its (unit type, count) parts."""
    box: Box
    text: str
    owner: str
    parts: tuple[tuple[str, int], ...]
    where: str = ""                              # the territory or sea zone it stands in
    leader: Point | None = None                  # drawn off its own ground: a line back to it
    stacked: bool = False                        # one unit type per line, where a row has no room
    lost: bool = False                           # destroyed this phase: drawn crossed out


@dataclass
class Layout:
    """Everything placed on one view: names, badges, and what the results marks took."""
    view: View
    names: dict[str, Box]
    badges: list[Badge]
    mine: frozenset[str]                         # the places whose units this view shows
    hidden: tuple[Box, ...] = ()                 # parts of the view an inset covers
    marks: list[Box] = field(default_factory=list)
    anchors: dict[str, list[Point]] = field(default_factory=dict)
    moved: dict[str, Point] = field(default_factory=dict)    # names moved aside to make room

    def taken(self) -> list[Box]:
        return [*self.names.values(), *(b.box for b in self.badges), *self.marks, *self.hidden]

    def taken_array(self) -> np.ndarray:
        """`taken` as rows of an array, kept between calls while nothing new is placed."""
        key = (len(self.names), len(self.badges), len(self.marks), tuple(self.moved))
        if getattr(self, "_taken_key", None) != key:
            self._taken = np.array(self.taken(), dtype=float).reshape(-1, 4)
            self._taken_key = key
        return self._taken


def drawn_kind(unit: Unit) -> str:
    """The icon a unit is drawn with: a damaged battleship has its own."""
    return "damaged_battleship" if unit.type == "battleship" and unit.damaged else unit.type


def count_text(count: int) -> str:
    # a lone icon is one unit; a number follows only stacks of two or more
    return str(count) if count > 1 else ""


PROBE = ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=4096)
def badge_width(parts: tuple[tuple[str, int], ...]) -> float:
    small = font(COUNT_SIZE)
    width = PAD
    for kind, count in parts:
        width += ICON + PROBE.textlength(count_text(count), font=small) + 3
    return width - 3 + PAD


def _stacks(units) -> dict[str, dict[str, dict[str, int]]]:
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for where, owner, kind in units:
        per_owner = stacks.setdefault(where, {}).setdefault(owner, {})
        per_owner[kind] = per_owner.get(kind, 0) + 1
    return stacks


def inside_test(view: View, where: str, margin: float = 1.0):
    """Whether a box lies wholly on this territory's own ground, `margin` px clear of its border
    (every pixel of it) — so a badge never touches a border."""
    def inside(box: Box) -> bool:
        return bool(on_own_ground(view, where, np.array([box], dtype=float), margin)[0])
    return inside


def _spots(view: View, where: str) -> list[Point]:
    data = art()
    spots = [view.point(x, y) for x, y in (data["places"].get(where) or [])]
    if not spots and where in data["centres"]:
        spots = [view.point(*data["centres"][where])]
    return spots


OFFSET_ARRAY = np.array(OFFSETS, dtype=float)


OWN_KEPT = 400     # the nearest boxes on a territory's own ground kept per size (plenty to find room among)


def _all_boxes(view: View, where: str, size: tuple[float, float], start: Point | None = None) -> np.ndarray:
    """Boxes of `size` around `where`'s unit places (or centred on `start`), nearest first, inside
    the view: rows of left, top, right, bottom."""
    width, height = size
    view_w, view_h = view.size
    spots = [start] if start else _spots(view, where)
    if not spots:
        return np.zeros((0, 4))
    x0, y0 = spots[0]
    lift = (width / 2, height / 2) if start else (0.0, 0.0)
    boxes = np.empty((len(spots) + len(OFFSET_ARRAY), 4))
    boxes[:len(spots), :2] = np.array(spots, dtype=float) - lift
    boxes[len(spots):, :2] = OFFSET_ARRAY + (x0 - lift[0], y0 - lift[1])
    boxes[:, 2:] = boxes[:, :2] + (width, height)
    return boxes[(boxes[:, 0] >= 1) & (boxes[:, 1] >= 1) & (boxes[:, 2] <= view_w - 1) & (boxes[:, 3] <= view_h - 1)]


@lru_cache(maxsize=2048)
def _own_boxes(view: View, where: str, size: tuple[float, float], start: Point | None = None
               ) -> tuple[np.ndarray, Box]:
    """Of those boxes, the nearest wholly on the territory's own ground, and the box all of them
    span — the same for every position, so worked out once."""
    boxes = _all_boxes(view, where, size, start)
    if not len(boxes):
        return boxes, (0.0, 0.0, 0.0, 0.0)
    left, top, right, bottom = extent(view, where)
    own = boxes[(boxes[:, 0] >= left) & (boxes[:, 1] >= top) & (boxes[:, 2] <= right) & (boxes[:, 3] <= bottom)]
    own = np.ascontiguousarray(own[on_own_ground(view, where, own)][:OWN_KEPT])
    own.flags.writeable = False
    return own, (float(boxes[:, 0].min()), float(boxes[:, 1].min()), float(boxes[:, 2].max()),
                 float(boxes[:, 3].max()))


def _candidates(layout: Layout, where: str, size: tuple[float, float],
                start: Point | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The candidate boxes wholly on the territory's ground, and the taken boxes near any candidate."""
    own, (left, top, right, bottom) = _own_boxes(layout.view, where, size, start)
    taken = layout.taken_array()
    near = taken[(taken[:, 0] < right) & (left < taken[:, 2]) & (taken[:, 1] < bottom) & (top < taken[:, 3])]
    return own, near


def _clear(boxes: np.ndarray, near: np.ndarray) -> np.ndarray:
    """Which boxes touch none of `near`."""
    if not len(near) or not len(boxes):
        return np.ones(len(boxes), dtype=bool)
    return ~((boxes[:, None, 0] < near[None, :, 2]) & (near[None, :, 0] < boxes[:, None, 2])
             & (boxes[:, None, 1] < near[None, :, 3]) & (near[None, :, 1] < boxes[:, None, 3])).any(axis=1)


def _first(boxes: np.ndarray) -> Box | None:
    return tuple(float(v) for v in boxes[0]) if len(boxes) else None


CHUNK = 160        # candidates tested at a time: most stacks find room among the nearest few


def place_box(layout: Layout, where: str, size: tuple[float, float], start: Point | None = None,
              allow_off: bool = True) -> tuple[Box, bool] | None:
    """The nearest free box of `size` wholly on `where`'s ground (from its unit places, or from
    `start`), clear of every name, badge and mark; else, if `allow_off`, the nearest free box off
    it (False: drawn with a leader line). None if there is no room in reach."""
    own, near = _candidates(layout, where, size, start)
    for first in range(0, len(own), CHUNK):
        chunk = own[first:first + CHUNK]
        box = _first(chunk[_clear(chunk, near)])
        if box is not None:
            return box, True
    if not allow_off:
        return None
    boxes = _all_boxes(layout.view, where, size, start)
    if len(boxes):
        taken = layout.taken_array()
        left, top, right, bottom = boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()
        near = taken[(taken[:, 0] < right) & (left < taken[:, 2]) & (taken[:, 1] < bottom) & (top < taken[:, 3])]
    for first in range(0, len(boxes), CHUNK):
        box = _first(boxes[first:first + CHUNK][_clear(boxes[first:first + CHUNK], near)])
        if box is not None:
            return box, False
    return None


def layout_view(state: dict, view: View, mine: frozenset[str], hidden: tuple[Box, ...] = (),
                units: Sequence[Unit] | None = None) -> Layout:
    """Names, then each power's badge, then the units destroyed this phase (crossed out where
    they stood), for the places `mine` of one view (`units`: the state's, read once by the caller)."""
    units = GameState.from_json(state).units if units is None else units
    layout = Layout(view, dict(name_boxes(view, hidden)), [], mine, hidden)
    standing = _stacks((u.where, u.owner, drawn_kind(u)) for u in units if u.where in mine)
    lost = _stacks((d["where"], d["owner"], d["type"]) for d in state.get("destroyed") or ()
                   if isinstance(d, dict) and d.get("where") in mine and d.get("type") in ABBREVIATIONS)
    order = list(ABBREVIATIONS)
    height = ICON + 2 * PAD
    # small territories first: they have the least room, a large neighbour can make way
    for stacks, is_lost in ((standing, False), (lost, True)):
        for where in sorted(stacks, key=lambda name: (area(view, name), name)):
            for owner, counts in sorted(stacks[where].items()):
                parts = tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0])))
                text = " ".join(f"{n}{ABBREVIATIONS[t]}" for t, n in parts)
                row = (badge_width(parts), height)
                column = (max(badge_width(parts[i:i + 1]) for i in range(len(parts))),
                          len(parts) * (ICON + 1) - 1 + 2 * PAD)
                found = place_box(layout, where, row, allow_off=False)
                stacked = found is None and len(parts) > 1
                if stacked:
                    found = place_box(layout, where, column, allow_off=False)
                if found is None and where in layout.names:
                    found, stacked = _make_room(layout, where, row, column if len(parts) > 1 else None)
                if found is None:
                    stacked = False
                    found = place_box(layout, where, row)
                if found is None:
                    box = _last_resort(layout, where, row)
                    found = (box, False)
                box, own = found
                spots = _spots(view, where)
                leader = None if own else _landfall(view, where, box, spots[0] if spots else box[:2])
                layout.badges.append(Badge(box, text, owner, parts, where, leader, stacked, is_lost))
    return layout


# where a territory's name may move to leave its stack room on its own ground, nearest first
ROOM = sorted(((dx, dy) for dx in range(-30, 31, 5) for dy in range(-24, 25, 4) if dx or dy),
              key=lambda d: d[0] ** 2 + (1.5 * d[1]) ** 2)


ROOM_ARRAY = np.array(ROOM, dtype=float)


def _make_room(layout: Layout, where: str, row: tuple[float, float],
               column: tuple[float, float] | None) -> tuple[tuple[Box, bool] | None, bool]:
    """Move the territory's own name a little (staying on its ground, clear of every other name
    and badge) so its stack fits on its own ground; (box found, stacked) or (None, False)."""
    from .aa1914_geometry import name_places
    view = layout.view
    # from where the name stands now (an earlier stack here may have moved it already)
    (x0, y0) = layout.moved.get(where) or name_places(view, layout.hidden)[where][0]
    old = layout.names[where]
    width, height = view.size
    del layout.names[where]          # the room there would be without its name
    free = []
    for size, stacked in ((row, False), (column, True)):
        if size is not None:
            boxes, near = _candidates(layout, where, size)
            boxes = boxes[_clear(boxes, near)]
            free.append((stacked, boxes))
    others = np.array(layout.taken(), dtype=float).reshape(-1, 4)
    layout.names[where] = old
    if not any(len(boxes) for _, boxes in free):
        return None, False
    # the name's box moved by each step (text sets the same wherever it stands)
    names = np.array(old, dtype=float) + np.hstack([ROOM_ARRAY, ROOM_ARRAY])
    keep = (names[:, 0] >= 2) & (names[:, 1] >= 2) & (names[:, 2] <= width - 2) & (names[:, 3] <= height - 2)
    points = ROOM_ARRAY + (x0, y0)
    grounds, numbers, _ = ground(view)
    xs = np.clip(points[:, 0].astype(int), 0, grounds.size[0] - 1)
    ys = np.clip(points[:, 1].astype(int), 0, grounds.size[1] - 1)
    keep &= ground_array(view)[ys, xs] == numbers.get(where, -1)
    if len(others):
        keep &= ~((names[:, None, 0] < others[None, :, 2]) & (others[None, :, 0] < names[:, None, 2])
                  & (names[:, None, 1] < others[None, :, 3]) & (others[None, :, 1] < names[:, None, 3])).any(axis=1)
    names, points = names[keep], points[keep]
    if not len(names):
        return None, False
    for stacked, boxes in free:
        if not len(boxes):
            continue
        clash = ((boxes[:, None, 0] < names[None, :, 2]) & (names[None, :, 0] < boxes[:, None, 2])
                 & (boxes[:, None, 1] < names[None, :, 3]) & (names[None, :, 1] < boxes[:, None, 3]))
        fits = ~clash                                   # badge box × name step
        usable = fits.any(axis=1)
        if usable.any():
            i = int(np.argmax(usable))
            j = int(np.argmax(fits[i]))
            layout.names[where] = tuple(float(v) for v in names[j])
            layout.moved[where] = (float(points[j][0]), float(points[j][1]))
            return (tuple(float(v) for v in boxes[i]), True), stacked
    return None, False


def _last_resort(layout: Layout, where: str, size: tuple[float, float]) -> Box:
    """Below the territory's first unit place, over names if it must, but never over a badge."""
    spots = _spots(layout.view, where) or [(0.0, 0.0)]
    x, y = spots[0]
    box = (x, y, x + size[0], y + size[1])
    badges = [b.box for b in layout.badges]
    while any(overlaps(box, other) for other in badges):
        box = (box[0], box[1] + size[1] + 1, box[2], box[3] + size[1] + 1)
    return box


def _landfall(view: View, where: str, box: Box, spot: Point) -> Point:
    """Where a badge drawn off its territory points to: the first point of the territory's own
    ground on the way from the badge to its unit place, a few pixels in, so the leader is short."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    steps = 40
    for i in range(1, steps + 1):
        if on_ground(view, where, cx + (spot[0] - cx) * i / steps, cy + (spot[1] - cy) * i / steps):
            inner = min(steps, i + 2)
            x, y = cx + (spot[0] - cx) * inner / steps, cy + (spot[1] - cy) * inner / steps
            if on_ground(view, where, x, y):
                return x, y
            return cx + (spot[0] - cx) * i / steps, cy + (spot[1] - cy) * i / steps
    # a sliver of a territory at a small scale: its nearest pixel
    left, top, right, bottom = (int(v) for v in extent(view, where))
    ground = [(x + 0.5, y + 0.5) for x in range(left, right + 1) for y in range(top, bottom + 1)
              if on_ground(view, where, x, y)]
    return min(ground, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2) if ground else spot


def anchor_spots(layout: Layout, where: str) -> list[Point]:
    """Points an arrow into or out of `where` may end at on this view: on its own ground, clear of
    every name and badge, nearest its name first (the arrow picks the one facing its way); a place
    this view does not show is reached at its name point (off the picture, the arrow runs off the
    edge)."""
    view = layout.view
    centre = art()["centres"].get(where)
    if centre is None:
        return []
    point = view.point(*centre)
    if where not in layout.mine:
        return [point]
    if where not in layout.anchors:
        bare = Layout(view, layout.names, layout.badges, layout.mine, layout.hidden, [])
        # room for an arrow's end: 18 px on the theatre, as much in proportion on an inset
        side = max(8.0, round(18.0 * view.scale / 0.6))
        boxes, near = _candidates(bare, where, (side, side), point)
        boxes = boxes[_clear(boxes, near)]
        boxes = boxes[:90]
        layout.anchors[where] = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes] or [point]
    return layout.anchors[where]
