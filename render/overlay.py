"""The drawing vocabulary every map shares: order arrows in the ordering power's colour
with a dark outline, supports aimed at the supported arrow's destination side, failure marks at
an order's own head, crossed-out units, a legend box — and the colour-distance helpers.

Everything here works in output pixels and takes `scale` (1.0: the map's normal size) so a map
drawn larger for a sharp zoomed crop keeps its proportions. Nothing here knows a map or a rule:
each map says where its points are; this module only says how a move, a support or a failure
looks, so a player reads the same marks on every board.

    path = draw_arrow(draw, [start, end], colour, scale=s)          # a move (returns its path)
    draw_support(draw, supporter, support_target(path, s), colour, scale=s)
    draw_failure(draw, failure_point(path, s), scale=s)            # the move bounced
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from PIL import ImageDraw, ImageFont

from .palettes import FAILED, Colour, closest_pair, closest_to, delta_e, lab, tint

__all__ = ["DARK", "HALO", "Point", "Box", "LegendEntry", "bend", "path_length", "point_along",
           "trim", "draw_path", "draw_arrow", "support_target", "draw_support", "failure_point", "head_length",
           "draw_failure", "failure_box", "draw_crossed_out", "draw_legend", "legend_size", "swatch", "arrow_sample",
           "support_sample", "failure_sample", "crossed_sample", "boxes_overlap", "delta_e", "lab",
           "closest_pair", "closest_to", "tint", "FAILED"]

Point = tuple[float, float]
Box = tuple[float, float, float, float]            # left, top, right, bottom
DARK = (28, 24, 20)                                 # the outline that makes an arrow read on any fill
HALO = (255, 255, 255)                              # the rim that lifts a failure mark off any colour


# ---------------------------------------------------------------- paths
def bend(start: Point, end: Point, amount: float = 0.0, steps: int = 14) -> list[Point]:
    """The path from `start` to `end`, straight (`amount` 0) or a gentle curve bowed to the left
    of travel by `amount` × its length (negative: to the right) — used to keep two arrows between
    the same provinces (a swap, a bounce both ways) apart."""
    if not amount:
        return [start, end]
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2 + dy * amount, (y0 + y1) / 2 - dx * amount
    return [((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
             (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1)
            for t in (i / steps for i in range(steps + 1))]


def path_length(points: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def point_along(points: Sequence[Point], distance: float) -> Point:
    """The point `distance` pixels along the path from its start (negative: back from its end)."""
    total = path_length(points)
    if distance < 0:
        distance = total + distance
    distance = min(max(distance, 0.0), total)
    for a, b in zip(points, points[1:]):
        step = math.dist(a, b)
        if distance <= step and step > 0:
            t = distance / step
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        distance -= step
    return points[-1]


def trim(points: Sequence[Point], start: float = 0.0, end: float = 0.0) -> list[Point]:
    """The path with `start` pixels cut from its beginning and `end` from its end (so an arrow
    leaves a unit's edge and stops at the next one's, instead of running under them)."""
    total = path_length(points)
    if total <= start + end + 1:
        middle = point_along(points, (total * start / (start + end)) if start + end else 0)
        return [middle, middle]
    out = [point_along(points, start)]
    walked = 0.0
    for a, b in zip(points, points[1:]):
        walked += math.dist(a, b)
        if start < walked < total - end:
            out.append(b)
    out.append(point_along(points, total - end))
    return out


def _dashes(points: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
    total, pieces, position = path_length(points), [], 0.0
    while position < total:
        stop = min(position + dash, total)
        piece = trim(points, position, total - stop)
        pieces.append(piece)
        position = stop + gap
    return pieces


def draw_path(draw: ImageDraw.ImageDraw, points: Sequence[Point], colour: Colour, width: float,
              outline: Colour | None = DARK, dashed: bool = False, scale: float = 1.0) -> None:
    """A line along `points` in `colour`, on a dark rim `outline` (None: no rim), whole or dashed."""
    pieces = _dashes(points, 9 * scale, 6 * scale) if dashed else [list(points)]
    rim = max(1, round(1.5 * scale))
    core = max(1, round(width))
    for piece, ink, size in ([(p, outline, core + 2 * rim) for p in pieces] if outline else []) + \
            [(p, colour, core) for p in pieces]:
        if len(piece) >= 2 and path_length(piece) > 0.5:
            draw.line(piece, fill=ink, width=size, joint="curve")
            if not dashed and size > 3:
                # round ends so the rim closes around the line's end too
                for end in (piece[0], piece[-1]):
                    r = size / 2 - 0.5
                    draw.ellipse([end[0] - r, end[1] - r, end[0] + r, end[1] + r], fill=ink)


def _head(tip: Point, back: Point, half_width: float) -> list[Point]:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * half_width, dx / length * half_width
    return [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)]


def head_length(scale: float = 1.0) -> float:
    return 13 * scale


# ---------------------------------------------------------------- orders
def draw_arrow(draw: ImageDraw.ImageDraw, points: Sequence[Point], colour: Colour, *, scale: float = 1.0,
               width: float | None = None, head: bool = True, dashed: bool = False, curve: float = 0.0,
               outline: Colour | None = DARK) -> list[Point]:
    """An order's arrow in the ordering power's `colour` with a dark rim, along `points` (two
    points: straight, or bowed by `curve`; more: a polyline, e.g. a convoy's route), its head's tip
    on the last point. Returns the path drawn (tip last), for `support_target`/`failure_point`."""
    path = bend(points[0], points[-1], curve) if len(points) == 2 else list(points)
    width = width if width is not None else 4 * scale
    if path_length(path) < 1:
        return path
    length = min(head_length(scale), path_length(path) * 0.6) if head else 0.0
    shaft = trim(path, 0, length * 0.8) if head else path
    draw_path(draw, shaft, colour, width, outline, dashed, scale)
    if head:
        tip = path[-1]
        back = point_along(path, -length)
        triangle = _head(tip, back, max(width * 1.1, 5.5 * scale))
        draw.polygon(triangle, fill=colour, outline=outline or colour, width=max(1, round(1.2 * scale)))
    return path


def support_target(path: Sequence[Point], scale: float = 1.0, back: float = 20.0) -> Point:
    """Where a support of the move drawn along `path` aims: on that arrow, `back` px (at scale 1)
    before its head — the destination side, never its midpoint."""
    total = path_length(path)
    return point_along(path, -min(back * scale + head_length(scale), total * 0.45))


def draw_support(draw: ImageDraw.ImageDraw, start: Point, target: Point, colour: Colour, *, scale: float = 1.0,
                 width: float | None = None, outline: Colour | None = DARK, hold: bool = False,
                 hold_radius: float = 12.0) -> list[Point]:
    """A support: a dashed line in the supporter's colour from `start` to `target` — a point on
    the supported move's arrow (`support_target`), ending in a small dot on it; a support to hold
    (`hold`) ends in a dashed ring of `hold_radius` px (at scale 1) around the supported unit."""
    width = width if width is not None else 2.5 * scale
    if hold:
        radius = hold_radius * scale
        distance = math.dist(start, target)
        end = target if distance <= radius else point_along([start, target], distance - radius)
        draw_path(draw, [start, end], colour, width, outline, dashed=True, scale=scale)
        _ring(draw, target, radius, colour, width, outline)
        return [start, end]
    draw_path(draw, [start, target], colour, width, outline, dashed=True, scale=scale)
    r = 3.2 * scale
    draw.ellipse([target[0] - r, target[1] - r, target[0] + r, target[1] + r], fill=colour,
                 outline=outline or colour, width=max(1, round(scale)))
    return [start, target]


def _ring(draw: ImageDraw.ImageDraw, centre: Point, radius: float, colour: Colour, width: float,
          outline: Colour | None) -> None:
    x, y = centre
    box = [x - radius, y - radius, x + radius, y + radius]
    rim = max(1, round(width / 2))
    if outline:
        for start in range(0, 360, 40):
            draw.arc(box, start, start + 24, fill=outline, width=round(width) + 2 * rim)
    for start in range(0, 360, 40):
        draw.arc(box, start, start + 24, fill=colour, width=max(1, round(width)))


def failure_point(path: Sequence[Point], scale: float = 1.0) -> Point:
    """Where an order that failed is marked: at its own head, just behind the arrowhead — so the
    mark sits on the arrow, not on the unit at its destination that held, and the
    head still shows where the order went."""
    return point_along(path, -min(head_length(scale) + 6 * scale, path_length(path) * 0.5))


def draw_failure(draw: ImageDraw.ImageDraw, point: Point, *, scale: float = 1.0, size: float = 7.0,
                 colour: Colour = FAILED) -> Box:
    """The mark of an order that failed (a bounce, a cut support, a broken convoy): a red ✗ on a
    white disc with a dark rim, so it reads on any arrow, fill or power colour (Austria's red
    included). Returns its box."""
    x, y = point
    r = size * scale
    disc = r * 1.05
    draw.ellipse([x - disc, y - disc, x + disc, y + disc], fill=HALO, outline=DARK, width=max(1, round(scale)))
    arm = r * 0.58
    width = max(2, round(2.6 * scale))
    draw.line([(x - arm, y - arm), (x + arm, y + arm)], fill=colour, width=width)
    draw.line([(x - arm, y + arm), (x + arm, y - arm)], fill=colour, width=width)
    return x - disc, y - disc, x + disc, y + disc


def failure_box(point: Point, scale: float = 1.0, size: float = 7.0) -> Box:
    """The box `draw_failure` takes at `point`."""
    r = size * scale * 1.05
    return point[0] - r, point[1] - r, point[0] + r, point[1] + r


def draw_crossed_out(draw: ImageDraw.ImageDraw, box: Box, *, scale: float = 1.0, colour: Colour = FAILED) -> None:
    """A unit destroyed or disbanded this phase, drawn where it stood (the map draws the unit in
    `box` first): struck through corner to corner a little beyond its edges, white-rimmed, so it
    reads "gone" while its colour still says whose it was."""
    left, top, right, bottom = box
    grow = 2 * scale
    left, top, right, bottom = left - grow, top - grow, right + grow, bottom + grow
    for ink, width in ((HALO, max(3, round(4 * scale))), (colour, max(2, round(2 * scale)))):
        draw.line([(left, top), (right, bottom)], fill=ink, width=width)
        draw.line([(left, bottom), (right, top)], fill=ink, width=width)


def boxes_overlap(first: Box, second: Box, margin: float = 0.0) -> bool:
    return not (first[2] + margin <= second[0] or second[2] + margin <= first[0]
                or first[3] + margin <= second[1] or second[3] + margin <= first[1])


# ---------------------------------------------------------------- legend
Sample = Callable[[ImageDraw.ImageDraw, Box, float], None]     # draws a sample into a box at a scale


@dataclass(frozen=True)
class LegendEntry:
    """One line of a legend: a drawn sample and what it means, in the game's words (`narrow`: a
    square sample, a power's colour, which a crop's caption sets in less room)."""
    text: str
    sample: Sample
    narrow: bool = False


def swatch(fill: Colour, hatch: Colour | None = None, outline: Colour = DARK) -> Sample:
    """A filled square (hatched when `hatch` is given): a power's land, a neutral or closed one."""
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        draw.rectangle(box, fill=fill, outline=outline, width=max(1, round(scale)))
        if hatch is not None:
            left, top, right, bottom = box
            step = 4 * scale
            offset = 0.0
            while offset < (right - left) + (bottom - top):
                a = (left + offset, top) if offset <= right - left else (right, top + offset - (right - left))
                b = (left, top + offset) if offset <= bottom - top else (left + offset - (bottom - top), bottom)
                draw.line([a, b], fill=hatch, width=max(1, round(scale)))
                offset += step
    return paint


