"""The questions every rule asks of a position — who is at war, who holds land, what is contested,
what each power earns — asked of a stored state (plain JSON, as the service keeps it, the map
draws it and the bots read it).

The turn asks the same questions of its typed `position.Position`; both answer through the
kernels below (`sides_at_war`, `contested_among`, `incomes_from`, `alignment`, `holds_land_kind`),
so each rule is written once.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from .board import Board
from .units import NON_COMBATANTS, UNIT_TYPES

US = "United States"
NEUTRAL = "Neutral"   # owner of a neutral minor's own army, raised against neutral Spain (4.17)

# Units that hold and contest land: not ships, and not the house rules' trucks and coastal
# batteries, which cannot fight land units (seed 002, 2.1 and 2.4).
LAND_HOLDERS = frozenset(k for k, spec in UNIT_TYPES.items() if not spec.is_sea and k not in NON_COMBATANTS)


# ---------------------------------------------------------------------- the kernels
def sides_at_war(board: Board, us_at_war: bool, a: str | None, b: str | None) -> bool:
    """Powers of opposite sides are at war; the United States only once it has entered the war.
    A neutral minor's own army fights whoever invaded it."""
    if a is None or b is None or a == b:
        return False
    if NEUTRAL in (a, b):
        return True
    if US in (a, b) and not us_at_war:
        return False
    side_a, side_b = board.side_of(a), board.side_of(b)
    return side_a is not None and side_b is not None and side_a != side_b


def contested_among(board: Board, us_at_war: bool, owners: Iterable[str]) -> bool:
    """Do land-holding units of these owners, standing in one territory, contest it?"""
    present = list(owners)
    return any(sides_at_war(board, us_at_war, a, b) for a in present for b in present)


def incomes_from(board: Board, control: Mapping[str, str | None], contested: set[str]) -> dict[str, int]:
    """Every power's income: the IPC value of the territories it controls that are not
    contested (RULES.md 1.5)."""
    out: dict[str, int] = {}
    for name, t in board.territories.items():
        holder = control.get(name)
        if not t.sea and holder is not None and name not in contested:
            out[holder] = out.get(holder, 0) + t.ipc
    return out


def alignment(alignments: Mapping[str, str | None], territory) -> str | None:
    """The major power a minor's territory is aligned with: the map's alignment, unless an
    auction (house rules 4.9/4.10) decided otherwise (`None` there means it stays neutral)."""
    if territory.minor is None:
        return None
    if territory.minor in alignments:
        return alignments[territory.minor]
    return territory.aligned


def holds_land_kind(kind: str) -> bool:
    return kind in LAND_HOLDERS


# ---------------------------------------------------------------------- a stored state
def units_in(state: dict, territory: str) -> list[dict]:
    return [u for u in state["units"] if u["where"] == territory]


def at_war(board: Board, state: dict, a: str | None, b: str | None) -> bool:
    """See `sides_at_war`."""
    return sides_at_war(board, bool(state.get("us_at_war")), a, b)


def friendly(board: Board, a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and board.side_of(a) == board.side_of(b)


def is_contested(board: Board, state: dict, territory: str) -> bool:
    """A land territory holding units of two powers at war (RULES.md 3.1)."""
    if board.territories[territory].sea:
        return False
    owners = {u["owner"] for u in units_in(state, territory) if holds_land(u)}
    return contested_among(board, bool(state.get("us_at_war")), owners)


def holds_land(unit: dict) -> bool:
    """Units that hold and contest land (`LAND_HOLDERS`)."""
    return unit["type"] in LAND_HOLDERS


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
    us = bool(state.get("us_at_war"))
    return {name for name, present in owners.items() if not board.territories[name].sea
            and contested_among(board, us, present)}


def incomes(board: Board, state: dict) -> dict[str, int]:
    """Every power's income (`incomes_from`)."""
    return incomes_from(board, state["control"], contested_territories(board, state))


def income(board: Board, state: dict, power: str) -> int:
    return incomes(board, state).get(power, 0)


def powers_alive(board: Board, state: dict) -> Iterable[str]:
    return [p for p in board.turn_order if state["collapsed"].get(p) != "political"]


def aligned(state: dict, territory) -> str | None:
    """See `alignment`."""
    return alignment(state.get("alignments", {}), territory)


class StoredState:
    """A stored state asked the questions the Tournament Rules' checks ask (tournament.py), as
    the turn's `Position` answers them."""

    def __init__(self, board: Board, state: dict):
        self.board, self.state = board, state

    @property
    def control(self) -> Mapping[str, str | None]:
        return self.state["control"]

    def at_war(self, a: str | None, b: str | None) -> bool:
        return at_war(self.board, self.state, a, b)

    def is_contested(self, territory: str) -> bool:
        return is_contested(self.board, self.state, territory)

    def controller(self, territory: str) -> str | None:
        return controller(self.board, self.state, territory)

    def owners_in(self, territory: str) -> set[str]:
        return {u["owner"] for u in units_in(self.state, territory)}
