"""The Diplomacy map graph: provinces, coasts, who may move where, and the names players use.

A *location* is where a unit stands: a province code (`par`, `nth`) or, for a fleet in a
two-coast province, a coast (`spa/nc`). Armies move between provinces; fleets move between
locations. A variant changes the graph with `DiplomacyMap.changed` (closing provinces, adding
a passage), never by editing the engine.
"""
from __future__ import annotations

import difflib
import json
import copy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Province:
    code: str
    name: str
    type: str                 # 'sea', 'coast', 'land' or 'impassable'
    supply_center: bool
    home_of: str | None
    coasts: tuple[str, ...]   # e.g. ('spa/nc', 'spa/sc'); empty for most provinces

    @property
    def is_sea(self) -> bool:
        return self.type == "sea"


_PROVINCE_OF: dict[str, str] = {}


def province_of(location: str) -> str:
    """`spa/nc` → `spa`; a province code is its own province."""
    province = _PROVINCE_OF.get(location)
    if province is None:
        province = location.split("/", 1)[0]
        if len(_PROVINCE_OF) < 4096:        # the board's places (anything else each time)
            _PROVINCE_OF[location] = province
    return province


class DiplomacyMap:
    def __init__(self, provinces: dict[str, Province], army: Iterable[tuple[str, str]],
                 fleet: Iterable[tuple[str, str]], aliases: dict[str, str],
                 home_centers: dict[str, tuple[str, ...]], coast_names: dict[str, str],
                 starting_units: tuple = ()):
        self.provinces = provinces
        self.starting_units = starting_units
        self.aliases = aliases
        self.home_centers = home_centers
        self.coast_names = coast_names
        self._army: dict[str, set[str]] = {code: set() for code in provinces}
        self._fleet: dict[str, set[str]] = {loc: set() for loc in self.locations()}
        for a, b in army:
            self._army[a].add(b)
            self._army[b].add(a)
        for a, b in fleet:
            self._fleet.setdefault(a, set()).add(b)
            self._fleet.setdefault(b, set()).add(a)
        # tables read on every order checked and every convoy route searched: which provinces
        # touch (by land or by sea), and which unit kinds may stand where
        self._borders: dict[str, frozenset[str]] = {
            code: frozenset(self._army.get(code, ())) | frozenset(
                province_of(x) for loc in (code, *p.coasts) for x in self._fleet.get(loc, ()))
            for code, p in provinces.items()}
        self._labels = {loc: loc.partition("/")[0].capitalize() + (f"/{loc.partition('/')[2]}" if "/" in loc else "")
                        for loc in self.locations()}
        self._holdable = frozenset((kind, loc) for loc in self.locations() for kind in ("A", "F")
                                   if self._can_hold(kind, loc))

    @classmethod
    def standard(cls) -> "DiplomacyMap":
        return _standard()

    @classmethod
    def from_json(cls, data: dict) -> "DiplomacyMap":
        provinces = {code: Province(code, p["name"], p["type"], p["supply_center"], p["home_of"],
                                    tuple(p["coasts"])) for code, p in data["provinces"].items()}
        homes = {power: tuple(p["home_centers"]) for power, p in data["powers"].items()}
        # (kind, power, location): the map is data; orders.Unit values are built by the variant
        start = tuple((text.split()[0], power, text.split()[1])
                      for power, p in data["powers"].items() for text in p["units"])
        return cls(provinces, [tuple(e) for e in data["army_adjacency"]],
                   [tuple(e) for e in data["fleet_adjacency"]], dict(data["aliases"]), homes,
                   dict(data.get("coast_names", {})), start)

    def changed(self, closed: Iterable[str] = (), fleet_passages: Iterable[tuple[str, str]] = ()) -> "DiplomacyMap":
        """A copy with `closed` provinces made impassable and extra fleet passages added."""
        closed = set(closed)
        provinces = {code: (Province(p.code, p.name, "impassable", p.supply_center, p.home_of, p.coasts)
                            if code in closed else p) for code, p in self.provinces.items()}
        army = [(a, b) for a in self._army for b in self._army[a]
                if a < b and a not in closed and b not in closed]
        fleet = [(a, b) for a in self._fleet for b in self._fleet[a]
                 if a < b and province_of(a) not in closed and province_of(b) not in closed]
        return DiplomacyMap(provinces, army, list(fleet) + list(fleet_passages), self.aliases,
                            self.home_centers, self.coast_names, self.starting_units)

    def with_homes(self, homes: dict[str, tuple[str, ...]]) -> "DiplomacyMap":
        """The same board where only `homes` are home centres (a variant with fewer powers: the
        other powers' home centres are neutral centres nobody builds in)."""
        board = copy.copy(self)
        board.home_centers = {power: tuple(centres) for power, centres in homes.items()}
        return board

    # ---- geometry
    def locations(self) -> list[str]:
        out = []
        for code, p in self.provinces.items():
            out.append(code)
            out.extend(p.coasts)
        return out

    def province(self, location: str) -> Province:
        return self.provinces[province_of(location)]

    def is_passable(self, location: str) -> bool:
        p = self.provinces.get(province_of(location))
        return p is not None and p.type != "impassable"

    def can_hold(self, kind: str, location: str) -> bool:
        """May a unit of `kind` ('A' or 'F') stand at `location`?"""
        return (kind, location) in self._holdable

    def _can_hold(self, kind: str, location: str) -> bool:
        if not self.is_passable(location):
            return False
        p = self.province(location)
        if kind == "A":
            return "/" not in location and p.type != "sea"
        if p.type == "land":
            return False
        return "/" in location or not p.coasts   # a fleet in a two-coast province is on a coast

    def army_neighbours(self, province: str) -> set[str]:
        return self._army.get(province, set())

    def fleet_neighbours(self, location: str) -> set[str]:
        return self._fleet.get(location, set())

    def adjacent(self, kind: str, src: str, dest: str) -> bool:
        """Can a unit of `kind` at `src` move straight to `dest` (a location)?"""
        if kind == "A":
            return province_of(dest) in self._army.get(province_of(src), ())
        return dest in self._fleet.get(src, ())

    def reachable_coasts(self, src: str, dest_province: str) -> list[str]:
        """The locations of `dest_province` a fleet at `src` can move to."""
        return sorted(loc for loc in self._fleet.get(src, ()) if province_of(loc) == dest_province)

    def borders(self, a: str, b: str) -> bool:
        """Do two provinces touch at all (by land or by sea)?"""
        return province_of(b) in self._borders[province_of(a)]

    def bordering(self, province: str) -> frozenset[str]:
        """The provinces that touch `province` by land or by sea."""
        return self._borders[province]

    def home_power(self, province: str) -> str | None:
        """The power whose home centre `province` is (it builds there), or None."""
        return next((power for power, homes in self.home_centers.items() if province in homes), None)

    def supply_centers(self) -> list[str]:
        return sorted(code for code, p in self.provinces.items() if p.supply_center)

    # ---- names
    def lookup(self, text: str) -> str | None:
        """A location code for a name or alias players type, or None."""
        key = " ".join(text.lower().replace("+", " ").split())
        if key in self.provinces or key in self.coast_names:
            return key
        return self.aliases.get(key)

    def lookup_prefix(self, text: str) -> str | None:
        """The province whose full name begins with `text` (three letters or more), when only
        one does: `burg` is Burgundy, `nor` is ambiguous (Norway, North Sea, North Africa)."""
        key = " ".join(text.lower().split())
        if len(key) < 3:
            return None
        found = {code for code, p in self.provinces.items() if p.name.lower().startswith(key)}
        found |= {code for alias, code in self.aliases.items() if alias.startswith(key) and len(alias) > 3}
        return found.pop() if len(found) == 1 else None

    def closest(self, text: str, n: int = 3) -> list[str]:
        """The places whose name, abbreviation or alias is nearest to `text`, for "did you
        mean …" (each as `Abbr (Full name)`)."""
        key = " ".join(text.lower().split())
        spellings: dict[str, str] = {code: code for code in self.provinces}
        spellings.update({p.name.lower(): code for code, p in self.provinces.items()})
        spellings.update(self.aliases)
        out: list[str] = []
        for near in difflib.get_close_matches(key, list(spellings), n=12, cutoff=0.6):
            province = province_of(spellings[near])
            label = f"{self.label(province)} ({self.provinces[province].name})"
            if label not in out:
                out.append(label)
        return out[:n]

    def name(self, location: str) -> str:
        return self.coast_names.get(location) or self.provinces[province_of(location)].name

    def label(self, location: str) -> str:
        """How a location is written in canonical orders: `Par`, `Spa/nc`."""
        known = self._labels.get(location)
        if known is not None:
            return known
        prov, _, coast = location.partition("/")
        return prov.capitalize() + (f"/{coast}" if coast else "")


@lru_cache(maxsize=1)
def _standard() -> DiplomacyMap:
    return DiplomacyMap.from_json(json.loads((DATA / "standard.json").read_text()))
