"""DumbBot, David Norman's reference Diplomacy bot (2003), as a bench opponent.

Written here from its published description — the DAIDE document "DumBot Algorithm"
(http://www.daide.org.uk/s0003.html, the comments of the original source) and the weights it
publishes (the original DAIDE client's dumbbot constructor; the same numbers are in the MIT
Python port `diplomacy_research/players/rulesets/dumbbot_ruleset.py` of github.com/diplomacy/
research). No code of either is used: the original's licence allows non-commercial use only,
and a reference opponent should not share code with the bot it measures. It plays through the
project's engine like any seat: `dumbbot_orders(variant, state, seat, rng)` returns lines that
`variant.check_orders` accepts.

How it works (the description, in short):

1. Each power's *size* is s = n² + 4n + 16 for its n centres; the unowned centres count as one
   more "power" (the neutral one), so early on they are worth a lot.
2. Each province gets an attack value (a centre we do not own: its owner's size) and a defence
   value (a centre we own: the size of the largest power with a unit that could move into it).
3. proximity[0] of each *coast* (an army's province, or a fleet's location) is attack × the
   season's attack weight + defence × its defence weight; proximity[n] = (the sum of
   proximity[n-1] over the adjacent coasts — the best coast of each adjacent province — plus this
   coast's own) / 5, ten maps in all.
4. strength = our units that could move into the province (and ours in it), competition = the
   most any one other power has. A destination's value = Σ proximity[n] × weight[n] + strength
   × strength weight − competition × competition weight (winter: + defence × defence weight).
5. Moves: units in random order; each takes its best destination (holding counts one more), now
   and then the next best (50% of the time, unless the next is more than 20% worse); if one of
   ours stands there unordered it waits for it; if one of ours holds there it supports it when
   two or more enemy units could attack it, else looks elsewhere; if one of ours already moves
   there it supports that move when any enemy could contest it, else looks elsewhere. A unit
   left holding supports a neighbouring move or hold of ours that needs it. Retreats: the same
   without supports. Builds: the best open home centres; removals: the units standing on the
   least valuable places.

Where the description leaves a detail open, the choice made here is the MIT port's: a unit waiting
for another never takes that one's place in return (no endless waiting), and the random draws
are a seeded `random.Random` passed in (the original used the C library's `rand`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from engine.diplomacy.map import DiplomacyMap, province_of
from engine.diplomacy.orders import Unit
from engine.diplomacy.position import board_dislodged, board_units
from engine.diplomacy.retreats import adjustment_counts, retreat_options

DEPTH = 10
SPRING_ATTACK, SPRING_DEFENCE = 700, 300
FALL_ATTACK, FALL_DEFENCE = 600, 400
SPRING_PROXIMITY = (100, 1000, 30, 10, 6, 5, 4, 3, 2, 1)
FALL_PROXIMITY = (1000, 100, 30, 10, 6, 5, 4, 3, 2, 1)
BUILD_PROXIMITY = REMOVE_PROXIMITY = FALL_PROXIMITY
STRENGTH = COMPETITION = 1000
BUILD_DEFENCE = REMOVE_DEFENCE = 1000
PLAY_ALTERNATIVE = 50          # percent: the chance of even considering the next best
ALTERNATIVE_DIFFERENCE = 500   # percent of the relative difference that keeps the better one
NEUTRAL = ""

Coast = tuple[str, str]        # (kind, location): ("A", "par"), ("F", "spa/nc")


@dataclass(frozen=True)
class Graph:
    """The coasts of a map and which coasts each can move to."""

    coasts: tuple[Coast, ...]
    adjacent: dict[Coast, tuple[Coast, ...]]
    by_province: dict[str, tuple[Coast, ...]]


@lru_cache(maxsize=8)
def graph_of(dmap: DiplomacyMap) -> Graph:
    coasts: list[Coast] = []
    for loc in dmap.locations():
        for kind in ("A", "F"):
            if dmap.can_hold(kind, loc):
                coasts.append((kind, loc))
    adjacent: dict[Coast, tuple[Coast, ...]] = {}
    for kind, loc in coasts:
        steps = dmap.army_neighbours(loc) if kind == "A" else dmap.fleet_neighbours(loc)
        adjacent[(kind, loc)] = tuple(sorted((kind, s) for s in steps if dmap.can_hold(kind, s)))
    by_province: dict[str, list[Coast]] = {}
    for coast in coasts:
        by_province.setdefault(province_of(coast[1]), []).append(coast)
    return Graph(tuple(coasts), adjacent, {p: tuple(c) for p, c in by_province.items()})


class DumbBot:
    """One seat's view of one phase, with DumbBot's values."""

    def __init__(self, variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random):
        self.variant, self.state, self.rng = variant, state, rng
        self.dmap: DiplomacyMap = variant.game_map(state)
        self.graph = graph_of(self.dmap)
        self.ours = frozenset(variant.powers_of(state, seat)) - set(variant.civil_disorder_powers(state))
        self.units = board_units(state)
        self.owners: dict[str, str] = dict(state["owners"])
        season = state["season"]
        attack, defence = (FALL_ATTACK, FALL_DEFENCE) if season == "fall" else (SPRING_ATTACK, SPRING_DEFENCE)
        self._factors(attack, defence)
        if season == "winter":
            counts = adjustment_counts(self.units, self.owners, sorted(self.ours))
            removing = sum(counts.values()) < 0
            self._winter_values(REMOVE_PROXIMITY if removing else BUILD_PROXIMITY,
                                REMOVE_DEFENCE if removing else BUILD_DEFENCE)
        else:
            self._values(FALL_PROXIMITY if season == "fall" else SPRING_PROXIMITY, STRENGTH, COMPETITION)

    # ---- stage 1: values
    def _side(self, power: str | None) -> str:
        return "us" if power in self.ours else (power or NEUTRAL)

    def _can_move(self, unit: Unit, province: str) -> bool:
        return any(province_of(c[1]) == province for c in self.graph.adjacent.get((unit.kind, unit.loc), ()))

    def _factors(self, attack_weight: int, defence_weight: int) -> None:
        dmap = self.dmap
        centres: dict[str, int] = {}
        for sc in dmap.supply_centers():
            side = self._side(self.owners.get(sc))
            centres[side] = centres.get(side, 0) + 1
        size = {side: n * n + 4 * n + 16 for side, n in centres.items()}
        attack: dict[str, float] = {}
        self.defence: dict[str, float] = {}
        for sc in dmap.supply_centers():
            side = self._side(self.owners.get(sc))
            if side == "us":
                # the size of the largest other power with a unit that can move in
                self.defence[sc] = max((size.get(self._side(u.power), 16) for u in self.units.values()
                                        if self._side(u.power) != "us" and self._can_move(u, sc)), default=0)
            else:
                attack[sc] = size.get(side, 16)
        prox = {c: attack.get(province_of(c[1]), 0) * attack_weight
                + self.defence.get(province_of(c[1]), 0) * defence_weight for c in self.graph.coasts}
        self.proximity = [prox]
        for _ in range(DEPTH - 1):
            last, new = self.proximity[-1], {}
            for coast in self.graph.coasts:
                best: dict[str, float] = {}
                for other in self.graph.adjacent[coast]:
                    p = province_of(other[1])
                    best[p] = max(best.get(p, float("-inf")), last[other])
                new[coast] = (sum(best.values()) + last[coast]) / 5
            self.proximity.append(new)
        # strength and competition: units that could move into the province, or stand in it
        count: dict[str, dict[str, int]] = {}
        for prov, unit in self.units.items():
            reach = {province_of(c[1]) for c in self.graph.adjacent.get((unit.kind, unit.loc), ())} | {prov}
            side = self._side(unit.power)
            for p in reach:
                count.setdefault(p, {})
                count[p][side] = count[p].get(side, 0) + 1
        self.strength = {p: c.get("us", 0) for p, c in count.items()}
        self.competition = {p: max((n for s, n in c.items() if s != "us"), default=0) for p, c in count.items()}

    def _values(self, weights: tuple[int, ...], strength: int, competition: int) -> None:
        self.value = {}
        for coast in self.graph.coasts:
            p = province_of(coast[1])
            self.value[coast] = (sum(w * m[coast] for w, m in zip(weights, self.proximity))
                                 + strength * self.strength.get(p, 0) - competition * self.competition.get(p, 0))

    def _winter_values(self, weights: tuple[int, ...], defence: int) -> None:
        self.value = {}
        for coast in self.graph.coasts:
            self.value[coast] = (sum(w * m[coast] for w, m in zip(weights, self.proximity))
                                 + defence * self.defence.get(province_of(coast[1]), 0))

    # ---- stage 2: orders
    def _pick(self, ranked: list[tuple[float, Any]]) -> int:
        """Index into `ranked` (best first): move on to the next with DumbBot's chance."""
        i = 0
        while i + 1 < len(ranked):
            here, there = ranked[i][0], ranked[i + 1][0]
            # how much worse the next is, relative to this one (in either direction of ranking)
            chance = 0.0 if here == 0 else abs(here - there) * ALTERNATIVE_DIFFERENCE / abs(here)
            if self.rng.randrange(100) < PLAY_ALTERNATIVE and self.rng.randrange(100) >= chance:
                i += 1
            else:
                break
        return i

    def _label(self, loc: str) -> str:
        return self.dmap.label(loc)

    def movement(self) -> list[str]:
        mine = sorted(p for p, u in self.units.items() if u.power in self.ours)
        queue = list(mine)
        self.rng.shuffle(queue)
        waiting_for: dict[str, set[str]] = {p: set() for p in mine}   # province -> units waiting for it
        orders: dict[str, tuple] = {}                                  # province -> ("H",) / ("M", loc) / ("S", prov, dest)
        moving: dict[str, str] = {}                                    # destination province -> mover's province
        while queue:
            prov = queue.pop(0)
            unit = self.units[prov]
            here = (unit.kind, unit.loc)
            waiters = self._waiters(prov, waiting_for)
            options = [(self.value[c], c) for c in self.graph.adjacent[here] if province_of(c[1]) not in waiters]
            options.append((self.value[here] + 1, here))
            options.sort(key=lambda o: (-o[0], o[1]))
            while True:
                value, (kind, loc) = options[self._pick(options)]
                dest = province_of(loc)
                if dest == prov:
                    orders[prov] = ("H",)
                    break
                occupant = self.units.get(dest)
                if occupant is not None and occupant.power in self.ours:
                    if dest not in orders:
                        # wait for the unit there: put this one back just after it
                        queue.insert(queue.index(dest) + 1, prov)
                        waiting_for[dest].add(prov)
                        break
                    if orders[dest][0] != "M":
                        if self.competition.get(dest, 0) > 1:
                            orders[prov] = ("S", dest, None)
                            break
                        options.remove((value, (kind, loc)))
                        continue
                if dest in moving:
                    if self.competition.get(dest, 0) > 0:
                        orders[prov] = ("S", moving[dest], dest)
                        break
                    options.remove((value, (kind, loc)))
                    continue
                orders[prov] = ("M", loc)
                moving[dest] = prov
                break
        self._wasted_holds(orders, moving)
        return [self._write(prov, order) for prov, order in sorted(orders.items())]

    @staticmethod
    def _waiters(prov: str, waiting_for: dict[str, set[str]]) -> set[str]:
        """The units waiting, directly or through others, for the unit in `prov`: it never moves
        into their places (they would wait for each other for ever)."""
        out: set[str] = set()
        todo = [prov]
        while todo:
            for other in waiting_for[todo.pop()]:
                if other not in out:
                    out.add(other)
                    todo.append(other)
        return out

    def _wasted_holds(self, orders: dict[str, tuple], moving: dict[str, str]) -> None:
        """A unit ordered to hold supports a neighbouring move of ours into a contested
        province, or a neighbour of ours holding where two or more enemy units could attack."""
        for prov, order in sorted(orders.items()):
            if order[0] != "H":
                continue
            unit = self.units[prov]
            best, choice = 0.0, None
            for coast in self.graph.adjacent[(unit.kind, unit.loc)]:
                dest = province_of(coast[1])
                if dest in moving:
                    if self.competition.get(dest, 0) > 0 and self.value[coast] > best:
                        best, choice = self.value[coast], ("S", moving[dest], dest)
                else:
                    other = self.units.get(dest)
                    if (other is not None and other.power in self.ours and orders[dest][0] != "M"
                            and self.competition.get(dest, 0) > 1 and self.value[coast] > best):
                        best, choice = self.value[coast], ("S", dest, None)
            if choice is not None:
                orders[prov] = choice

    def _write(self, prov: str, order: tuple) -> str:
        unit = self.units[prov]
        head = f"{unit.kind} {self._label(unit.loc)}"
        if order[0] == "H":
            return f"{head} H"
        if order[0] == "M":
            return f"{head} - {self._label(order[1])}"
        other = self.units[order[1]]
        supported = f"{other.kind} {self._label(other.province)}"    # the canonical form names no coast
        return f"{head} S {supported}" + (f" - {self._label(order[2])}" if order[2] else "")

    def retreats(self) -> list[str]:
        dislodged = {p: d for p, d in board_dislodged(self.state).items() if d.unit.power in self.ours}
        queue = sorted(dislodged)
        self.rng.shuffle(queue)
        taken: set[str] = set()
        out = []
        for prov in queue:
            d = dislodged[prov]
            options = [(self.value[(d.unit.kind, loc)], (d.unit.kind, loc))
                       for loc in retreat_options(self.dmap, self.units, prov, d, self.state.get("contested", []))]
            options.sort(key=lambda o: (-o[0], o[1]))
            line = f"{d.unit.kind} {self._label(d.unit.loc)} D"
            while options:
                value, (kind, loc) = options[self._pick(options)]
                if province_of(loc) in taken:
                    options.remove((value, (kind, loc)))
                    continue
                taken.add(province_of(loc))
                line = f"{d.unit.kind} {self._label(d.unit.loc)} R {self._label(loc)}"
                break
            out.append(line)
        return sorted(out)

    def adjustments(self) -> list[str]:
        out = []
        for power, owed in adjustment_counts(self.units, self.owners, sorted(self.ours)).items():
            if owed > 0:
                homes = [h for h in self.dmap.home_centers.get(power, ())
                         if self.owners.get(h) == power and h not in self.units]
                options = [(self.value[c], c) for h in homes for c in self.graph.by_province.get(h, ())]
                options.sort(key=lambda o: (-o[0], o[1]))
                while options and owed > 0:
                    _, (kind, loc) = options[self._pick(options)]
                    out.append(f"Build {kind} {self._label(loc)}")
                    options = [o for o in options if province_of(o[1][1]) != province_of(loc)]
                    owed -= 1
            elif owed < 0:
                # the best removal is the unit on the least valuable place: rank lowest first
                options = [(self.value[(u.kind, u.loc)], (u.kind, u.loc))
                           for u in self.units.values() if u.power == power]
                options.sort()
                for _ in range(-owed):
                    _, (kind, loc) = options.pop(self._pick(options))
                    out.append(f"Remove {kind} {self._label(loc)}")
        return out


def dumbbot_orders(variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random) -> list[str]:
    """DumbBot's sheet for `seat` in this phase (lines `check_orders` accepts)."""
    bot = DumbBot(variant, state, seat, rng)
    phase = state["phase"]
    if phase == "movement":
        return bot.movement()
    if phase == "retreat":
        return bot.retreats()
    return bot.adjustments()
