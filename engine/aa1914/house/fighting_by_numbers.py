"""House rule 3.1/4.1 "Fighting By Numbers": land sides worth 20 or more score value / 6 hits, changed
by a deviation die (`rules.fighting_by_numbers_hits`, `combat.land_battle`)."""
from __future__ import annotations

from .base import HouseRule


class FightingByNumbers(HouseRule):
    key = "fighting_by_numbers"
    numbers = {"fighting_by_numbers": True}


RULE = FightingByNumbers()