def arrow_sample(colour: Colour, dashed: bool = False, outline: Colour | None = DARK) -> Sample:
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        y = (box[1] + box[3]) / 2
        draw_arrow(draw, [(box[0], y), (box[2], y)], colour, scale=scale, width=3 * scale, dashed=dashed,
                   outline=outline)
    return paint


def support_sample(colour: Colour) -> Sample:
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        y = (box[1] + box[3]) / 2
        draw_support(draw, (box[0], y), (box[2] - 3 * scale, y), colour, scale=scale)
    return paint


def failure_sample(colour: Colour) -> Sample:
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        y = (box[1] + box[3]) / 2
        path = draw_arrow(draw, [(box[0], y), (box[2], y)], colour, scale=scale, width=3 * scale)
        draw_failure(draw, failure_point(path, scale), scale=scale, size=5.5)
    return paint


def crossed_sample(unit: Sample) -> Sample:
    """A unit sample (the map's own unit drawing) struck through."""
    def paint(draw: ImageDraw.ImageDraw, box: Box, scale: float) -> None:
        unit(draw, box, scale)
        cx, cy, r = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[3] - box[1]) / 2
        draw_crossed_out(draw, (cx - r, cy - r, cx + r, cy + r), scale=scale)
    return paint


def _entry_width(draw: ImageDraw.ImageDraw, entry: LegendEntry, font: ImageFont.ImageFont, scale: float) -> float:
    return 34 * scale + draw.textlength(entry.text, font=font) + 16 * scale


