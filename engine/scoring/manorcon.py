"""ManorCon's Diplomacy tournament scoring (ManorCon, UK).

ManorCon, "Diplomacy Tournament Scoring System" (diplom.org/manorcon/dipscore.htm): "If a player
is eliminated, they score 0.10 points for every year they played, including the year they were
eliminated. If a player solos, they score 75 points, and every other player who is still alive
at the end of the game, is scored as if they have been eliminated in the year of the solo. If no
player solos, then for every player (including eliminated players), a value of P is calculated,
where P = S^2 + 4*S + 16, where S is the number of supply centres they owned at the end of the
game. The board score, B is the sum of the seven values of P for the seven players on the board.
Each non-eliminated players tournament score is 100 * P / B points."

Years played count from the game's first year to the year of elimination, both included: a power
that fell in 1904 played 1901–1904 and scores 0.4. (dipvis scores it 0.3, counting only the
years before; the organisers' page says "including the year they were eliminated", which this
follows.) An eliminated power's P of 16 stays in the board score although it is paid to nobody
(stabbeurfou's statement: "players without any centre … receive zero, even if their presence
count for calculating the sum"), so the survivors of a drawn game share 100 × (B − 16 × the
eliminated) / B, and the eliminated add their years.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

SOLO = 75.0


def played(position: FinalPosition, year: int) -> float:
    """0.10 per year played, the last year included (years / 10, so 4 years are exactly 0.4)."""
    return (year - position.first_year + 1) / 10


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        result = {}
        for p in position.powers:
            if p == position.solo:
                result[p] = SOLO
            elif position.centres[p] == 0:
                result[p] = played(position, position.year_fell(p, "manorcon"))
            else:
                result[p] = played(position, position.end_year("manorcon"))
        return result
    value = {p: position.centres[p] ** 2 + 4 * position.centres[p] + 16 for p in position.powers}
    board = sum(value.values())
    return {p: 100 * value[p] / board if position.centres[p] > 0
            else played(position, position.year_fell(p, "manorcon")) for p in position.powers}


SYSTEM = ScoringSystem(
    "manorcon", "ManorCon", points,
    rule="A solo scores 75; the others 0.1 per year played. Otherwise each power has P = S² + 4S + 16 "
         "(S its centres); survivors score 100 × P / ΣP, eliminated powers 0.1 per year played.",
    source="http://diplom.org/manorcon/dipscore.htm")
