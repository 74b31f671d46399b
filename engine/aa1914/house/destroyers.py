"""House rule 2.5 "Destroyers": 5 IPCs, 2/2, move 3; "Destroyers take on the role of the items listed
with an asterisk" (they, not cruisers, negate submarines under 3.2)."""
from __future__ import annotations

from .base import HouseRule


class Destroyers(HouseRule):
    key = "destroyers"
    numbers = {"sub_negator": "destroyer"}
    units = ("destroyer",)


RULE = Destroyers()
