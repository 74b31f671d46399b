"""A reference A&A 1914 strategy for the bot ladder, independent of the bot: "infantry push".

Each turn the power buys infantry and artillery one for one with all its money and places them in
the first land placement site it holds (the capital when it may); then, weakest first, it attacks
each enemy territory next to its land units that all its free units next to it take with at least
60% (the battle fought to the end, exact: the engine's absorbing chain in engine/aa1914/odds.py),
keeps fighting in contested territories it would win at 60%, and marches every other land unit up
to two steps along the shortest path through its side's land toward the nearest enemy territory.
It never moves ships or fighters and buys nothing else. In the phases around the turns (auction,
reserves, Italy) it gives the bot's `normal` answers, so both sides start alike.

Every line is kept only if the rules accept it after the ones before (`Variant.sheet_checker`).
Used by bench/aa_bot_ladder.py as the opponent `push` (`--match normal:push`).
"""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

import numpy as np

from engine.aa1914.combat import land_targets, take_hits
from engine.aa1914.mobilization import land_placements
from engine.aa1914.movement import territory_status
from engine.aa1914.odds import absorbing_chain, hit_distribution, pieces_of
from engine.aa1914.state import aligned
from engine.aa1914.units import DEFAULT_LOSS_ORDER, UNIT_TYPES
from engine.errors import RulesError

ODDS = 0.6
LAND = ("infantry", "artillery", "tank", "artillery_truck", "armored_car")


@lru_cache(maxsize=4096)
def pressed(attackers: tuple[str, ...], defenders: tuple[str, ...]) -> float:
    """P(the attacker ends holding the territory), the battle fought round after round."""
    if not defenders:
        return 1.0 if attackers else 0.0
    if not attackers:
        return 0.0

    def after(types, k):
        force = pieces_of(types)
        take_hits(force, k, DEFAULT_LOSS_ORDER)
        return [p.type for p in force]

    a_forces = [after(attackers, k) for k in range(len(attackers) + 1)]
    d_forces = [after(defenders, k) for k in range(len(defenders) + 1)]
    a = [np.array(hit_distribution(land_targets(pieces_of(f), True, False))) for f in a_forces]
    d = [np.array(hit_distribution(land_targets(pieces_of(f), False, False))) for f in d_forces]
    ended = np.zeros((len(a_forces), len(d_forces)), dtype=bool)
    ended[-1, :] = ended[:, -1] = True
    return float(absorbing_chain(a, d, ended)[:-1, -1].sum())


def _key(types) -> tuple[str, ...]:
    fighting = [t for t in types if not UNIT_TYPES[t].is_sea and UNIT_TYPES[t].attack + UNIT_TYPES[t].defense > 0]
    return tuple(sorted(fighting))[-30:]


