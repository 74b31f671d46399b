"""What a power's turn knows besides the position: how things stood when it began (`TurnStart`,
frozen: movement and combat rules look back to it) and what its orders have done so far
(`TurnProgress`: the units that moved, the battles they start, what was bought and placed, and
each house option's own record, its memo).

Both are plain data the turn hands to the phase modules and the options (context.TurnContext).
A `TurnProgress` is copied before an order that may fail half-way (turn.Turn.carry_out) and put
back if it does; a `TurnStart` never changes, so it is never copied.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from .grammar import SeaDecision


@dataclass(frozen=True)
class TurnStart:
    """The position when the turn began."""

    control: Mapping[str, str | None]         # who controlled each land territory
    contested: frozenset[str]                 # the contested territories
    own_units: frozenset[str]                 # where the power had units
    unit_places: Mapping[int, str]            # where each unit stood
    enemy_held: frozenset[str]                # territories held by powers at war with the power
    base_zones: frozenset[str]                # sea zones served by a friendly naval base
    hostile_zones: frozenset[str]             # sea zones holding ships at war with the power


@dataclass
class TurnProgress:
    """What the turn's orders did so far, and each house option's memo of the turn (by option
    key; `HouseRule.memo` declares its type, a fresh one for every turn: a dataclass whose fields are
    plain values, or sets, lists and dicts of them, as the records here)."""

    economic_collapse: bool = False
    done_moving: set[int] = field(default_factory=set)
    land_entered: set[str] = field(default_factory=set)
    # friendly minors entered this turn: recorded for the power when the turn ends, so every
    # order of this turn still counts as entering "for the first time"
    minors_entered: set[str] = field(default_factory=set)
    left_contested: dict[int, str] = field(default_factory=dict)    # unit id -> the contested territory it sailed from
    # landings from a zone where a sea battle is still to be fought wait for its outcome
    pending_landings: list[tuple[str, str, list[int]]] = field(default_factory=list)
    mine_cargo: dict[str, dict[str, int]] = field(default_factory=dict)   # zone -> land units lost with mined transports
    mined_transports: dict[str, int] = field(default_factory=dict)        # zone -> transports a mine sank there
    call_off: set[str] = field(default_factory=set)            # `call off <territory> if mined`
    mined_zones: set[str] = field(default_factory=set)         # zones where a mine hit one of our ships
    won_zones: set[str] = field(default_factory=set)           # zones whose sea battle the mover won
    ship_entered: set[str] = field(default_factory=set)
    unloaded_into: dict[str, set[int]] = field(default_factory=dict)
    unloaded_from: dict[str, set[str]] = field(default_factory=dict)
    sailed_via: dict[str, set[str]] = field(default_factory=dict)      # zone entered -> zones passed on the way
    landed_by_land: set[str] = field(default_factory=set)
    attacks: set[str] = field(default_factory=set)
    sea_decisions: dict[str, SeaDecision] = field(default_factory=dict)
    submerging: set[str] = field(default_factory=set)
    bought: dict[str, int] = field(default_factory=dict)
    placed: dict[str, int] = field(default_factory=dict)
    to_place: dict[str, int] = field(default_factory=dict)     # bought and not yet placed (mobilization)
    memos: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> "TurnProgress":
        """A copy sharing no container that an order may change: the records, and each memo's
        fields, are sets, lists and dicts of plain values or of sets and dicts (copied two levels
        down; what a list holds is never changed once added)."""
        twin = _copied(self)
        twin.memos = {key: _copied(memo) for key, memo in self.memos.items()}
        return twin


def _copied(record: Any) -> Any:
    twin = copy.copy(record)
    for name, value in vars(record).items():
        if isinstance(value, dict):
            setattr(twin, name, {k: v.copy() if isinstance(v, (set, dict, list)) else v for k, v in value.items()})
        elif isinstance(value, (set, list)):
            setattr(twin, name, value.copy())
    return twin
