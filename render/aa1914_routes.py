"""Where the A&A map's move arrows run: from a free point of each territory to the next, never
across a unit badge (its counts) or a printed name, and never looping back on themselves.

A leg is drawn straight or gently bowed when one of those runs clear; else it is routed around
the badges and names on a grid of the view (the shortest clear way, then straightened wherever a
straight line is clear); only where no clear way exists at all does it take the bow that crosses
least. A move between two views (the theatre and an inset) is drawn in each as far as its edge:
the arrow starts (or ends) just inside the view, beside the name of where it comes from (goes to).
All points are in a view's own pixels at its base scale; nothing here decides a rule."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from .aa1914_geometry import art
from .aa1914_layout import Layout, anchor_spots, overlaps
from .overlay import bend, path_length, trim

Point = tuple[float, float]
BENDS = (0.0, 0.18, -0.18, 0.32, -0.32, 0.5, -0.5)
CLEAR = 3.0         # px an arrow (its half-width and rim) keeps from a badge or a name
CELL = 3.0          # the routing grid's step, px
AROUND = 90.0       # how far (px) a detour may stray from the straight way
DETOUR_LEG = 520.0  # the longest leg (px) worked round on the grid: a longer one bows, so a map's
                    # drawing stays within its time even for a fleet crossing the map
STUB = 16.0         # how far inside a view's edge an arrow from (to) another view starts (ends)


@dataclass(frozen=True)
class Routed:
    """An arrow's path, and the names of the places it comes from or goes to in another view (an
    inset), written beside its ends ("" when both ends are in this view)."""
    points: tuple[Point, ...]
    came_from: str = ""
    going_to: str = ""


def samples(points: Sequence[Point], step: float = 3.0) -> np.ndarray:
    """Points every `step` px or so along a path."""
    if len(points) == 2:
        # a straight line (most of those tried): the same points as the general way below, in
        # fewer steps — `np.interp` on two points is this line's slope times the way along it
        (x0, y0), (x1, y1) = points
        length = float(np.hypot(x1 - x0, y1 - y0))
    if len(points) == 2 and length > 0:
        steps = np.linspace(0.0, length, max(2, int(length / step) + 2))
        out = np.empty((len(steps), 2))
        out[:, 0] = (x1 - x0) / length * steps + x0
        out[:, 1] = (y1 - y0) / length * steps + y0
        out[-1] = (x1, y1)
        return out
    at = np.asarray(points, dtype=float)
    along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(at, axis=0).T))])
    steps = np.linspace(0.0, along[-1], max(2, int(along[-1] / step) + 2))
    return np.column_stack([np.interp(steps, along, at[:, 0]), np.interp(steps, along, at[:, 1])])


def crossings(points: Sequence[Point], boxes: Sequence, margin: float = 2.0) -> int:
    """How many of `boxes` (badges, names) a path runs through (sampled every 3 px, `margin` px
    around each box)."""
    if not len(boxes) or len(points) < 2:
        return 0
    at, near = samples(points), np.asarray(boxes, dtype=float).reshape(-1, 4)
    # only the boxes near the path's extent can be run through (a pixel's slack for rounding)
    low, high = at.min(axis=0) - (margin + 1), at.max(axis=0) + (margin + 1)
    near = near[(near[:, 0] <= high[0]) & (low[0] <= near[:, 2]) & (near[:, 1] <= high[1]) & (low[1] <= near[:, 3])]
    if not len(near):
        return 0
    inside = ((at[:, None, 0] >= near[None, :, 0] - margin) & (at[:, None, 0] <= near[None, :, 2] + margin)
              & (at[:, None, 1] >= near[None, :, 1] - margin) & (at[:, None, 1] <= near[None, :, 3] + margin))
    return int(inside.any(axis=0).sum())


def _near(boxes: Sequence, points: Sequence[Point], reach: float) -> list:
    """The boxes within `reach` px of the points' bounding box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    around = (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
    return [b for b in boxes if overlaps(b, around)]


