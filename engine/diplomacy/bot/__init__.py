"""The Diplomacy bot: one player for every Diplomacy variant, at three levels.

`easy` plays the heuristic (DumbBot class: `values` and `heuristic`) with more randomness and
no supports; `normal` and `hard` search over the seat's joint orders against sampled replies of
the opponents (`search`, valued by `evaluate`), `normal` a little, `hard` much more. Retreats and
adjustments are the heuristic's at every level. It reads the game only through the variant's
public hooks; a variant's own rules add to the values through a `BotRules` (rx07: `bot.rx07`).
See docs/bots.md.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from engine.variant import Bot

from ..rx07 import Rx07Variant
from .board import Board
from .heuristic import STYLES, adjustment_orders, movement_orders, retreat_orders
from .rules import BotRules
from .rx07 import Rx07Rules
from .search import search_orders
from .values import Values


def rules_for(variant: Any) -> BotRules:
    """The value hooks of a variant's own rules (the standard game's when it has none)."""
    return Rx07Rules() if isinstance(variant, Rx07Variant) else BotRules()


def heuristic_sheet(variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random,
                    level: str = "normal") -> list[tuple[str, str]]:
    """The heuristic's orders for `seat` (`easy`; retreats and adjustments at every level)."""
    board = Board.read(variant, state, seat)
    rules = rules_for(variant)
    values = Values(board, rules)
    if board.phase == "movement":
        return movement_orders(board, values, rng, STYLES[level])
    if board.phase == "retreat":
        return retreat_orders(board, values)
    return adjustment_orders(board, values, rules)


class DiplomacyBot(Bot):
    """Plays any DiplomacyGame seat; `normal` and `hard` search in movement phases."""

    levels = ("easy", "normal", "hard")

    def orders(self, variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random,
               level: str) -> list[tuple[str, str]]:
        if level in ("normal", "hard") and state["phase"] == "movement":
            return search_orders(variant, state, seat, rng, rules_for, level)
        return heuristic_sheet(variant, state, seat, rng, "easy" if level == "easy" else "normal")
