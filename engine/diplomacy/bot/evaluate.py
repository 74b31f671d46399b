"""How good a position after a movement is for one seat, in supply centres (what the search
maximises).

A fall movement decides ownership at once: a unit standing on a centre takes it. What the
position promises beyond that is read from the units' reach, one movement ahead:

- a centre we stand on is kept when no enemy side can bring more units against it than we can
  bring to support it (else kept less often);
- an empty centre goes to the side that can enter it, shared when several can — and one unit
  can take only one centre (a greedy matching of our units to the empty centres they reach);
- a centre held by an enemy is taken only by an attack with more support than it can get.

Each chance is measured, not guessed: how often a centre in that situation at the start of a
fall was ours after it, in the hard bot's own games against six DumbBots (bench/dip_promise.py
prints them beside these constants; docs/bots.md has the table). A guess overrated walking in
(0.85 against 0.58 seen: the unit that could is often wanted elsewhere) and underrated keeping
an empty centre of ours that an enemy can also enter (a share, about 0.35, against 0.75 seen).

In spring that promise is the whole value (ownership changes only in the fall); in the fall it
counts for `NEXT_YEAR` of its difference with the centres just taken, and taking the victory
number of centres (where the variant wins by centres) is worth `SOLO` more: the game is won;
a position whose promise comes near that number is worth part of it (`SOLO_SETUP`, `SOLO_NEXT`).
Units count a little (`PIECE` each; a dislodged unit with a retreat is not lost, one without
is), and the values of the places our units stand break ties (the heuristic's sense of
direction).

After a fall movement the winter follows: a power builds only in its own home centres that it
still owns and that stand empty, so a build owed with no such centre free is waived — a unit
lost for good. Each one costs `WAIVED` (a unit left standing on a home centre it could have
left blocks the build; moving it on in the fall and building behind it garrisons the centre
again).
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
KEEP_SAFE, KEEP_OUTNUMBERED, KEEP_OVERRUN = 0.96, 0.82, 0.51
# an empty centre not ours: WALK_IN when no enemy can enter it, else SHARED × (our share of
# the units that can)² (seen: 1 v 1 0.35, 1 v 2 0.17, 2 v 1 0.58, 2 v 2 0.24 — falling faster
# than the share itself)
WALK_IN, SHARED = 0.58, 1.4
KEEP_EMPTY = 0.75        # our empty centre that we and an enemy can both enter
ATTACK_SUPPORTED, ATTACK_ALONE = 0.47, 0.03
UNMATCHED = 0.2          # an empty centre in reach of a unit already counted for another
SOLO = 10.0              # reaching the victory number this fall wins the game: worth ten centres
# Within reach of the victory number, positions that promise it are worth part of a win before
# the fall that takes it: in spring a promise from SOLO_NEAR below the number up to it earns up
# to SOLO_SETUP of SOLO (the fall's adjudication decides), in the fall the next year's promise
# up to SOLO_NEXT of it.
SOLO_NEAR, SOLO_SETUP, SOLO_NEXT = 1.5, 0.5, 0.2
WAIVED = 0.5             # a build owed after the fall with no free home centre to build it in


class Judge:
    """Scores positions reached from `board` (the phase being ordered) for `board.seat`."""

    def __init__(self, board: Board, values: Values):
        self.board, self.values = board, values
        self.seat = board.seat
        self.fall = board.season == "fall"
        self.tables = board.tables
        self.centres = self.tables.centres
        self.owner = [board.side_of(board.owners.get(c)) for c in self.centres]
        self.side = dict(board.side)
        self.disorder = board.disorder
        # the centres that win alone (the classic variants; rx07 counts pieces and capitals: none)
        count = getattr(board.variant, "victory_centres", None)
        self.target = count(board.state.get("options", {})) if callable(count) else 0
        # the home centres our powers build in this winter (a fall movement is judged by them)
        homes = board.dmap.home_centers
        self.homes = {power: tuple(homes.get(power, ())) for power in sorted(board.active)} if self.fall else {}

    def value(self, units: Mapping[str, Unit], dislodged: Mapping[str, Dislodged],
              contested: frozenset[str] = frozenset()) -> float:
        seat, t, side_of = self.seat, self.tables, self.side
        n = len(self.centres)
        counts: dict[str, list[int]] = {}
        near: list[list[str]] = [[] for _ in range(n)]     # centre -> our units that can enter it
        ours = 0
        position = 0.0
        of = self.values.of
        for prov, unit in units.items():
            if unit.power in self.disorder:
                continue
            side = side_of.get(unit.power, NEUTRAL)
            reach = t.reach_centres(unit.kind, unit.loc)
            if side == seat:
                ours += 1
                position += of(unit.kind, unit.loc)
                for i in reach:
                    near[i].append(prov)
            arr = counts.get(side)
            if arr is None:
                arr = counts[side] = [0] * n
            for i in reach:
                arr[i] += 1
        mine_at = counts.get(seat) or [0] * n
        enemy_at = [0] * n
        for side, arr in counts.items():
            if side not in (seat, NEUTRAL):
                enemy_at = [a if a >= b else b for a, b in zip(enemy_at, arr)]
        now = 0.0
        promise = 0.0
        walk_ins: list[tuple[float, int]] = []
        fall = self.fall
        for i, c in enumerate(self.centres):
            unit = units.get(c)
            holder = side_of.get(unit.power, NEUTRAL) if unit is not None else None
            owner = holder if (fall and holder is not None) else self.owner[i]
            if owner == seat:
                now += 1
            mine, enemy = mine_at[i], enemy_at[i]
            if holder == seat:
                p = KEEP_SAFE if enemy <= mine else KEEP_OUTNUMBERED if enemy == mine + 1 else KEEP_OVERRUN
            elif holder is not None and holder != NEUTRAL:
                defence = counts[holder][i] if holder in counts else 0
                p = ATTACK_SUPPORTED if mine >= 2 and mine > defence else ATTACK_ALONE if mine else 0.0
                if mine and unit.power in self.disorder:
                    p = ATTACK_SUPPORTED
            elif mine == 0:
                p = (1.0 if enemy == 0 else 0.5) if owner == seat else 0.0
            elif owner == seat:
                p = 1.0 if enemy == 0 else KEEP_EMPTY
            else:
                walk_ins.append((WALK_IN if enemy == 0 else SHARED * (mine / (mine + enemy)) ** 2, i))
                continue
            promise += p
        # one unit takes one empty centre: match our units to the best walk-ins first
        if walk_ins:
            used: set[str] = set()
            for p, i in sorted(walk_ins, reverse=True):
                free = [u for u in near[i] if u not in used]
                if free:
                    used.add(min(free, key=lambda u: (len(t.reach_centres(units[u].kind, units[u].loc)), u)))
                    promise += p
                else:
                    promise += p * UNMATCHED
        pieces = PIECE * ours
        retreating: list[str] = []
        for prov, d in dislodged.items():
            if side_of.get(d.unit.power, NEUTRAL) == seat:
                if retreat_options(self.board.dmap, dict(units), prov, d, contested):
                    pieces += RETREATING
                    retreating.append(d.unit.power)
        if self.homes:
            pieces -= WAIVED * self.waived_builds(units, retreating)
        score = promise if not fall else now + NEXT_YEAR * (promise - now)
        target = self.target
        if target:
            if fall and now >= target:
                score += SOLO
            else:
                # the victory number counts: a position that promises it is part of a win
                near = min(1.0, max(0.0, (promise - (target - SOLO_NEAR)) / SOLO_NEAR))
                score += (SOLO_NEXT if fall else SOLO_SETUP) * SOLO * near
        return score + pieces + POSITION * position / self.values.unit

    def waived_builds(self, units: Mapping[str, Unit], retreating: list[str]) -> int:
        """Builds our powers would owe this winter after a fall movement ending with `units` (and
        our dislodged units that can retreat, by power) and could not place: more centres than
        units, and too few home centres owned and empty."""
        owners = self.board.owners
        waived = 0
        for power, homes in self.homes.items():
            centres = 0
            for c in self.centres:
                unit = units.get(c)
                if (unit.power if unit is not None else owners.get(c)) == power:
                    centres += 1
            pieces = sum(1 for u in units.values() if u.power == power) + retreating.count(power)
            owed = centres - pieces
            if owed > 0:
                free = sum(1 for h in homes if h not in units and owners.get(h) == power)
                waived += max(0, owed - free)
        return waived