class Push:
    def __init__(self, variant, state: dict, seat: str):
        from engine.aa1914.turn import Turn
        self.variant, self.state, self.seat = variant, state, seat
        self.board = variant.board_of(state)
        self.check = variant.sheet_checker(state, seat)
        self.turn = self.check.turn() if hasattr(self.check, "turn") else Turn(self.board, state, seat, None)
        self.lines: list[str] = []

    def add(self, line: str) -> bool:
        try:
            merged = self.check(line, self.lines)
        except RulesError:
            return False
        if len(merged) != len(self.lines) + 1:
            return False
        self.lines.append(line)
        return True

    def sheet(self) -> list[str]:
        board, seat = self.board, self.seat
        status = {n: territory_status(self.turn, n) for n, t in board.territories.items() if not t.sea}
        free: dict[str, dict[str, int]] = {}
        enemy: dict[str, list[str]] = {}
        for u in self.state["units"]:
            if board.territories[u["where"]].sea or u.get("aboard"):
                continue
            if u["owner"] == seat and u["type"] in LAND:
                free.setdefault(u["where"], {}).setdefault(u["type"], 0)
                free[u["where"]][u["type"]] += 1
            elif u["owner"] != seat and self.turn.position.at_war(seat, u["owner"]):
                enemy.setdefault(u["where"], []).append(u["type"])
        self._buy()
        # attacks: the weakest enemy territory first
        targets = []
        for name, s in status.items():
            t = board.territories[name]
            if s == "hostile" and not t.impassable and not (t.minor and aligned(self.state, t) is None
                                                               and name not in enemy):
                targets.append(name)
        targets.sort(key=lambda n: (len(enemy.get(n, [])), n))
        for name in targets:
            sources = [a for a in sorted(board.territories[name].adjacent) if status.get(a) == "friendly" and a in free]
            force = [(a, k) for a in sources for k, n in free[a].items() for _ in range(n)]
            if not force or pressed(_key([k for _, k in force]), _key(enemy.get(name, []))) < ODDS:
                continue
            for a in sources:
                for kind, n in sorted(free[a].items()):
                    if n and self.add(f"move {n} {kind.replace('_', ' ')} {a} - {name}"):
                        free[a][kind] = 0
        for name, s in sorted(status.items()):
            if s == "contested" and name in free and name in enemy:
                ours = [k for k, n in free[name].items() for _ in range(n)]
                if pressed(_key(ours), _key(enemy[name])) >= ODDS:
                    self.add(f"attack {name}")
                free.pop(name)
        # the rest march toward the nearest enemy territory
        dist = self._distances(status)
        for place in sorted(free):
            path = self._path(place, dist, status)
            for kind, n in sorted(free[place].items()):
                if n and path and not (self.add(f"move {n} {kind.replace('_', ' ')} " + " - ".join(path))
                                       or self.add(f"move {n} {kind.replace('_', ' ')} {path[0]} - {path[1]}")):
                    continue
        return self.lines

    def _buy(self) -> None:
        money = self.state["treasury"].get(self.seat, 0)
        rules = self.turn.rules
        inf = art = 0
        while True:
            kind = "artillery" if art < inf else "infantry"
            cost = rules.cost(kind)
            if money < cost:
                if kind == "artillery" and money >= rules.cost("infantry"):
                    inf, money = inf + 1, money - rules.cost("infantry")
                    continue
                break
            money -= cost
            if kind == "artillery":
                art += 1
            else:
                inf += 1
        sites = [s for s in land_placements(self.turn) if self.state["control"].get(s) == self.seat]
        capital = self.board.capital_of(self.seat)
        sites.sort(key=lambda s: s != capital)
        for kind, n in (("infantry", inf), ("artillery", art)):
            if n and self.add(f"buy {n} {kind}"):
                if not any(self.add(f"place {n} {kind} {s}") for s in sites):
                    self.lines.pop()

    def _distances(self, status: dict) -> dict[str, int]:
        goals = [n for n, s in status.items() if s in ("hostile", "contested")]
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            here = queue.popleft()
            for step in self.board.territories[here].adjacent:
                if step not in dist and status.get(step) == "friendly" and not self.board.territories[step].impassable:
                    dist[step] = dist[here] + 1
                    queue.append(step)
        return dist

    def _path(self, place: str, dist: dict, status: dict) -> tuple[str, ...] | None:
        here = dist.get(place)
        if here is None or here <= 1:
            return None
        path = [place]
        for _ in range(2):
            nxt = min((a for a in self.board.territories[path[-1]].adjacent
                       if status.get(a) == "friendly" and dist.get(a, 99) < dist.get(path[-1], 99)),
                      key=lambda a: (dist[a], a), default=None)
            if nxt is None or dist[nxt] == 0:
                break
            path.append(nxt)
        return tuple(path) if len(path) > 1 else None


def push_orders(variant, state: dict, seat: str, rng: random.Random) -> list[str]:
    """The infantry push's sheet for `seat` now."""
    if state.get("phase", "turn") != "turn":
        return [line for line, _ in variant.bot_orders(state, seat, rng, "normal")]
    if seat != variant.active(state):
        return []
    return Push(variant, state, seat).sheet()
