"""What a phase module may ask of the turn being played: the `TurnContext` protocol.

`turn.Turn` is the one implementation. The phase modules (movement, battles, batteries, raiders)
receive it as an argument and type against this protocol, so none of them imports `turn`: the
imports run one way, from the turn down to the phases (docs/architecture.md).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from .board import Board
from .rules import Rules
from .grammar import SeaDecision


class HouseHooks(Protocol):
    """What the phase modules ask of a house option (house/base.py has them all)."""

    def check_move(self, turn: "TurnContext", path: tuple[str, ...], units: list[dict]) -> str | None: ...

    def sea_defenders(self, turn: "TurnContext", zone: str, attackers: list[dict],
                      enemy: list[dict]) -> list[dict]: ...

    def before_land_battle(self, turn: "TurnContext", name: str) -> None: ...

    def land_defenders(self, turn: "TurnContext", name: str, enemy: list[dict]) -> list[dict]: ...

    def battle_supplies(self, turn: "TurnContext", name: str, side: list[dict]) -> dict[str, int]: ...

    def after_land_battle(self, turn: "TurnContext", name: str, plans: tuple[dict[str, int], dict[str, int]],
                          used: tuple[int, int]) -> None: ...

    def land_placements(self, turn: "TurnContext") -> list[str]: ...

    def limited_placement(self, turn: "TurnContext", kind: str, where: str, n: int) -> str | None: ...

    def placement_problem(self, turn: "TurnContext", kind: str, where: str, n: int,
                          problem: str | None) -> str | None: ...

    def check_unplaced(self, turn: "TurnContext", kind: str, n: int) -> None: ...

    def power_leaves(self, turn: "TurnContext", power: str, successor: str | None) -> None: ...

    def may_place_unasked(self, turn: "TurnContext", kind: str, where: str, n: int) -> bool: ...


class TurnContext(Protocol):
    # the power's turn: the board, the state being changed, the house rules, the dice, the report
    board: Board
    state: dict
    power: str
    rules: Rules
    house: Sequence[HouseHooks]      # the house options switched on, in hook order
    rng: random.Random | None        # None while orders are only being checked
    report: list[str]
    economic_collapse: bool

    # the position at the start of the turn (movement and combat rules look back to it)
    start_control: dict[str, str | None]
    start_contested: set[str]
    start_own_units: set[str]
    start_unit_places: dict[int, str]
    base_zones: set[str]

    # what the turn's orders did so far
    done_moving: set[int]
    land_entered: set[str]
    ship_entered: set[str]
    landed_by_land: set[str]
    unloaded_into: dict[str, set[int]]
    unloaded_from: dict[str, set[str]]
    pending_landings: list[tuple[str, str, list[int]]]
    mine_cargo: dict[str, dict[str, int]]   # zone -> land units lost there with transports a mine sank
    mined_transports: dict[str, int]        # zone -> transports a mine sank there
    won_zones: set[str]
    attacks: set[str]
    bought: dict[str, int]
    placed: dict[str, int]
    to_place: dict[str, int]            # bought and not yet placed (mobilization)
    enemy_held_during_turn: set[str]

    # the battle choices of the turn's orders
    sea_decisions: dict[str, SeaDecision]
    submerging: set[str]
    concentrations: dict[str, str]
    neutralizing: dict[str, int]
    counter_batteries: dict[str, int]
    allied_attackers: dict[str, set[int]]
    battery_attacks: list[Any]
    supply_sends: list[Any]

    # what house options remember within the turn (4.14, 4.16)
    exhausted_now: set[str]
    italy_at_start: Any
    italy_attacked: set[str]

    def roll(self, n: int) -> list[int]: ...

    def carry_out(self, action: Callable[[Any], None], order: Any) -> None: ...

    def rules_of(self, kind: str) -> Sequence[HouseHooks]: ...

    def new_unit(self, kind: str, owner: str, where: str) -> dict: ...

    def entered_land(self, dest: str) -> None: ...

    def landing_called_off(self, zone: str, dest: str, count: int) -> bool: ...

    def us_enters_war(self, why: str) -> None: ...
