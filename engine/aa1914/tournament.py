"""Larry Harris' Tournament Rules (seed 001, which stands where 000 differs): homeland
territories, economic and political collapse, two-capital victory, economic victory."""
from __future__ import annotations

from .board import Board
from .position import Position
from .state import StoredState, controller

# "Economic/Political Collapse Thresholds" (seed 001); the United States has none.
THRESHOLDS = {
    "Austria-Hungary": (13, 16), "Russia": (13, 15), "Germany": (16, 18), "France": (8, 10),
    "British Empire": (5, 7), "Ottoman Empire": (7, 9), "Italy": (7, 9),
}
# "For the Central Powers, one of the captured capitals must be Paris. For the Allies, one must be Berlin."
KEY_CAPITAL = {"Central Powers": "Paris", "Allies": "Berlin"}


def _reader(board: Board, state: dict | Position) -> Position | StoredState:
    """The turn's position as it is, or a stored state read as one."""
    return state if isinstance(state, Position) else StoredState(board, state)


def homeland_lost(board: Board, state: dict | Position, power: str) -> int:
    """ "the total IPC value of a power's homeland territories that are either captured or being
    contested by one or more enemy powers" """
    position = _reader(board, state)
    total = 0
    for name in board.homeland(power):
        captured = position.at_war(power, position.control.get(name))
        contested_by_enemy = position.is_contested(name) and any(
            position.at_war(power, owner) for owner in position.owners_in(name))
        if captured or contested_by_enemy:
            total += board.territories[name].ipc
    return total


def economic_collapse(board: Board, state: dict | Position, power: str) -> bool:
    """Checked "at the beginning of each power's turn": no purchase, mobilization or income
    while it lasts; it can be recovered from."""
    limit = THRESHOLDS.get(power)
    return limit is not None and homeland_lost(board, state, power) >= limit[0]


def political_collapse(board: Board, state: dict | Position, power: str) -> bool:
    """Checked "at the end of each power's turn": the power surrenders and leaves the game."""
    limit = THRESHOLDS.get(power)
    return limit is not None and homeland_lost(board, state, power) >= limit[1]


def victory_points(board: Board, state: dict | Position, side: str) -> int:
    """ "the sum totals of the IPC values of the enemy homeland territories its members
    control or contest (don't double-count territories contested by more than one member)" """
    position = _reader(board, state)
    members = board.sides[side]
    points = 0
    for power in board.turn_order:
        if board.side_of(power) in (None, side):
            continue   # only the other alliance's homelands count (not neutral Spain's, 4.17)
        for name in board.homeland(power):
            holder = position.controller(name)
            contesting = position.is_contested(name) and any(owner in members for owner in position.owners_in(name))
            if holder in members or contesting:
                points += board.territories[name].ipc
    return points


def capitals_held(board: Board, state: dict, side: str) -> list[str]:
    """Enemy capitals the side's members control (captured, not merely contested)."""
    members = board.sides[side]
    return sorted(name for name, t in board.territories.items()
                  if t.capital and board.side_of(t.original_owner) not in (None, side)
                  and controller(board, state, name) in members)


def capital_victory(board: Board, state: dict) -> str | None:
    """ "Capture two enemy capitals. For the Central Powers, one of the captured capitals must
    be Paris. For the Allies, one must be Berlin." """
    for side in KEY_CAPITAL:
        held = capitals_held(board, state, side)
        if len(held) >= 2 and KEY_CAPITAL[side] in held:
            return side
    return None


def economic_victory(board: Board, state: dict) -> tuple[str | None, dict[str, int]]:
    """At the game's end date: the alliance with more points wins (equal points: a draw)."""
    points = {side: victory_points(board, state, side) for side in KEY_CAPITAL}
    ranked = sorted(points.items(), key=lambda kv: -kv[1])
    winner = ranked[0][0] if ranked[0][1] > ranked[1][1] else None
    return winner, points
