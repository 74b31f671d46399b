"""`/odds`: exact battle odds from a line like `3 inf, 1 art, 1 fighter vs 4 inf` (no Discord here)."""
from __future__ import annotations

from engine.aa1914.odds import Odds, land_odds, sea_odds
from engine.aa1914.orders import parse_counts
from engine.aa1914.units import UNIT_TYPES
from engine.errors import OrderError

from .errors import BadInput

MAX_UNITS_PER_SIDE = 40


def battle_odds(text: str) -> tuple[str, Odds]:
    """Parse `<attackers> vs <defenders>` and compute the exact odds (land or sea by unit types)."""
    parts = [p for p in (text or "").replace(" versus ", " vs ").split(" vs ")]
    if len(parts) != 2:
        raise BadInput("write `<attackers> vs <defenders>`, e.g. `3 infantry, 1 artillery vs 4 infantry`")
    sides = []
    for part in parts:
        try:
            counts, _ = parse_counts(part)
        except OrderError as exc:
            raise BadInput(str(exc.reason)) from None
        units = [t for t, n in counts for _ in range(n)]
        if len(units) > MAX_UNITS_PER_SIDE:
            raise BadInput(f"at most {MAX_UNITS_PER_SIDE} units a side")
        sides.append(units)
    attackers, defenders = sides
    sea = [UNIT_TYPES[t].is_sea for t in attackers + defenders]
    if all(sea):
        return "sea", sea_odds(attackers, defenders)
    if any(sea):
        raise BadInput("a battle is either at sea (ships only) or on land (no ships)")
    return "land", land_odds(attackers, defenders)
