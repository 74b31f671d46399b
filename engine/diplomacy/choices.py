"""The orders a power could give right now, spelled as canonical order lines: what autocomplete
offers while a player types and what select menus list for retreats and builds.

These are candidates from the map graph (a unit's neighbours, its retreat options, the home
centres it may build in); the variant checks each with its own rules before offering it, so a
closed province or an rx07 special rule is respected without this module knowing about it.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from .map import DiplomacyMap
from .movement import Dislodged
from .orders import Unit
from .retreats import adjustment_counts, retreat_options


def _steps(dmap: DiplomacyMap, unit: Unit) -> list[str]:
    if unit.kind == "A":
        return sorted(p for p in dmap.army_neighbours(unit.province)
                      if dmap.provinces[p].type != "sea" and dmap.is_passable(p))
    return sorted(loc for loc in dmap.fleet_neighbours(unit.loc) if dmap.is_passable(loc))


def movement_choices(dmap: DiplomacyMap, units: Mapping[str, Unit], powers: set[str]) -> list[str]:
    """For each of the powers' units: hold, each move to a neighbour, support of a neighbouring
    unit holding, and support of any unit's move into a province this unit could reach."""
    out: list[str] = []
    label = dmap.label
    reach = {prov: {p for p in (l.split("/")[0] for l in _steps(dmap, u))} for prov, u in units.items()}
    for prov, unit in sorted(units.items()):
        if unit.power not in powers:
            continue
        here = f"{unit.kind} {label(unit.loc)}"
        out.append(f"{here} H")
        out.extend(f"{here} - {label(step)}" for step in _steps(dmap, unit))
        for other_prov, other in sorted(units.items()):
            if other_prov == prov:
                continue
            there = f"{other.kind} {label(other.loc)}"
            if other_prov in reach[prov]:
                out.append(f"{here} S {there}")
            for target in sorted(reach[other_prov] & reach[prov]):
                if target != prov:
                    out.append(f"{here} S {there} - {label(target)}")
    return out


def retreat_choices(dmap: DiplomacyMap, units: Mapping[str, Unit], dislodged: Mapping[str, Dislodged],
                    powers: set[str], contested: Iterable[str]) -> dict[str, list[str]]:
    """Per dislodged unit of the powers (by its province): each legal retreat, then disbanding."""
    out: dict[str, list[str]] = {}
    for prov, d in sorted(dislodged.items()):
        if d.unit.power not in powers:
            continue
        here = f"{d.unit.kind} {dmap.label(d.unit.loc)}"
        options = retreat_options(dmap, dict(units), prov, d, contested)
        out[prov] = [f"{here} R {dmap.label(o)}" for o in options] + [f"{here} D"]
    return out


def adjustment_choices(dmap: DiplomacyMap, units: Mapping[str, Unit], owners: Mapping[str, str],
                       powers: set[str]) -> dict[str, tuple[int, list[str]]]:
    """Per power: how many builds (+) or removals (-) it owes, and the orders that settle them —
    a build of each kind in each free home centre it owns, or the removal of each of its units."""
    out: dict[str, tuple[int, list[str]]] = {}
    for power, owed in adjustment_counts(dict(units), dict(owners), sorted(powers)).items():
        if owed > 0:
            orders = []
            for centre in sorted(dmap.supply_centers()):
                if dmap.home_power(centre) != power or owners.get(centre) != power or centre in units:
                    continue
                if dmap.can_hold("A", centre):
                    orders.append(f"Build A {dmap.label(centre)}")
                for loc in [centre] + sorted(c for c in dmap.coast_names if c.startswith(centre + "/")):
                    if dmap.can_hold("F", loc):
                        orders.append(f"Build F {dmap.label(loc)}")
            out[power] = (owed, orders)
        elif owed < 0:
            out[power] = (owed, [f"Remove {u.kind} {dmap.label(u.loc)}"
                                 for _, u in sorted(units.items()) if u.power == power])
    return out
