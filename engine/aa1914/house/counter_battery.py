"""House rule 4.8 "Counter-Battery Fire".

"they may select up to half of their total Artillery units for this attack": attacking with
`counter-battery <territory> with <artillery>`; defending by the standing order
`counter-battery always|never` (standing.py). The fire itself is in `combat.land_battle`."""
from __future__ import annotations

from engine.errors import IllegalOrder

from ..context import TurnContext
from ..orders import CounterBattery
from ..state import units_in
from .base import BREAKTHROUGH, HouseRule, OrderHandler


def counter_battery(turn: TurnContext, order: CounterBattery) -> None:
    have = sum(1 for u in units_in(turn.state, order.where) if u["owner"] == turn.power and u["type"] == "artillery")
    if not 1 <= order.artillery <= have // 2:
        raise IllegalOrder(f"up to half of the {have} artillery in {order.where} may fire counter-battery, "
                           f"not {order.artillery}")
    turn.counter_batteries[order.where] = order.artillery


class CounterBatteryFire(HouseRule):
    key = "counter_battery"
    standing_orders = (CounterBattery,)
    orders = {CounterBattery: OrderHandler(BREAKTHROUGH, counter_battery)}


RULE = CounterBatteryFire()
