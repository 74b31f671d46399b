"""How good a position after a movement is for one seat, in supply centres (what the search
maximises).

A fall movement decides ownership at once: a unit standing on a centre takes it. What the
position promises beyond that is read from the units' reach, one movement ahead:

- a centre we stand on is kept when no enemy side can bring more units against it than we can
  bring to support it (else kept less often);
- an empty centre goes to the side that can enter it, shared when several can — and one unit
  can take only one centre (a greedy matching of our units to the empty centres they reach);
- a centre held by an enemy is taken only by an attack with more support than it can get.

In spring that promise is the whole value (ownership changes only in the fall); in the fall it
counts for `NEXT_YEAR` of its difference with the centres just taken. Units count a little
(`PIECE` each; a dislodged unit with a retreat is not lost, one without is), and the values of
the places our units stand break ties (the heuristic's sense of direction).
"""
from __future__ import annotations

from typing import Mapping

from ..movement import Dislodged
from ..orders import Unit
from ..retreats import retreat_options
from .board import NEUTRAL, Board
from .values import Values

NEXT_YEAR = 0.5
PIECE = 0.12
RETREATING = 0.08        # a dislodged unit that can retreat: alive, out of place
POSITION = 0.02          # per unit of value (a centre's worth) of the places our units stand
KEEP_SAFE, KEEP_OUTNUMBERED, KEEP_OVERRUN = 0.95, 0.7, 0.45
WALK_IN, SHARED = 0.85, 0.7
ATTACK_SUPPORTED, ATTACK_ALONE = 0.45, 0.1
UNMATCHED = 0.2          # an empty centre in reach of a unit already counted for another


class Judge:
    """Scores positions reached from `board` (the phase being ordered) for `board.seat`."""

    def __init__(self, board: Board, values: Values):
        self.board, self.values = board, values
        self.seat = board.seat
        self.fall = board.season == "fall"
        self.centres = [p for p, prov in board.dmap.provinces.items() if prov.supply_center]
        self.owner = {c: board.side_of(board.owners.get(c)) for c in self.centres}
        self.tables = board.tables
        self.side = dict(board.side)

    def side_of(self, power: str) -> str:
        return self.side.get(power, NEUTRAL)

    def value(self, units: Mapping[str, Unit], dislodged: Mapping[str, Dislodged],
              contested: frozenset[str] = frozenset()) -> float:
        board, seat, t = self.board, self.seat, self.tables
        adjacent: dict[str, dict[str, int]] = {}
        near: dict[str, list[str]] = {}            # centre -> our units that can enter it
        ours = 0
        position = 0.0
        for prov, unit in units.items():
            if unit.power in board.disorder:
                continue
            side = self.side_of(unit.power)
            mine = side == seat
            if mine:
                ours += 1
                position += self.values.of(unit.kind, unit.loc)
            for p in t.reach(unit.kind, unit.loc):
                counts = adjacent.setdefault(p, {})
                counts[side] = counts.get(side, 0) + 1
                if mine:
                    near.setdefault(p, []).append(prov)
        now = 0.0
        promise = 0.0
        walk_ins: list[tuple[float, str]] = []
        for c in self.centres:
            unit = units.get(c)
            holder = self.side_of(unit.power) if unit is not None else None
            owner = holder if (self.fall and holder is not None) else self.owner[c]
            if owner == seat:
                now += 1
            counts = adjacent.get(c, {})
            mine = counts.get(seat, 0)
            enemy = max((n for s, n in counts.items() if s not in (seat, NEUTRAL)), default=0)
            if holder == seat:
                p = KEEP_SAFE if enemy <= mine else KEEP_OUTNUMBERED if enemy == mine + 1 else KEEP_OVERRUN
            elif holder is not None and holder != NEUTRAL:
                defence = counts.get(holder, 0)
                p = ATTACK_SUPPORTED if mine >= 2 and mine > defence else ATTACK_ALONE if mine else 0.0
                if unit.power in board.disorder and mine:
                    p = max(p, ATTACK_SUPPORTED)
            elif mine == 0:
                p = (1.0 if enemy == 0 else 0.5) if owner == seat else 0.0
            else:
                share = mine / (mine + enemy)
                p = 1.0 if owner == seat and enemy == 0 else (WALK_IN if enemy == 0 else SHARED * share)
                if owner != seat:
                    walk_ins.append((p, c))
                    continue
            promise += p
        # one unit takes one empty centre: match our units to the best walk-ins first
        used: set[str] = set()
        for p, c in sorted(walk_ins, reverse=True):
            free = [u for u in near.get(c, ()) if u not in used]
            if free:
                used.add(min(free, key=lambda u: (len(t.reach(units[u].kind, units[u].loc)), u)))
                promise += p
            else:
                promise += p * UNMATCHED
        pieces = PIECE * ours
        for prov, d in dislodged.items():
            if self.side_of(d.unit.power) == seat:
                if retreat_options(board.dmap, dict(units), prov, d, contested):
                    pieces += RETREATING
        score = promise if not self.fall else now + NEXT_YEAR * (promise - now)
        return score + pieces + POSITION * position / self.values.unit
