"""Reliability: how often a player gave orders in their last ten order phases, as Diplicity
measures its players' *commitment*.

Diplicity (github.com/johnpooch/diplicity-react, service/user_profile/commitment.py):
`COMMITMENT_PHASE_WINDOW = 10`, `COMMITMENT_HIGH_NMR_THRESHOLD = 0.1`,
`COMMITMENT_LOW_NMR_THRESHOLD = 0.5`, `COMMITMENT_LOW_NMR_FLOOR = 2`, and

    if rate >= COMMITMENT_LOW_NMR_THRESHOLD and nmr_count >= COMMITMENT_LOW_NMR_FLOOR: LOW
    if len(rated) < COMMITMENT_PHASE_WINDOW: UNDEFINED   (shown as "New")
    if rate <= COMMITMENT_HIGH_NMR_THRESHOLD: HIGH
    otherwise MEDIUM

where `rated` are the player's last ten phases in which they had orders to give and `rate` is
missed phases (no orders received) over those phases. Dispatch keeps the rule and the words
`high`, `medium`, `low`, and `new` for Diplicity's undefined level (fewer than ten phases owed
and not already low).

Which phases count: a phase is *owed* when the player held a seat that had orders to give in
it. A miss the game's policy excused still counts (the player still gave no orders); a phase
that fell in a GM's pause is not owed (the GM stopped the clock, nobody could miss it).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.errors import RatingError

WINDOW = 10                  # the last ten order phases
HIGH_AT_MOST = 0.1           # missed / owed ≤ 0.1: high
LOW_AT_LEAST = 0.5           # missed / owed ≥ 0.5 …
LOW_MISSES = 2               # … with at least two misses: low
LEVELS = ("low", "new", "medium", "high")      # weakest first


@dataclass(frozen=True)
class OrderPhase:
    """One phase of one game for one player, oldest first in the list given to `reliability`.
    `phase` is any label the service likes (game and phase), shown back in errors."""

    phase: str
    owed: bool                 # the player held a seat with orders to give
    missed: bool = False       # no orders by the deadline
    excused: bool = False      # the miss was excused by the game's policy (it still counts)
    paused: bool = False       # the phase fell in a GM's pause (not owed)


@dataclass(frozen=True)
class Reliability:
    """A player's reliability over their last ten owed phases."""

    ratio: float               # misses / owed (0.0 with nothing owed)
    level: str                 # high, medium, low, or new
    misses: int
    owed: int                  # phases counted, at most ten
    excused: int = 0           # of the misses, how many the policy excused

    def meets(self, required: str) -> bool:
        """Whether this player may join a game with `committed=required` (high or medium). A
        new player meets neither, as Diplicity's undefined commitment cannot join a committed
        game."""
        if required not in ("high", "medium"):
            raise RatingError(f"a commitment requirement is high or medium, not `{required}`")
        return self.level == "high" or (required == "medium" and self.level == "medium")

    def describe(self) -> str:
        """The figure in words, for a refusal or a profile: "medium: 2 of the last 10 phases
        missed"."""
        if not self.owed:
            return "new: no order phases yet"
        text = f"{self.level}: {self.misses} of the last {self.owed} phases missed"
        return text + (f" ({self.excused} excused)" if self.excused else "")


def reliability(phases: Iterable[OrderPhase]) -> Reliability:
    """The player's reliability from their order phases, oldest first: the last ten owed
    phases (not in a GM's pause) count."""
    owed: list[OrderPhase] = []
    for phase in phases:
        if not isinstance(phase, OrderPhase):
            raise RatingError(f"an order phase, not {phase!r}")
        if phase.excused and not phase.missed:
            raise RatingError(f"{phase.phase}: an excused phase is an excused miss; mark it missed too")
        if phase.missed and not phase.owed:
            raise RatingError(f"{phase.phase}: a phase with no orders owed cannot be missed")
        if phase.owed and not phase.paused:
            owed.append(phase)
    window = owed[-WINDOW:]
    misses = sum(p.missed for p in window)
    excused = sum(p.excused for p in window)
    ratio = misses / len(window) if window else 0.0
    if ratio >= LOW_AT_LEAST and misses >= LOW_MISSES:
        level = "low"
    elif len(window) < WINDOW:
        level = "new"
    elif ratio <= HIGH_AT_MOST:
        level = "high"
    else:
        level = "medium"
    return Reliability(ratio, level, misses, len(window), excused)
