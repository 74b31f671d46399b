"""House rule 2.2 "Artillery Trucks": 5 IPCs, 3/3, move 2, support infantry like artillery, fire at
aircraft on a 1 (`combat.land_targets`, `combat.land_battle`)."""
from __future__ import annotations

from .base import HouseRule


class ArtilleryTrucks(HouseRule):
    key = "artillery_trucks"
    units = ("artillery_truck",)


RULE = ArtilleryTrucks()
