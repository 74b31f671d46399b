"""The turn in focus: every order of a phase that changed something or failed, every unit it
dislodged, destroyed or built and every battle it fought, shown in as few phone-sized crops as
hold all of them — one crop where the action was in one place, two or three theatres when it
was at both ends of the map, never a crop that leaves one out.

A map module says what its turn did as `Action`s (`turn_actions(state, last_orders)`: the
points of each order, in the map's pixels at scale 1, that must be seen together — a move's
unit and destination, a convoy's fleets, a battle's units); a map without one is read from the
order lines (every place they name). Nothing here decides a rule.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np

from .regions import MARGIN, Box, Point, box_around

__all__ = ["Action", "turn_actions", "theatres", "crop_zoom", "MAX_CROPS", "ZOOMS"]

MAX_CROPS = 3                        # theatres at most; more action than that is shown in larger crops
# the largest part of the board one crop shows (map pixels at scale 1, margins included), tried
# in turn until the action fits in MAX_CROPS of them; the last is any board
SIZES = ((640.0, 480.0), (760.0, 570.0), (900.0, 675.0), (1200.0, 900.0), (1e9, 1e9))
LEAST = (440.0, 330.0)               # the smallest part of the board a crop shows
# the scales a crop is drawn at: few, so each map keeps its static layers once per scale
ZOOMS = (2.25, 1.6, 1.2, 1.0)
CROP_WIDTH = 1100                    # the widest a crop is drawn (pixels): a phone shows ~400 of them


@dataclass(frozen=True)
class Action:
    """Something the turn did, as the points (map pixels at scale 1) that must be seen together,
    and the seat whose order it was (None: a loss, a battle, a retreat the engine asks for)."""
    points: tuple[Point, ...]
    seat: str | None = None


def turn_actions(module, state: Mapping, last_orders: Mapping[str, Sequence[str]] | None,
                 seats: Iterable[str] | None = None) -> list[Action]:
    """What the turn did on this map (only the orders of `seats`, when given: a seat's own crop)."""
    finder = getattr(module, "turn_actions", None)
    found = finder(state, last_orders) if finder is not None else _read_from_text(module, state, last_orders)
    if seats is not None:
        wanted = set(seats)
        found = [action for action in found if action.seat in wanted]
    width, height = module.board_size()
    return [Action(tuple((min(max(float(x), 0.0), width), min(max(float(y), 0.0), height)) for x, y in a.points),
                   a.seat) for a in found if a.points]


def _place_names(module, text: str) -> Iterable[Point]:
    """The places an order line names, as points: every run of up to four words that the map
    knows as a place (`A Ber S A Mun - Bur`: ber, mun, bur; `move 2 infantry: Berlin - Prussia`)."""
    for segment in re.split(r"[:,;()→>\-]+", text):
        words = segment.split()
        for length in (4, 3, 2, 1):
            for start in range(len(words) - length + 1):
                name = " ".join(words[start:start + length])
                point = module.place_point(name) or (module.place_point(name.lower()) if name.isalpha() else None)
                if point is not None:
                    yield point


def _read_from_text(module, state: Mapping, last_orders) -> list[Action]:
    actions = [Action(tuple(_place_names(module, str(line))), str(seat))
               for seat, lines in (last_orders or {}).items() for line in lines]
    places = [entry.get("unit", {}).get("loc") for entry in (state.get("dislodged") or {}).values()
              if isinstance(entry, Mapping) and isinstance(entry.get("unit"), Mapping)]
    places += [entry.get("unit", {}).get("loc") for entry in state.get("eliminated") or ()
               if isinstance(entry, Mapping) and isinstance(entry.get("unit"), Mapping)]
    places += [entry.get("where") for entry in state.get("destroyed") or () if isinstance(entry, Mapping)]
    for place in places:
        if isinstance(place, str):
            point = module.place_point(place) or module.place_point(place.split("/")[0])
            if point is not None:
                actions.append(Action((point,)))
    return actions


# ---------------------------------------------------------------- theatres
def theatres(actions: Sequence[Action], board: tuple[int, int], most: int = MAX_CROPS,
             insets: Sequence[Box] = ()) -> list[Box]:
    """The parts of the board (map pixels at scale 1) that together hold every action whole: as
    few boxes of the smallest size as hold them, if `most` or fewer do; else of the next size.
    Each box is at least `LEAST` and keeps the action `MARGIN` px from its edge; a box whose
    action is all in one inset (the A&A map's Americas, Africa) stays inside that inset's frame.
    [] for no action."""
    if not actions:
        return []
    for size in SIZES:
        boxes = _cover(actions, (min(size[0], board[0]), min(size[1], board[1])), board, insets)
        if len(boxes) <= most:
            return boxes
    return boxes


def _within(points: Sequence[Point], insets: Sequence[Box]) -> Box | None:
    """The inset frame holding every one of `points`, if one does."""
    return next((inset for inset in insets if all(inset[0] <= x <= inset[2] and inset[1] <= y <= inset[3]
                                                  for x, y in points)), None)


def _cover(actions: Sequence[Action], size: tuple[float, float], board: tuple[int, int],
           insets: Sequence[Box] = ()) -> list[Box]:
    """Boxes of at most `size` holding every action, chosen greedily: each time the window that
    holds the most actions whole, nearest the top left of the board first (an action larger than
    a window is held point by point)."""
    inner = (size[0] - 2 * MARGIN, size[1] - 2 * MARGIN)
    items: list[tuple[Point, ...]] = []
    for action in actions:
        xs, ys = [p[0] for p in action.points], [p[1] for p in action.points]
        if max(xs) - min(xs) <= inner[0] and max(ys) - min(ys) <= inner[1]:
            items.append(action.points)
        else:
            items.extend((point,) for point in action.points)
    extents = np.array([(min(p[0] for p in it), min(p[1] for p in it), max(p[0] for p in it),
                         max(p[1] for p in it)) for it in items], dtype=float)
    left = np.arange(len(items))
    boxes: list[Box] = []
    while len(left):
        ext = extents[left]
        # windows whose left edge is some item's left and top edge some item's top
        lefts, tops = np.unique(ext[:, 0]), np.unique(ext[:, 1])
        corners = np.array([(x, y) for x in lefts for y in tops], dtype=float)
        holds = ((ext[None, :, 0] >= corners[:, None, 0]) & (ext[None, :, 1] >= corners[:, None, 1])
                 & (ext[None, :, 2] <= corners[:, None, 0] + inner[0])
                 & (ext[None, :, 3] <= corners[:, None, 1] + inner[1]))
        best = int(np.argmax(holds.sum(axis=1)))
        taken = left[holds[best]]
        points = [p for index in taken for p in items[index]]
        boxes.append(box_around(points, board, least=LEAST, within=_within(points, insets)))
        left = left[~holds[best]]
    return boxes


def crop_zoom(box: Box) -> float:
    """The scale a crop of `box` is drawn at: the largest of `ZOOMS` that keeps it at most
    `CROP_WIDTH` pixels across (1.0 for a part as wide as the map)."""
    width = max(1.0, box[2] - box[0])
    return next((zoom for zoom in ZOOMS if width * zoom <= CROP_WIDTH), 1.0)
