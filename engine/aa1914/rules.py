"""The numbers the battle and turn code consults instead of fixed ones (`Rules`), and the house
rules' arithmetic that code shares with `/odds`. Which option sets which number is said by the
option's own module (`house/<option>.py`, its `numbers`); `house.registry.rules_for` composes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .units import TANKS_FROM_ROUND, UNIT_TYPES

USW_ZONES = ("SZ 2", "SZ 7", "SZ 8")


@dataclass(frozen=True)
class Rules:
    """Every number or switch the house options can change."""

    costs: tuple[tuple[str, int], ...] = tuple((name, u.cost) for name, u in UNIT_TYPES.items())
    tanks_from_round: int = TANKS_FROM_ROUND
    air_hit: int = 2
    air_rounds: int = 0                   # 0: until one side has no fighters
    supremacy_by_majority: bool = False
    fighting_by_numbers: bool = False
    usw_dice: bool = True                 # Unrestricted Submarine Warfare rolls dice (seed 001)
    first_sub_2: bool = False
    extra_impassable: tuple[str, ...] = ()
    extra_mobilization: tuple[tuple[str, str], ...] = ()     # (power, territory)
    house_units: tuple[str, ...] = ()                          # house units that may be bought
    neutralization_from_round: int = 0          # 0: not used
    house_submarines: bool = False        # 3.2: subs defend at 1, call their targets, may dive
    sub_negator: str = "cruiser"                 # "Destroyers take on the role of the items listed with an asterisk"
    bids_by_alliance: bool = False        # 4.10: the alliances bid pooled IPCs for the neutral minors
    options: tuple[tuple[str, object], ...] = field(default=())     # the house options switched on

    def cost(self, unit: str) -> int:
        return dict(self.costs)[unit]


def fighting_by_numbers_hits(score: int, deviation_die: int) -> int:
    """4.1: "Each player divides by 6, rounding to the nearest number" then the deviation die:
    1 → −15 %, 2 → −10 %, 3–4 → unchanged, 5 → +10 %, 6 → +15 %, "rounded"."""
    hits = _round_half_up(score / 6)
    change = {1: -0.15, 2: -0.10, 3: 0.0, 4: 0.0, 5: 0.10, 6: 0.15}[deviation_die]
    return max(0, hits + _round_half_up(hits * change) if change >= 0 else hits - _round_half_up(-hits * change))


def _round_half_up(x: float) -> int:
    """The seed rounds 12.5 to 13 ("75 / 6 = 12,5 hits, which is rounded to 13")."""
    return int(x + 0.5 + 1e-9)


def submarine_warfare_loss(subs: int, flat: bool, first_costs_2: bool) -> int | None:
    """IPCs lost to submarine warfare in one area, when the amount does not need dice.

    3.1 USW: "1 IPC of damage for every submarine"; 3.2: "The first Submarine in every area
    that is open to Submarine Warfare now causes 2 IPCs of damage. Each subsequent Submarine in
    that specific area deals 1 IPC of damage." None: the Tournament Rules' dice decide."""
    if first_costs_2:
        return 0 if subs == 0 else 2 + (subs - 1)
    if flat:
        return subs
    return None


RESERVE_LIMITS = {"transport": 2, "truck": 2}   # "a maximum of 2 Transport Ships and 2 Trucks"


def suppress(infantry: int, artillery: int, hits: int) -> tuple[int, int]:
    """3.2 Artillery Neutralization: "On a successful roll, the defender must subtract one Infantry
    unit and one Artillery unit from the battle ... If there are no more defending Artillery units,
    each successive neutralization hit suppresses two Infantry units instead." Returns the
    (infantry, artillery) suppressed."""
    inf = art = 0
    for _ in range(hits):
        if artillery - art > 0:
            art += 1
            inf = min(infantry, inf + 1)
        else:
            inf = min(infantry, inf + 2)
    return inf, art


DEFAULT_SUB_TARGETS = ("battleship", "cruiser", "destroyer", "submarine", "transport")


def targeting_subs(attacking_subs: int, defending_negators: int, attacking_negators: int) -> int:
    """3.2: "each enemy Cruiser* in the battle stops one Submarine from picking its target" and
    "Attacking Cruisers can negate the defensive effect of defending Cruisers*"."""
    return max(0, attacking_subs - max(0, defending_negators - attacking_negators))


def dive_target(attacking_surface: int, defending_subs: int) -> int:
    """3.2: dive away "on a roll of 4 or less"; "The roll to preemptively dive decreases by 1 for
    every surface ship in excess of the number of Submarines" (3 subs against 4 ships: 3 or less)."""
    return max(0, 4 - max(0, attacking_surface - defending_subs))


TRAIN_DICE = 2                       # 2.8 "Attack and defense value: 2x 2"
TRAIN_CANCELS = {"attack": 1, "defense": 2}   # "negate 2 hits on the defense and 1 on the offense"


