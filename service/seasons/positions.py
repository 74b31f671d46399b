"""A position in numbers: each power's supply centres (Diplomacy) or income (Axis & Allies), read
from a phase's state once, when the phase is adjudicated, and kept as its summary.

Diplomacy's centres change hands only after the fall (the rulebook: a centre is owned once a unit
"occupies it at the end of a Fall turn"), so the states of spring and fall of year Y show the
ownership at the end of year Y − 1, and winter Y that at the end of Y (`after_year`). Axis & Allies
counts a power's income: the IPC value of the territories it controls that are not contested
(Tournament Rules 1.5, `engine.aa1914.state.incomes`); a power that surrendered (political
collapse) is out of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.ratings import VARIANT_FAMILY
from engine.variant import Variant

DIPLOMACY, AXIS_AND_ALLIES = "diplomacy", "aa1914"


@dataclass(frozen=True)
class Summary:
    """One phase's position in numbers."""

    year: int | None               # Diplomacy: the game year; A&A: the round
    season: str | None             # Diplomacy: spring, fall or winter; A&A: None
    counts: dict[str, int]         # power → supply centres (Diplomacy) or income (A&A), in the game's order
    fallen: tuple[str, ...] = ()   # A&A: powers that surrendered


def board_kind(variant_key: str) -> str | None:
    """Which way a variant's position is counted: by supply centres, by income, or not at all."""
    family = VARIANT_FAMILY.get(variant_key)
    if family is None:
        return None
    return AXIS_AND_ALLIES if family == "aa1914" else DIPLOMACY


def summarise(variant: Variant, state: Mapping[str, Any]) -> Summary | None:
    """The position of `state` in numbers (None for a game that counts neither)."""
    kind = board_kind(variant.key)
    if kind == DIPLOMACY:
        counts = {power: 0 for power in getattr(variant, "powers", ())}
        for owner in state.get("owners", {}).values():
            if owner in counts:
                counts[owner] += 1
        return Summary(state.get("year"), state.get("season"), counts)
    if kind == AXIS_AND_ALLIES:
        from engine.aa1914.state import incomes       # the A&A engine loads only for A&A games
        board = variant.board_of(dict(state))
        income = incomes(board, dict(state))
        collapsed = state.get("collapsed", {})
        return Summary(state.get("round"), None, {power: income.get(power, 0) for power in board.turn_order},
                       tuple(p for p in board.turn_order if collapsed.get(p) == "political"))
    return None


def after_year(year: int | None, season: str | None) -> int | None:
    """The game year whose end a Diplomacy position's centres show (winter Y: Y; spring and fall
    of Y: Y − 1, the centres being counted after each fall)."""
    if year is None:
        return None
    return year if season == "winter" else year - 1


def seat_of_powers(variant: Variant, state: Mapping[str, Any], seats: Sequence[str]) -> dict[str, str | None]:
    """Power → the seat that plays it in `state` (rx07: a side, with Italy once it joined; None
    for a power no seat plays, as neutral Italy)."""
    kind = board_kind(variant.key)
    if kind == AXIS_AND_ALLIES:
        return {seat: seat for seat in seats}
    found: dict[str, str | None] = {power: None for power in getattr(variant, "powers", ())}
    for seat in seats:
        for power in variant.powers_of(dict(state), seat):
            found[power] = seat
    return found


def sides_of(variant: Variant, state: Mapping[str, Any], seats: Sequence[str]) -> dict[str, str] | None:
    """Seat → side for a two-sided game (rx07's sides are its seats; A&A's alliances at the end,
    a power on no side being its own; a two-seat game, each seat its own side); None for a game
    of more than two sides."""
    if variant.key == "rx07" or len(seats) == 2:
        return {seat: seat for seat in seats}
    if board_kind(variant.key) == AXIS_AND_ALLIES:
        sides = variant.board_of(dict(state)).sides
        of = {seat: side for side, members in sides.items() for seat in members}
        return {seat: of.get(seat, seat) for seat in seats}
    return None


def board_centres(variant: Variant, state: Mapping[str, Any]) -> int | None:
    """The supply centres on a Diplomacy board (34 on the standard map)."""
    if board_kind(variant.key) != DIPLOMACY:
        return None
    return sum(1 for province in variant.game_map(dict(state)).provinces.values() if province.supply_center)


def a_and_a_victory(variant: Variant, state: Mapping[str, Any]) -> str:
    """How an Axis & Allies game was won: `capital` (two enemy capitals, one of them the key one)
    or `economic` (the most victory points after the last round)."""
    from engine.aa1914.tournament import capital_victory
    return "capital" if capital_victory(variant.board_of(dict(state)), dict(state)) else "economic"
