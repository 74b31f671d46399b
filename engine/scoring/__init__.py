"""Points for a finished game under the published scoring systems (docs/scoring.md cites each).

One entry point, `score(system, centres, solo=…, draw=…, eliminated=…)`, for every system; one
small module per system (dipvis's shape), each a `ScoringSystem` whose docstring quotes the rule
it implements. `base.final_position` checks the game once for every system, so bad input is the
same `ScoringError` whichever system is asked.

    >>> score("dss", {"Austria": 0, "England": 10, "France": 12, "Germany": 12,
    ...               "Italy": 0, "Russia": 0, "Turkey": 0}, fell={"Austria": 1905, "Italy": 1906,
    ...               "Russia": 1907, "Turkey": 1907})["France"]
    33.333333333333336
"""
from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping, Sequence

from engine.errors import ScoringError

from . import carnage, cdiplo, dss, manorcon, opentribute, sos, tribute, winloss as _winloss, worldclassic
from .base import FIRST_YEAR, STANDARD_CENTRES, STANDARD_VICTORY, FinalPosition, ScoringSystem, final_position

__all__ = ["FIRST_YEAR", "STANDARD_CENTRES", "STANDARD_VICTORY", "SYSTEMS", "FinalPosition", "ScoringError",
           "ScoringSystem", "final_position", "score", "scoring_system", "scoring_systems", "systems_for", "winloss"]

# In the order the systems are listed to players (`/game scores`).
SYSTEMS: dict[str, ScoringSystem] = {s.key: s for s in (
    dss.SYSTEM, sos.SYSTEM, cdiplo.CDIPLO100, cdiplo.CDIPLO80, carnage.CARNAGE, carnage.CARNAGE2023,
    manorcon.SYSTEM, tribute.SYSTEM, opentribute.SYSTEM, worldclassic.SYSTEM, _winloss.SYSTEM)}


def scoring_systems() -> dict[str, str]:
    """Every system's key with its name, in listing order."""
    return {key: system.name for key, system in SYSTEMS.items()}


def scoring_system(key: str) -> ScoringSystem:
    """The system called `key`, or a `ScoringError` naming the systems there are."""
    if key in SYSTEMS:
        return SYSTEMS[key]
    close = difflib.get_close_matches(str(key).lower(), list(SYSTEMS), n=2) if isinstance(key, str) else []
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise ScoringError(f"unknown scoring system `{key}` (the systems: {', '.join(SYSTEMS)}){hint}")


def systems_for(powers: int) -> tuple[str, ...]:
    """The systems that can score a game of `powers` powers or sides (winloss only scores two)."""
    return tuple(key for key, system in SYSTEMS.items() if system.sides in (None, powers))


def score(system: str, centres: Mapping[str, int], *, solo: str | None = None, draw: Collection[str] = (),
          eliminated: Sequence[str | Collection[str]] = (), fell: Mapping[str, int] | None = None,
          first_year: int = FIRST_YEAR, last_year: int | None = None, total: int | None = None,
          victory: int | None = STANDARD_VICTORY, conceded: bool = False) -> dict[str, float]:
    """Points per power for a finished game under `system` (a key of `scoring_systems()`).

    - `centres`: every power's supply centres at the end (0: eliminated); the result has the
      same powers in the same order.
    - `solo`: the power that won alone (or, with `conceded=True`, the power the game was
      conceded to, which need not hold the victory centres).
    - `draw`: the powers in a passed draw; empty: every survivor (or, for `winloss`, both sides).
    - `eliminated`: the powers with no centres in the order they fell, first first; a tuple
      inside groups powers that fell in the same year (Carnage ranks them by year).
    - `fell`: the game year each eliminated power lost its last centre (ManorCon and World
      Classic count years played; Carnage can take its order from it).
    - `first_year`, `last_year`: the game's first year and the year it ended (with a solo, the
      solo's year: ManorCon scores the solo's losers by it).
    - `total`: the board's supply centres; the centres may fall short of it (neutral centres)
      but never exceed it. Carnage's solo and OpenTribute's "34" read it (34 when not given).
    - `victory`: the centres a solo needs (the game's `victory_centres`, 18 by default); None
      when the variant decides victory by its own rule (rx07, Axis & Allies).

    Raises `ScoringError` for an unknown system or a game it cannot score as given.
    """
    chosen = scoring_system(system)
    if chosen.sides is not None and isinstance(centres, Mapping) and len(centres) != chosen.sides:
        raise ScoringError(f"{chosen.key} scores games of {chosen.sides} sides; this one has {len(centres)} "
                           f"powers (systems for it: {', '.join(systems_for(len(centres)))})")
    position = final_position(centres, solo=solo, draw=draw, eliminated=eliminated, fell=fell,
                              first_year=first_year, last_year=last_year, total=total, victory=victory,
                              conceded=conceded)
    points = chosen.points(position)
    return {p: float(points[p]) for p in position.powers}


def winloss(sides: Sequence[str], winner: str | None = None) -> dict[str, float]:
    """Win/loss points for a two-sided game without supply centres (Axis & Allies): 1 for the
    winner and 0 for the loser, or ½ each when `winner` is None (a draw)."""
    if isinstance(sides, str):
        raise ScoringError("sides: give the two sides as a list, not one string")
    return score("winloss", {side: 0 for side in sides}, solo=winner, victory=None)

