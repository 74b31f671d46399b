"""World Classic (Peter McNamara).

World Diplomacy Wiki, "World Classic Scoring System": "10 point by supply center; 48 point bonus
for Topboarder; shared topboarder share equally the bonus; 30 point for survival in a non solo
game; 1 point by year of survival in a non solo game". A solo scores 420 and the others nothing
(dipvis `GScoringWorldClassic`, written from liberty-cup.com/world-diplomacy-classic/: "Solo
gets 420. Others get 0.").

Years of survival are the whole years a power lived through before the year it fell: a power
eliminated in 1904 survived 1901, 1902 and 1903 and scores 3 (dipvis scores the same, year − first
year). The wiki grants survival and year points only "in a non solo game", so after a solo every
power but the soloist scores 0; dipvis still gives the losers their years, which is not followed
here.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

SOLO = 420.0
PER_CENTRE = 10
SURVIVAL = 30
TOP_BONUS = 48.0


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        return {p: SOLO if p == position.solo else 0.0 for p in position.powers}
    toppers = position.toppers
    result: dict[str, float] = {}
    for p in position.powers:
        c = position.centres[p]
        if c == 0:
            result[p] = float(position.year_fell(p, "worldclassic") - position.first_year)
        else:
            result[p] = PER_CENTRE * c + SURVIVAL + (TOP_BONUS / len(toppers) if p in toppers else 0.0)
    return result


SYSTEM = ScoringSystem(
    "worldclassic", "World Classic", points,
    rule="A solo scores 420, everyone else 0. Otherwise 10 per centre and 30 for surviving, 48 to the "
         "board-topper (shared when tied); an eliminated power 1 per year it survived.",
    source="https://world-diplomacy-wiki.fandom.com/wiki/World_Classic_Scoring_System")
