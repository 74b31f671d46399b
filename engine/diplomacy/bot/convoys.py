"""Convoys: an army that can do little by land (on an island, or behind the front) is carried by
our fleets at sea to a better coast — in rx07 the British armies and the American armies that
land in Britain would otherwise never reach the war. Chains of one or two fleets, to an empty
coastal province the army could not reach by land.
"""
from __future__ import annotations

from ..orders import Unit
from .board import Board
from .values import Values

# A convoy is planned only when the coast it reaches is worth this much more than the army's
# best move by land (a convoy ties up the fleets and fails if one of them is dislodged).
MARGIN = 0.15


def _chains(board: Board, army: Unit, fleets: dict[str, Unit]) -> list[tuple[str, ...]]:
    """Seas holding our fleets that lead from the army's coast: one fleet, or two in a row."""
    dmap = board.dmap
    first = [s for s in sorted(fleets) if dmap.borders(army.province, s)]
    chains: list[tuple[str, ...]] = [(s,) for s in first]
    for s in first:
        chains.extend((s, t) for t in sorted(fleets) if t != s and t in dmap.fleet_neighbours(s))
    return chains


def convoy_plans(board: Board, values: Values, own: list[Unit]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Army's province -> (the coast it goes to, the seas of the fleets that carry it)."""
    dmap = board.dmap
    fleets = {u.province: u for u in own if u.kind == "F" and dmap.provinces[u.province].is_sea}
    if not fleets:
        return {}
    plans: dict[str, tuple[str, tuple[str, ...]]] = {}
    targets: set[str] = set()
    armies = [u for u in own if u.kind == "A" and dmap.provinces[u.province].type == "coast"]
    armies.sort(key=lambda u: (values.unit_worth(u), u.province))
    for army in armies:
        by_land = values.unit_worth(army)
        best: tuple[float, str, tuple[str, ...]] | None = None
        free = {s: u for s, u in fleets.items() if not any(s in chain for _, chain in plans.values())}
        for chain in _chains(board, army, free):
            for loc in sorted(dmap.fleet_neighbours(chain[-1])):
                coast = loc.split("/")[0]
                if (dmap.provinces[coast].type != "coast" or not dmap.is_passable(coast) or coast == army.province
                        or coast in dmap.army_neighbours(army.province) or coast in board.units or coast in targets):
                    continue
                worth = values.of("A", coast)
                if worth > by_land + MARGIN * abs(by_land) and (best is None or worth > best[0]):
                    best = (worth, coast, chain)
        if best is not None:
            plans[army.province] = (best[1], best[2])
            targets.add(best[1])
    return plans


def ferry_values(board: Board, values: Values, own: list[Unit]) -> dict[str, tuple[float, str]]:
    """Sea -> (extra worth for a fleet there, the army it would carry): a sea next to an army of
    ours that is stuck (on an island, or with nothing worth doing by land) is worth what the
    army could reach by convoy from it, so fleets come to carry the armies."""
    dmap = board.dmap
    out: dict[str, tuple[float, str]] = {}
    for army in own:
        if army.kind != "A" or dmap.provinces[army.province].type != "coast":
            continue
        by_land = values.unit_worth(army)
        for sea, prov in dmap.provinces.items():
            if not prov.is_sea or not dmap.is_passable(sea) or not dmap.borders(army.province, sea):
                continue
            coasts = {loc.split("/")[0] for loc in dmap.fleet_neighbours(sea)}
            reach = [values.of("A", c) for c in coasts
                     if dmap.provinces[c].type == "coast" and dmap.is_passable(c) and c != army.province
                     and c not in dmap.army_neighbours(army.province)]
            gain = max(reach, default=by_land) - by_land
            if gain > MARGIN * abs(by_land) and gain / 2 > out.get(sea, (0.0, ""))[0]:
                out[sea] = (gain / 2, army.province)
    return out


def carried_worth(board: Board, values: Values, province: str) -> float:
    """The most an army standing in coastal `province` could do by one of our fleets at sea next
    to it: the best army value of a coast that fleet could carry it to (0: none). An island
    power's army is worth building only for this."""
    dmap = board.dmap
    if dmap.provinces[province].type != "coast":
        return 0.0
    best = 0.0
    for sea, unit in board.units.items():
        if (unit.kind != "F" or not board.ours(unit.power) or not dmap.provinces[sea].is_sea
                or not dmap.borders(province, sea)):
            continue
        for loc in dmap.fleet_neighbours(sea):
            coast = loc.split("/")[0]
            if (coast != province and dmap.provinces[coast].type == "coast" and dmap.is_passable(coast)
                    and coast not in dmap.army_neighbours(province)):
                best = max(best, values.of("A", coast))
    return best
