"""Variant hooks of the bot's values: what a variant's own rules add to a province's worth.

`BotRules` is the standard game (every other seat is an enemy, victory by centres); a variant
with rules that change what is worth doing gives its own subclass (rx07: `bot.rx07`).
"""
from __future__ import annotations

from typing import Any

from ..map import DiplomacyMap
from .board import Board

# `values` (the Values of the phase) is passed in: values.py imports this module, not the reverse.
Values = Any


class BotRules:
    """The standard game's hooks: nothing added."""

    # Weight of an enemy unit as a target (a variant whose victory counts pieces raises it).
    piece_weight = 0.0

    def spread_map(self, board: Board) -> DiplomacyMap:
        """The map values spread over (by default the map of this phase)."""
        return board.dmap

    def opening(self, board: Board, province: str) -> float:
        """How much of its worth a centre has now: 1 when it may be entered (closed for a while:
        less, the longer it stays closed)."""
        return 1.0 if board.dmap.is_passable(province) else 0.0

    def base_bonus(self, board: Board, province: str, values: Values) -> float:
        """Worth a variant's rules add to a province before spreading."""
        bonus = 0.0
        unit = board.units.get(province)
        if self.piece_weight and unit is not None and board.enemy(unit.power):
            bonus += self.piece_weight * values.sizes.get(board.side_of(unit.power), 0.0)
        return bonus

    def describe(self, board: Board, province: str) -> str:
        """A few words on why the variant's rules value `province`, or ''."""
        return ""

    def landing(self, board: Board, values: Values) -> tuple[str | None, list[str]]:
        """A variant's extra adjustment (rx07's American army): the place chosen and the places
        open, or (None, [])."""
        return None, []
