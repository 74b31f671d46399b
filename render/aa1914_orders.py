"""The A&A results map's story of the turn just played: its moves as arrows in the mover's
colour (overlay.py's shared vocabulary) from a free point of each territory to the next, bent
around the badges they would cross; a marker with each battle's outcome where that turn's
battles were fought; and what the engine could not carry out marked at the arrow's head.

What happened is read from the state the engine wrote: `turn_played` (the turn this position
follows and where its log entries start), the log's battle entries and `failed_orders`."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from PIL import ImageDraw

from .aa1914_layout import PROBE, Layout, place_box
from .aa1914_routes import Routed, route
from .fonts import font
from .overlay import draw_arrow, draw_failure, failure_point, path_length, point_along

# log entries with a `battle` field that are not battles: a minefield's dice, the diplomacy roll
# for Spain (house rule 4.17), Germany's unrestricted submarine warfare roll
NOT_BATTLES = {"mines", "diplomacy in Madrid", "unrestricted submarine warfare"}
OUTCOME_INK = {"taken": (20, 110, 30), "won": (20, 110, 30), "contested": (170, 20, 20), "held": (30, 60, 140),
               "all sunk": (90, 60, 30)}


@dataclass(frozen=True)
class Move:
    """One arrow of the turn: who ordered it, the places along its path, whether it failed."""
    seat: str
    path: tuple[str, ...]
    failed: bool


@dataclass(frozen=True)
class Battle:
    """A battle of the turn drawn: where, and how it ended for the attacker."""
    where: str
    outcome: str          # taken (won, at sea) / contested / held


def turn_played(board, state: dict) -> tuple[int, str, int] | None:
    """(round, power, first log entry) of the turn this position follows. States written before
    the engine recorded it: the power before the one to move, if the log's last entry is its."""
    played = state.get("turn_played")
    if isinstance(played, dict) and {"round", "power", "log_from"} <= set(played):
        return played["round"], played["power"], int(played["log_from"])
    log = state.get("log") or []
    order = board.turn_order
    if not log or state.get("phase", "turn") != "turn" or not order:
        return None
    index, round_ = state.get("turn", 0) - 1, state.get("round", 1)
    if index < 0:
        index, round_ = len(order) - 1, round_ - 1
    power = order[index]
    start = len(log)
    while start > 0 and (log[start - 1].get("round"), log[start - 1].get("power")) == (round_, power):
        start -= 1
    return (round_, power, start) if start < len(log) else None


def battles_of_phase(board, state: dict) -> list[Battle]:
    """The battles fought in the turn this position follows, each with its outcome."""
    played = turn_played(board, state)
    if played is None:
        return []
    _, power, start = played
    places = sorted({e["battle"] for e in (state.get("log") or [])[start:]
                     if isinstance(e, dict) and e.get("battle") in board.territories
                     and e.get("step") not in NOT_BATTLES})
    return [Battle(where, outcome(board, state, where, power)) for where in places]


def battle_sites(state: dict) -> list[str]:
    """Where the turn this position follows fought its battles."""
    from engine.aa1914.board import board_for
    board = board_for(state.get("options", {}), state.get("italy", {}).get("status"))
    return [b.where for b in battles_of_phase(board, state)]


def outcome(board, state: dict, where: str, attacker: str) -> str:
    """How a battle ended, read from the position after it: on land the attacker's side took the
    territory, it stays contested, or the defender held it; at sea the attacker won the zone, it
    stays contested, the defender held it, or no ship of either side is left (all sunk)."""
    from engine.aa1914.state import friendly, holds_land, is_contested
    here = [u for u in state["units"] if u["where"] == where]
    if board.territories[where].sea:
        ours = any(friendly(board, u["owner"], attacker) for u in here)
        theirs = any(not friendly(board, u["owner"], attacker) for u in here)
        if not ours and not theirs:
            return "all sunk"
        return "contested" if ours and theirs else "won" if ours else "held"
    if is_contested(board, state, where):
        return "contested"
    holder = state["control"].get(where)
    stands = any(holds_land(u) and friendly(board, u["owner"], attacker) for u in here)
    return "taken" if stands and friendly(board, holder, attacker) else "held"


def moves_of(board, last_orders: Mapping[str, Sequence[str]] | None, failed: Sequence[str]) -> list[Move]:
    """Each move, truck move, breakthrough or allied join of the turn, in the order written."""
    from engine.aa1914.orders import AllyJoin, Breakthrough, MoveOrder, TruckMove, parse_order
    from engine.errors import OrderError
    moves = []
    for seat, lines in (last_orders or {}).items():
        for line in lines:
            try:
                order = parse_order(line, board)
            except OrderError:
                continue
            if isinstance(order, (MoveOrder, TruckMove, Breakthrough, AllyJoin)) and len(order.path) >= 2:
                moves.append(Move(seat, tuple(order.path), order.text() in failed))
    return moves


# ---------------------------------------------------------------- arrows
def route_moves(layout: Layout, moves: Sequence[Move]) -> list[tuple[Move, Routed]]:
    """Each move's arrow on this view, in the order written (`aa1914_routes.route`)."""
    drawn: dict = {"ends": [], "lines": []}
    out = []
    for move in moves:
        routed = route(layout, move.path, drawn)
        if routed is not None:
            out.append((move, routed))
    return out


