"""The Diplomacy results map's story of a phase, drawn with the shared vocabulary (render/overlay):
each order in its power's colour, convoyed armies along their convoy's sea zones, supports aimed
at the supported arrow's destination side, failures marked at the order's own head, dislodged
units beside the unit that took their place with their retreat leaving from them.

What happened is read from the state the engine wrote — `resolved` (province of the ordering unit
→ carried out or not), `dislodged`, `eliminated` — never decided here.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from PIL import ImageDraw

from . import diplomacy_layout as layout
from .diplomacy_layout import View, unit_point
from .overlay import (DARK, Box, Point, bend, boxes_overlap, draw_arrow, draw_crossed_out, draw_failure,
                      draw_path, draw_support, failure_box, head_length, path_length, point_along, support_target,
                      trim)
from .palettes import FAILED, ink_for
from .fonts import font

BUILT = (0, 150, 70)
GREY = (120, 120, 120)


def draw_unit(draw: ImageDraw.ImageDraw, centre: Point, kind: str, colour, px: float,
              dislodged: bool = False) -> Box:
    """An army (disc) or fleet (hull) in its power's colour at `centre`; `px` is pixels per
    source unit. A dislodged unit is a little smaller, inside a red ring. Returns its box."""
    k = px * (layout.DISLODGED if dislodged else 1.0)
    x, y = centre
    rim = max(1, round(1.6 * px / layout.BASE))
    half_w, half_h = layout.UNIT_HALF
    if dislodged:
        r = (half_w + 1) * k
        draw.ellipse([x - r, y - r * 0.8, x + r, y + r * 0.8], fill=(255, 255, 255), outline=FAILED,
                     width=max(2, round(2.2 * px / layout.BASE)))
    if kind == "A":
        r = layout.ARMY_R * k
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour, outline=DARK, width=rim)
    else:
        w, top, bottom = layout.FLEET_W * k, layout.FLEET_TOP * k, layout.FLEET_BOTTOM * k
        if dislodged:
            w *= 0.85
        draw.polygon([(x - w, y - top), (x + w, y - top), (x + w * 0.7, y + bottom), (x - w * 0.7, y + bottom)],
                     fill=colour, outline=DARK, width=rim)
    size = max(6, round(14 * k))
    draw.text((x, y + (1.5 * k if kind == "F" else 0)), kind, fill=ink_for(colour), font=font(size), anchor="mm")
    return x - half_w * k, y - half_h * k, x + half_w * k, y + half_h * k


class OrderMarks:
    """Where the units of a state are drawn, whose each order is, and the failure marks to put on
    top once the units are drawn."""

    def __init__(self, view: View, state: Mapping, colours: Mapping):
        self.view = view
        self.state = state
        self.colours = colours
        self.units = state.get("units", {})
        self.dislodged = state.get("dislodged", {})
        self.resolved = state.get("resolved", {})
        self.eliminated = {_province(e["unit"]["loc"]): e for e in state.get("eliminated", ())}
        self.failures: list[Point] = []
        self.moves: dict[tuple[str, str], list[Point]] = {}
        self._obstacles: list[Box] | None = None
        self.crossed: list[tuple[str, bool]] = []   # units ordered off the board, still standing (a preview)
        self.shown: set[str] = set()                 # the kinds of marks the picture shows, for its legend
        self.gone: set[str] = set()                  # how the units crossed out left (destroyed, removed…)

    def note(self, kind: str, *points: Point) -> None:
        """A mark of `kind` drawn at `points`: the legend lists it if the picture shows any of them
        (a part of the board lists only the marks inside it)."""
        margin = 4 * self.view.scale
        if any(-margin <= x <= self.view.width + margin and -margin <= y <= self.view.height + margin
               for x, y in points):
            self.shown.add(kind)

    # ---- where
    def spot(self, loc: str, dislodged: bool = False) -> Point | None:
        point = unit_point(loc, dislodged)
        return self.view.xy(point) if point else None

    def draw_board_unit(self, draw: ImageDraw.ImageDraw, unit: Mapping, dislodged: bool = False) -> Box:
        point = self.spot(unit["loc"], dislodged) or self.spot(unit["loc"])
        colour = self.colours.get(unit["power"], GREY)
        return draw_unit(draw, point, unit["kind"], colour, self.view.px, dislodged)

    def occupied(self, province: str) -> bool:
        return province in self.units

    def origin(self, loc: str) -> tuple[Point | None, str | None]:
        """Where the unit that was ordered from `loc` is drawn now, and its power: beside the
        unit that took its place when it was dislodged (or destroyed), else where it stood."""
        province = _province(loc)
        if province in self.dislodged:
            return self.spot(loc, True), self.dislodged[province]["unit"]["power"]
        gone = self.eliminated.get(province)
        if gone is not None:
            return self.spot(loc, gone.get("how") != "removed"), gone["unit"]["power"]
        unit = self.units.get(province)
        return self.spot(loc), unit["power"] if unit else None

    def colour(self, power: str | None):
        return self.colours.get(power, GREY)

    def failed(self, loc: str) -> bool:
        return self.resolved.get(_province(loc)) is False

    def fail_at(self, point: Point) -> None:
        self.failures.append(point)

    def fail_on(self, path: Sequence[Point], first: float) -> None:
        """Mark a failed order on its own path, `first` px back from its end or, when a name, a
        unit or another mark is there, the nearest clear point further back (never past the
        path's middle); on a hop too short for that, just beside its head, on the side it bows to."""
        total = path_length(path)
        obstacles = self.obstacles() + [failure_box(p, self.view.scale) for p in self.failures]

        def clear(point: Point) -> bool:
            return not any(boxes_overlap(failure_box(point, self.view.scale), box) for box in obstacles)

        step = 4 * self.view.scale
        distance = first
        while distance <= max(first, total * 0.5):
            point = point_along(path, -distance)
            if clear(point):
                self.failures.append(point)
                return
            distance += step
        head = point_along(path, -min(first, total * 0.5))
        behind = point_along(path, -min(first + step, total))
        dx, dy = head[0] - behind[0], head[1] - behind[1]
        norm = math.hypot(dx, dy) or 1.0
        for side in (1, -1):
            for reach in (10, 14, 18):
                offset = reach * self.view.scale * side
                point = head[0] + dy / norm * offset, head[1] - dx / norm * offset
                if clear(point):
                    self.failures.append(point)
                    return
        self.failures.append(head)

    def obstacles(self) -> list[Box]:
        """The boxes of the names and of the units drawn, in pixels."""
        if self._obstacles is None:
            data = layout.board_data()
            boxes = [layout.label_box(p, tuple(pt)) for p, pt in data["labels"].items()]
            boxes += [layout.unit_box(unit_point(u["loc"])) for u in self.units.values() if unit_point(u["loc"])]
            boxes += [layout.unit_box(unit_point(p, True), True) for p in self.dislodged if unit_point(p, True)]
            self._obstacles = [self.view.box(box) for box in boxes]
        return self._obstacles

    def draw_failures(self, draw: ImageDraw.ImageDraw) -> None:
        """The marks that go over the units: failures, and units a removal or disband order takes
        off the board while they still stand on it (a preview of one's own orders)."""
        self.note("failed", *self.failures)
        for loc, dislodged in self.crossed:
            point = self.spot(loc, dislodged)
            if point is not None:
                self.note("gone", point)
                self.gone.add("disbanded" if dislodged else "removed")
                k = self.view.px * (layout.DISLODGED if dislodged else 1.0)
                half_w, half_h = layout.UNIT_HALF
                draw_crossed_out(draw, (point[0] - half_w * k, point[1] - half_h * k, point[0] + half_w * k,
                                        point[1] + half_h * k), scale=self.view.scale)
        for point in self.failures:
            draw_failure(draw, point, scale=self.view.scale)

    # ---- paths
    def move_path(self, start: Point, dest: str, via: Sequence[Point] = (), curve: float = 0.0) -> list[Point]:
        """From the unit to the destination's unit spot, stopping at the edge of a unit drawn
        there, along `via` (a convoy's fleets) when given."""
        end = self.spot(dest)
        if end is None:
            return []
        px = self.view.px
        points = [start, *via, end] if via else bend(start, end, curve)
        stop = (layout.ARMY_R + 3) * px if self.occupied(_province(dest)) else 6 * px
        return trim(points, layout.ARMY_R * 0.6 * px, stop)


def _head_gap(scale: float) -> float:
    """How far back from an arrow's tip its failure mark goes first: just behind the head."""
    return head_length(scale) + 7 * scale


def _province(loc: str) -> str:
    return loc.split("/")[0]


def _passage(marks: OrderMarks, here: str, there: str) -> list[Point]:
    """A fleet's move through a passage the variant opens (rx07: Baltic–Skagerrak) follows it."""
    for ends in layout.PASSAGES.get(marks.state.get("variant", ""), ()):
        if {here, there} == {sea for sea, _ in ends}:
            ordered = ends if ends[0][0] == here else ends[::-1]
            return [marks.view.xy(point) for _, point in ordered]
    return []


def _convoy_route(marks: OrderMarks, army: str, dest: str, convoys: Mapping[tuple[str, str], list[str]],
                  start: Point) -> list[Point]:
    """The fleets' spots a convoyed army goes through, nearest first from the army."""
    fleets = [marks.spot(loc) for loc in convoys.get((army, dest), ())]
    fleets = [f for f in fleets if f is not None]
    route, here = [], start
    while fleets:
        nearest = min(fleets, key=lambda f: math.dist(here, f))
        fleets.remove(nearest)
        route.append(nearest)
        here = nearest
    return route


def parsed_orders(last_orders: Mapping[str, Sequence[str]] | None) -> list[tuple[str, object]]:
    """(seat, order) for each line the board's parser reads (as a movement, retreat or adjustment
    order); lines it cannot read are left out — drawing never refuses a stored sheet."""
    from engine.diplomacy.map import DiplomacyMap
    from engine.diplomacy.parser import parse_order
    from engine.errors import OrderError

    dmap = DiplomacyMap.standard()
    orders = []
    for seat, lines in (last_orders or {}).items():
        for line in lines:
            for phase in ("movement", "retreat", "adjustment"):
                try:
                    orders.append((seat, parse_order(str(line), dmap, phase)))
                    break
                except (OrderError, TypeError, ValueError):
                    continue
    return orders


def convoys_of(orders: Sequence) -> dict[tuple[str, str], list[str]]:
    """The fleets convoying each (army's province, destination), from the convoy orders."""
    from engine.diplomacy.orders import Convoy
    convoys: dict[tuple[str, str], list[str]] = {}
    for order in orders:
        if isinstance(order, Convoy):
            convoys.setdefault((_province(order.army), _province(order.dest)), []).append(order.loc)
    return convoys


def draw_orders(draw: ImageDraw.ImageDraw, marks: OrderMarks, last_orders: Mapping[str, Sequence[str]]) -> None:
    """The orders that led to this position: moves (and retreats) first, so that supports can
    aim at their arrows; builds ringed. Failure marks are kept for after the units are drawn."""
    from engine.diplomacy.orders import Build, Convoy, Disband, Move, Remove, Retreat, Support

    orders = [order for _, order in parsed_orders(last_orders)]
    convoys = convoys_of(orders)
    moves = [o for o in orders if isinstance(o, (Move, Retreat))]
    pairs = {(_province(o.loc), _province(o.dest)) for o in moves}
    view = marks.view
    for order in moves:
        here, there = _province(order.loc), _province(order.dest)
        start, power = marks.origin(order.loc)
        if isinstance(order, Retreat):
            start = marks.spot(order.loc, True)
            gone = marks.eliminated.get(here)
            power = gone["unit"]["power"] if gone else (marks.units.get(there) or {}).get("power", power)
        elif marks.resolved.get(here) is True and there in marks.units:
            power = marks.units[there]["power"]          # it moved: it stands at its destination
        if start is None:
            continue
        via = _convoy_route(marks, here, there, convoys, start) or _passage(marks, here, there)
        curve = 0.3 if (there, here) in pairs and not via else 0.0
        path = marks.move_path(start, order.dest, via, curve)
        if len(path) < 2:
            continue
        failed = marks.failed(order.loc)
        path = draw_arrow(draw, path, marks.colour(power), scale=view.scale, width=4 * view.scale)
        marks.moves[(here, there)] = path
        if isinstance(order, Retreat):
            # a retreat's arrow is hollow: the same colour, a white stripe down its shaft
            draw_path(draw, trim(path, 0, head_length(view.scale) * 0.9), (255, 255, 255), 1.6 * view.scale,
                      outline=None, scale=view.scale)
            marks.note("retreat", *path)
        else:
            marks.note("move", *path)
        if isinstance(order, Retreat) and here not in marks.eliminated:
            _ghost(draw, marks, start, power)              # where it stood, dislodged, before retreating
        if failed:
            marks.fail_on(path, _head_gap(view.scale))
    for order in orders:
        if isinstance(order, Support):
            _draw_support(draw, marks, order)
        elif isinstance(order, Convoy):
            _draw_convoy(draw, marks, order)
        elif isinstance(order, (Remove, Disband)) and _province(order.loc) not in marks.eliminated:
            dislodged = isinstance(order, Disband)
            if _province(order.loc) in (marks.dislodged if dislodged else marks.units):
                marks.crossed.append((order.loc, dislodged))
        elif isinstance(order, Build):
            point = marks.spot(order.loc)
            if point is not None and _province(order.loc) in marks.units:
                draw_built_ring(draw, point, view.px, view.scale)
                marks.note("built", point)


def draw_built_ring(draw: ImageDraw.ImageDraw, point: Point, px: float, scale: float) -> None:
    """A unit built this phase: ringed in green."""
    r = (layout.UNIT_HALF[0] + 4) * px
    draw.ellipse([point[0] - r, point[1] - r, point[0] + r, point[1] + r], outline=BUILT,
                 width=max(2, round(3 * scale)))


def _ghost(draw: ImageDraw.ImageDraw, marks: OrderMarks, point: Point, power: str | None) -> None:
    """The outline of a unit that has left this spot (a retreat's start), in its power's colour."""
    px = marks.view.px * layout.DISLODGED
    r = layout.ARMY_R * px
    draw.ellipse([point[0] - r, point[1] - r, point[0] + r, point[1] + r], fill=(255, 255, 255),
                 outline=marks.colour(power), width=max(2, round(2.5 * marks.view.scale)))


def _draw_support(draw: ImageDraw.ImageDraw, marks: OrderMarks, order) -> None:
    view = marks.view
    start, power = marks.origin(order.loc)
    if start is None:
        return
    colour = marks.colour(power)
    target = _province(order.target)
    if order.target_dest is None:
        beaten = target in marks.dislodged or marks.eliminated.get(target, {}).get("how") == "destroyed"
        point = marks.spot(order.target, beaten)
        if point is None:
            return
        path = draw_support(draw, start, point, colour, scale=view.scale, hold=True,
                            hold_radius=(layout.UNIT_HALF[0] + 3) * layout.BASE)
    else:
        dest = _province(order.target_dest)
        arrow = marks.moves.get((target, dest))
        if arrow is None:                     # the supported move was not ordered: aim at where it would go
            origin, _ = marks.origin(order.target)
            arrow = marks.move_path(origin, order.target_dest) if origin else []
        if len(arrow) < 2:
            return
        path = draw_support(draw, start, support_target(arrow, view.scale), colour, scale=view.scale)
    marks.note("support", *path)
    if marks.failed(order.loc):
        marks.fail_on(path, 9 * view.scale)


def _draw_convoy(draw: ImageDraw.ImageDraw, marks: OrderMarks, order) -> None:
    """A convoying fleet is ringed in its colour (the army's arrow runs through it); a convoy that
    failed is marked beside the fleet."""
    view = marks.view
    point, power = marks.origin(order.loc)
    if point is None:
        return
    r = (layout.UNIT_HALF[0] + 3) * view.px
    box = [point[0] - r, point[1] - r, point[0] + r, point[1] + r]
    draw_convoy_ring(draw, point, r, marks.colour(power), view.scale)
    marks.note("convoy", point)
    if marks.failed(order.loc):
        marks.fail_at((point[0] + r * 0.75, point[1] - r * 0.75))


def draw_convoy_ring(draw: ImageDraw.ImageDraw, point: Point, r: float, colour, scale: float) -> None:
    """A convoying fleet's mark: a broken ring in its power's colour on a dark rim."""
    box = [point[0] - r, point[1] - r, point[0] + r, point[1] + r]
    for start in range(0, 360, 40):
        draw.arc(box, start, start + 24, fill=DARK, width=max(2, round(4 * scale)))
        draw.arc(box, start, start + 24, fill=colour, width=max(1, round(2 * scale)))