def _hits_towards(spots: np.ndarray, target: Point, boxes: Sequence, reach: float = 45.0) -> np.ndarray:
    """For each spot, how many of `boxes` the first `reach` px of a line from it to `target` cross."""
    if not len(boxes):
        return np.zeros(len(spots))
    gap = np.asarray(target, dtype=float) - spots
    length = np.maximum(np.hypot(gap[:, 0], gap[:, 1]), 1.0)
    ends = spots + gap * (np.minimum(reach, length) / length)[:, None]
    t = np.linspace(0.0, 1.0, 16)
    at = spots[:, None, :] + (ends - spots)[:, None, :] * t[None, :, None]            # spot × sample × xy
    near = np.asarray(boxes, dtype=float).reshape(-1, 4)
    inside = ((at[:, :, None, 0] >= near[None, None, :, 0] - 2) & (at[:, :, None, 0] <= near[None, None, :, 2] + 2)
              & (at[:, :, None, 1] >= near[None, None, :, 1] - 2) & (at[:, :, None, 1] <= near[None, None, :, 3] + 2))
    return inside.any(axis=1).sum(axis=1)


def _facing(layout: Layout, where: str, toward: Sequence[Point], obstacles, used: Sequence[Point] = (),
            away: Point | None = None) -> Point | None:
    """Of `where`'s free points, the one from which the arrow's first 45 px towards each of
    `toward` cross the fewest badges and names, away from the ends other arrows took (`used`),
    nearest the name first; with `away` (a place another view shows), only points far enough
    from the edge towards it for an arrow to show between them."""
    spots = anchor_spots(layout, where)
    if away is not None:
        def room(spot: Point) -> float:
            length = max(1.0, math.dist(spot, away))
            return _to_edge(layout, spot, ((away[0] - spot[0]) / length, (away[1] - spot[1]) / length), 60.0)
        roomy = [spot for spot in spots if room(spot) >= STUB + 28]
        spots = roomy or spots
    if not spots:
        return None
    badges, names = (_near(boxes, spots, 50) for boxes in obstacles)
    at = np.asarray(spots, dtype=float)
    cost = np.hypot(at[:, 0] - at[0, 0], at[:, 1] - at[0, 1]) / 15
    for other in used:
        cost += 4.0 * (np.hypot(at[:, 0] - other[0], at[:, 1] - other[1]) < 14)
    for target in toward:
        cost += 3 * _hits_towards(at, target, badges) + 2 * _hits_towards(at, target, names)
    return spots[int(np.argmin(cost))]


def _alongside(line: Sequence[Point], others: Sequence[np.ndarray]) -> float:
    """The largest share of a line's length that runs within 6 px of an arrow already drawn."""
    if not others:
        return 0.0
    at = samples(line)
    share = 0.0
    for other in others:
        gaps = np.hypot(at[:, None, 0] - other[None, :, 0], at[:, None, 1] - other[None, :, 1]).min(axis=1)
        share = max(share, float((gaps < 6).mean()))
    return share


# ---------------------------------------------------------------- between two views
def _visible(layout: Layout, point: Point) -> bool:
    width, height = layout.view.size
    x, y = point
    return 0 <= x <= width and 0 <= y <= height and not any(
        h[0] <= x <= h[2] and h[1] <= y <= h[3] for h in layout.hidden)


def _to_edge(layout: Layout, inside: Point, direction: Point, longest: float = 400.0) -> float:
    """How far from `inside` along `direction` (a unit vector) the view stays visible (px)."""
    walked = 0.0
    while walked < longest and _visible(layout, (inside[0] + direction[0] * walked, inside[1] + direction[1] * walked)):
        walked += 2.0
    return walked


