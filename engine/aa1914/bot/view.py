"""The position from one power's view, at the start of its turn: its units, the enemy's, the
status of every territory for it (as movement judges it), the front and the threats.

Everything here reads the state; nothing changes it. Distances are counted over land the power
may walk through (its side's territories), so "toward the front" means a path a move order can
actually take.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from ..board import Board
from ..movement import territory_status
from ..state import at_war, contested_territories, holds_land
from ..tournament import THRESHOLDS, homeland_lost
from ..turn import Turn
from ..units import NON_COMBATANTS, UNIT_TYPES

FAR = 99
# Units that fight in land battles and walk like infantry (the house units that move on terms of
# their own — trains, trucks — are handled apart).
WALKERS = ("infantry", "artillery", "tank", "artillery_truck", "armored_car")


def attack_power(types) -> float:
    """Expected hits a round, attacking (artillery lifting one infantry or tank to 3)."""
    inf = sum(1 for t in types if t in ("infantry", "tank"))
    art = sum(1 for t in types if t in ("artillery", "artillery_truck"))
    rest = sum(UNIT_TYPES[t].attack for t in types if t not in ("infantry", "tank", "artillery", "artillery_truck")
               and not UNIT_TYPES[t].is_sea and t not in NON_COMBATANTS)
    lifted = min(inf, art)
    return (3 * lifted + 2 * (inf - lifted) + 3 * art + rest) / 6


def defence_power(types) -> float:
    return sum(UNIT_TYPES[t].defense for t in types if not UNIT_TYPES[t].is_sea and t not in NON_COMBATANTS) / 6


@dataclass
class View:
    board: Board
    state: dict
    power: str
    turn: Turn                                       # a dry-run turn: its start-of-turn records
    side: str | None = None
    contested: set[str] = field(default_factory=set)
    status: dict[str, str] = field(default_factory=dict)
    mine: dict[str, list[dict]] = field(default_factory=dict)        # land/air units of ours by place
    enemy: dict[str, list[dict]] = field(default_factory=dict)       # enemy land fighters by place
    enemy_ships: dict[str, list[dict]] = field(default_factory=dict)
    my_ships: dict[str, list[dict]] = field(default_factory=dict)
    front: set[str] = field(default_factory=set)                     # places we could fight for
    dist: dict[str, int] = field(default_factory=dict)               # steps to the front by land
    lost: dict[str, int] = field(default_factory=dict)               # power -> homeland IPCs lost (memo)
    values: dict[str, float] = field(default_factory=dict)           # territory -> value (memo)

    @classmethod
    def of(cls, board: Board, state: dict, power: str, turn: Turn | None = None) -> "View":
        """The view of `power` at the start of its turn; `turn`: that turn, if it was read already
        (the sheet's, whose checks all start from it), so the state is read once."""
        turn = turn or Turn(board, state, power, None)
        view = cls(board, state, power, turn, board.side_of(power))
        view.contested = contested_territories(board, view.state)
        for name, t in board.territories.items():
            if not t.sea:
                view.status[name] = territory_status(turn, name)
        for u in view.state["units"]:
            spec = UNIT_TYPES[u["type"]]
            if u["owner"] == power:
                (view.my_ships if spec.is_sea else view.mine).setdefault(u["where"], []).append(u)
            elif at_war(board, view.state, power, u["owner"]):
                if spec.is_sea:
                    view.enemy_ships.setdefault(u["where"], []).append(u)
                elif holds_land(u):
                    view.enemy.setdefault(u["where"], []).append(u)
        view.front = {n for n, s in view.status.items()
                      if s == "hostile" or (s == "contested" and n in view.enemy)}
        view.dist = view.distances(view.front)
        return view

    # ------------------------------------------------------------------ map questions
    def land(self, name: str) -> bool:
        t = self.board.territories[name]
        return not t.sea and not t.impassable

    def walkable(self, name: str) -> bool:
        """Land our units may pass through on the way to the front: our side's, not contested."""
        return self.land(name) and self.status.get(name) == "friendly"

    def distances(self, goals: set[str]) -> dict[str, int]:
        """Land steps from every walkable territory to the nearest of `goals`."""
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            here = queue.popleft()
            for step in self.board.territories[here].adjacent:
                if step not in dist and self.walkable(step):
                    dist[step] = dist[here] + 1
                    queue.append(step)
        return dist

    def enemy_strength_near(self, name: str) -> float:
        """The attack the enemy could bring into `name` next turn: its land units next to it,
        and (two steps away) those that could walk through their own side's land."""
        return attack_power(self.enemy_types_near(name))

    def enemy_types_near(self, name: str) -> list[str]:
        """The enemy units that could attack `name` next turn (as `enemy_strength_near` counts them)."""
        total: list[str] = []
        seen = {name}
        for step in self.board.territories[name].adjacent:
            if step in self.enemy:
                total += [u["type"] for u in self.enemy[step]]
            seen.add(step)
        for step in self.board.territories[name].adjacent:
            if not self.land(step) or self.status.get(step) != "hostile":
                continue
            for far in self.board.territories[step].adjacent:
                if far not in seen and far in self.enemy and far not in self.contested:
                    seen.add(far)
                    total += [u["type"] for u in self.enemy[far]]
        return total

    def value(self, name: str) -> float:
        """What taking (or contesting) a territory is worth to us: its income, twice over for an
        enemy homeland (victory points and the owner's collapse thresholds), more for a capital."""
        if name in self.values:
            return self.values[name]
        t = self.board.territories[name]
        owner = self.state["control"].get(name)
        worth = float(t.ipc)
        if t.homeland and t.original_owner and at_war(self.board, self.state, self.power, t.original_owner):
            worth *= 2
            limit = THRESHOLDS.get(t.original_owner)
            if limit and self.homeland_lost(t.original_owner) + t.ipc >= limit[0]:
                worth += 6          # pushes the owner into collapse
        if t.capital:
            worth += 12
        if owner is None and t.minor:
            worth += 1
        self.values[name] = worth + 0.5
        return self.values[name]

    def homeland_lost(self, power: str) -> int:
        """Tournament Rules: the IPCs of `power`'s homeland captured or contested by its enemies,
        at the start of the turn (read once a turn for each power)."""
        if power not in self.lost:
            self.lost[power] = homeland_lost(self.board, self.state, power)
        return self.lost[power]
