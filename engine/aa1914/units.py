"""The units of Axis & Allies 1914 (base rules; RULES.md 2.1, every row CONFIRMED).

Numbers are "hits on this or less" with one die. Land units move 1 in the base game; the
Tournament Rules let every unit move two spaces (see `movement`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class UnitType:
    name: str
    cost: int
    attack: int
    defense: int
    move: int
    domain: str          # 'land', 'air' or 'sea'
    hits: int = 1        # battleships take two hits
    capacity: int = 0    # transports carry two land units

    @property
    def is_sea(self) -> bool:
        return self.domain == "sea"

    @property
    def is_land(self) -> bool:
        return self.domain == "land"


UNIT_TYPES: dict[str, UnitType] = {u.name: u for u in (
    UnitType("infantry", 3, 2, 3, 1, "land"),
    UnitType("artillery", 4, 3, 3, 1, "land"),
    UnitType("tank", 6, 2, 1, 1, "land"),
    UnitType("fighter", 6, 2, 2, 2, "air"),
    UnitType("battleship", 12, 4, 4, 2, "sea", hits=2),
    UnitType("cruiser", 9, 3, 3, 3, "sea"),
    UnitType("submarine", 6, 2, 2, 2, "sea"),
    UnitType("transport", 6, 0, 0, 2, "sea", capacity=2),
    # House Rules & Variants (seed 002, section 2): only purchasable with their option on
    UnitType("artillery_truck", 5, 3, 3, 2, "land"),
    UnitType("armored_car", 5, 3, 1, 2, "land"),
    UnitType("destroyer", 5, 2, 2, 3, "sea"),
    UnitType("freighter", 3, 0, 0, 2, "sea"),
    UnitType("merchant_raider", 3, 0, 2, 2, "sea"),
    UnitType("armored_train", 9, 2, 2, 99, "land"),
    UnitType("truck", 5, 0, 0, 2, "land"),
    UnitType("coastal_artillery", 8, 0, 0, 0, "land"),   # 2.4: defends at 3 against ships only
)}
# Land units that cannot fight land units: trucks ("No attack or defense value", 2.1) and coastal
# batteries ("Defense value (against ships): 3", 2.4). They take no part in land battles, neither
# hold nor contest a territory, and are destroyed when it falls to an enemy (docs/rulings.md).
NON_COMBATANTS = frozenset({"truck", "coastal_artillery"})
HOUSE_UNITS = {"artillery_truck": "artillery_trucks", "armored_car": "armored_cars", "destroyer": "destroyers",
               "freighter": "freighters_raiders", "merchant_raider": "freighters_raiders",
               "armored_train": "armored_trains", "truck": "trucks", "coastal_artillery": "coastal_artillery"}
ALIASES = {"inf": "infantry", "infantries": "infantry", "art": "artillery", "arty": "artillery",
           "artilleries": "artillery", "tanks": "tank", "ftr": "fighter", "fighters": "fighter",
           "plane": "fighter", "planes": "fighter", "bb": "battleship", "battleships": "battleship",
           "ca": "cruiser", "cruisers": "cruiser", "sub": "submarine", "subs": "submarine",
           "submarines": "submarine", "tt": "transport", "transports": "transport", "trn": "transport",
           "artillery truck": "artillery_truck", "artillerytruck": "artillery_truck", "artillery_trucks": "artillery_truck",
           "at": "artillery_truck", "armored car": "armored_car", "armoredcar": "armored_car", "armored_cars": "armored_car",
           "armoured_car": "armored_car", "ac": "armored_car", "car": "armored_car", "cars": "armored_car",
           "dd": "destroyer", "destroyers": "destroyer", "freighters": "freighter",
           "raider": "merchant_raider", "raiders": "merchant_raider", "merchant raider": "merchant_raider",
           "merchantraider": "merchant_raider", "merchant_raiders": "merchant_raider",
           "train": "armored_train", "trains": "armored_train", "armored train": "armored_train",
           "armoredtrain": "armored_train", "armored_trains": "armored_train", "armoured_train": "armored_train",
           "trucks": "truck", "lorry": "truck", "lorries": "truck", "battery": "coastal_artillery",
           "batteries": "coastal_artillery", "coastal artillery": "coastal_artillery", "coastal": "coastal_artillery",
           "coastalartillery": "coastal_artillery"}
# Tanks: "starting turn four, tanks are in play" (RULES.md 1.3).
TANKS_FROM_ROUND = 4
# Default order of loss: cheapest first; transports last among ships, damaged battleships
# absorb a hit before anything dies (RULES.md 2.6, 2.9).
DEFAULT_LOSS_ORDER = ("infantry", "armored_car", "artillery_truck", "artillery", "tank", "armored_train", "fighter",
                      "submarine",
                      "destroyer", "cruiser", "battleship", "merchant_raider", "freighter", "transport", "truck", "coastal_artillery")


def _key(word: str) -> str:
    """What a unit's name comes to whatever way it is written: case, spaces, `_` and `-` aside,
    British spelling as American (`armoured` is `armored`)."""
    return re.sub(r"[\s_\-]+", "", word.strip().lower()).replace("armour", "armor")


_NAMES = {_key(name): name for name in UNIT_TYPES} | {_key(alias): name for alias, name in ALIASES.items()}


def unit_type(word: str) -> UnitType | None:
    """The unit a player named: its name as spoken (`armored train`, `armoured trains`,
    `merchant raider`), with `_` (`armored_train`), or a short name (`inf`, `bb`); a plural `s`
    is allowed."""
    key = _key(word)
    name = _NAMES.get(key) or (_NAMES.get(key[:-1]) if key.endswith("s") else None)
    return UNIT_TYPES.get(name) if name else None


def unit_name(kind: str) -> str:
    """A unit type as players read it: the spoken name, `armored train`, never `armored_train`."""
    return kind.replace("_", " ")


def units_text(kinds: Iterable[str]) -> str:
    """`2 infantry, 1 armored train`: units (their types) counted by type, in the table's order."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    order = list(UNIT_TYPES)
    return ", ".join(f"{n} {unit_name(kind)}" for kind, n in sorted(counts.items(), key=lambda kv: order.index(kv[0])))