def draw_routed(draw: ImageDraw.ImageDraw, routed: Sequence[tuple[Move, Routed]], colours: dict,
                zoom: float = 1.0, shift: tuple[float, float] = (0.0, 0.0), label_size: int = 10) -> None:
    """Each move as an arrow in the mover's colour with a dark rim; one the engine could not
    carry out dashed, with a ✗ on its own head; an arrow from (to) another view names where it
    comes from (goes to) beside its end."""
    for move, arrow in routed:
        scaled = [(x * zoom - shift[0], y * zoom - shift[1]) for x, y in arrow.points]
        colour = colours.get(move.seat, (90, 90, 90))
        out = draw_arrow(draw, scaled, colour, scale=zoom, width=3.5 * zoom, dashed=move.failed)
        if move.failed:
            draw_failure(draw, failure_point(out, zoom), scale=zoom)
        if arrow.came_from:
            _end_label(draw, f"from {arrow.came_from}", out[0], out, zoom, label_size)
        if arrow.going_to:
            _end_label(draw, f"to {arrow.going_to}", out[-1], out, zoom, label_size)


def _end_label(draw: ImageDraw.ImageDraw, text: str, end, path, zoom: float, size: int) -> None:
    """Where an arrow from (to) another view comes from (goes to), set beside its end on a light
    rim: of the places around the end, the one inside the picture that covers the least of the
    arrow."""
    label = font(round(size * zoom))
    width, height = draw.im.size
    gap = 4 * zoom
    samples = [point_along(path, d) for d in range(0, int(path_length(path)) + 1, max(1, round(3 * zoom)))]
    best = None
    for anchor, (ox, oy) in (("lt", (gap, gap)), ("lb", (gap, -gap)), ("rt", (-gap, gap)), ("rb", (-gap, -gap)),
                             ("mt", (0, 2 * gap)), ("mb", (0, -2 * gap)), ("lm", (2 * gap, 0)), ("rm", (-2 * gap, 0))):
        at = (end[0] + ox, end[1] + oy)
        left, top, right, bottom = draw.textbbox(at, text, font=label, anchor=anchor)
        outside = max(0, -left) + max(0, right - width) + max(0, -top) + max(0, bottom - height)
        covered = sum(1 for x, y in samples if left - 2 <= x <= right + 2 and top - 2 <= y <= bottom + 2)
        cost = (outside > 0, covered, outside)
        if best is None or cost < best[0]:
            best = (cost, at, anchor, (left, top, right, bottom))
    _, at, anchor, (left, top, right, bottom) = best
    shift_x = max(0.0, 2 - left) - max(0.0, right - (width - 2))
    shift_y = max(0.0, 2 - top) - max(0.0, bottom - (height - 2))
    draw.text((at[0] + shift_x, at[1] + shift_y), text, fill=(30, 26, 22), font=label, anchor=anchor,
              stroke_width=max(1, round(2 * zoom)), stroke_fill=(250, 247, 238))


def draw_moves(draw: ImageDraw.ImageDraw, layout: Layout, moves: Sequence[Move], colours: dict,
               zoom: float = 1.0, shift: tuple[float, float] = (0.0, 0.0)) -> list[list[tuple[float, float]]]:
    """Route and draw the moves (`route_moves`, `draw_routed`); returns the paths drawn."""
    routed = route_moves(layout, moves)
    draw_routed(draw, routed, colours, zoom, shift, layout.view.label)
    return [list(arrow.points) for _, arrow in routed]


# ---------------------------------------------------------------- battles
MARK_SIZE = 11


BURST = 12         # the battle mark's side, px at scale 1
BURST_FILL, BURST_RIM = (240, 120, 20), (60, 30, 10)


def battle_label(battle: Battle) -> str:
    return battle.outcome


def draw_burst(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, zoom: float = 1.0) -> None:
    """The mark of a battle: an eight-pointed burst in orange (a ✗ is a failed order's mark, and
    the crossed-swords glyph reads as one at map size)."""
    x, y = centre
    outer, inner = size / 2, size / 4.2
    points = [(x + (outer if i % 2 == 0 else inner) * math.cos(math.pi * i / 8 - math.pi / 2),
               y + (outer if i % 2 == 0 else inner) * math.sin(math.pi * i / 8 - math.pi / 2)) for i in range(16)]
    draw.polygon(points, fill=BURST_FILL, outline=BURST_RIM, width=max(1, round(zoom)))


def place_battles(layout: Layout, battles: Sequence[Battle]) -> list[tuple[Battle, tuple]]:
    """A marker box per battle of this view, on the battle's own ground if there is room, clear
    of names, badges and other markers."""
    placed = []
    label = font(MARK_SIZE)
    for battle in battles:
        if battle.where not in layout.mine:
            continue
        width = BURST + 6 + PROBE.textlength(battle_label(battle), font=label) + 6
        found = place_box(layout, battle.where, (width, MARK_SIZE + 6))
        if found is None:
            continue
        layout.marks.append(found[0])
        placed.append((battle, found[0]))
    return placed


def draw_battles(draw: ImageDraw.ImageDraw, placed, zoom: float = 1.0, shift: tuple[float, float] = (0.0, 0.0)) -> None:
    """Each battle's mark and outcome in a box: green taken (won at sea), red contested, blue held."""
    label = font(round(MARK_SIZE * zoom))
    for battle, box in placed:
        left, top, right, bottom = (box[0] * zoom - shift[0], box[1] * zoom - shift[1], box[2] * zoom - shift[0],
                                    box[3] * zoom - shift[1])
        ink = OUTCOME_INK.get(battle.outcome, (170, 20, 20))
        draw.rounded_rectangle([left, top, right, bottom], radius=3 * zoom, fill=(255, 250, 235), outline=ink,
                               width=max(1, round(1.5 * zoom)))
        middle = (top + bottom) / 2
        draw_burst(draw, (left + (3 + BURST / 2) * zoom, middle), BURST * zoom, zoom)
        draw.text((left + (BURST + 6) * zoom, middle), battle_label(battle), fill=ink, font=label, anchor="lm")
