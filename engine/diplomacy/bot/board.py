"""The position as the bot reads it: whose units are ours, whose are the enemy's, what the map
lets each unit do now. Built from the stored state through the variant's public hooks
(`game_map`, `powers_of`, `civil_disorder_powers`, `seats`), so the same bot serves every
Diplomacy variant: in a seven-seat game every other power is an enemy; in rx07 a seat is a
side of several powers.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from ..map import DiplomacyMap
from ..orders import Unit
from ..position import board_units
from .tables import Tables, tables

NEUTRAL = "neutral"


@dataclass(frozen=True)
class Board:
    """One seat's view of one phase."""

    variant: Any                       # the DiplomacyGame being played (its hooks are read)
    state: Mapping[str, Any]
    seat: str
    dmap: DiplomacyMap                 # the map of this phase (closed provinces impassable)
    units: dict[str, Unit]
    owners: dict[str, str]
    side: dict[str, str]               # power -> the seat playing it (NEUTRAL for nobody's)
    active: frozenset[str]             # the powers this seat orders now
    disorder: frozenset[str]           # powers in civil disorder (their units only hold)

    @classmethod
    def read(cls, variant: Any, state: Mapping[str, Any], seat: str) -> "Board":
        options = state.get("options", {})
        disorder = frozenset(variant.civil_disorder_powers(state))
        side: dict[str, str] = {}
        for other in variant.seats(options):
            for power in variant.powers_of(state, other):
                side.setdefault(power, other)
        return cls(variant, state, seat, variant.game_map(state), board_units(state), dict(state["owners"]),
                   side, frozenset(variant.powers_of(state, seat)) - disorder, disorder)

    # ---- who is who
    @property
    def season(self) -> str:
        return self.state["season"]

    @property
    def phase(self) -> str:
        return self.state["phase"]

    def side_of(self, power: str | None) -> str:
        return self.side.get(power or "", NEUTRAL)

    def ours(self, power: str | None) -> bool:
        return self.side_of(power) == self.seat

    def enemy(self, power: str | None) -> bool:
        return self.side_of(power) not in (self.seat, NEUTRAL)

    def centres_by_side(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for owner in self.owners.values():
            counts[self.side_of(owner)] = counts.get(self.side_of(owner), 0) + 1
        return counts

    def own_units(self) -> list[Unit]:
        """The units this seat orders, in board order (civil-disorder powers' units excluded)."""
        return [u for _, u in sorted(self.units.items()) if u.power in self.active]

    # ---- what a unit can do
    @cached_property
    def tables(self) -> Tables:
        return tables(self.dmap)

    def steps(self, unit: Unit) -> list[str]:
        """Locations `unit` may move to now (coasts spelled out for fleets)."""
        return list(self.tables.steps(unit.kind, unit.loc))

    def reaches(self, unit: Unit, province: str) -> bool:
        """Could `unit` move into `province` (any coast)? Also the test for supporting there."""
        return province in self.tables.reach(unit.kind, unit.loc)

    @cached_property
    def reach(self) -> dict[str, frozenset[str]]:
        """Province of each unit -> the provinces it could enter now."""
        return {prov: self.tables.reach(u.kind, u.loc) for prov, u in self.units.items()}

    @cached_property
    def _threats(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for prov, unit in self.units.items():
            if unit.power in self.disorder:
                continue
            side = self.side_of(unit.power)
            for p in self.reach[prov]:
                counts = out.setdefault(p, {})
                counts[side] = counts.get(side, 0) + 1
        return out

    def threats(self, province: str) -> dict[str, int]:
        """Seat -> how many of its units (of powers that move: civil disorder only holds) could
        enter `province` now."""
        return dict(self._threats.get(province, {}))
