"""The dice and casualty ledger of a battle: board units as combat pieces, each power's order of
loss, removing what a battle destroyed and writing every roll into the game log (the log is what
`/dice` and the turn report show, and what lets a player check a result)."""
from __future__ import annotations

from typing import Iterable

from .combat import Piece, Roll
from .context import TurnContext
from .position import BoardUnit, Position
from .units import DEFAULT_LOSS_ORDER


def pieces(units: Iterable[BoardUnit]) -> list[Piece]:
    return [Piece(u.type, u.owner, u.damaged, u.id) for u in units]


def loss_order(turn: TurnContext, power: str) -> list[str]:
    """The power's standing `casualties …` order, or the default (cheapest first)."""
    return list(turn.position.extra["loss_orders"].get(power, DEFAULT_LOSS_ORDER))


def remove_losses(turn: TurnContext, survivors: list[Piece], lost: list[Piece]) -> None:
    """Take the lost pieces off the board (a transport's cargo sinks with it) and mark the
    survivors' new damage."""
    position = turn.position
    damaged = {p.uid for p in survivors if p.damaged}
    destroy(position, {p.uid for p in lost})
    for u in position.units:
        if u.id in damaged:
            position.damage(u)


def destroy(position: Position, dead: set[int]) -> None:
    """Take the units `dead` off the board, and any cargo aboard them (a transport's cargo sinks
    with it), recorded for the results map (`record_destroyed`)."""
    gone = [u for u in position.units if u.id in dead or u.aboard in dead]
    record_destroyed(position, gone)
    position.remove(gone)


def record_destroyed(position: Position, gone: list[BoardUnit]) -> None:
    """Units a battle, a minefield or coastal guns destroyed this turn (a transport's cargo with
    it): the results map crosses them out where they stood (render/aa1914_orders.py)."""
    position.extra.setdefault("destroyed", []).extend({"type": u.type, "owner": u.owner, "where": u.where}
                                                      for u in gone)


def log_rolls(turn: TurnContext, where: str, rolls: list[Roll]) -> None:
    position = turn.position
    for roll in rolls:
        entry = {"battle": where, "who": roll.who, "step": roll.step, "target": roll.target, "dice": roll.dice,
                 "hits": roll.hits}
        position.log.append({"round": position.round, "power": turn.power, **entry})
