"""House rule 4.4 "The Swiss Alps": Switzerland is impassable (`movement.check_steps`)."""
from __future__ import annotations

from .base import HouseRule


class SwissAlps(HouseRule):
    key = "swiss_alps"
    numbers = {"extra_impassable": ("Switzerland",)}


RULE = SwissAlps()
