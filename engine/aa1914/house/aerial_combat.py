"""House rule 3.1 "Aerial Combat": fighters hit on 3, one round of air combat, and the side with more
fighters wins air supremacy (`combat.air_combat`)."""
from __future__ import annotations

from .base import HouseRule


class AerialCombat(HouseRule):
    key = "aerial_combat"
    numbers = {"air_hit": 3, "air_rounds": 1, "supremacy_by_majority": True}


RULE = AerialCombat()
