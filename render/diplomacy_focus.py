"""What a Diplomacy phase asks and did, for the map: where each dislodged unit may retreat (or
that it must disband) in a retreat phase, and the turn's actions for the crops of where the action
was (render/focus.py) — every order that moved, supported, convoyed, built, removed or failed,
every unit dislodged or gone.

The retreats a unit may make are the engine's (`engine.diplomacy.retreats.retreat_options`, on
the variant's own map); nothing here decides a rule.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from PIL import ImageDraw

from . import diplomacy_layout as layout
from .diplomacy_layout import unit_point, view_for
from .diplomacy_orders import OrderMarks, convoys_of, parsed_orders
from .focus import Action
from .fonts import font
from .overlay import DARK, Point, draw_arrow, trim
from .palettes import FAILED

NO_RETREAT = "no retreat: disbands"


def retreat_options(state: Mapping) -> dict[str, list[str]]:
    """Where each dislodged unit may retreat (province → its places), in a retreat phase; {}
    otherwise, or for a position the engine cannot read."""
    if state.get("phase") != "retreat" or not state.get("dislodged"):
        return {}
    try:
        from engine.diplomacy.position import board_dislodged, board_units
        from engine.diplomacy.retreats import retreat_options as options
        dmap = _game_map(state)
        units = board_units(state)
        return {prov: options(dmap, units, prov, d, state.get("contested", []))
                for prov, d in board_dislodged(state).items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}


def _game_map(state: Mapping):
    """The variant's own map (rx07 opens the Baltic–Skagerrak passage), else the standard board."""
    from engine.diplomacy.map import DiplomacyMap
    try:
        from engine.variant import get_variant
        return get_variant(str(state.get("variant", ""))).game_map(state)
    except Exception:  # noqa: BLE001 - a variant not registered here: the standard board's neighbours
        return DiplomacyMap.standard()


def draw_retreat_options(draw: ImageDraw.ImageDraw, marks: OrderMarks, options: Mapping[str, Sequence[str]]) -> None:
    """From each dislodged unit, a thin dashed arrow in its power's colour to every place it may
    retreat to (drawn under the units)."""
    view = marks.view
    for prov, places in sorted(options.items()):
        entry = marks.dislodged.get(prov)
        start = marks.spot(prov, True)
        if entry is None or start is None:
            continue
        colour = marks.colour(entry["unit"]["power"])
        for place in places:
            end = marks.spot(place)
            if end is None:
                continue
            stop = (layout.ARMY_R + 3) * view.px if marks.occupied(place.split("/")[0]) else 4 * view.px
            path = trim([start, end], layout.ARMY_R * 0.9 * view.px, stop)
            # dashed on a white rim (a support is dashed on a dark one, and ends in a dot)
            path = draw_arrow(draw, path, colour, scale=view.scale, width=2.2 * view.scale, dashed=True,
                              outline=(255, 255, 255))
            marks.note("may retreat", *path)


def draw_retreat_tags(draw: ImageDraw.ImageDraw, marks: OrderMarks, options: Mapping[str, Sequence[str]]) -> None:
    """A dislodged unit with nowhere to retreat is tagged under it: it disbands (over the units)."""
    for prov, places in sorted(options.items()):
        start = marks.spot(prov, True)
        if not places and prov in marks.dislodged and start is not None:
            _tag(draw, marks, start, NO_RETREAT)


def _tag(draw: ImageDraw.ImageDraw, marks: OrderMarks, point: Point, text: str) -> None:
    """A small label under a unit: red text on white, dark-rimmed."""
    scale = marks.view.scale
    size = max(7, round(10 * scale))
    x, y = point[0], point[1] + (layout.UNIT_HALF[1] + 4) * marks.view.px
    box = draw.textbbox((x, y), text, font=font(size), anchor="mt")
    pad = 2 * scale
    draw.rounded_rectangle([box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad], radius=2 * scale,
                           fill=(255, 255, 255), outline=DARK, width=max(1, round(scale)))
    draw.text((x, y), text, fill=FAILED, font=font(size), anchor="mt")
    marks.note("no retreat", (x, y))


def tag_sample(draw: ImageDraw.ImageDraw, box, scale: float) -> None:
    pad = 1.5 * scale
    draw.rounded_rectangle([box[0], box[1] + pad, box[2], box[3] - pad], radius=2 * scale, fill=(255, 255, 255),
                           outline=DARK, width=max(1, round(scale)))
    y = (box[1] + box[3]) / 2
    draw.line([(box[0] + 4 * scale, y), (box[2] - 4 * scale, y)], fill=FAILED, width=max(1, round(2 * scale)))


# ---------------------------------------------------------------- the turn's actions
def _unit_corners(loc: str, dislodged: bool = False) -> tuple[Point, ...]:
    """The corners of the box a unit at `loc` is drawn in (map pixels at scale 1)."""
    point = unit_point(loc, dislodged) or unit_point(loc)
    if point is None:
        return ()
    view = view_for()
    box = view.box(layout.unit_box(point, dislodged))
    return (box[0], box[1]), (box[2], box[3])


def turn_actions(state: Mapping, last_orders: Mapping[str, Sequence[str]] | None) -> list[Action]:
    """Every order of the phase that did something or failed — moves and retreats (with a
    convoy's fleets), supports, convoys, builds, removals and disbands; a hold is no action — and
    every unit dislodged or gone, with the places a dislodged unit may retreat to."""
    from engine.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support

    orders = parsed_orders(last_orders)
    convoys = convoys_of([order for _, order in orders])
    dislodged = state.get("dislodged") or {}
    actions: list[Action] = []
    for seat, order in orders:
        if isinstance(order, Hold):
            continue
        here = order.loc.split("/")[0]
        points = list(_unit_corners(order.loc, isinstance(order, (Retreat, Disband)) or here in dislodged))
        if isinstance(order, (Move, Retreat)):
            points += _unit_corners(order.dest)
            for fleet in convoys.get((here, order.dest.split("/")[0]), ()):
                points += _unit_corners(fleet)
        elif isinstance(order, Support):
            points += _unit_corners(order.target)
            if order.target_dest is not None:
                points += _unit_corners(order.target_dest)
        elif isinstance(order, Convoy):
            points += _unit_corners(order.army) + _unit_corners(order.dest)
        elif not isinstance(order, (Build, Remove, Disband)):
            continue
        actions.append(Action(tuple(points), seat))
    options = retreat_options(state)
    for prov, entry in dislodged.items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get("unit"), Mapping):
            continue
        points = list(_unit_corners(prov, True) + _unit_corners(prov))
        for place in options.get(prov, ()):
            points += _unit_corners(place)
        actions.append(Action(tuple(points)))
    for entry in state.get("eliminated") or ():
        if isinstance(entry, Mapping) and isinstance(entry.get("unit"), Mapping):
            loc = str(entry["unit"].get("loc", ""))
            actions.append(Action(_unit_corners(loc, entry.get("how") != "removed")))
    return [action for action in actions if action.points]
