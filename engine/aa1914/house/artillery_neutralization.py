"""House rule 3.2 "Artillery Neutralization": `neutralize <territory> with <artillery>`.

From turn 4 attacking artillery may suppress defenders instead of firing: "On a successful roll,
the defender must subtract one Infantry unit and one Artillery unit from the battle"; the
arithmetic is `rules.suppress`, the dice in `combat.land_battle`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..context import ArtilleryPlan, TurnContext
from ..grammar import OrderWord, place_named
from ..position import BoardUnit
from .base import BREAKTHROUGH, HouseRule, OrderHandler

FROM_ROUND = 4


@dataclass(frozen=True)
class Neutralize:
    """`neutralize Picardy with 2` (artillery firing to suppress, not to kill)."""

    where: str
    artillery: int

    def text(self) -> str:
        return f"neutralize {self.where} with {self.artillery}"


def read_neutralize(rest: str, board: Board) -> Neutralize:
    match = re.fullmatch(r"(.+?)\s+with\s+(\d+)(?:\s+artillery)?", rest, re.I)
    if not match:
        raise UnreadableOrder("write `neutralize <territory> with <number of artillery>`")
    return Neutralize(place_named(board, match.group(1)), int(match.group(2)))


@dataclass
class NeutralizationMemo:
    artillery: dict[str, int] = field(default_factory=dict)     # territory -> attacking artillery suppressing


def neutralize(turn: TurnContext, order: Neutralize) -> None:
    start = turn.rules.neutralization_from_round
    if turn.position.round < start:
        raise IllegalOrder(f"artillery neutralization starts on turn {start}")
    have = sum(1 for u in turn.position.units_in(order.where) if u.owner == turn.power and u.type == "artillery")
    if not 1 <= order.artillery <= have:
        raise IllegalOrder(f"{turn.power} has {have} artillery in {order.where}, not {order.artillery}")
    RULE.memo_of(turn).artillery[order.where] = order.artillery


class ArtilleryNeutralization(HouseRule):
    key = "artillery_neutralization"
    numbers = {"neutralization_from_round": FROM_ROUND}
    orders = {Neutralize: OrderHandler(BREAKTHROUGH, neutralize)}
    memo = NeutralizationMemo
    words = (OrderWord(("neutralize", "neutralise"), "neutralize", read_neutralize, "`neutralize Picardy with 2`"),)

    def plan_artillery(self, turn: TurnContext, name: str, enemy: list[BoardUnit], plan: ArtilleryPlan) -> ArtilleryPlan:
        return replace(plan, neutralize=self.memo_of(turn).artillery.get(name, 0))


RULE = ArtilleryNeutralization()
