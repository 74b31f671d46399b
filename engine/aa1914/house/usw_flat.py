"""House rule 3.1 Unrestricted Submarine Warfare: "1 IPC of damage for every submarine" in zones 2, 7
and 8 instead of the Tournament Rules' dice (`turn.submarine_warfare`)."""
from __future__ import annotations

from .base import HouseRule


class UswFlat(HouseRule):
    key = "usw_flat"
    numbers = {"usw_dice": False}


RULE = UswFlat()