def _stub(layout: Layout, inside: Point, outside: Point) -> Point:
    """Where an arrow between `inside` (a point of this view) and `outside` (a place another view
    shows) begins or ends in this view: `STUB` px inside the edge it leaves by — heading for the
    other place, or turned as little as it takes to have room for an arrow that reads."""
    length = math.dist(inside, outside)
    if length < 1:
        return inside
    angle = math.atan2(outside[1] - inside[1], outside[0] - inside[0])
    best = None
    for turn in (0, 20, -20, 40, -40, 60, -60, 80, -80):
        direction = (math.cos(angle + math.radians(turn)), math.sin(angle + math.radians(turn)))
        walked = _to_edge(layout, inside, direction)
        if best is None or walked > best[0]:
            best = (walked, direction)
        if walked >= STUB + 28:
            break
    walked, (dx, dy) = best
    reach = max(walked - STUB, min(28.0, walked))        # an arrow long enough to read
    return inside[0] + dx * reach, inside[1] + dy * reach


# ---------------------------------------------------------------- around the badges and names
def _clear_way(start: Point, end: Point, obstacles: Sequence, size: tuple[int, int],
               cell: float = CELL) -> list[Point] | None:
    """The shortest way from `start` to `end` on a grid of `cell` px that keeps `CLEAR` px from
    every obstacle, within `AROUND` px of the straight way and inside the view; then straightened
    wherever a straight line between two of its points is clear. None if there is no such way."""
    left = max(0.0, min(start[0], end[0]) - AROUND)
    top = max(0.0, min(start[1], end[1]) - AROUND)
    right = min(float(size[0]), max(start[0], end[0]) + AROUND)
    bottom = min(float(size[1]), max(start[1], end[1]) + AROUND)
    nx, ny = int((right - left) // cell) + 1, int((bottom - top) // cell) + 1
    xs, ys = left + np.arange(nx) * cell, top + np.arange(ny) * cell
    blocked = np.zeros((ny, nx), dtype=bool)
    grown = CLEAR + 0.75 * cell          # a diagonal step between two free cells keeps CLEAR too
    for box in obstacles:
        x0, x1 = np.searchsorted(xs, box[0] - grown), np.searchsorted(xs, box[2] + grown, side="right")
        y0, y1 = np.searchsorted(ys, box[1] - grown), np.searchsorted(ys, box[3] + grown, side="right")
        blocked[y0:y1, x0:x1] = True

    def at(point: Point) -> tuple[int, int]:
        return (min(ny - 1, max(0, round((point[1] - top) / cell))),
                min(nx - 1, max(0, round((point[0] - left) / cell))))
    first, last = at(start), at(end)
    for r, c in (first, last):          # an arrow's end stands clear: it may always leave it
        blocked[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = False
    found = _a_star(blocked, first, last)
    if found is None:
        return None
    points = [start] + [(float(xs[c]), float(ys[r])) for r, c in found[1:-1]] + [end]
    return _straightened(points, obstacles)


NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def _a_star(blocked: np.ndarray, first: tuple[int, int], last: tuple[int, int]) -> list[tuple[int, int]] | None:
    """The fewest steps (to any of the eight neighbours) from `first` to `last` over the cells
    not `blocked`: a wave spread from `first` a step at a time (whole-grid array operations),
    then walked back from `last` down the steps, straight on where it can. None if the wave
    never reaches `last`."""
    ny, nx = blocked.shape
    free = ~blocked
    steps = np.full((ny, nx), -1, dtype=np.int32)
    steps[first] = 0
    front = np.zeros((ny, nx), dtype=bool)
    front[first] = True
    count = 0
    while steps[last] < 0:
        grown = front.copy()
        grown[1:, :] |= front[:-1, :]
        grown[:-1, :] |= front[1:, :]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        grown &= free & (steps < 0)
        if not grown.any():
            return None
        count += 1
        steps[grown] = count
        front = grown
    path = [last]
    here, heading = last, (0, 0)
    while steps[here] > 0:
        below = steps[here] - 1
        options = [(dr, dc) for dr, dc in NEIGHBOURS if 0 <= here[0] + dr < ny and 0 <= here[1] + dc < nx
                   and steps[here[0] + dr, here[1] + dc] == below]
        dr, dc = heading if heading in options else min(
            options, key=lambda d: abs(here[0] + d[0] - first[0]) + abs(here[1] + d[1] - first[1]))
        heading = (dr, dc)
        here = (here[0] + dr, here[1] + dc)
        path.append(here)
    return path[::-1]


def _straightened(points: list[Point], obstacles: Sequence) -> list[Point]:
    """The path with every run of points replaced by a straight line where that line is clear."""
    out = [points[0]]
    index = 0
    boxes = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    while index < len(points) - 1:
        index = farthest_clear(points, index, boxes, CLEAR)
        out.append(points[index])
    return out


STRAIGHTS_AT_ONCE = 16      # straight lines tested together (most paths straighten within the first few)


def farthest_clear(points: Sequence[Point], index: int, boxes: np.ndarray, margin: float) -> int:
    """The farthest point after `index` that a straight line from `points[index]` reaches without
    running through a box (`crossings`), else the next point: the lines are tested from the
    farthest back, several at a time."""
    far = len(points) - 1
    while far > index + 1:
        tried = list(range(far, max(index + 1, far - STRAIGHTS_AT_ONCE), -1))
        hits = _lines_cross(points[index], [points[at] for at in tried], boxes, margin)
        for at, hit in zip(tried, hits):
            if not hit:
                return at
        far = tried[-1] - 1
    return index + 1


def _lines_cross(start: Point, ends: Sequence[Point], boxes: np.ndarray, margin: float) -> list[bool]:
    """For each straight line from `start` to one of `ends`, whether it runs through a box: the
    points `samples` takes along each line (the very same numbers, worked out for all at once)
    tested against every box near them."""
    if not len(boxes):
        return [False] * len(ends)
    x0, y0 = start
    lengths = [float(np.hypot(x1 - x0, y1 - y0)) for x1, y1 in ends]
    if not all(lengths):
        return [crossings([start, end], boxes, margin) > 0 for end in ends]
    counts = np.array([max(2, int(length / 3.0) + 2) for length in lengths])
    steps = np.array(lengths) / (counts - 1)
    line = np.repeat(np.arange(len(ends)), counts)
    firsts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    along = (np.arange(len(line)) - firsts[line]).astype(float) * steps[line]
    far = np.array(ends, dtype=float).reshape(-1, 2)
    at = np.empty((len(line), 2))
    at[:, 0] = ((far[:, 0] - x0) / lengths)[line] * along + x0
    at[:, 1] = ((far[:, 1] - y0) / lengths)[line] * along + y0
    at[firsts + counts - 1] = far                       # each line ends exactly at its end
    low, high = at.min(axis=0) - (margin + 1), at.max(axis=0) + (margin + 1)
    near = boxes[(boxes[:, 0] <= high[0]) & (low[0] <= boxes[:, 2]) & (boxes[:, 1] <= high[1])
                 & (low[1] <= boxes[:, 3])]
    if not len(near):
        return [False] * len(ends)
    inside = ((at[:, None, 0] >= near[None, :, 0] - margin) & (at[:, None, 0] <= near[None, :, 2] + margin)
              & (at[:, None, 1] >= near[None, :, 1] - margin) & (at[:, None, 1] <= near[None, :, 3] + margin)
              ).any(axis=1)
    return [bool(hit) for hit in np.logical_or.reduceat(inside, firsts)]


def _loops(line: Sequence[Point], start: Point, end: Point, longest: float = 2.2) -> bool:
    """A line that doubles back: more than `longest` times longer than the way it goes."""
    length = sum(math.dist(a, b) for a, b in zip(line, line[1:]))
    return length > longest * max(math.dist(start, end), 20.0)


# ---------------------------------------------------------------- a move's path
def route(layout: Layout, names: Sequence[str], drawn: dict | None = None) -> Routed | None:
    """The arrow through `names` on this view: from a free point of each place (the one facing
    the way the arrow goes, apart from the ends of the arrows already drawn) to the next, each leg
    clear of badges and names (and beside, not on, another arrow between the same places); a
    place another view shows is reached at this view's edge. None when no place is this view's.
    `drawn` collects the ends and lines of the arrows drawn so far."""
    mine = [name in layout.mine for name in names]
    if not any(mine):
        return None
    centres = [art()["centres"].get(name) for name in names]
    if any(c is None for c in centres):
        return None
    first = mine.index(True)
    last = first
    while last + 1 < len(names) and mine[last + 1]:
        last += 1
    marks = [layout.view.point(*c) for c in centres]
    drawn = {"ends": [], "lines": []} if drawn is None else drawn
    badges = [b.box for b in layout.badges]
    names_boxes = list(layout.names.values())
    obstacles = badges + names_boxes
    points: list[Point] = []
    for index in range(first, last + 1):
        toward = [marks[i] for i in (index - 1, index + 1) if 0 <= i < len(marks)]
        away = marks[index - 1] if index == first and first > 0 else \
            marks[index + 1] if index == last and last < len(names) - 1 else None
        spot = _facing(layout, names[index], toward, (badges, names_boxes), drawn["ends"], away)
        if spot is not None:
            points.append(spot)
    if not points:
        return None
    came_from = going_to = ""
    if first > 0:
        points.insert(0, _stub(layout, points[0], marks[first - 1]))
        came_from = names[first - 1]
    if last < len(names) - 1:
        points.append(_stub(layout, points[-1], marks[last + 1]))
        going_to = names[last + 1]
    if len(points) < 2:
        return None
    # a place too small for a free point (its name, its badge fill it): the arrow starts or ends
    # at their edge, on the side it comes from or goes to
    for index in range(len(points)):
        toward = points[index + 1] if index + 1 < len(points) else points[index - 1]
        points[index] = _pushed_out(points[index], toward, obstacles)
    drawn["ends"].extend(points)
    path: list[Point] = [points[0]]
    for index, (start, end) in enumerate(zip(points, points[1:])):
        leg = _leg(layout, start, end, obstacles, drawn["lines"])
        if crossings(leg, obstacles) and len(names) == 2 and all(mine):
            leg = _other_ends(layout, names, obstacles, drawn["lines"]) or leg
            path = [leg[0]]
        path.extend(leg[1:])
    path = _outside_ends(path, obstacles)
    drawn["lines"].append(samples(path))
    return Routed(tuple(path), came_from, going_to)


def _other_ends(layout: Layout, names: Sequence[str], obstacles: Sequence, lines) -> list[Point] | None:
    """For a move between two places of this view whose arrow found no clear way from the ends
    chosen: the first clear leg between other free points of the two (nearest each other first)."""
    firsts, lasts = anchor_spots(layout, names[0])[:4], anchor_spots(layout, names[1])[:4]
    pairs = sorted(((a, b) for a in firsts for b in lasts), key=lambda pair: math.dist(*pair))
    for start, end in pairs[:6]:
        if math.dist(start, end) > DETOUR_LEG:
            break
        leg = _leg(layout, start, end, obstacles, lines)
        if not crossings(leg, obstacles):
            return leg
    return None


def _pushed_out(point: Point, toward: Point, obstacles: Sequence) -> Point:
    """`point` if it is clear of every obstacle, else the first clear point on the way from it
    to `toward` (or `point` itself if there is none before it)."""
    boxes = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    length = math.dist(point, toward)
    steps = np.arange(0, max(1, int(length * 0.6)), dtype=float)
    way = np.asarray(toward, dtype=float) - point
    at = np.asarray(point, dtype=float) + way * (steps / max(length, 1.0))[:, None]
    blocked = ((at[:, None, 0] >= boxes[None, :, 0] - CLEAR) & (at[:, None, 0] <= boxes[None, :, 2] + CLEAR)
               & (at[:, None, 1] >= boxes[None, :, 1] - CLEAR) & (at[:, None, 1] <= boxes[None, :, 3] + CLEAR)
               ).any(axis=1)
    if not blocked[0]:
        return point
    clear = np.flatnonzero(~blocked)
    return (float(at[clear[0], 0]), float(at[clear[0], 1])) if len(clear) else point


def _outside_ends(path: list[Point], obstacles: Sequence) -> list[Point]:
    """A place too small for a free point is reached at its name or badge: the arrow stops at
    that box's edge (pointing at it) rather than running over it; its start likewise."""
    def within(point: Point) -> list:
        return [b for b in obstacles if b[0] - CLEAR <= point[0] <= b[2] + CLEAR
                and b[1] - CLEAR <= point[1] <= b[3] + CLEAR]

    def cut(points: list[Point]) -> list[Point]:
        boxes = within(points[-1])
        if not boxes:
            return points
        at = samples(points, 1.0)[::-1]
        for index, (x, y) in enumerate(at):
            if not any(b[0] - CLEAR <= x <= b[2] + CLEAR and b[1] - CLEAR <= y <= b[3] + CLEAR for b in boxes):
                walked = index * path_length(points) / max(1, len(at) - 1)
                if path_length(points) - walked < 12:          # too short to read: keep it whole
                    return points
                return trim(points, 0, walked)
        return points
    return cut(cut(path)[::-1])[::-1]


def _leg(layout: Layout, start: Point, end: Point, obstacles: Sequence, lines: Sequence[np.ndarray]) -> list[Point]:
    """One leg: the straightest bow that runs clear, else the way around, else the bow that
    crosses least."""
    reach = (min(start[0], end[0]) - AROUND, min(start[1], end[1]) - AROUND,
             max(start[0], end[0]) + AROUND, max(start[1], end[1]) + AROUND)
    # an end inside a box (a place with no free point: its name) may leave that box
    near = [b for b in obstacles if overlaps(b, reach)
            and not any(b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] for p in (start, end))]
    near_lines = [line for line in lines
                  if line[:, 0].min() < reach[2] and reach[0] < line[:, 0].max()
                  and line[:, 1].min() < reach[3] and reach[1] < line[:, 1].max()]
    boxes = np.asarray(near, dtype=float).reshape(-1, 4)
    bows = [bend(start, end, amount) for amount in BENDS]
    clear = []
    for amount, line in zip(BENDS, bows):       # the straightest first
        if not _loops(line, start, end) and crossings(line, boxes, CLEAR) == 0:
            clear.append((_alongside(line, near_lines), abs(amount), line))
            if round(clear[-1][0] * 3) == 0:
                return line      # clear and hardly beside another arrow: no later bow is chosen over it
    if clear:
        shared, _, line = min(clear, key=lambda c: (round(c[0] * 3), c[1]))
        if shared < 0.5:
            return line
    # a finer grid for a short leg (a crowded corner, an inset), a coarser one for a long leg
    around = None
    if math.dist(start, end) <= DETOUR_LEG:
        length = math.dist(start, end)
        around = _clear_way(start, end, near, layout.view.size, 2.0 if length < 200 else CELL if length < 320 else 4.0)
    # a way around the badges of a crowded corner may be long, never a loop: it only ever turns
    # where it must (straightened), so it is allowed more length than a bow
    if around is not None and not _loops(around, start, end, 3.5):
        return around
    if clear:
        return min(clear, key=lambda c: (c[0], c[1]))[2]
    return min(bows, key=lambda line: (3 * crossings(line, boxes) + 3 * _alongside(line, near_lines),
                                       sum(math.dist(a, b) for a, b in zip(line, line[1:]))))
