"""The A&A results map's marks: the moves of the turn just played as arrows along their paths,
and a ⚔ where that turn's battles were fought (read from the game log the engine wrote)."""
from __future__ import annotations

import math
from typing import Callable, Mapping, Sequence

from PIL import ImageDraw

from .fonts import font
from .palettes import FAILED


Centre = Callable[[str], "tuple[float, float] | None"]   # a place's point on the map


def _dark(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(int(c * 0.6) for c in colour)


def draw_moves(draw: ImageDraw.ImageDraw, board, last_orders: Mapping[str, Sequence[str]], colours: dict,
               failed: Sequence[str], centre: Centre) -> None:
    """Each move, truck move, breakthrough or allied join of the turn as an arrow in the mover's
    colour, through every space of its path; one the engine could not carry out (`failed`, the
    state's `failed_orders`) in red with a cross."""
    from engine.aa1914.orders import AllyJoin, Breakthrough, MoveOrder, TruckMove, parse_order
    from engine.errors import OrderError
    for seat, lines in last_orders.items():
        for line in lines:
            try:
                order = parse_order(line, board)
            except OrderError:
                continue
            if not isinstance(order, (MoveOrder, TruckMove, Breakthrough, AllyJoin)):
                continue
            broken = order.text() in failed
            colour = FAILED if broken else _dark(colours.get(seat, (60, 60, 60)))
            points = [p for p in (centre(name) for name in order.path) if p is not None]
            if len(points) < 2:
                continue
            points = [(x, y + 18) for x, y in points]      # below the names, where badges are not
            draw.line(points, fill=colour, width=3, joint="curve")
            (x0, y0), (x1, y1) = points[-2], points[-1]
            length = math.hypot(x1 - x0, y1 - y0) or 1
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            back = (x1 - ux * 12, y1 - uy * 12)
            draw.polygon([(x1, y1), (back[0] - uy * 6, back[1] + ux * 6), (back[0] + uy * 6, back[1] - ux * 6)],
                         fill=colour)
            if broken:
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                draw.line([(mx - 7, my - 7), (mx + 7, my + 7)], fill=FAILED, width=4)
                draw.line([(mx - 7, my + 7), (mx + 7, my - 7)], fill=FAILED, width=4)


def battle_sites(state: dict) -> list[str]:
    """Where the last turn played fought: the places its log entries name."""
    log = state.get("log", [])
    if not log:
        return []
    last = (log[-1].get("round"), log[-1].get("power"))
    return sorted({e["battle"] for e in log if (e.get("round"), e.get("power")) == last and e.get("battle")})


def draw_battles(draw: ImageDraw.ImageDraw, state: dict, centre: Centre) -> None:
    mark = font(18)
    for name in battle_sites(state):
        point = centre(name)
        if point is None:
            continue
        x, y = point[0] + 26, point[1] - 16
        draw.ellipse([x - 11, y - 11, x + 11, y + 11], fill=(255, 250, 235), outline=(170, 20, 20), width=2)
        draw.text((x, y), "⚔", fill=(170, 20, 20), font=mark, anchor="mm")
