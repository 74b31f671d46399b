"""Which movement orders are legal, and what each one means for the resolver.

An illegal order makes its unit hold (the rules: "an order that cannot be carried out is
treated as a hold"); `Checked.note` says why, for the report. The DATC's preferences are
followed: a fleet's missing coast is inferred when only one is reachable (6.B.2), an
ambiguous one makes the move illegal (6.B.1), a wrong coast on the ordered unit itself is
ignored (6.B.10) and a coast on an army's destination is ignored (6.B.12).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .map import DiplomacyMap, province_of
from .orders import Convoy, Hold, Move, Order, Support, Unit


@dataclass(slots=True)
class Checked:
    kind: str                    # 'hold', 'move', 'support' or 'convoy'
    text: str                    # the order as carried out (canonical)
    dest: str | None = None      # move/convoy: destination province; support: supported move's
    dest_loc: str | None = None  # move: the exact location (coast) the unit arrives at
    target: str | None = None    # support/convoy: the province of the unit supported/convoyed
    convoyed: bool = False
    adjacent: bool = False
    void: bool = False           # a support/convoy that does not match what it helps
    convoy_optional: bool = False  # 2023: adjacent move its own power convoys (see Resolver.by_convoy)
    note: str = ""               # why the order was illegal (the unit then holds)


def convoy_route_exists(dmap: DiplomacyMap, src: str, dest: str, fleets: Iterable[str],
                        via: str | None = None) -> bool:
    """Is there a chain of the given fleets (at sea) from `src` to `dest` (through `via`)?"""
    fleets = set(fleets)

    def reach(start: str) -> set[str]:
        frontier = [f for f in fleets if dmap.borders(f, start)]
        seen = set(frontier)
        while frontier:
            f = frontier.pop()
            for g in fleets - seen:
                if dmap.borders(f, g):
                    seen.add(g)
                    frontier.append(g)
        return seen

    from_src = reach(src)
    if via is not None:
        return via in from_src and via in reach(dest)
    return any(dmap.borders(f, dest) for f in from_src)


def fleet_needed_for_convoy(dmap: DiplomacyMap, src: str, dest: str, fleet: str) -> bool:
    """Is the sea area `fleet` needed on some convoy route from `src` to `dest`? A route needs
    each of its fleets when no shorter route skips one: the chain touches `src` only at its
    first sea, `dest` only at its last, and no two seas that are not neighbours in the chain
    border each other (DATC 6.G.19: the Western Mediterranean is needed by no route from
    Marseilles to Spain, since every such route passes the Gulf of Lyon, which borders Spain)."""
    seas = [p for p, province in dmap.provinces.items() if province.type == "sea"]

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if dmap.borders(last, dest):
            return fleet in path
        for sea in seas:
            if sea in path or not dmap.borders(last, sea) or dmap.borders(sea, src):
                continue
            if any(dmap.borders(sea, earlier) for earlier in path[:-1]):
                continue
            if extend(path + [sea]):
                return True
        return False

    return any(extend([first]) for first in seas if dmap.borders(first, src))


def can_reach(dmap: DiplomacyMap, unit: Unit, province: str) -> bool:
    """Could `unit` move into `province` (any coast)? The test for giving support there."""
    if unit.kind == "A":
        return province in dmap.army_neighbours(unit.province) and dmap.provinces[province].type != "sea"
    return any(province_of(loc) == province for loc in dmap.fleet_neighbours(unit.loc))


def can_be_convoyed(dmap: DiplomacyMap, src: str, dest: str) -> bool:
    """An army is convoyed only from one coastal province to another."""
    return (dmap.provinces[src].type == "coast" and dmap.provinces[dest].type == "coast"
            and dmap.is_passable(dest))


def _illegal(unit: Unit, order: Order, why: str) -> Checked:
    return Checked("hold", order.text(unit.kind), note=why)


def _check_move(dmap: DiplomacyMap, unit: Unit, order: Move) -> Checked:
    dest = order.dest
    dest_prov = province_of(dest)
    if dest_prov == unit.province:
        return _illegal(unit, order, "a unit cannot move to its own province")
    there = dmap.provinces.get(dest_prov)
    if there is None or there.type == "impassable":
        return _illegal(unit, order, f"{dmap.name(dest_prov)} is closed")
    label = dmap.label
    if unit.kind == "A":
        if there.type == "sea":
            return _illegal(unit, order, "an army cannot enter the sea")
        adjacent = dest_prov in dmap.army_neighbours(unit.province)
        text = f"A {label(unit.loc)} - {label(dest_prov)}" + (" via convoy" if order.via_convoy else "")
        if not adjacent and not can_be_convoyed(dmap, unit.province, dest_prov):
            return Checked("hold", text, note=f"{dmap.name(dest_prov)} is not next to {dmap.name(unit.loc)}")
        # (positional: the fields in order, as this runs for every order of every phase)
        return Checked("move", text, dest_prov, dest_prov, None, order.via_convoy or not adjacent, adjacent)
    if order.via_convoy:
        return _illegal(unit, order, "fleets cannot be convoyed")
    if there.type == "land":
        return _illegal(unit, order, "a fleet cannot enter an inland province")
    if dest == dest_prov and there.coasts:
        coasts = dmap.reachable_coasts(unit.loc, dest_prov)
        if len(coasts) > 1:
            return _illegal(unit, order, f"say which coast of {dmap.name(dest_prov)}: "
                                         + " or ".join(dmap.label(c) for c in coasts))
        if not coasts:
            return _illegal(unit, order, f"{dmap.name(dest_prov)} is not next to {dmap.name(unit.loc)}")
        dest = coasts[0]
    if dest not in dmap.fleet_neighbours(unit.loc):
        return _illegal(unit, order, f"a fleet at {dmap.name(unit.loc)} cannot reach {dmap.name(dest)}")
    return Checked("move", f"F {label(unit.loc)} - {label(dest)}", dest_prov, dest, None, False, True)


def _check_support(dmap: DiplomacyMap, units: dict[str, Unit], unit: Unit, order: Support) -> Checked:
    target = province_of(order.target)
    into = province_of(order.target_dest) if order.target_dest else target
    supported = units.get(target)
    target_kind = supported.kind if supported is not None else order.target_unit
    label = dmap.label
    text = f"{unit.kind} {label(unit.loc)} S {target_kind + ' ' if target_kind else ''}{label(target)}" + (
        f" - {label(into)}" if order.target_dest else "")
    if target == unit.province:
        return Checked("hold", text, note="a unit cannot support itself")
    if not can_reach(dmap, unit, into):
        return Checked("hold", text, note=f"{dmap.name(unit.loc)} cannot support into {dmap.name(into)}")
    # a support naming a coast helps only a move to that coast (DATC 6.B.9)
    dest_loc = order.target_dest if order.target_dest and "/" in order.target_dest else None
    return Checked("support", text, into if order.target_dest else None, dest_loc, target, False, False,
                   supported is None)


def _check_convoy(dmap: DiplomacyMap, units: dict[str, Unit], unit: Unit, order: Convoy) -> Checked:
    army, dest = province_of(order.army), province_of(order.dest)
    text = Convoy("F", unit.loc, army, dest).text()
    if unit.kind != "F" or dmap.provinces[unit.province].type != "sea":
        return Checked("hold", text, note="only a fleet at sea can convoy")
    target = units.get(army)
    return Checked("convoy", text, dest, target=army, void=target is None or target.kind != "A")


def _checked(dmap: DiplomacyMap, units: dict[str, Unit], unit: Unit, order: Order, note: str = "") -> Checked:
    """One unit's order judged alone (a wrong unit type on the order is `note`)."""
    if note:
        return _illegal(unit, order, note)
    if type(order) is Move or isinstance(order, Move):
        return _check_move(dmap, unit, order)
    if isinstance(order, Support):
        return _check_support(dmap, units, unit, order)
    if isinstance(order, Convoy):
        return _check_convoy(dmap, units, unit, order)
    if isinstance(order, Hold):
        return Checked("hold", hold_text(unit))
    return _illegal(unit, order, "not an order for a movement phase")


