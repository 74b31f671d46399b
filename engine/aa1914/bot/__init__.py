"""The Axis & Allies 1914 bot: one power's whole turn — purchases, attacks chosen with exact odds,
amphibious landings with escorts and minefields weighed, the march to the front and the build-up
for attacks not yet in reach, placements — and default answers in the phases around the turns.
docs/bots.md explains its rules.

It plays through `Variant.bot_orders` (engine/variant.py): every line it writes is checked by
`check_orders` as it is written (`sheet.Sheet`), so under any set of house options the sheet is
one a player could have given. Pure: the state is only read (once a turn: the sheet's turn and
the view share it), randomness only from `rng`. `hard` (search.py) writes several candidate
sheets in different styles and keeps the one whose value by exact odds is best.
"""
from __future__ import annotations

import random

from engine.variant import Bot, State

from ..phases import PHASES
from .planner import plan_turn
from .pregame import answer
from .search import best_sheet
from .sheet import Sheet, brief_syntax


class AA1914Bot(Bot):
    levels = ("easy", "normal", "hard")

    def orders(self, variant, state: State, seat: str, rng: random.Random, level: str) -> list[tuple[str, str]]:
        if state.get("phase") in PHASES:
            sheet = Sheet(variant, state, seat)
            answer(variant, state, seat, sheet)
            return sheet.pairs()
        if seat != variant.active(state):
            return []
        if level == "hard":
            return best_sheet(variant, state, seat, rng)
        sheet, _, _ = plan_turn(variant, state, seat, rng, level)
        return sheet.pairs()

    def hint_line(self, canonical: str) -> str:
        """Hints in the briefs' words: `place 7 infantry Berlin`, not the canonical `place 7
        infantry: Berlin` (both read the same)."""
        return brief_syntax(canonical)


__all__ = ["AA1914Bot"]
