"""House rule 3.2 "Submarines and Cruisers".

Submarines defend at 1 and call their targets (`sub targets transport, battleship`), negated by
enemy cruisers (destroyers where 2.5 is used), and may dive preemptively. The battle code reads
`Rules.house_submarines`: `combat.sea_battle` (`SeaPolicy`) and `rules.targeting_subs`/`dive_target`."""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import UnreadableOrder

from ..board import Board
from ..context import TurnContext
from ..grammar import OrderWord, unit_list
from ..units import unit_name
from .base import STANDING, HouseRule, OrderHandler


@dataclass(frozen=True)
class SubTargets:
    """`sub targets transport, battleship` — which ships your attacking subs call."""

    types: tuple[str, ...]

    def text(self) -> str:
        return "sub targets " + ", ".join(unit_name(t) for t in self.types)


def read_sub_targets(rest: str, board: Board) -> SubTargets | None:
    if not rest.lower().startswith("targets"):
        return None
    types: list[str] = []
    for word, kind in unit_list(rest[len("targets"):]):
        if kind is None or not kind.is_sea:
            raise UnreadableOrder(f"`{word}` is not a ship")
        if kind and kind.name not in types:
            types.append(kind.name)
    if not types:
        raise UnreadableOrder("list ships, first called first: `sub targets transport, battleship`")
    return SubTargets(tuple(types))


def sub_targets(turn: TurnContext, order: SubTargets) -> None:
    turn.position.extra.setdefault("sub_targets", {})[turn.power] = list(order.types)


class SubChanges(HouseRule):
    key = "sub_changes"
    numbers = {"house_submarines": True}
    orders = {SubTargets: OrderHandler(STANDING, sub_targets)}
    words = (OrderWord(("sub",), "sub targets", read_sub_targets, "`sub targets transport, battleship`"),)


RULE = SubChanges()