def hold_text(unit: Unit) -> str:
    """`A Par H`: what a unit without an order does."""
    return f"{unit} H"


def _fleets_at_sea(dmap: DiplomacyMap, units: dict[str, Unit]) -> list[str]:
    return [p for p, u in units.items() if u.kind == "F" and dmap.provinces[p].type == "sea"]


def check_unit_order(dmap: DiplomacyMap, units: dict[str, Unit], unit: Unit, order: Order,
                     edition: str = "2023") -> Checked:
    """`unit`'s order as `check_movement_orders` judges it while every other unit holds: the
    legality a sheet can know when the order is given (whether a support or convoy matches the
    other orders is known only at the adjudication)."""
    note = ""
    if order.unit is not None and order.unit != unit.kind:
        note = f"there is {'an army' if unit.kind == 'A' else 'a fleet'} in {dmap.name(unit.province)}"
    c = _checked(dmap, units, unit, order, note)
    if c.kind == "move" and c.convoyed:
        if c.adjacent and unit.kind == "A" and edition != "2023":
            # 1982/2000 rules: an adjacent move goes by convoy only with a convoy ordered for it
            # (`_convoy_intent`), and alone on the board none is
            c.convoyed = False
        elif not convoy_route_exists(dmap, unit.province, c.dest, _fleets_at_sea(dmap, units)):
            c = Checked("hold", c.text, note="no fleets could convoy it there")
    return c


