"""The A&A 1914 map: territories, sea zones, adjacency, and names players type."""
from __future__ import annotations

import difflib

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "map.json"
# Other spellings players use for territories of this map.
ALIASES = {"rumania": "Romania", "roumania": "Romania", "usa": "United States of America",
           "america": "United States of America", "us": "United States of America", "uk": "London",
           "constantinopel": "Constantinople", "istanbul": "Constantinople", "petrograd": "Karelia",
           "st petersburg": "Karelia", "saint petersburg": "Karelia", "austria": "Vienna",
           "hungary": "Budapest", "ethiopia": "Empire of Ethiopia", "south africa": "Union of South Africa",
           "sudan": "Anglo Egyptian Sudan", "east africa": "British East Africa"}


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
        self._sides = {power: side for side, powers in self.sides.items() for power in powers}
        self._lookup = {self._key(n): n for n in self.territories}

    @staticmethod
    def _key(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "", text.lower())

    def lookup(self, text: str) -> str | None:
        """A territory name for what a player typed: exact (any case/spacing), else unique prefix."""
        key = self._key(text)
        if not key:
            return None
        alias = ALIASES.get(" ".join(text.lower().split()))
        if alias:
            return alias
        if key in self._lookup:
            return self._lookup[key]
        matches = [name for k, name in self._lookup.items() if k.startswith(key)]
        return matches[0] if len(matches) == 1 else None

    def closest(self, text: str, n: int = 3) -> list[str]:
        """The territory and sea-zone names nearest to what was typed, for "did you mean …"."""
        key = self._key(text)
        return [self._lookup[k] for k in difflib.get_close_matches(key, list(self._lookup), n=n, cutoff=0.6)]

    def side_of(self, power: str | None) -> str | None:
        return self._sides.get(power)

    def capital_of(self, power: str) -> str:
        return next(n for n, t in self.territories.items() if t.capital and t.original_owner == power)

    def homeland(self, power: str) -> list[str]:
        return sorted(n for n, t in self.territories.items() if t.original_owner == power and t.homeland)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.territories[a].adjacent


@lru_cache(maxsize=1)
def standard_board() -> Board:
    return Board(json.loads(DATA.read_text()))


SPAIN = "Spain"
SPANISH_TERRITORIES = ("Spain", "Spanish Morocco", "Balearic Islands")
# 4.17: "Place 7 Infantry and 1 Artillery on the Spanish mainland, 1 Infantry and 1 Artillery in
# Spanish Morocco, and 1 Transport and 1 Cruiser in Sea Zone 14 ... Spain begins the game with 5
# IPCs and will play after Italy's turn."
SPANISH_SETUP = [("infantry", "Spain", 7), ("artillery", "Spain", 1), ("infantry", "Spanish Morocco", 1),
                 ("artillery", "Spanish Morocco", 1), ("transport", "SZ 14", 1), ("cruiser", "SZ 14", 1)]


@lru_cache(maxsize=1)
def spain_board() -> Board:
    """The map with Spain as an active neutral power (house rule 4.17)."""
    data = json.loads(DATA.read_text())
    order = data["turn_order"]
    order.insert(order.index("Italy") + 1, SPAIN)
    for name in SPANISH_TERRITORIES:
        t = data["territories"][name]
        for key in ("minor", "aligned", "minor_capital"):
            t.pop(key, None)
        t["owner"] = SPAIN
        t["homeland"] = True
    data["territories"]["Spain"]["capital"] = True
    data["territories"]["Spain"]["naval_base"] = ["SZ 14"]   # so Spain can build ships (docs/rulings.md)
    data["starting_units"] += [{"type": k, "owner": SPAIN, "where": w, "count": n} for k, w, n in SPANISH_SETUP]
    data["starting_ipcs"][SPAIN] = 5
    return Board(data)


ALLIANCES = ("Central Powers", "Allies")


@lru_cache(maxsize=16)
def _with_italy(spain: bool, italy: str) -> Board:
    """House rule 4.16: Italy neutral (in no alliance), with either alliance, or "alone" at war
    with both (its own side)."""
    base = spain_board() if spain else standard_board()
    data = json.loads(json.dumps(base.data))
    sides = {side: [p for p in powers if p != "Italy"] for side, powers in data["sides"].items()}
    if italy in sides:
        sides[italy].append("Italy")
    elif italy == "alone":
        sides["Italy"] = ["Italy"]
    data["sides"] = sides
    return Board(data)


def board_for(options: dict | None, italy: str | None = None) -> Board:
    """The board of a game: with Spain (4.17) and with Italy's standing (4.16) if those are on."""
    spain = bool((options or {}).get("spain_balance"))
    if italy is not None and (options or {}).get("italian_dilemma"):
        return _with_italy(spain, italy)
    return spain_board() if spain else standard_board()
