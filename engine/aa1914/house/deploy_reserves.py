"""House rule 4.3 "Deploy the Reserves".

Before round 1 each power secretly places units worth its starting IPCs (the phase is
reserves.py). "The United States receives 5 additional IPCs per turn for its first four turns,
for a total of 20 ... If it enters the war before its fourth turn, it receives the remaining IPCs
immediately."
"""
from __future__ import annotations

from ..context import TurnContext
from ..state import US
from .base import HouseRule

US_RESERVE_BONUS = (5, 20)   # "5 additional IPCs per turn for its first four turns, for a total of 20"


class DeployReserves(HouseRule):
    key = "deploy_reserves"
    phases = ("reserves",)

    def on_us_enters_war(self, turn: TurnContext) -> None:
        per_turn, total = US_RESERVE_BONUS
        owed = total - turn.position.extra.get("us_bonus_paid", 0)
        if owed > 0:
            turn.position.treasury[US] += owed
            turn.position.extra["us_bonus_paid"] = total
            turn.report.append(f"🇺🇸 The United States receives its remaining {owed} bonus IPCs.")

    def income(self, turn: TurnContext) -> int:
        if turn.power != US or turn.position.extra.get("us_bonus_paid", 0) >= US_RESERVE_BONUS[1]:
            return 0
        turn.position.extra["us_bonus_paid"] = turn.position.extra.get("us_bonus_paid", 0) + US_RESERVE_BONUS[0]
        return US_RESERVE_BONUS[0]


RULE = DeployReserves()
