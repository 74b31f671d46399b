"""What the bot needs of a map, computed once per map and kept (the maps are cached values:
`DiplomacyMap.standard()` and rx07's `map_with` return the same object for the same board).

- `steps` and `reach`: where a unit at a location may move (locations; provinces).
- the province graphs values spread over (armies, fleets; coasts folded into their province),
  and their spreading operators: ten rounds of "(own + neighbours) / 5" weighted by a season's
  proximity weights is one linear map, so it is one matrix product instead of ten passes.
- `distance`: steps between provinces on each graph (all pairs, breadth first).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..map import DiplomacyMap, province_of

ROUNDS = 10


class Tables:
    """Precomputed graph facts of one map."""

    def __init__(self, dmap: DiplomacyMap):
        self.dmap = dmap
        self.provinces: list[str] = sorted(dmap.provinces)
        self.index = {p: i for i, p in enumerate(self.provinces)}
        army = {p: {q for q in dmap.army_neighbours(p) if dmap.provinces[q].type != "sea"}
                for p, prov in dmap.provinces.items() if prov.type != "sea"}
        fleet: dict[str, set[str]] = {}
        for loc in dmap.locations():
            for other in dmap.fleet_neighbours(loc):
                fleet.setdefault(province_of(loc), set()).add(province_of(other))
        self.graph = {"A": army, "F": fleet}
        self._steps: dict[tuple[str, str], tuple[str, ...]] = {}
        self._reach: dict[tuple[str, str], frozenset[str]] = {}
        self._operators: dict[tuple[str, tuple[float, ...]], np.ndarray] = {}
        self.centres: list[str] = [p for p in self.provinces if dmap.provinces[p].supply_center]
        self.centre_index = {c: i for i, c in enumerate(self.centres)}
        self._reach_centres: dict[tuple[str, str], tuple[int, ...]] = {}
        self.distance = {kind: self._all_distances(graph) for kind, graph in self.graph.items()}
        either: dict[str, set[str]] = {}
        for graph in self.graph.values():
            for p, neighbours in graph.items():
                either.setdefault(p, set()).update(neighbours)
        # steps between provinces for a unit of either kind: how far apart two places are
        self.between = self._all_distances(either)

    # ---- units
    def steps(self, kind: str, loc: str) -> tuple[str, ...]:
        """Locations a unit of `kind` at `loc` may move to now (coasts spelled out for fleets)."""
        key = (kind, loc)
        out = self._steps.get(key)
        if out is None:
            dmap = self.dmap
            if kind == "A":
                out = tuple(sorted(p for p in dmap.army_neighbours(province_of(loc))
                                   if dmap.provinces[p].type != "sea" and dmap.is_passable(p)))
            else:
                out = tuple(sorted(s for s in dmap.fleet_neighbours(loc) if dmap.is_passable(s)))
            self._steps[key] = out
        return out

    def reach(self, kind: str, loc: str) -> frozenset[str]:
        """Provinces a unit of `kind` at `loc` could enter (and so support into)."""
        key = (kind, loc)
        out = self._reach.get(key)
        if out is None:
            out = frozenset(province_of(s) for s in self.steps(kind, loc))
            self._reach[key] = out
        return out

    def reach_centres(self, kind: str, loc: str) -> tuple[int, ...]:
        """Indexes (in `centres`) of the supply centres a unit of `kind` at `loc` could enter."""
        key = (kind, loc)
        out = self._reach_centres.get(key)
        if out is None:
            out = tuple(sorted(self.centre_index[p] for p in self.reach(kind, loc) if p in self.centre_index))
            self._reach_centres[key] = out
        return out

    def around(self, provinces, radius: int) -> frozenset[str]:
        """The provinces within `radius` steps (army or fleet) of any of `provinces`."""
        idx = [self.index[p] for p in provinces if p in self.index]
        if not idx:
            return frozenset()
        close = (self.between[idx, :] <= radius).any(axis=0)
        return frozenset(p for p, near in zip(self.provinces, close.tolist()) if near)

    # ---- spreading
    def operator(self, kind: str, weights: tuple[float, ...]) -> np.ndarray:
        """The matrix taking base values (one per province, in `provinces` order) to the
        weighted sum of `len(weights)` spreading rounds over `kind`'s graph, divided by the sum
        of the weights: round 0 is the base, round n+1 = (round n + its neighbours) / 5."""
        key = (kind, tuple(weights))
        out = self._operators.get(key)
        if out is None:
            n = len(self.provinces)
            step = np.eye(n) / 5
            for p, neighbours in self.graph[kind].items():
                for q in neighbours:
                    step[self.index[p], self.index[q]] += 0.2
            power = np.eye(n)
            out = np.zeros((n, n))
            for w in weights:
                out += w * power
                power = step @ power
            out /= sum(weights)
            self._operators[key] = out
        return out

    def _all_distances(self, graph: dict[str, set[str]]) -> np.ndarray:
        n = len(self.provinces)
        far = n + 1
        out = np.full((n, n), far, dtype=np.int32)
        for start in self.provinces:
            i = self.index[start]
            out[i, i] = 0
            frontier, seen = [start], {start}
            d = 0
            while frontier:
                d += 1
                nxt = []
                for p in frontier:
                    for q in graph.get(p, ()):
                        if q not in seen:
                            seen.add(q)
                            out[i, self.index[q]] = d
                            nxt.append(q)
                frontier = nxt
        return out


@lru_cache(maxsize=32)
def tables(dmap: DiplomacyMap) -> Tables:
    """The tables of `dmap` (a map object is immutable once built; the cache keys on it)."""
    return Tables(dmap)
