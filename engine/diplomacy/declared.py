"""A Diplomacy variant on the standard board as ONE declaration: its powers (the seats), their home
centres, the starting units and date, the victory rule and the options it offers. The machinery
(`DiplomacyGame`: orders, adjudication, phases) is shared; special rules are the hooks of
`DiplomacyGame` a subclass overrides (as rx07 does). docs/variants.md says how to add one.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.errors import OptionError
from engine.variant import OptionSpec, State

from .game import DiplomacyGame
from .map import DiplomacyMap
from .orders import Unit
from .position import unit_to_json

SEASONS = ("spring", "fall")
EDITIONS = ("2023", "2000")


@dataclass(frozen=True)
class CountOption(OptionSpec):
    """A whole-number option within bounds (e.g. the centres a solo victory needs)."""

    low: int = 1
    high: int = 34

    def parse(self, raw: Any) -> Any:
        value = super().parse(raw)
        if not self.low <= value <= self.high:
            raise OptionError(f"option `{self.key}` takes a number from {self.low} to {self.high}, not `{raw}`")
        return value


# The table options every standard-board variant with a solo victory offers.
EDITION_OPTION = OptionSpec(
    "edition", "the rulebook edition where the editions differ (DATC): `2023` (convoy intent and civil-disorder "
    "removals as the 2023 rules read them) or `2000` (the 1982/2000 rules)", "2023", EDITIONS)
ANONYMOUS_OPTION = OptionSpec(
    "anonymous", "anonymous players: who plays which power is shown only when the game ends", False)


def victory_option(default: int) -> CountOption:
    return CountOption("victory_centres", f"supply centres a power needs for a solo victory (default {default})",
                       default, low=10, high=34)


@dataclass(frozen=True)
class Declaration:
    """Everything that makes one standard-board variant (the data; hooks live in a subclass)."""

    key: str
    title: str
    summary: str
    powers: tuple[str, ...]                          # the seats, in table order
    home_centres: Mapping[str, tuple[str, ...]]      # power -> centres it owns at the start and builds in
    starting_units: tuple[tuple[str, str, str], ...]  # (kind, power, location)
    rules: str                                       # what `/rules` shows, the special rules numbered
    sources: tuple[str, ...] = ()                    # where the rules come from (also in docs/rulings.md)
    start: tuple[int, str] = (1901, "spring")
    # the centres a solo victory needs (a game option); None: the variant's own `victory` hook
    # decides (rx07 rule 7) and it has no solo-victory or edition options
    victory_centres: int | None = 18
    aliases: Mapping[str, str] = field(default_factory=dict)   # other names of seats (lower case)
    # the seats when they are not the powers (rx07: two sides); `powers_of` says who orders what
    seats: tuple[str, ...] = ()


def standard_setup(*powers: str) -> tuple[dict[str, tuple[str, ...]], tuple[tuple[str, str, str], ...]]:
    """The standard board's home centres and 1901 units of `powers` (the rulebook's setup)."""
    dmap = DiplomacyMap.standard()
    homes = {power: tuple(dmap.home_centers[power]) for power in powers}
    units = tuple(start for start in dmap.starting_units if start[1] in powers)
    return homes, units


class DeclaredVariant(DiplomacyGame):
    """A standard-board Diplomacy variant made from a `Declaration`: each power is a seat, the
    first power to own the victory number of supply centres wins alone, draws by vote."""

    def __init__(self, declaration: Declaration):
        self.declaration = declaration
        self.powers = tuple(declaration.powers)
        self.min_players = len(declaration.seats or declaration.powers)
        self._map = DiplomacyMap.standard().with_homes(dict(declaration.home_centres))

    # ---------------------------------------------------------------- the declaration
    # (properties, so that a subclass may still name itself with a class attribute)
    @property
    def key(self) -> str:
        return self.declaration.key

    @property
    def title(self) -> str:
        return self.declaration.title

    @property
    def summary(self) -> str:
        return self.declaration.summary

    def option_specs(self):
        if self.declaration.victory_centres is None:
            return ()
        return (EDITION_OPTION, victory_option(self.declaration.victory_centres), ANONYMOUS_OPTION)

    def seats(self, options):
        return self.declaration.seats or self.powers

    def seat_aliases(self) -> dict[str, str]:
        return dict(self.declaration.aliases)

    def game_map(self, state: State) -> DiplomacyMap:
        return self._map

    def initial_state(self, options, rng: random.Random) -> State:
        """The declared date, units and home centres; every other supply centre is neutral."""
        year, season = self.declaration.start
        owners = {sc: power for power, homes in self.declaration.home_centres.items() for sc in homes}
        units = {Unit(*u).province: unit_to_json(Unit(*u)) for u in self.declaration.starting_units}
        return {"variant": self.key, "options": dict(options), "year": year, "season": season,
                "phase": "movement", "units": dict(sorted(units.items())), "owners": dict(sorted(owners.items())),
                "dislodged": {}, "contested": []}

    def rules_summary(self, options) -> str:
        lines = [self.declaration.rules,
                 f"Solo victory: {self.victory_centres(options)} supply centres. Draws: every surviving power "
                 f"votes `/vote draw`; a concession: every surviving power but one votes `/vote concede`.",
                 f"Rules edition: {options.get('edition', '2023')} (the readings where the editions differ: `/rules ruling:list`)."]
        if options.get("anonymous"):
            lines.append("Anonymous: who plays which power is revealed when the game ends.")
        if self.declaration.sources:
            lines.append("Sources: " + "; ".join(self.declaration.sources))
        return "\n".join(lines)

    def victory_centres(self, options: Mapping[str, Any]) -> int:
        return int(options.get("victory_centres", self.declaration.victory_centres or 0))

    # ---------------------------------------------------------------- victory and survival
    def centres(self, state: State) -> dict[str, int]:
        owned = Counter(state["owners"].values())
        return {power: owned[power] for power in self.powers}

    def victory(self, state: State) -> tuple[str, ...]:
        """Rulebook: "As soon as one Great Power controls 18 supply centers" (or the game's
        `victory_centres`) it wins. Centres change hands after the fall moves, so this is met
        at the winter; if two powers reach the number at once, the one with more centres wins,
        and with equal counts nobody has won yet (docs/rulings.md)."""
        target = self.victory_centres(state.get("options", {}))
        counts = self.centres(state)
        reached = sorted((n, p) for p, n in counts.items() if n >= target)
        if not reached or (len(reached) > 1 and reached[-1][0] == reached[-2][0]):
            return ()
        return (reached[-1][1],)

    def victory_reason(self, state: State, winner: str) -> str:
        target = self.victory_centres(state.get("options", {}))
        return f"{self.centres(state).get(winner, 0)} supply centres ({target} needed for a solo victory)"

    def out_of_game(self, state: State, seat: str) -> bool:
        """A power with no unit and no supply centre is eliminated: it no longer votes."""
        return seat in self.powers and not any(u["power"] == seat for u in state["units"].values()) and \
            seat not in state["owners"].values() and not any(
                d["unit"]["power"] == seat for d in state.get("dislodged", {}).values())

    def describe(self, state: State, seat: str | None = None) -> str:
        text = super().describe(state, seat)
        if self.declaration.victory_centres is None:
            return text
        target = self.victory_centres(state.get("options", {}))
        out = [p for p in self.powers if self.out_of_game(state, p)]
        extra = [f"Solo victory at {target} centres."]
        if out:
            extra.append("Eliminated: " + ", ".join(out))
        return text + "\n" + "\n".join(extra)