def check_movement_orders(dmap: DiplomacyMap, units: dict[str, Unit], orders: Iterable[tuple[str, Order]],
                          edition: str = "2023") -> dict[str, Checked]:
    """One `Checked` per unit on the board; units without a (legal) order hold."""
    given: dict[str, Order] = {}
    notes: dict[str, str] = {}
    for power, order in orders:
        prov = province_of(order.loc) if order.loc else ""
        unit = units.get(prov)
        if unit is None or unit.power != power:
            continue   # no such unit of this power: the order has no effect (DATC 6.A.6)
        if order.unit is not None and order.unit != unit.kind:
            notes[prov] = f"there is {'an army' if unit.kind == 'A' else 'a fleet'} in {dmap.name(prov)}"
        given[prov] = order
    checked: dict[str, Checked] = {}
    moves: list[str] = []
    supports: list[Checked] = []
    convoys: list[Checked] = []
    for prov, unit in units.items():
        order = given.get(prov)
        if order is None:
            checked[prov] = Checked("hold", f"{unit.kind} {dmap.label(unit.loc)} H")     # hold_text
            continue
        checked[prov] = c = _checked(dmap, units, unit, order, notes.get(prov, ""))
        if c.kind == "move":
            moves.append(prov)
        elif c.kind == "support":
            supports.append(c)
        elif c.kind == "convoy":
            convoys.append(c)
    _convoy_intent(dmap, checked, units, edition, moves, convoys)
    at_sea = None
    for prov in moves:
        c = checked[prov]
        if c.convoyed:
            at_sea = _fleets_at_sea(dmap, units) if at_sea is None else at_sea
            if not convoy_route_exists(dmap, prov, c.dest, at_sea):
                # no fleets on the board could convoy it at all: illegal, the army holds (DATC 6.D.32;
                # with such fleets the move is legal and merely fails, 6.D.8)
                checked[prov] = Checked("hold", c.text, note="no fleets could convoy it there")
    for c in convoys:
        if not c.void:
            army = checked[c.target]
            c.void = not (army.kind == "move" and (army.convoyed or army.convoy_optional)
                          and army.dest == c.dest)
    for c in supports:
        if not c.void:
            supported = checked[c.target]
            if c.dest is None:
                c.void = supported.kind == "move"
            else:
                c.void = not (supported.kind == "move" and supported.dest == c.dest
                              and (c.dest_loc is None or c.dest_loc == supported.dest_loc))
    return checked


def _convoy_intent(dmap: DiplomacyMap, checked: dict[str, Checked], units: dict[str, Unit], edition: str,
                   moves: Iterable[str], convoy_orders: Sequence[Checked]) -> None:
    """An army ordered to an adjacent province: by land or by convoy (DATC 4.A.3)?

    1982/2000 rules (DATC v2.4): by convoy if a matching convoy is ordered and either the
    order says `via convoy` or an own fleet legally convoys it ("intent"); otherwise by land.
    2023 rules (DATC v3.0): `via convoy` means by convoy only (6.G.8); without it an own
    convoy is used when it works and the land route otherwise (6.G.1, 6.G.11)."""
    convoys: dict[tuple[str, str], list[str]] = {}     # (army, destination) -> fleets convoying it
    if convoy_orders:
        for f, o in checked.items():
            if o.kind == "convoy":
                convoys.setdefault((o.target, o.dest), []).append(f)
    for prov in moves:
        c = checked[prov]
        if not c.adjacent or units[prov].kind != "A":
            continue
        fleets = convoys.get((prov, c.dest), [])
        if not fleets:
            # no convoy ordered for it: by land (2000: even when it said `via convoy`)
            if edition != "2023":
                c.convoyed = False
            continue
        said_via = c.convoyed
        # the intent counts only if an own convoy order is a legal one: its fleet is needed on
        # some chain of sea areas from the army to the destination (DATC 6.G.6 versus 6.G.7;
        # 6.G.19: a fleet that no route needs gives an illegal order, which shows no intent)
        own = any(units[f].power == units[prov].power and fleet_needed_for_convoy(dmap, prov, c.dest, f)
                  for f in fleets)
        if edition == "2023":
            c.convoy_optional = not said_via and own
        else:
            c.convoyed = convoy_route_exists(dmap, prov, c.dest, fleets) and (said_via or own)
