"""Tribute (Brandon Fogel, for the Windy City Weasels league, Chicago, 2020).

Windy City Weasels, "Tribute Scoring System": "Tribute Scoring Formula: Supply Center Count +
Survival Bonus +/- Tribute … players who survive to a draw get a bonus but have to pay tribute to
the board-topper". World Diplomacy Wiki, "Tribute Scoring System": "66 points are divided
equally between each surviving player … 1 point by supply center … Each player pays the
board-topper 1 pt in tribute for each center the board-topper has over 6. Tribute paid cannot
exceed the draw size score. Tied board-toppers split the tribute equally." A solo scores 100,
everyone else 0 (Diplomaticon, "Tribute Scoring system": "A Solo = 100 points. Nobody else
scores anything.").

Readings (docs/scoring.md): the 66 points are the *draw size score*, shared by the powers in the
draw — every survivor unless the draw names fewer (Diplomaticon: "66 points are initially awarded
by sharing them between all players in the draw"); a survivor left out of a draw, and an
eliminated power, have no draw size score and so pay no tribute ("cannot exceed the draw size
score"). Tied board-toppers pay none to each other. Tribute moves points between powers, so a
drawn game is worth 66 + the centres owned (100 when all 34 are owned).

Every published source found credits Brandon Fogel ("War Weasel Brandon Fogel", "To Whom
Tribute is Due", Diplomacy World 149), so the docs name him.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

SOLO = 100.0
DRAW_POOL = 66.0
TRIBUTE_FREE = 6        # the board-topper is paid for each centre it has over 6


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        return {p: SOLO if p == position.solo else 0.0 for p in position.powers}
    drawn = position.drawn("tribute")
    share = DRAW_POOL / len(drawn)
    result = {p: position.centres[p] + (share if p in drawn else 0.0) for p in position.powers}
    toppers = position.toppers
    each = min(share, max(0, position.top - TRIBUTE_FREE))
    payers = [p for p in drawn if p not in toppers]
    for p in payers:
        result[p] -= each
    for p in toppers:
        result[p] += each * len(payers) / len(toppers)
    return result


SYSTEM = ScoringSystem(
    "tribute", "Tribute", points,
    rule="A solo scores 100, everyone else 0. Otherwise 1 point per centre, the powers in the draw share 66, "
         "and each pays the board-topper 1 point per centre it has over 6 (at most its share of the 66; "
         "tied toppers split the tribute).",
    source="https://windycityweasels.org/tribute-scoring-system/; "
           "https://world-diplomacy-wiki.fandom.com/wiki/Tribute_Scoring_System")
