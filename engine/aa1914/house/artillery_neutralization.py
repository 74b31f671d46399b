"""House rule 3.2 "Artillery Neutralization": `neutralize <territory> with <artillery>`.

From turn 4 attacking artillery may suppress defenders instead of firing: "On a successful roll,
the defender must subtract one Infantry unit and one Artillery unit from the battle"; the
arithmetic is `rules.suppress`, the dice in `combat.land_battle`."""
from __future__ import annotations

from engine.errors import IllegalOrder

from ..context import TurnContext
from ..orders import Neutralize
from ..state import units_in
from .base import BREAKTHROUGH, HouseRule, OrderHandler

FROM_ROUND = 4


def neutralize(turn: TurnContext, order: Neutralize) -> None:
    start = turn.rules.neutralization_from_round
    if turn.state["round"] < start:
        raise IllegalOrder(f"artillery neutralization starts on turn {start}")
    have = sum(1 for u in units_in(turn.state, order.where) if u["owner"] == turn.power and u["type"] == "artillery")
    if not 1 <= order.artillery <= have:
        raise IllegalOrder(f"{turn.power} has {have} artillery in {order.where}, not {order.artillery}")
    turn.neutralizing[order.where] = order.artillery


class ArtilleryNeutralization(HouseRule):
    key = "artillery_neutralization"
    numbers = {"neutralization_from_round": FROM_ROUND}
    orders = {Neutralize: OrderHandler(BREAKTHROUGH, neutralize)}


RULE = ArtilleryNeutralization()
