"""Standing orders: instructions a player may give at any time, also during another power's turn
(`casualties …`, `submerge always|never`, and the options' — `counter-battery always|never`,
`trains react|stay`, `supplies use …`, France's `spain pay N`), kept in the state until changed.
Each is a `grammar.Standing` order that names the state field it sets."""
from __future__ import annotations

from typing import Mapping

from .grammar import Standing
from .house.catalog import not_enabled
from .house.registry import STANDING_OPTIONS


def standing_field(order: object) -> str | None:
    """The state field a standing order sets, or None if `order` is not one."""
    return order.kept_as() if isinstance(order, Standing) else None


def check_standing(options: Mapping[str, object], order: Standing) -> None:
    """A house option's standing order is taken only in a game that uses the option."""
    option = STANDING_OPTIONS.get(type(order))
    if option is not None and options.get(option) is not True:
        raise not_enabled(option)


def apply_standing(state: dict, power: str, order: object) -> bool:
    """Record `power`'s standing order in `state` (fields are replaced, never mutated in place);
    returns False if `order` is not a standing order. Raises OrderError if the game's rules do
    not allow it, having changed nothing."""
    if standing_field(order) is None:
        return False
    check_standing(state.get("options", {}), order)
    order.keep(state, power)
    return True
