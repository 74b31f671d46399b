"""What a phase module may ask of the turn being played: the `TurnContext` protocol.

`turn.Turn` is the one implementation. The phase modules (movement, battles, batteries, raiders)
receive it as an argument and type against this protocol, so none of them imports `turn`: the
imports run one way, from the turn down to the phases (docs/architecture.md).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from .board import Board
from .position import BoardUnit, Position
from .progress import TurnProgress, TurnStart
from .rules import Rules


@dataclass(frozen=True)
class ArtilleryPlan:
    """What a land battle's artillery does besides firing at the enemy: how many attacking
    artillery suppress instead (3.2), and how many on each side fire counter-battery (4.8) —
    filled in by the options that add those orders (`HouseRule.plan_artillery`)."""

    neutralize: int = 0
    counter_battery: tuple[int, int] = (0, 0)      # (attacker, defender)


class HouseHooks(Protocol):
    """What the phase modules ask of a house option (house/base.py has them all)."""

    def check_move(self, turn: "TurnContext", path: tuple[str, ...], units: list[BoardUnit]) -> str | None: ...

    def sits_out(self, turn: "TurnContext", unit: BoardUnit) -> bool: ...

    def sea_defenders(self, turn: "TurnContext", zone: str, attackers: list[BoardUnit],
                      enemy: list[BoardUnit]) -> list[BoardUnit]: ...

    def before_land_battle(self, turn: "TurnContext", name: str) -> None: ...

    def land_defenders(self, turn: "TurnContext", name: str, enemy: list[BoardUnit]) -> list[BoardUnit]: ...

    def joined_attackers(self, turn: "TurnContext", name: str | None) -> set[int]: ...

    def plan_artillery(self, turn: "TurnContext", name: str, enemy: list[BoardUnit],
                       plan: ArtilleryPlan) -> ArtilleryPlan: ...

    def battle_supplies(self, turn: "TurnContext", name: str, side: list[BoardUnit]) -> dict[str, int]: ...

    def after_land_battle(self, turn: "TurnContext", name: str, plans: tuple[dict[str, int], dict[str, int]],
                          used: tuple[int, int]) -> None: ...

    def land_placements(self, turn: "TurnContext") -> list[str]: ...

    def limited_placement(self, turn: "TurnContext", kind: str, where: str, n: int) -> str | None: ...

    def placement_problem(self, turn: "TurnContext", kind: str, where: str, n: int,
                          problem: str | None) -> str | None: ...

    def check_unplaced(self, turn: "TurnContext", kind: str, n: int) -> None: ...

    def power_leaves(self, turn: "TurnContext", power: str, successor: str | None) -> None: ...

    def may_place_unasked(self, turn: "TurnContext", kind: str, where: str, n: int) -> bool: ...


class TurnContext(Protocol):
    """The turn as the phase modules and the options see it: the board, the position being
    changed, the rules in force, the dice and the report; how things stood when it began (`start`) and what
    its orders did so far (`progress`, with each option's memo)."""

    board: Board
    position: Position               # the board's units and counters, as the turn changes them
    power: str
    rules: Rules
    house: Sequence[HouseHooks]      # the house options switched on, in hook order
    rng: random.Random | None        # None while orders are only being checked
    report: list[str]
    start: TurnStart
    progress: TurnProgress

    def roll(self, n: int) -> list[int]: ...

    def carry_out(self, action: Callable[[Any], None], order: Any) -> None: ...

    def rules_of(self, kind: str) -> Sequence[HouseHooks]: ...

    def entered_land(self, dest: str) -> None: ...

    def landing_called_off(self, zone: str, dest: str, count: int) -> bool: ...

    def us_enters_war(self, why: str) -> None: ...
