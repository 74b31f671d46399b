"""House rule 4.15 "Concentrated Attacks": `concentrate <territory> on <power>`.

"The minimum number of units you will be fighting will be that power's units plus 25% of ALL other
remaining units"; the defending die and the arithmetic are in `rules.concentrated_defence`, the
battle in `battles.concentrated_defenders`."""
from __future__ import annotations

from engine.errors import IllegalOrder

from ..context import TurnContext
from ..orders import Concentrate
from ..state import at_war, units_in
from .base import BREAKTHROUGH, HouseRule, OrderHandler


def concentrate(turn: TurnContext, order: Concentrate) -> None:
    if not any(u["owner"] == order.target for u in units_in(turn.state, order.where)):
        raise IllegalOrder(f"{order.target} has no units in {order.where} to concentrate on")
    if not at_war(turn.board, turn.state, turn.power, order.target):
        raise IllegalOrder(f"{turn.power} is not at war with {order.target}")
    turn.concentrations[order.where] = order.target


class ConcentratedAttacks(HouseRule):
    key = "concentrated_attacks"
    orders = {Concentrate: OrderHandler(BREAKTHROUGH, concentrate)}


RULE = ConcentratedAttacks()
