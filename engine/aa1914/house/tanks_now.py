"""House rule 4.12 "We Need Tanks Now": tanks may be bought from turn 3."""
from __future__ import annotations

from .base import HouseRule


class TanksNow(HouseRule):
    key = "tanks_now"
    numbers = {"tanks_from_round": 3}


RULE = TanksNow()
