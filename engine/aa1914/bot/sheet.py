"""The bot's sheet: each line is checked by the variant's own `check_orders`, with the lines
before it, as it is written — a line the rules refuse is never kept, so the sheet the bot hands
over is one a player could have submitted."""
from __future__ import annotations

from engine.errors import RulesError


class Sheet:
    def __init__(self, variant, state: dict, seat: str):
        # what every line's check shares (the state read, the turn's start) is made once for the
        # sheet; `bot_orders` checks the whole sheet, state included, with `check_orders` after
        self.check = variant.sheet_checker(state, seat)
        self.lines: list[str] = []
        self.reasons: list[str] = []

    def turn(self):
        """The seat's turn as the sheet's checks read it (None if the variant's checker has none)."""
        return self.check.turn() if hasattr(self.check, "turn") else None

    def add(self, line: str, reason: str) -> bool:
        """Keep `line` if the rules accept it after the lines already kept; True if kept."""
        try:
            merged = self.check(line, self.lines)
        except RulesError:
            return False
        if len(merged) != len(self.lines) + 1:
            return False            # it would replace an earlier line (one per sea zone, …)
        self.lines = merged
        self.reasons.append(reason)
        return True

    def pairs(self) -> list[tuple[str, str]]:
        return list(zip(self.lines, self.reasons))
