"""House rule 3.1 "Restricted Submarine Warfare" ("active from the start"): "German Submarines
located in any sea zone directly adjacent to the UK's home island" cost the UK 1 IPC each at its
Collect phase, until Unrestricted Submarine Warfare is declared (`turn.submarine_warfare`)."""
from __future__ import annotations

from ..context import TurnContext
from .base import HouseRule

UK_HOME_ISLAND = ("London", "Wales", "Yorkshire", "Scotland")


class RestrictedSubWarfare(HouseRule):
    key = "restricted_sub_warfare"

    def sub_warfare_areas(self, turn: TurnContext) -> tuple[list[str], str] | None:
        if turn.power != "British Empire":
            return None
        zones = sorted({z for t in UK_HOME_ISLAND for z in turn.board.territories[t].adjacent
                        if turn.board.territories[z].sea})
        return zones, "Restricted Submarine Warfare"


RULE = RestrictedSubWarfare()
