"""House rule 4.8 "Counter-Battery Fire".

"they may select up to half of their total Artillery units for this attack": attacking with
`counter-battery <territory> with <artillery>`; defending by the standing order
`counter-battery always|never` (standing.py). The fire itself is in `combat.land_battle`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..context import ArtilleryPlan, TurnContext
from ..grammar import OrderWord, Standing, place_named
from ..position import BoardUnit
from .base import BREAKTHROUGH, HouseRule, OrderHandler


@dataclass(frozen=True)
class CounterBattery(Standing):
    """`counter-battery Picardy with 2` (attacker) or `counter-battery always|never` (the
    defender's standing choice)."""

    where: str | None = None
    artillery: int = 0
    standing: bool | None = None

    def text(self) -> str:
        if self.where:
            return f"counter-battery {self.where} with {self.artillery}"
        return "counter-battery always" if self.standing else "counter-battery never"

    def kept_as(self) -> str | None:
        return "counter_battery" if self.standing is not None else None

    def kept_value(self) -> bool:
        return bool(self.standing)


def read_counter_battery(rest: str, board: Board) -> CounterBattery:
    word = rest.strip().lower()
    if word in ("always", "on"):
        return CounterBattery(standing=True)
    if word in ("never", "off"):
        return CounterBattery(standing=False)
    match = re.fullmatch(r"(.+?)\s+with\s+(\d+)(?:\s+artillery)?", rest, re.I)
    if not match:
        raise UnreadableOrder("write `counter-battery <territory> with <artillery>` or `counter-battery always|never`")
    return CounterBattery(place_named(board, match.group(1)), int(match.group(2)))


@dataclass
class CounterBatteryMemo:
    fire: dict[str, int] = field(default_factory=dict)   # territory -> the attacker's artillery firing counter-battery


def counter_battery(turn: TurnContext, order: CounterBattery) -> None:
    have = sum(1 for u in turn.position.units_in(order.where) if u.owner == turn.power and u.type == "artillery")
    if not 1 <= order.artillery <= have // 2:
        raise IllegalOrder(f"up to half of the {have} artillery in {order.where} may fire counter-battery, "
                           f"not {order.artillery}")
    RULE.memo_of(turn).fire[order.where] = order.artillery


def defending_batteries(turn: TurnContext, enemy: list[BoardUnit]) -> int:
    """The defender's counter-battery guns: half its artillery there, if its standing order is
    `counter-battery always`."""
    if turn.position.extra.get("counter_battery", {}).get(enemy[0].owner):
        return sum(1 for u in enemy if u.type == "artillery") // 2
    return 0


class CounterBatteryFire(HouseRule):
    key = "counter_battery"
    standing_orders = (CounterBattery,)
    orders = {CounterBattery: OrderHandler(BREAKTHROUGH, counter_battery)}
    memo = CounterBatteryMemo
    words = (OrderWord(("counter-battery", "counterbattery", "cb"), "counter-battery", read_counter_battery,
                       "`counter-battery Picardy with 2`, `counter-battery always|never` (defending)",
                       "`counter-battery always|never`"),)

    def plan_artillery(self, turn: TurnContext, name: str, enemy: list[BoardUnit], plan: ArtilleryPlan) -> ArtilleryPlan:
        return replace(plan, counter_battery=(self.memo_of(turn).fire.get(name, 0), defending_batteries(turn, enemy)))


RULE = CounterBatteryFire()
