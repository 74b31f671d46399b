"""House rule 4.5 "Reinforcements from Munich": Germany also mobilizes in Munich
(`mobilization.standard_placements`)."""
from __future__ import annotations

from .base import HouseRule


class MunichReinforcements(HouseRule):
    key = "munich_reinforcements"
    numbers = {"extra_mobilization": (("Germany", "Munich"),)}


RULE = MunichReinforcements()
