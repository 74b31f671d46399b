"""Orders the rules accept but that, as the board and the seat's own sheet stand, can only be void.

A support or convoy order is legal on its own; it is *void* when what it helps does not happen
(the supported unit is not there or does not make that move, no chain of fleets can carry the
army). The rules still take such an order, so a sheet accepts it, but the player is told what
would have to be true for it to count: `void unless a unit stands in Munich: none does`.

Only what is known when the order is given is judged: the units on the board (they do not move
before the adjudication), the sea areas that hold fleets, and the seat's own orders on the same
sheet. What another power orders is not known, so a support of a foreign unit's move is judged
only on whether that unit could make the move at all. The rules quoted:

- a support of a unit that is not there, or of a move the unit cannot make, gives nothing (DATC
  6.A.10 "Support on unreachable destination not possible", 6.D.24 "Impossible army move can not
  be supported", 6.D.31 "A tricky impossible support");
- a support to hold of a unit ordered to move, or a support of a move the unit is not ordered to
  make, is void (DATC 6.D.7 "Support to hold on moving unit not allowed", 6.D.9 "Support to move
  on holding unit not allowed");
- a convoy order helps only an army that stands where it says and moves where it says, along a
  chain of fleets (DATC 6.A.7 "Only armies can be convoyed"; no chain at all, 6.D.32 "A missing
  fleet"). A fleet off every chain while another chain exists is not warned about: whether its
  order shows intent (6.G.19) can still change how the army travels.
"""
from __future__ import annotations

from typing import Mapping

from .map import DiplomacyMap, province_of
from .orders import Convoy, Order, Support, Unit
from .validation import can_be_convoyed, can_reach, check_unit_order, convoy_route_exists

NO_CHAIN = "no fleet of yours or others stands in the seas between"


def void_warnings(dmap: DiplomacyMap, units: Mapping[str, Unit], order: Order, own: Mapping[str, Order],
                  powers: set[str], edition: str = "2023") -> tuple[str, ...]:
    """Why `order` (already accepted for one of `powers`) can only be void, as `void unless …`
    sentences; empty when it may count. `own` holds the sheet's orders for the seat's units by
    province (a unit missing from it holds)."""
    if isinstance(order, Support):
        why = _support(dmap, units, order, own, powers, edition)
    elif isinstance(order, Convoy):
        why = _convoy(dmap, units, order, own, powers, edition)
    else:
        why = None
    return (why,) if why else ()


def _own_order_text(order: Order | None, unit: Unit) -> str:
    return f"this sheet orders `{order.text(unit.kind)}`" if order is not None else \
        "it has no order on this sheet (it holds)"


def _no_chain(dmap: DiplomacyMap, units: Mapping[str, Unit], army: str, dest: str) -> str:
    """Why no chain of fleets can carry the army: no fleets stand there, or only the seat's own
    fleets do and they are not ordered to convoy it."""
    at_sea = [p for p, u in units.items() if u.kind == "F" and dmap.provinces[p].type == "sea"]
    if convoy_route_exists(dmap, army, dest, at_sea):
        return "your fleets between are not ordered to convoy it"
    return NO_CHAIN


def _carriers(dmap: DiplomacyMap, units: Mapping[str, Unit], own: Mapping[str, Order], powers: set[str],
              army: str, dest: str) -> list[str]:
    """The sea areas whose fleets may carry the army in `army` to `dest`: every fleet at sea,
    except the seat's own fleets whose order on the sheet is not that convoy."""
    out = []
    for prov, unit in units.items():
        if unit.kind != "F" or dmap.provinces[prov].type != "sea":
            continue
        if unit.power in powers:
            order = own.get(prov)
            if not (isinstance(order, Convoy) and province_of(order.army) == army
                    and province_of(order.dest) == dest):
                continue
        out.append(prov)
    return out


def _support(dmap: DiplomacyMap, units: Mapping[str, Unit], order: Support, own: Mapping[str, Order],
             powers: set[str], edition: str) -> str | None:
    target = province_of(order.target)
    supported = units.get(target)
    if supported is None:
        return f"void unless a unit stands in {dmap.name(target)}: none does"
    if order.target_dest is None:
        if supported.power in powers:
            mine = own.get(target)
            checked = check_unit_order(dmap, units, supported, mine, edition) if mine is not None else None
            if checked is not None and checked.kind == "move":
                return f"void unless {supported} stays in {dmap.name(target)}: {_own_order_text(mine, supported)}"
        return None
    into = province_of(order.target_dest)
    name = dmap.name(into)
    if into == supported.province:
        return f"void unless {supported} can move to {name}: it is there already"
    if supported.kind == "F":
        coast = order.target_dest if "/" in order.target_dest else None
        reach = coast in dmap.fleet_neighbours(supported.loc) if coast else can_reach(dmap, supported, into)
        if not reach:
            return f"void unless {supported} can move to {name}: that fleet cannot reach it"
    elif dmap.provinces[into].type == "sea":
        return f"void unless {supported} can move to {name}: an army cannot enter the sea"
    elif into not in dmap.army_neighbours(supported.province):
        if not can_be_convoyed(dmap, supported.province, into):
            return f"void unless {supported} can move to {name}: it is not next to it and cannot be convoyed there"
        if not convoy_route_exists(dmap, supported.province, into,
                                   _carriers(dmap, units, own, powers, supported.province, into)):
            return f"void unless a fleet chain carries {supported} to {name}: " \
                   f"{_no_chain(dmap, units, supported.province, into)}"
    if supported.power in powers:
        mine = own.get(target)
        checked = check_unit_order(dmap, units, supported, mine, edition) if mine is not None else None
        dest_loc = order.target_dest if "/" in order.target_dest else None
        if checked is None or checked.kind != "move" or checked.dest != into or (
                dest_loc is not None and checked.dest_loc != dest_loc):
            return f"void unless {supported} is ordered to {dmap.name(order.target_dest)}: " \
                   f"{_own_order_text(mine, supported)}"
    return None


def _convoy(dmap: DiplomacyMap, units: Mapping[str, Unit], order: Convoy, own: Mapping[str, Order],
            powers: set[str], edition: str) -> str | None:
    army, dest = province_of(order.army), province_of(order.dest)
    carried = units.get(army)
    if carried is None:
        return f"void unless an army stands in {dmap.name(army)}: none does"
    if carried.kind != "A":
        return f"void unless an army stands in {dmap.name(army)}: the unit there is a fleet"
    if not can_be_convoyed(dmap, army, dest):
        return f"void unless a fleet chain reaches {dmap.name(dest)}: an army is convoyed only from coast to coast"
    fleets = _carriers(dmap, units, own, powers, army, dest)
    if order.province not in fleets:
        fleets.append(order.province)
    if not convoy_route_exists(dmap, army, dest, fleets):
        return f"void unless a fleet chain reaches {dmap.name(dest)}: {_no_chain(dmap, units, army, dest)}"
    if carried.power in powers:
        mine = own.get(army)
        checked = check_unit_order(dmap, units, carried, mine, edition) if mine is not None else None
        if checked is None or checked.kind != "move" or checked.dest != dest:
            return f"void unless {carried} is ordered to {dmap.name(dest)}: {_own_order_text(mine, carried)}"
    return None
