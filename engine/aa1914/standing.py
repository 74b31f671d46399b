"""Standing orders: instructions a player may give at any time, also during another power's turn
(`casualties …`, `submerge always|never`, `counter-battery always|never`, `trains react|stay`,
`supplies use …`, France's `spain pay N`), kept in the state until changed."""
from __future__ import annotations

from engine.errors import IllegalOrder

from .house.catalog import not_enabled
from .house.registry import STANDING_OPTIONS
from .orders import CounterBattery, LossOrder, Order, SpainPay, Submerge, SupplyUse, TrainsReact


def standing_field(order: Order) -> str | None:
    """The state field a standing order sets — an instruction any player may give at any time,
    also during another power's turn — or None if `order` is not one."""
    if isinstance(order, LossOrder):
        return "loss_orders"
    if isinstance(order, (Submerge, CounterBattery)) and order.standing is not None:
        return "submerge" if isinstance(order, Submerge) else "counter_battery"
    if isinstance(order, TrainsReact):
        return "trains_react"
    if isinstance(order, SpainPay):
        return "spain_pay"
    if isinstance(order, SupplyUse):
        return "supply_use"
    return None


def apply_standing(state: dict, power: str, order: Order) -> bool:
    """Record `power`'s standing order in `state` (fields are replaced, never mutated in place);
    returns False if `order` is not a standing order. Raises OrderError if the game's rules do
    not allow it."""
    field = standing_field(order)
    if field is None:
        return False
    # a house option's standing order is taken only in a game that uses the option
    option = STANDING_OPTIONS.get(type(order))
    if option is not None and state.get("options", {}).get(option) is not True:
        raise not_enabled(option)
    if field == "spain_pay":
        if power != "France":
            raise IllegalOrder("only France pays to sway Spain (house rule 4.17)")
        state["spain_pay"] = order.amount
        return True
    value = {"loss_orders": lambda: list(order.types), "trains_react": lambda: order.react,
             "supply_use": lambda: order.limit}.get(
        field, lambda: order.standing)()
    state[field] = {**state.get(field, {}), power: value}
    return True
