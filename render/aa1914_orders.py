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

import numpy as np
from PIL import ImageDraw

from .aa1914_geometry import art
from .aa1914_layout import PROBE, Layout, anchor_spots, overlaps, place_box
from .fonts import font
from .overlay import bend, draw_arrow, draw_failure, failure_point

# log entries with a `battle` field that are not battles: a minefield's dice, the diplomacy roll
# for Spain (house rule 4.17), Germany's unrestricted submarine warfare roll
NOT_BATTLES = {"mines", "diplomacy in Madrid", "unrestricted submarine warfare"}
OUTCOME_INK = {"taken": (20, 110, 30), "won": (20, 110, 30), "contested": (170, 20, 20), "held": (30, 60, 140)}


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
    stays contested, or the defender held it."""
    from engine.aa1914.state import friendly, holds_land, is_contested
    here = [u for u in state["units"] if u["where"] == where]
    if board.territories[where].sea:
        ours = any(friendly(board, u["owner"], attacker) for u in here)
        theirs = any(not friendly(board, u["owner"], attacker) for u in here)
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
BENDS = (0.0, 0.18, -0.18, 0.32, -0.32, 0.5, -0.5)


def _samples(points: Sequence[tuple[float, float]]) -> np.ndarray:
    """Points every 3 px or so along a path."""
    at = np.asarray(points, dtype=float)
    along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(at, axis=0).T))])
    steps = np.linspace(0.0, along[-1], max(2, int(along[-1] / 3) + 2))
    return np.column_stack([np.interp(steps, along, at[:, 0]), np.interp(steps, along, at[:, 1])])


def crossings(points: Sequence[tuple[float, float]], boxes: Sequence) -> int:
    """How many of `boxes` (badges, names) a path runs through (sampled every 3 px, 2 px margin)."""
    if not len(boxes) or len(points) < 2:
        return 0
    at, near = _samples(points), np.asarray(boxes, dtype=float).reshape(-1, 4)
    inside = ((at[:, None, 0] >= near[None, :, 0] - 2) & (at[:, None, 0] <= near[None, :, 2] + 2)
              & (at[:, None, 1] >= near[None, :, 1] - 2) & (at[:, None, 1] <= near[None, :, 3] + 2))
    return int(inside.any(axis=0).sum())


def _near(boxes: Sequence, points: Sequence[tuple[float, float]], reach: float) -> list:
    """The boxes within `reach` px of the points' bounding box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    around = (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
    return [b for b in boxes if overlaps(b, around)]


def _hits_towards(spots: np.ndarray, target: tuple[float, float], boxes: Sequence, reach: float = 45.0) -> np.ndarray:
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


def _facing(layout: Layout, where: str, toward: Sequence[tuple[float, float]], obstacles,
            used: Sequence[tuple[float, float]] = ()) -> tuple[float, float] | None:
    """Of `where`'s free points, the one from which the arrow's first 45 px towards each of
    `toward` cross the fewest badges and names, away from the ends other arrows took (`used`),
    nearest the name first."""
    spots = anchor_spots(layout, where)
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


def _alongside(line: Sequence[tuple[float, float]], others: Sequence[np.ndarray]) -> float:
    """The largest share of a line's length that runs within 6 px of an arrow already drawn."""
    if not others:
        return 0.0
    at = _samples(line)
    share = 0.0
    for other in others:
        gaps = np.hypot(at[:, None, 0] - other[None, :, 0], at[:, None, 1] - other[None, :, 1]).min(axis=1)
        share = max(share, float((gaps < 6).mean()))
    return share


def route(layout: Layout, move: Move, drawn: dict | None = None) -> list[tuple[float, float]] | None:
    """The arrow's path on this view: from a free point of each place (the one facing the way the
    arrow goes, apart from the ends of the arrows already drawn) to the next, every leg bent (if
    it must) so it runs around badges and names, and beside (not on) another arrow between the
    same places. `drawn` collects the ends and lines of the arrows drawn so far."""
    if all(name not in layout.mine for name in move.path):
        return None
    centres = [art()["centres"].get(name) for name in move.path]
    if any(c is None for c in centres):
        return None
    marks = [layout.view.point(*c) for c in centres]
    drawn = {"ends": [], "lines": []} if drawn is None else drawn
    badges = [b.box for b in layout.badges]
    names = list(layout.names.values())
    points = []
    for index, name in enumerate(move.path):
        toward = [marks[i] for i in (index - 1, index + 1) if 0 <= i < len(marks)]
        spot = _facing(layout, name, toward, (badges, names), drawn["ends"])
        if spot is not None:
            points.append(spot)
    if len(points) < 2:
        return None
    drawn["ends"].extend(points)
    path: list[tuple[float, float]] = [points[0]]
    for start, end in zip(points, points[1:]):
        reach = (min(start[0], end[0]) - 40, min(start[1], end[1]) - 40,
                 max(start[0], end[0]) + 40, max(start[1], end[1]) + 40)
        near_badges = [b for b in badges if overlaps(b, reach)]
        near_names = [b for b in names if overlaps(b, reach)]
        near_lines = [line for line in drawn["lines"]
                      if line[:, 0].min() < reach[2] and reach[0] < line[:, 0].max()
                      and line[:, 1].min() < reach[3] and reach[1] < line[:, 1].max()]

        def cost(amount: float) -> tuple[float, float]:
            line = bend(start, end, amount)
            # through a badge is worst, across a name next, on top of another arrow next; then
            # the straighter the better
            return (3 * crossings(line, near_badges) + 2 * crossings(line, near_names)
                    + 3 * _alongside(line, near_lines), abs(amount))
        best = min(BENDS, key=cost)
        path.extend(bend(start, end, best)[1:])
    drawn["lines"].append(_samples(path))
    return path


def draw_moves(draw: ImageDraw.ImageDraw, layout: Layout, moves: Sequence[Move], colours: dict,
               zoom: float = 1.0, shift: tuple[float, float] = (0.0, 0.0)) -> list[list[tuple[float, float]]]:
    """Each move as an arrow in the mover's colour with a dark rim; one the engine could not
    carry out dashed, with a ✗ on its own head. Returns the paths drawn (view base pixels)."""
    paths: list = []
    drawn: dict = {"ends": [], "lines": []}
    for move in moves:
        path = route(layout, move, drawn)
        if path is None:
            continue
        paths.append(path)
        scaled = [(x * zoom - shift[0], y * zoom - shift[1]) for x, y in path]
        colour = colours.get(move.seat, (90, 90, 90))
        out = draw_arrow(draw, scaled, colour, scale=zoom, width=3.5 * zoom, dashed=move.failed)
        if move.failed:
            draw_failure(draw, failure_point(out, zoom), scale=zoom)
    return paths


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
