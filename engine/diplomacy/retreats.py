"""Retreat and adjustment phases.

Retreats: a dislodged unit may retreat to an adjacent province that is empty, was not left
empty by a standoff, and is not where its attacker came from (unless the attacker was
convoyed, DATC 6.H.11); two retreats to one province both disband; no order disbands.

Adjustments: a power builds up to its supply-centre count in its unoccupied, still-owned
home centres, or removes units down to it; removals not ordered are made by the
civil-disorder rule.
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Iterable

from .map import DiplomacyMap, province_of
from .movement import Dislodged
from .orders import Build, Disband, Order, Remove, Retreat, Unit, Waive


@dataclass
class PhaseOutcome:
    units: dict[str, Unit]
    lines: list[str] = field(default_factory=list)
    succeeded: set[str] = field(default_factory=set)      # provinces whose order was carried out
    civil_disorder: list[str] = field(default_factory=list)  # provinces whose unit the rule removed


def retreat_options(dmap: DiplomacyMap, units: dict[str, Unit], prov: str, d: Dislodged,
                    contested: Iterable[str]) -> list[str]:
    """The locations a dislodged unit may retreat to."""
    contested = set(contested)
    if d.unit.kind == "A":
        candidates = [p for p in dmap.army_neighbours(prov) if dmap.provinces[p].type != "sea"]
    else:
        candidates = sorted(dmap.fleet_neighbours(d.unit.loc))
    return sorted(loc for loc in candidates
                  if dmap.is_passable(loc) and province_of(loc) not in units
                  and province_of(loc) not in contested
                  and (d.by_convoy or province_of(loc) != d.attacker_from))


def resolve_retreats(dmap: DiplomacyMap, units: dict[str, Unit], dislodged: dict[str, Dislodged],
                     contested: Iterable[str], orders: Iterable[tuple[str, Order]]) -> PhaseOutcome:
    contested = set(contested)
    wanted: dict[str, str] = {}
    for power, order in orders:
        prov = province_of(order.loc) if order.loc else ""
        d = dislodged.get(prov)
        if d is None or d.unit.power != power:
            continue
        if isinstance(order, Retreat):
            wanted[prov] = order.dest
        elif isinstance(order, Disband):
            wanted[prov] = ""
    new_units = dict(units)
    out = PhaseOutcome(new_units)
    targets: dict[str, list[str]] = {}
    for prov, d in sorted(dislodged.items()):
        options = retreat_options(dmap, units, prov, d, contested)
        dest = wanted.get(prov)
        if dest is None or dest == "":
            out.lines.append(f"{d.unit.power}: {d.unit} disbanded" + ("" if dest == "" else " (no retreat order)"))
            continue
        if d.unit.kind == "F" and "/" not in dest:
            on_coasts = [o for o in options if province_of(o) == dest]
            dest = on_coasts[0] if len(on_coasts) == 1 else dest
        if d.unit.kind == "A":
            dest = province_of(dest)
        if dest not in options:
            out.lines.append(f"{d.unit.power}: {d.unit} cannot retreat to {dmap.label(dest)}: disbanded")
            continue
        targets.setdefault(province_of(dest), []).append(prov)
        wanted[prov] = dest
    for dest_prov, provs in sorted(targets.items()):
        if len(provs) > 1:
            for prov in provs:
                out.lines.append(f"{dislodged[prov].unit.power}: {dislodged[prov].unit} disbanded "
                                 f"(retreats to {dmap.label(dest_prov)} bounced)")
            continue
        d = dislodged[provs[0]]
        new_units[dest_prov] = Unit(d.unit.kind, d.unit.power, wanted[provs[0]])
        out.succeeded.add(provs[0])
        out.lines.append(f"{d.unit.power}: {d.unit} retreats to {dmap.label(wanted[provs[0]])}")
    return out


def adjustment_counts(units: dict[str, Unit], owners: dict[str, str], powers: Iterable[str]) -> dict[str, int]:
    """Power -> builds (positive) or removals (negative) owed."""
    centres = Counter(owners.values())
    have = Counter(u.power for u in units.values())
    return {power: centres[power] - have[power] for power in powers}


def resolve_adjustments(dmap: DiplomacyMap, units: dict[str, Unit], owners: dict[str, str],
                        orders: Iterable[tuple[str, Order]], powers: Iterable[str],
                        edition: str = "2023", homes: dict[str, tuple[str, ...]] | None = None) -> PhaseOutcome:
    homes = homes if homes is not None else dmap.home_centers
    powers = list(powers)
    counts = adjustment_counts(units, owners, powers)
    by_power: dict[str, list[Order]] = {p: [] for p in powers}
    for power, order in orders:
        by_power.setdefault(power, []).append(order)
    new_units = dict(units)
    out = PhaseOutcome(new_units)
    for power in powers:
        owed = counts.get(power, 0)
        if owed > 0:
            built = 0
            for order in by_power.get(power, []):
                if built >= owed or isinstance(order, Waive):
                    built += isinstance(order, Waive)
                    continue
                if not isinstance(order, Build):
                    continue
                why = build_problem(dmap, new_units, owners, homes, power, order)
                if why:
                    out.lines.append(f"{power}: {order.text()} fails: {why}")
                    continue
                new_units[province_of(order.loc)] = Unit(order.unit, power, order.loc)
                out.succeeded.add(province_of(order.loc))
                built += 1
                out.lines.append(f"{power}: builds {order.unit} {dmap.label(order.loc)}")
            if built < owed:
                out.lines.append(f"{power}: {owed - built} build(s) waived")
        elif owed < 0:
            removed = 0
            for order in by_power.get(power, []):
                if removed >= -owed or not isinstance(order, Remove):
                    continue
                prov = province_of(order.loc)
                unit = new_units.get(prov)
                if unit is None or unit.power != power:
                    out.lines.append(f"{power}: {order.text()} fails: no unit of yours there")
                    continue
                del new_units[prov]
                out.succeeded.add(prov)
                removed += 1
                out.lines.append(f"{power}: removes {unit}")
            for prov in civil_disorder(dmap, new_units, owners, homes, power, -owed - removed, edition):
                out.lines.append(f"{power}: {new_units[prov]} removed (civil disorder)")
                out.civil_disorder.append(prov)
                del new_units[prov]
    return out


def build_problem(dmap: DiplomacyMap, units: dict[str, Unit], owners: dict[str, str],
                  homes: dict[str, tuple[str, ...]], power: str, order: Build) -> str:
    """Why a build is not allowed, or '' when it is."""
    prov = province_of(order.loc)
    if prov not in homes.get(power, ()):
        return f"{dmap.name(prov)} is not a home centre of {power}"
    if owners.get(prov) != power:
        return f"{power} does not own {dmap.name(prov)}"
    if prov in units:
        return f"{dmap.name(prov)} is occupied"
    if order.unit == "F" and dmap.provinces[prov].coasts and "/" not in order.loc:
        return f"say which coast of {dmap.name(prov)} to build the fleet on"
    if not dmap.can_hold(order.unit, order.loc):
        return f"{'an army' if order.unit == 'A' else 'a fleet'} cannot be built in {dmap.name(order.loc)}"
    return ""


def civil_disorder(dmap: DiplomacyMap, units: dict[str, Unit], owners: dict[str, str],
                   homes: dict[str, tuple[str, ...]], power: str, count: int, edition: str) -> list[str]:
    """The provinces of the units removed when a power does not remove enough itself.

    Farthest first; ties: fleets before armies, then alphabetical by province name.
    2023 rules: distance to the nearest supply centre the power owns, counting moves through
    any province. 1971/2000 rules (DATC v2.4): distance to its home centres, armies counting
    land moves and convoys through the sea, fleets counting fleet moves.
    """
    if count <= 0:
        return []
    mine = [p for p, u in units.items() if u.power == power]
    if edition == "2023":
        targets = {sc for sc, owner in owners.items() if owner == power}
    else:
        targets = set(homes.get(power, ()))

    def distance(prov: str) -> int:
        unit = units[prov]
        return _distance(dmap, unit, targets, edition)

    ranked = sorted(mine, key=lambda p: (-distance(p), units[p].kind != "F", dmap.provinces[p].name))
    return ranked[:count]


def _distance(dmap: DiplomacyMap, unit: Unit, targets: set[str], edition: str) -> int:
    if not targets:
        return 0
    start = unit.loc if (unit.kind == "F" and edition != "2023") else unit.province
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, dist = queue.popleft()
        if province_of(here) in targets:
            return dist
        for nxt in _steps(dmap, unit.kind, here, edition):
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    return 10_000


def _steps(dmap: DiplomacyMap, kind: str, here: str, edition: str) -> set[str]:
    if edition == "2023" or kind == "A":
        # every province that borders this one (armies may count convoys over the sea)
        prov = province_of(here)
        return {p for p in dmap.provinces if p != prov and dmap.is_passable(p) and dmap.borders(prov, p)}
    return set(dmap.fleet_neighbours(here))
