"""The A&A turn laid out once for every picture of it, and what a part of the map shows.

`prepared` works out, once per position and orders, what the whole map and its crops share:
each view's layout (names, badges), the arrows' routes and the battle markers — the results map
and the crops of where the action was are drawn from the same layout, so a crop shows exactly
what the map shows, and the layout is not worked out again for each crop. `turn_actions` gives
the turn's action (render/focus.py); `shown_in` what a part of a view shows, for its legend.
Nothing here decides a rule."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.aa1914.model import GameState

from .aa1914_geometry import THEATRE_VIEWS, View, art, covered, extent, members, name_text, origin, place_point
from .aa1914_layout import Layout, layout_view, overlaps
from .aa1914_orders import Battle, Move, battles_of_phase, moves_of, place_battles, route_moves
from .aa1914_routes import Routed
from .focus import Action


@dataclass
class Prepared:
    """A position and its orders, laid out: per view its layout, routed arrows and placed battles."""
    board: object
    contested: frozenset
    moves: list[Move]
    battles: list[Battle]
    units: list
    views: dict[View, tuple[Layout, list[tuple[Move, Routed]], list]]


_LAST: list = []          # (fingerprint, state, orders, Prepared): the results map and its crops share it


def _fingerprint(state: Mapping) -> tuple:
    # the same dict changed in place (a test building positions) is not the same position
    return (len(state.get("units") or ()), state.get("round"), state.get("turn"), len(state.get("log") or ()),
            len(state.get("destroyed") or ()), state.get("phase"))


def prepared(state: dict, last_orders: Mapping[str, Sequence[str]] | None) -> Prepared:
    """The layout of `state` with `last_orders` drawn (kept for the next call with the same two)."""
    key = _fingerprint(state)
    if _LAST and _LAST[1] is state and _LAST[2] is last_orders and _LAST[0] == key:
        return _LAST[3]
    from engine.aa1914.board import board_for
    from engine.aa1914.state import contested_territories
    board = board_for(state.get("options", {}), state.get("italy", {}).get("status"))
    contested = frozenset(contested_territories(board, state))
    moves = moves_of(board, last_orders, state.get("failed_orders", ()))
    battles = battles_of_phase(board, state)
    units = GameState.from_json(state).units
    owned = members(THEATRE_VIEWS)
    views = {}
    for view in THEATRE_VIEWS:
        layout = layout_view(state, view, owned[view], tuple(covered(view, THEATRE_VIEWS)), units)
        routed = route_moves(layout, moves)
        placed = place_battles(layout, battles)
        views[view] = (layout, routed, placed)
    found = Prepared(board, contested, moves, battles, units, views)
    _LAST[:] = [key, state, last_orders, found]
    return found


# ---------------------------------------------------------------- the turn's action
def _corners(view: View, box) -> tuple[tuple[float, float], ...]:
    left, top = origin(view)
    return (box[0] + left, box[1] + top), (box[2] + left, box[3] + top)


def turn_actions(state: dict, last_orders: Mapping[str, Sequence[str]] | None) -> list[Action]:
    """Every move of the turn (its arrow whole, and the badges of every place it names), every
    battle (its marker and the badges there), every unit destroyed (crossed out where it stood)
    and every other order naming a place (placements, …), in the picture's pixels at scale 1."""
    from engine.aa1914.orders import parse_order
    from engine.errors import OrderError
    ready = prepared(state, last_orders)
    badges_at: dict[str, list] = {}
    arrows: dict[int, list] = {}
    marks: dict[str, list] = {}
    for view, (layout, routed, placed) in ready.views.items():
        for badge in layout.badges:
            badges_at.setdefault(badge.where, []).extend(_corners(view, badge.box))
        for move, arrow in routed:
            xs, ys = [p[0] for p in arrow.points], [p[1] for p in arrow.points]
            arrows.setdefault(id(move), []).extend(_corners(view, (min(xs), min(ys), max(xs), max(ys))))
        for battle, box in placed:
            marks.setdefault(battle.where, []).extend(_corners(view, box))
    actions: list[Action] = []
    for move in ready.moves:
        points = list(arrows.get(id(move), ()))
        for name in move.path:
            points += badges_at.get(name, [])
        actions.append(Action(tuple(points), move.seat))
    for battle in ready.battles:
        actions.append(Action(tuple(marks.get(battle.where, []) + badges_at.get(battle.where, []))))
    lost = {d.get("where") for d in state.get("destroyed") or () if isinstance(d, Mapping)}
    for where in lost:
        if isinstance(where, str):
            actions.append(Action(tuple(badges_at.get(where, []))))
    for seat, lines in (last_orders or {}).items():
        for line in lines:
            try:
                order = parse_order(str(line), ready.board)
            except (OrderError, TypeError, ValueError):
                continue
            if len(getattr(order, "path", None) or ()) >= 2:
                continue                           # a move: its arrow is above
            places = [p for p in _named_places(order) if p in art()["centres"]]
            points = [pt for p in places for pt in badges_at.get(p, []) or [place_point(p)] if pt is not None]
            if points:
                actions.append(Action(tuple(points), str(seat)))
    return [action for action in actions if action.points]


def _named_places(order) -> list[str]:
    """The territories and sea zones an order names (its path, its place)."""
    names: list[str] = []
    for field in ("path", "where", "zone", "target", "retreat_to", "pickup"):
        value = getattr(order, field, None)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, (tuple, list)):
            names.extend(v for v in value if isinstance(v, str))
    return names


# ---------------------------------------------------------------- what a part shows
def shown_in(view: View, window: tuple[float, float, float, float], ready: Prepared, fills: Mapping[str, tuple],
             contested: frozenset, control: Mapping[str, str] | None = None) -> dict:
    """What the part `window` (view pixels at its base scale) of `view` shows: the powers of its
    badges and land, its unit kinds, its fills, its printed marks and the turn's marks."""
    layout, routed, placed = ready.views[view]

    def inside(box) -> bool:
        return overlaps(box, window)
    shown: dict = {"powers": set(), "kinds": set(), "fills": set(), "outcomes": set()}
    for badge in layout.badges:
        if inside(badge.box):
            shown["powers"].add(badge.owner)
            shown["kinds"].update(kind for kind, _ in badge.parts)
            if badge.lost:
                shown["lost"] = True
    for move, arrow in routed:
        if any(window[0] <= x <= window[2] and window[1] <= y <= window[3] for x, y in arrow.points):
            shown["moves"] = True
            shown["powers"].add(move.seat)
            if move.failed:
                shown["failed"] = True
    for battle, box in placed:
        if inside(box):
            shown["battles"] = True
            shown["outcomes"].add(battle.outcome)
    for name, box in layout.names.items():
        if inside(box):
            text = name_text(name)
            shown["naval base"] = shown.get("naval base") or "⚓" in text
            shown["minefield"] = shown.get("minefield") or "✹" in text
    for name, fill in fills.items():
        if name in layout.mine and inside(extent(view, name)):
            shown["fills"].add(name in contested and "contested" or fill)
            owner = (control or {}).get(name)
            if owner is not None:
                shown["powers"].add(owner)
    return shown
