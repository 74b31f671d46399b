"""How boldly a level plays: the odds it attacks at, the margin it adds, how much defence it
keeps against the enemy's reachable attack. `easy` and `normal` are fixed styles; `hard` tries
several (search.py) and keeps the sheet whose exact-odds value is best."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    level: str
    threshold: float            # P(take it), the battle pressed to the end, to attack at all
    contested: float            # the same, to go on fighting in a contested territory
    margin: float               # units sent beyond the fewest that reach the threshold
    guard: float                # defence kept: this many times the enemy's reachable attack
    front_share: float          # at most this share of the treasury for the front's defence


STYLES = {
    "easy": Style("easy", 0.55, 0.4, 1.0, 1.3, 0.6),
    "normal": Style("normal", 0.7, 0.5, 1.2, 1.3, 0.6),
    "hard": Style("hard", 0.7, 0.5, 1.2, 1.3, 0.6),
}


def style_of(level) -> Style:
    """A level's name or a Style itself."""
    return level if isinstance(level, Style) else STYLES[level]
