"""The A&A 1914 game state (plain JSON) and the questions every rule asks of it."""
from __future__ import annotations

from typing import Iterable

from .board import Board
from .units import NON_COMBATANTS, UNIT_TYPES

US = "United States"


def units_in(state: dict, territory: str) -> list[dict]:
    return [u for u in state["units"] if u["where"] == territory]


NEUTRAL = "Neutral"   # owner of a neutral minor's own army, raised against neutral Spain (4.17)


def at_war(board: Board, state: dict, a: str | None, b: str | None) -> bool:
    """Powers of opposite sides are at war; the United States only once it has entered the war.
    A neutral minor's own army fights whoever invaded it."""
    if a is None or b is None or a == b:
        return False
    if NEUTRAL in (a, b):
        return True
    if US in (a, b) and not state.get("us_at_war"):
        return False
    side_a, side_b = board.side_of(a), board.side_of(b)
    return side_a is not None and side_b is not None and side_a != side_b


def friendly(board: Board, a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and board.side_of(a) == board.side_of(b)


def is_contested(board: Board, state: dict, territory: str) -> bool:
    """A land territory holding units of two powers at war (RULES.md 3.1)."""
    if board.territories[territory].sea:
        return False
    owners = {u["owner"] for u in units_in(state, territory) if holds_land(u)}
    return any(at_war(board, state, a, b) for a in owners for b in owners)


def holds_land(unit: dict) -> bool:
    """Units that hold and contest land: not ships, and not the house rules' trucks and coastal
    batteries, which cannot fight land units (seed 002, 2.1 and 2.4)."""
    return not UNIT_TYPES[unit["type"]].is_sea and unit["type"] not in NON_COMBATANTS


def controller(board: Board, state: dict, territory: str) -> str | None:
    """Who controls a territory now: nobody while it is contested."""
    if is_contested(board, state, territory):
        return None
    return state["control"].get(territory)


def sides_present(board: Board, state: dict, territory: str) -> set[str]:
    return {board.side_of(u["owner"]) for u in units_in(state, territory) if holds_land(u)}


def contested_territories(board: Board, state: dict) -> set[str]:
    """Every contested land territory, in one pass over the units."""
    owners: dict[str, set[str]] = {}
    for u in state["units"]:
        if holds_land(u):
            owners.setdefault(u["where"], set()).add(u["owner"])
    return {name for name, present in owners.items() if not board.territories[name].sea
            and any(at_war(board, state, a, b) for a in present for b in present)}


def incomes(board: Board, state: dict) -> dict[str, int]:
    """Every power's income: the IPC value of the territories it controls that are not
    contested (RULES.md 1.5)."""
    contested = contested_territories(board, state)
    out: dict[str, int] = {}
    for name, t in board.territories.items():
        holder = state["control"].get(name)
        if not t.sea and holder is not None and name not in contested:
            out[holder] = out.get(holder, 0) + t.ipc
    return out


def income(board: Board, state: dict, power: str) -> int:
    return incomes(board, state).get(power, 0)


def powers_alive(board: Board, state: dict) -> Iterable[str]:
    return [p for p in board.turn_order if state["collapsed"].get(p) != "political"]


def aligned(state: dict, territory) -> str | None:
    """The major power a minor's territory is aligned with: the map's alignment, unless an
    auction (house rules 4.9/4.10) decided otherwise (`None` there means it stays neutral)."""
    if territory.minor is None:
        return None
    overrides = state.get("alignments", {})
    if territory.minor in overrides:
        return overrides[territory.minor]
    return territory.aligned
