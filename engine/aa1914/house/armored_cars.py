"""House rule 2.3 "Armored Car": 5 IPCs, attack 3, defense 1, move 2; its hits may take artillery
(`combat.land_targets`)."""
from __future__ import annotations

from .base import HouseRule


class ArmoredCars(HouseRule):
    key = "armored_cars"
    units = ("armored_car",)


RULE = ArmoredCars()