def legend_size(draw: ImageDraw.ImageDraw, entries: Sequence[LegendEntry], font: ImageFont.ImageFont,
                max_width: float, scale: float = 1.0) -> tuple[int, int]:
    """The size `draw_legend` will take for `entries` laid out in rows no wider than `max_width`."""
    # rows wrap exactly as draw_legend wraps them: its first entry starts 6 px (at scale 1) in
    rows, x = 1, 6 * scale
    for entry in entries:
        width = _entry_width(draw, entry, font, scale)
        if x > 6 * scale and x + width > max_width:
            rows, x = rows + 1, 6 * scale
        x += width
    row = _row_height(font, scale)
    return int(max_width), int(rows * row + 8 * scale)


def _row_height(font: ImageFont.ImageFont, scale: float) -> float:
    size = getattr(font, "size", 12)
    return max(size * 1.6, 20 * scale)


def draw_legend(draw: ImageDraw.ImageDraw, origin: Point, entries: Sequence[LegendEntry],
                font: ImageFont.ImageFont, max_width: float, *, scale: float = 1.0,
                ink: Colour = (40, 34, 28), frame: Colour | None = (150, 140, 125),
                fill: Colour | None = (252, 250, 244)) -> Box:
    """A box of legend entries (sample, then text) in rows that wrap at `max_width`; returns the box."""
    width, height = legend_size(draw, entries, font, max_width, scale)
    left, top = origin
    if fill is not None or frame is not None:
        draw.rectangle([left, top, left + width, top + height], fill=fill, outline=frame,
                       width=max(1, round(scale)))
    row = _row_height(font, scale)
    x, y = left + 6 * scale, top + 4 * scale
    for entry in entries:
        entry_width = _entry_width(draw, entry, font, scale)
        if x > left + 6 * scale and x + entry_width > left + max_width:
            x, y = left + 6 * scale, y + row
        sample_height = min(row - 4 * scale, 16 * scale)
        middle = y + row / 2
        entry.sample(draw, (x, middle - sample_height / 2, x + 28 * scale, middle + sample_height / 2), scale)
        draw.text((x + 34 * scale, middle), entry.text, fill=ink, font=font, anchor="lm")
        x += entry_width
    return left, top, left + width, top + height
