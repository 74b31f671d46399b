"""How the bot values a province (the DumbBot scheme, DAIDE s0003 and its public write-ups,
in our own code and numbers).

1. A supply centre we do not own is worth attacking in proportion to the size of the side that
   owns it (the leader is the one to cut down; an unowned centre counts as much as the largest
   side's). A centre we own is worth defending in proportion to the size of the largest enemy
   side with a unit next to it. Other provinces start at nothing. Variant rules add to this
   (`rules.base_bonus`: rx07's capitals, enemy pieces, the route to America).
2. Those values spread over the map for ten rounds, separately over the army graph and the
   fleet graph: each round a province's value becomes (its own + its neighbours') / 5, so a
   province next to many valuable ones is worth more than an isolated one.
3. A destination's value for a unit is a weighted sum of the ten rounds — in spring the
   one-step-away round weighs most (get into position), in fall round 0 (stand on the centre
   when ownership changes) — plus how many of our units could help there, minus the most
   units any enemy side could bring there (our strength counts only where an enemy competes),
   minus a little for every step from the nearest centre or enemy unit to take (so units far
   behind the front, where every spread value is near nothing, still move up).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..map import province_of
from ..orders import Unit
from .board import NEUTRAL, Board
from .rules import BotRules
from .tables import tables

# Far from the front every spread value is near nothing; each step nearer the closest centre
# or enemy unit to take adds this share of a centre's worth, so the rear moves up.
APPROACH = 0.02
MAX_DISTANCE = 12


@dataclass(frozen=True)
class Weights:
    """The weights of one season: rounds of spreading, attack against defence, and the
    friendly-strength and enemy-competition terms (in units of an average centre's value)."""

    proximity: tuple[float, ...]
    attack: float
    defence: float
    strength: float
    competition: float


SPRING = Weights((150, 1000, 60, 30, 20, 15, 10, 8, 6, 5), attack=0.7, defence=0.3, strength=0.03, competition=0.05)
FALL = Weights((1000, 150, 60, 30, 20, 15, 10, 8, 6, 5), attack=0.6, defence=0.4, strength=0.03, competition=0.05)
# Builds, removals and retreats look at where a unit can go next, like a spring.
WINTER = SPRING


def side_size(centres: int) -> float:
    """How threatening (and how rewarding to attack) a side with this many centres is: more
    than linear, so the leader draws the attacks."""
    return centres * centres + 4 * centres + 16


class Values:
    """The value of every province for each kind of unit, for one seat in one phase."""

    def __init__(self, board: Board, rules: BotRules):
        self.board = board
        self.rules = rules
        self.weights = {"spring": SPRING, "fall": FALL}.get(board.season, WINTER)
        if board.phase == "retreat" and board.season == "fall":
            self.weights = FALL      # a fall retreat settles who stands on the centres
        self.sizes = {side: side_size(n) for side, n in board.centres_by_side().items()}
        biggest_enemy = max((s for side, s in self.sizes.items() if side not in (board.seat, NEUTRAL)),
                            default=side_size(3))
        self.neutral_size = max(biggest_enemy, side_size(3))
        self.threat = {p: board.threats(p) for p in board.dmap.provinces}
        # the worth of one centre to attack: the unit the other terms are measured in
        self.unit = self.weights.attack * self.neutral_size
        self.base = self._base()
        spread = rules.spread_map(board)
        self.tables = tables(spread)
        base = np.array([self.base.get(p, 0.0) for p in self.tables.provinces])
        self.near = {kind: dict(zip(self.tables.provinces, (self.tables.operator(kind, self.weights.proximity) @ base)
                                    .tolist())) for kind in ("A", "F")}
        self.distance = {kind: self._distances(kind) for kind in ("A", "F")}
        self.value = {kind: self._destinations(kind) for kind in ("A", "F")}
        every = [v for table in self.value.values() for v in table.values()]
        self.low, self.high = min(every), max(every)

    # ---- step 1
    def attack_value(self, province: str) -> float:
        owner = self.board.owners.get(province)
        if owner is None or self.board.side_of(owner) == NEUTRAL:
            return self.neutral_size
        return 0.0 if self.board.ours(owner) else self.sizes.get(self.board.side_of(owner), 0.0)

    def defence_value(self, province: str) -> float:
        enemies = [side for side, n in self.threat[province].items() if n and side not in (self.board.seat, NEUTRAL)]
        return max((self.sizes.get(side, side_size(0)) for side in enemies), default=0.0)

    def _base(self) -> dict[str, float]:
        board, w = self.board, self.weights
        base: dict[str, float] = {}
        for code, prov in board.dmap.provinces.items():
            value = 0.0
            if prov.supply_center:
                if board.ours(board.owners.get(code)):
                    value = w.defence * self.defence_value(code)
                else:
                    value = w.attack * self.attack_value(code) * self.rules.opening(board, code)
            base[code] = value + self.rules.base_bonus(board, code, self)
        return base

    # ---- step 2
    def _distances(self, kind: str) -> dict[str, int]:
        """Steps from each province to the nearest centre or enemy unit worth attacking."""
        board, t = self.board, self.tables
        targets = [t.index[p] for p in t.provinces if p in board.dmap.provinces and (
            (board.dmap.provinces[p].supply_center and not board.ours(board.owners.get(p))
             and self.rules.opening(board, p) > 0)
            or (p in board.units and board.enemy(board.units[p].power)))]
        if not targets:
            return {}
        nearest = t.distance[kind][:, targets].min(axis=1).tolist()
        return {p: d for p, d in zip(t.provinces, nearest) if d <= len(t.provinces)}

    # ---- step 3
    def _destinations(self, kind: str) -> dict[str, float]:
        board, w = self.board, self.weights
        out = {}
        for p in board.dmap.provinces:
            near = self.near[kind][p]
            threat = self.threat[p]
            ours = threat.get(board.seat, 0)
            enemy = self.enemy_reach(p)
            # our strength counts only where an enemy competes: away from the front it would only
            # make units huddle together
            far = min(self.distance[kind].get(p, MAX_DISTANCE), MAX_DISTANCE)
            out[p] = near + self.unit * (w.strength * min(ours, enemy) - w.competition * enemy - APPROACH * far)
        return out

    def of(self, kind: str, location: str) -> float:
        return self.value[kind][province_of(location)]

    def unit_worth(self, unit: Unit) -> float:
        """The best a unit can do from where it stands: what a removal would lose."""
        return max([self.of(unit.kind, unit.loc)] + [self.of(unit.kind, s) for s in self.board.steps(unit)])

    def score(self, kind: str, location: str) -> int:
        """A destination's value on a 0-100 scale from the worst province on the board (0) to
        the best (100), for either kind of unit — what reasons quote."""
        return round(100 * (self.of(kind, location) - self.low) / ((self.high - self.low) or 1.0))

    def enemy_reach(self, province: str) -> int:
        """The most units one enemy side could bring into `province`."""
        return max((n for side, n in self.threat[province].items() if side not in (self.board.seat, NEUTRAL)),
                   default=0)

    def describe(self, province: str) -> str:
        """What a province is to us, in a few words: `an unowned centre`, `our centre under threat`."""
        board = self.board
        name = board.dmap.label(province)
        owner = board.owners.get(province)
        if board.dmap.provinces[province].supply_center:
            if owner is None or board.side_of(owner) == NEUTRAL:
                what = "an unowned centre" if owner is None else f"a neutral centre ({owner})"
            elif board.ours(owner):
                what = "our centre" + (" under threat" if self.enemy_reach(province) else "")
            else:
                what = f"a centre of {owner}"
        else:
            what = "on the way to centres"
        extra = self.rules.describe(board, province)
        return f"{name} is {what}" + (f" ({extra})" if extra else "")
