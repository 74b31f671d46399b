"""Draw-Size Scoring (DSS), webDiplomacy's default system.

webDiplomacy, "Points on webDiplomacy" (locales/English/points.php): "In games created with
Draw-Size Scoring, you win the entire pot if you win. In a draw, the points are split equally
between every surviving player, regardless of how many supply centers they own."

Here the pot is 100 points: a soloist scores 100 and everyone else 0; otherwise the powers in the
draw (every survivor when the draw names nobody) share 100 equally, and the rest score 0. Every
game is worth exactly 100.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

POT = 100.0


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        return {p: POT if p == position.solo else 0.0 for p in position.powers}
    drawn = position.drawn("dss")
    return {p: POT / len(drawn) if p in drawn else 0.0 for p in position.powers}


SYSTEM = ScoringSystem(
    "dss", "Draw-Size Scoring", points,
    rule="A solo scores 100, everyone else 0. Otherwise the powers in the draw split 100 equally.",
    source="https://webdiplomacy.net/points.php#DSS")
