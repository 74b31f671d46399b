"""House rule 3.2 "Submarines and Cruisers".

Submarines defend at 1 and call their targets (`sub targets transport, battleship`), negated by
enemy cruisers (destroyers where 2.5 is used), and may dive preemptively. The battle code reads
`Rules.house_submarines`: `combat.sea_battle` (`SeaPolicy`) and `rules.targeting_subs`/`dive_target`."""
from __future__ import annotations

from ..context import TurnContext
from ..orders import SubTargets
from .base import STANDING, HouseRule, OrderHandler


def sub_targets(turn: TurnContext, order: SubTargets) -> None:
    turn.state.setdefault("sub_targets", {})[turn.power] = list(order.types)


class SubChanges(HouseRule):
    key = "sub_changes"
    numbers = {"house_submarines": True}
    orders = {SubTargets: OrderHandler(STANDING, sub_targets)}


RULE = SubChanges()
