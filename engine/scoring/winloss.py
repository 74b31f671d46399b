"""Win/loss, for two-sided games (rx07's two sides, Axis & Allies 1914, the two-player classic
variants): a win scores 1, a draw ½ each, a loss 0 — the chess scoring webDiplomacy's Ghost
Ratings use for 1v1 games ("Your actual score in a 1v1 game is 1 if you solo, 0.5 if you draw,
and 0 if you are defeated", locales/English/ghostRatings.php).

A drawn two-sided game includes both sides (a draw naming one side only, or a side with no
centre left, is refused). The centres only name the sides, so Axis & Allies, which has none, gives 0 for each side with
`victory=None` (see `engine.scoring.winloss`).
"""
from __future__ import annotations

from engine.errors import ScoringError

from .base import FinalPosition, ScoringSystem


def points(position: FinalPosition) -> dict[str, float]:
    if position.solo is not None:
        return {p: 1.0 if p == position.solo else 0.0 for p in position.powers}
    if position.draw and len(position.draw) != len(position.powers):
        raise ScoringError(f"winloss: a draw of a two-sided game includes both sides, not only "
                           f"{', '.join(sorted(position.draw))}")
    if position.victory is not None and position.eliminated:
        # on a board with centres, a side with none left has lost: that is a win, not a draw
        raise ScoringError(f"winloss: {', '.join(position.eliminated)} holds no supply centre, so the game is "
                           f"not a draw: score the win with solo=…")
    return {p: 0.5 for p in position.powers}


SYSTEM = ScoringSystem(
    "winloss", "Win/loss", points,
    rule="For two-sided games: a win scores 1, a loss 0, a draw ½ each.",
    source="https://webdiplomacy.net/ghostRatings.php (1v1 formula: 1 for a win, 0.5 for a draw, 0 for a loss)",
    sides=2)
