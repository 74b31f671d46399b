"""Where the A&A map puts each power's unit badge, the units a battle destroyed, a battle's
marker and the ends of the move arrows — so that every name stays readable and every piece sits
inside its own territory (issue 27: "badges never on borders ... every stack inside its own
territory, leader lines only where a territory is too small").

All boxes are in a view's own pixels at its base scale (`aa1914_geometry.View`); a zoomed map
multiplies them by its zoom. Nothing here draws or decides a rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from PIL import Image, ImageDraw

from engine.aa1914.model import GameState, Unit

from .aa1914_geometry import Box, Point, View, area, art, extent, name_boxes, on_ground
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
    anchors: dict[str, Point] = field(default_factory=dict)
    moved: dict[str, Point] = field(default_factory=dict)    # names moved aside to make room

    def taken(self) -> list[Box]:
        return [*self.names.values(), *(b.box for b in self.badges), *self.marks, *self.hidden]


def drawn_kind(unit: Unit) -> str:
    """The icon a unit is drawn with: a damaged battleship has its own."""
    return "damaged_battleship" if unit.type == "battleship" and unit.damaged else unit.type


def count_text(count: int) -> str:
    # a lone icon is one unit; a number follows only stacks of two or more
    return str(count) if count > 1 else ""


PROBE = ImageDraw.Draw(Image.new("L", (1, 1)))


def badge_width(parts: Sequence[tuple[str, int]], probe: ImageDraw.ImageDraw = PROBE) -> float:
    small = font(COUNT_SIZE)
    width = PAD
    for kind, count in parts:
        width += ICON + probe.textlength(count_text(count), font=small) + 3
    return width - 3 + PAD


def _stacks(units) -> dict[str, dict[str, dict[str, int]]]:
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for where, owner, kind in units:
        per_owner = stacks.setdefault(where, {}).setdefault(owner, {})
        per_owner[kind] = per_owner.get(kind, 0) + 1
    return stacks


def inside_test(view: View, where: str, margin: float = 1.0):
    """Whether a box lies wholly on this territory's own ground, `margin` px clear of its border:
    points every few pixels around its edge and its centre — so a badge never touches a border."""
    if not area(view, where):
        return lambda box: False
    left, top, right, bottom = extent(view, where)

    def inside(box: Box) -> bool:
        x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
        if x0 < left or x1 > right or y0 < top or y1 > bottom:
            return False
        if not on_ground(view, where, (x0 + x1) / 2, (y0 + y1) / 2):
            return False
        across, down = max(1, int((x1 - x0) / 6)), max(1, int((y1 - y0) / 6))
        for i in range(across + 1):
            x = x0 + (x1 - x0) * i / across
            if not (on_ground(view, where, x, y0) and on_ground(view, where, x, y1)):
                return False
        for j in range(1, down):
            y = y0 + (y1 - y0) * j / down
            if not (on_ground(view, where, x0, y) and on_ground(view, where, x1, y)):
                return False
        return True
    return inside


def _spots(view: View, where: str) -> list[Point]:
    data = art()
    spots = [view.point(x, y) for x, y in (data["places"].get(where) or [])]
    if not spots and where in data["centres"]:
        spots = [view.point(*data["centres"][where])]
    return spots


def _clear_boxes(layout: Layout, where: str, size: tuple[float, float], start: Point | None = None):
    """Boxes of `size` around `where`'s unit places (or `start`), nearest first, inside the view
    and clear of every name, badge and mark."""
    width, height = size
    view_w, view_h = layout.view.size
    spots = [start] if start else _spots(layout.view, where)
    if not spots:
        return
    x0, y0 = spots[0]
    reach = (x0 - REACH - width, y0 - REACH - height, x0 + REACH + width, y0 + REACH + height)
    near = [t for t in layout.taken() if overlaps(t, reach)]
    lift = (width / 2, height / 2) if start else (0, 0)
    candidates = [(x - lift[0], y - lift[1]) for x, y in spots] + \
        [(x0 - lift[0] + dx, y0 - lift[1] + dy) for dx, dy in OFFSETS]
    for left, top in candidates:
        right, bottom = left + width, top + height
        if left < 1 or top < 1 or right > view_w - 1 or bottom > view_h - 1:
            continue
        for o in near:      # overlaps, inlined: this runs some ten thousand times a map
            if left < o[2] and o[0] < right and top < o[3] and o[1] < bottom:
                break
        else:
            yield left, top, right, bottom


def place_box(layout: Layout, where: str, size: tuple[float, float], start: Point | None = None,
              allow_off: bool = True) -> tuple[Box, bool] | None:
    """The nearest free box of `size` wholly on `where`'s ground (from its unit places, or from
    `start`), clear of every name, badge and mark; else, if `allow_off`, the nearest free box off
    it (False: drawn with a leader line). None if there is no room in reach."""
    inside = inside_test(layout.view, where)
    box = next((b for b in _clear_boxes(layout, where, size, start) if inside(b)), None)
    if box is not None:
        return box, True
    if not allow_off:
        return None
    box = next(_clear_boxes(layout, where, size, start), None)
    return (box, False) if box is not None else None


def layout_view(state: dict, view: View, mine: frozenset[str], hidden: tuple[Box, ...] = ()) -> Layout:
    """Names, then each power's badge, then the units destroyed this phase (crossed out where
    they stood), for the places `mine` of one view."""
    game = GameState.from_json(state)
    layout = Layout(view, dict(name_boxes(view, hidden)), [], mine, hidden)
    standing = _stacks((u.where, u.owner, drawn_kind(u)) for u in game.units if u.where in mine)
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


def _make_room(layout: Layout, where: str, row: tuple[float, float],
               column: tuple[float, float] | None) -> tuple[tuple[Box, bool] | None, bool]:
    """Move the territory's own name a little (staying on its ground, clear of every other name
    and badge) so its stack fits on its own ground; (box found, stacked) or (None, False)."""
    from .aa1914_geometry import name_places, name_text
    view = layout.view
    (x0, y0), old = name_places(view, layout.hidden)[where]
    label = font(view.label)
    width, height = view.size
    others = [box for name, box in layout.names.items() if name != where] + \
        [b.box for b in layout.badges] + list(layout.hidden)
    inside = inside_test(view, where)
    del layout.names[where]          # the room there would be without its name
    free = [(size, stacked, [b for b in _clear_boxes(layout, where, size) if inside(b)])
            for size, stacked in ((row, False), (column, True)) if size is not None]
    layout.names[where] = old
    if not any(boxes for _, _, boxes in free):
        return None, False
    for dx, dy in ROOM:
        point = (x0 + dx, y0 + dy)
        if not on_ground(view, where, *point):
            continue
        box = PROBE.multiline_textbbox(point, name_text(where), font=label, anchor="mm", align="center", spacing=1)
        if box[0] < 2 or box[1] < 2 or box[2] > width - 2 or box[3] > height - 2 or \
                any(overlaps(box, other) for other in others):
            continue
        for size, stacked, boxes in free:
            found = next((b for b in boxes if not overlaps(b, box)), None)
            if found is not None:
                layout.names[where] = box
                layout.moved[where] = point
                return (found, True), stacked
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


def anchor(layout: Layout, where: str) -> Point | None:
    """Where an arrow into or out of `where` ends on this view: a point on its own ground, clear
    of its name and of every badge, nearest its name; a place this view does not show is reached
    at its name point (outside the picture, an arrow runs off the edge)."""
    view = layout.view
    centre = art()["centres"].get(where)
    if centre is None:
        return None
    point = view.point(*centre)
    if where not in layout.mine:
        return point
    cached = layout.anchors
    if where not in cached:
        found = place_box(Layout(view, layout.names, layout.badges, layout.mine, layout.hidden, []),
                          where, (12, 12), start=point, allow_off=False)
        cached[where] = ((found[0][0] + found[0][2]) / 2, (found[0][1] + found[0][3]) / 2) if found else point
    return cached[where]

