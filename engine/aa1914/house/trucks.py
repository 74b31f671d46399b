"""House rule 2.1 (costs 3.1) "Standard Trucks".

"Can transport 1 Infantry and 1 Artillery, 2 Infantry or 1 Tank 2 spaces. The Truck may move 1
space to get to the units it is loading and unload them one space away. This allows the
transported units to use their move to advance another space, which gives them a total move of
2. It is not possible for units to move more than 2 spaces distance when carried by Trucks."
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalOrder, UnreadableOrder

from .. import movement
from ..board import Board
from ..context import TurnContext
from ..grammar import Counts, MoveOrder, OrderWord, counts_text, parse_counts, place_named, units_and_path
from .base import MOVEMENT, HouseRule, OrderHandler


@dataclass(frozen=True)
class TruckMove:
    """`truck 2 infantry: Berlin - Prussia - Poland` (carried by trucks standing with them), or
    `truck 2 infantry: Prussia - Poland from Berlin` ("The Truck may move 1 space to get to the
    units it is loading")."""

    units: Counts
    path: tuple[str, ...]
    pickup: str | None = None     # where the trucks come from, one space from path[0]

    def text(self) -> str:
        return f"truck {counts_text(self.units)}: " + " - ".join(self.path) + (
            f" from {self.pickup}" if self.pickup else "")


def read_truck(rest: str, board: Board) -> TruckMove:
    pickup = None
    fetched = re.fullmatch(r"(.+?)\s*,?\s+(?:with\s+)?(?:trucks?\s+)?from\s+(.+)", rest, re.I)
    if fetched:
        rest, pickup = fetched.group(1), place_named(board, fetched.group(2))
    units_text, places = units_and_path(board, rest)
    units, _ = parse_counts(units_text)
    if not 2 <= len(places) <= 3:
        raise UnreadableOrder("trucks carry units one or two spaces: `truck 2 infantry: A - B - C`, or fetch "
                              "them first: `truck 2 infantry: B - C from A`")
    return TruckMove(units, tuple(places), pickup)


def truck_loads(units: dict[str, int]) -> int | None:
    """How many trucks a group needs, or None if trucks cannot carry it. 2.1: "Can transport 1
    Infantry and 1 Artillery, 2 Infantry or 1 Tank"."""
    infantry, artillery, tanks = units.get("infantry", 0), units.get("artillery", 0), units.get("tank", 0)
    if set(units) - {"infantry", "artillery", "tank"}:
        return None
    if artillery > infantry:
        return None                      # each artillery rides with one infantry
    paired = artillery
    return tanks + paired + (infantry - paired + 1) // 2


def count_words(units) -> str:
    """`2 infantry, 1 armored train`: a group of units as a player would write it."""
    return ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in units)


def truck_move(turn: TurnContext, order: TruckMove) -> None:
    """Trucks standing with the units carry them up to 2 spaces and go along. Trucks fetched from
    a neighbouring territory (`from X`) spend a space reaching the units, carry them 1 space and
    stop there; the units may then march 1 more on foot. Every step obeys the movement rules
    (impassable, closed, neutral Spain); the first space of a 2-space move must be one the units
    could pass through on foot (friendly, not contested)."""
    start, dest = order.path[0], order.path[-1]
    needed = truck_loads(dict(order.units))
    if needed is None:
        raise IllegalOrder("trucks carry 2 infantry, 1 infantry and 1 artillery, or 1 tank each")
    depot = order.pickup or start
    trucks = [u for u in turn.position.units_in(depot) if u.owner == turn.power and u.type == "truck"
              and u.id not in turn.progress.done_moving]
    if len(trucks) < needed:
        raise IllegalOrder(f"{turn.power} has {len(trucks)} truck(s) in {depot} that can still move; "
                           f"those units need {needed}")
    units = movement.pick_units(turn, MoveOrder(order.units, order.path))
    if start in turn.start.contested:
        raise IllegalOrder(f"units leaving contested {start} move on foot")
    if order.pickup:
        if depot in turn.start.contested:
            raise IllegalOrder(f"trucks leaving contested {depot} may not carry units on")
        movement.check_steps(turn, (depot, start))
        movement.check_entry(turn, (start,))
    movement.check_steps(turn, order.path)
    if any(turn.board.territories[p].sea for p in order.path):
        raise IllegalOrder("trucks drive over land: use a transport to cross the sea")
    status = movement.check_entry(turn, order.path[1:])
    if len(order.path) == 3 and (status[0] != "friendly" or movement.first_entry_to_friendly_minor(turn, order.path[1])):
        raise IllegalOrder(f"trucks drive through friendly territory first, and {order.path[1]} is "
                           + ("a friendly minor entered for the first time" if status[0] == "friendly" else status[0]))
    # fetched trucks have spent a space: they unload one space on and stay there
    truck_stop = order.path[1] if order.pickup else dest
    for u in units:
        turn.position.move(u, dest)
    for u in trucks[:needed]:
        turn.position.move(u, truck_stop)
    turn.progress.done_moving.update(u.id for u in units + trucks[:needed])
    for place in {dest, truck_stop}:
        turn.progress.landed_by_land.add(place)
        turn.entered_land(place)
    turn.report.append(f"🚛 {needed} {turn.power} truck(s) carry {count_words(order.units)} "
                       + (f"from {start} to {dest}" if truck_stop == dest else
                          f"from {start} to {truck_stop}; they march on to {dest}") + ".")


class Trucks(HouseRule):
    key = "trucks"
    units = ("truck",)
    orders = {TruckMove: OrderHandler(MOVEMENT, truck_move)}
    words = (OrderWord(("truck",), "truck", read_truck,
                       "`truck 2 infantry: Berlin - Prussia - Poland` (trucks with the units), "
                       "`truck 2 infantry: Prussia - Poland from Berlin` (trucks fetch them)"),)


RULE = Trucks()
