"""House rule 3.1 "Naval Unit Costs": "Submarine: 5 IPCs", "Cruiser: 7 IPCs"."""
from __future__ import annotations

from .base import HouseRule


class NavalCosts(HouseRule):
    key = "naval_costs"
    numbers = {"costs": {"submarine": 5, "cruiser": 7}}


RULE = NavalCosts()
