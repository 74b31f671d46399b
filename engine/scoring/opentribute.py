"""OpenTribute (Brandon Fogel, Windy City Weasels), a variation of Tribute.

Windy City Weasels, "OpenTribute Variant": "players receive 34 points plus 3 points per supply
center, and they pay the board-topper 1 point in tribute per supply center they are behind the
topper: Score = 34 + 3 × centers ± tribute. In this variation, eliminated players do not get to
keep their remaining points — after the tribute is paid, the remainder is considered spoiled and
removed from the game. … If the board-top is shared, then the tribute is divided by the number
of toppers before being split among them. If n players share the top, they split 1/n of the
collected tribute, so that each receives 1/n² of what a lone topper would have received. This
rest is considered spoiled and is not returned to the other players. … In the event of a solo,
the soloist receives 340 points (10×34) and all other players receive 0."

So: a survivor behind the top scores 34 + 3c − (top − c); an eliminated power scores 0 (it still
pays top − 0 into the tribute); each of n toppers scores 34 + 3·top + tribute / n². "34" is the
board's centres (`total`, 34 on the standard board). The published text does not round; dipvis
rounds a shared topper's tribute down to a whole point, which is not followed here.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

PER_CENTRE = 3
SOLO_FACTOR = 10           # "340 points (10×34)"


def points(position: FinalPosition) -> dict[str, float]:
    base = position.board_centres
    if position.solo is not None:
        return {p: float(SOLO_FACTOR * base) if p == position.solo else 0.0 for p in position.powers}
    top, toppers = position.top, position.toppers
    tribute = sum(top - position.centres[p] for p in position.powers if p not in toppers)
    result: dict[str, float] = {}
    for p in position.powers:
        c = position.centres[p]
        if p in toppers:
            result[p] = base + PER_CENTRE * c + tribute / len(toppers) ** 2
        elif c == 0:
            result[p] = 0.0
        else:
            result[p] = float(base + PER_CENTRE * c - (top - c))
    return result


SYSTEM = ScoringSystem(
    "opentribute", "OpenTribute", points,
    rule="A solo scores 340, everyone else 0. Otherwise 34 + 3 per centre, minus 1 per centre behind the "
         "board-topper, who collects that tribute (n tied toppers get 1/n² of it each); eliminated powers 0.",
    source="https://windycityweasels.org/opentribute-scoring-system/")
