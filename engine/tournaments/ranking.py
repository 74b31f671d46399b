"""Ordering players by a chain of tie-breaks.

Each `TieBreak` gives a key per player, larger is better, computed *within the group of players
still tied* (head-to-head needs to know who the others are). Players are sorted on the first key;
those still equal are sorted on the second among themselves; and so on. The last tie-break of every
chain here is the registration order, so the order is total and a recomputation gives the same
table. Each player's `decided_by` names the tie-break that put them below the player above them
(None when the first key — points — already did).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

Player = Hashable
Key = Callable[[Player, tuple[Player, ...]], Any]

PRECISION = 6     # points are compared to a millionth, so float sums in another order still tie


def points_key(value: float) -> float:
    """A score as a sort key: rounded, so that 0.1 + 0.2 ties with 0.3."""
    return round(value, PRECISION)


@dataclass(frozen=True)
class TieBreak:
    """One rule of the chain: its name as the table shows it, and its key."""

    name: str
    key: Key


def rank(players: Sequence[Player], chain: Sequence[TieBreak]) -> list[tuple[Player, str | None]]:
    """`players` best first, each with the tie-break that placed it below the previous player."""
    out: list[tuple[Player, str | None]] = []
    _rank(tuple(players), chain, 0, None, out)
    return out


def _rank(group: tuple[Player, ...], chain: Sequence[TieBreak], level: int, first_reason: str | None,
          out: list[tuple[Player, str | None]]) -> None:
    if len(group) == 1 or level == len(chain):
        out.extend((p, first_reason if i == 0 else (chain[-1].name if chain else None)) for i, p in enumerate(group))
        return
    rule = chain[level]
    keys = {p: rule.key(p, group) for p in group}
    ordered = sorted(group, key=lambda p: keys[p], reverse=True)
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or keys[ordered[i]] != keys[ordered[start]]:
            reason = first_reason if start == 0 else (None if level == 0 else rule.name)
            _rank(tuple(ordered[start:i]), chain, level + 1, reason, out)
            start = i


def head_to_head(player: Player, group: tuple[Player, ...], games: dict[Player, list[Hashable]],
                 points: dict[Hashable, dict[Player, float]]) -> int:
    """Over every game `player` shared with another player of the tied `group`: +1 for each such
    opponent who scored less there, −1 for each who scored more."""
    others = set(group) - {player}
    total = 0
    for game in games.get(player, ()):
        scores = points[game]
        mine = points_key(scores[player])
        for other in others & scores.keys():
            theirs = points_key(scores[other])
            total += (mine > theirs) - (mine < theirs)
    return total
