"""The bot's sheet: each line is checked by the variant's own `check_orders`, with the lines
before it, as it is written — a line the rules refuse is never kept, so the sheet the bot hands
over is one a player could have submitted.

Lines are kept in the words the briefs teach (`move 2 infantry Bohemia - Galicia`, `place 7
infantry Berlin`): a player copies a hint into the sheet as it stands, so a hint never shows a
form the briefs do not (the parser's canonical text puts a colon after the units)."""
from __future__ import annotations

import re

from engine.errors import RulesError

# the canonical `move 2 infantry: A - B` / `place 3 infantry: Berlin` read as the briefs write them
_COLON = re.compile(r"^(move|place) ([^:]+): (.+)$")


def brief_syntax(line: str) -> str:
    """`line` without the colon after the units (the briefs' and examples' form)."""
    return _COLON.sub(r"\1 \2 \3", line)


class Sheet:
    def __init__(self, variant, state: dict, seat: str, check=None):
        # what every line's check shares (the state read, the turn's start) is made once for the
        # sheet — or once for all the candidate sheets of a turn (`check`: each line's trial is
        # taken back, so one checker serves them all); `bot_orders` checks the whole sheet, state
        # included, with `check_orders` after
        self.check = check or variant.sheet_checker(state, seat)
        self.lines: list[str] = []
        self.reasons: list[str] = []

    def turn(self):
        """The seat's turn as the sheet's checks read it (None if the variant's checker has none)."""
        return self.check.turn() if hasattr(self.check, "turn") else None

    def add(self, line: str, reason: str) -> bool:
        """Keep `line` if the rules accept it after the lines already kept; True if kept."""
        line = brief_syntax(line)
        try:
            merged = self.check(line, self.lines)
        except RulesError:
            return False
        if len(merged) != len(self.lines) + 1:
            return False            # it would replace an earlier line (one per sea zone, …)
        self.lines = self.lines + [line]
        self.reasons.append(reason)
        return True

    def pairs(self) -> list[tuple[str, str]]:
        return list(zip(self.lines, self.reasons))
