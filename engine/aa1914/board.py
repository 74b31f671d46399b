"""The A&A 1914 map: territories, sea zones, adjacency, and names players type."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "map.json"


@dataclass(frozen=True)
class Territory:
    name: str
    sea: bool
    ipc: int
    original_owner: str | None
    adjacent: frozenset[str]
    capital: bool = False
    homeland: bool = False
    impassable: bool = False
    naval_base: tuple[str, ...] = ()     # the sea zones this territory's naval base serves
    minefield: str | None = None         # owner of the minefield in this sea zone
    minor: str | None = None             # the minor power this territory belongs to
    aligned: str | None = None           # the major power the minor is aligned with
    minor_capital: bool = False


class Board:
    def __init__(self, data: dict):
        self.data = data
        self.turn_order: tuple[str, ...] = tuple(data["turn_order"])
        self.sides: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in data["sides"].items()}
        self.territories: dict[str, Territory] = {}
        for name, t in data["territories"].items():
            self.territories[name] = Territory(
                name, t["sea"], t["ipc"], t.get("owner"), frozenset(t["adjacent"]), t.get("capital", False),
                t.get("homeland", False), t.get("impassable", False), tuple(t.get("naval_base", ())),
                t.get("minefield"), t.get("minor"), t.get("aligned"), t.get("minor_capital", False))
        self.canals = data["canals"]
        self._lookup = {self._key(n): n for n in self.territories}

    @staticmethod
    def _key(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "", text.lower())

    def lookup(self, text: str) -> str | None:
        """A territory name for what a player typed: exact (any case/spacing), else unique prefix."""
        key = self._key(text)
        if not key:
            return None
        if key in self._lookup:
            return self._lookup[key]
        matches = [name for k, name in self._lookup.items() if k.startswith(key)]
        return matches[0] if len(matches) == 1 else None

    def side_of(self, power: str | None) -> str | None:
        return next((side for side, powers in self.sides.items() if power in powers), None)

    def capital_of(self, power: str) -> str:
        return next(n for n, t in self.territories.items() if t.capital and t.original_owner == power)

    def homeland(self, power: str) -> list[str]:
        return sorted(n for n, t in self.territories.items() if t.original_owner == power and t.homeland)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.territories[a].adjacent


@lru_cache(maxsize=1)
def standard_board() -> Board:
    return Board(json.loads(DATA.read_text()))
