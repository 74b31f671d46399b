"""Sum of Squares (SoS), as webDiplomacy plays it.

webDiplomacy, "Points on webDiplomacy" (locales/English/points.php): "In games created using
Sum-of-Squares, you win the entire pot if you win, just like DSS. In a draw, each surviving
player gets a proportion of the pot scaled by their supply center count at the time of the draw
… (SC_count^2) / (sum of all players (SC_count^2))".

Here the pot is 100: a soloist scores 100 and everyone else 0; otherwise each power in the draw
scores 100 × centres² / Σ(centres² of the powers in the draw), the rest 0. With every survivor in
the draw (webDiplomacy's only kind) the sum runs over every player, eliminated ones adding 0.
When a draw leaves a survivor out, the sum runs over "all powers in the draw" (Diplomaticon's
statement of SoS: "G = the sum of SCs² held by all powers in the draw"), so a game is still
worth exactly 100.
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem

POT = 100.0


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        return {p: POT if p == position.solo else 0.0 for p in position.powers}
    drawn = position.drawn("sos")
    squares = sum(position.centres[p] ** 2 for p in drawn)
    return {p: POT * position.centres[p] ** 2 / squares if p in drawn else 0.0 for p in position.powers}


SYSTEM = ScoringSystem(
    "sos", "Sum of Squares", points,
    rule="A solo scores 100, everyone else 0. Otherwise each power in the draw scores "
         "100 × its centres² / the sum of the drawn powers' centres².",
    source="https://webdiplomacy.net/points.php#SoS")
