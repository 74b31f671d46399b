"""House rule 3.2 "Submarine Warfare": "The first Submarine in every area that is open to Submarine
Warfare now causes 2 IPCs of damage" (`rules.submarine_warfare_loss`)."""
from __future__ import annotations

from .base import HouseRule


class SubWarfareFirst2(HouseRule):
    key = "sub_warfare_first_2"
    numbers = {"first_sub_2": True}


RULE = SubWarfareFirst2()
