"""The dice and casualty ledger of a battle: board units as combat pieces, each power's order of
loss, removing what a battle destroyed and writing every roll into the game log (the log is what
`/dice` and the turn report show, and what lets a player check a result)."""
from __future__ import annotations

from .combat import Piece, Roll
from .context import TurnContext
from .units import DEFAULT_LOSS_ORDER


def pieces(units: list[dict]) -> list[Piece]:
    return [Piece(u["type"], u["owner"], u.get("damaged", False), u["id"]) for u in units]


def loss_order(turn: TurnContext, power: str) -> list[str]:
    """The power's standing `casualties …` order, or the default (cheapest first)."""
    return list(turn.state["loss_orders"].get(power, DEFAULT_LOSS_ORDER))


def remove_losses(turn: TurnContext, survivors: list[Piece], lost: list[Piece]) -> None:
    """Take the lost pieces off the board (a transport's cargo sinks with it) and mark the
    survivors' new damage."""
    damaged = {p.uid for p in survivors if p.damaged}
    destroy(turn.state, {p.uid for p in lost})
    for u in turn.state["units"]:
        if u["id"] in damaged:
            u["damaged"] = True


def destroy(state: dict, dead: set[int]) -> None:
    """Take the units `dead` off the board, and any cargo aboard them (a transport's cargo sinks
    with it), recorded for the results map (`record_destroyed`)."""
    gone = [u for u in state["units"] if u["id"] in dead or u.get("aboard") in dead]
    record_destroyed(state, gone)
    state["units"] = [u for u in state["units"] if u["id"] not in dead and u.get("aboard") not in dead]


def record_destroyed(state: dict, gone: list[dict]) -> None:
    """Units a battle, a minefield or coastal guns destroyed this turn (a transport's cargo with
    it): the results map crosses them out where they stood (render/aa1914_orders.py)."""
    state.setdefault("destroyed", []).extend({"type": u["type"], "owner": u["owner"], "where": u["where"]}
                                             for u in gone)


def log_rolls(turn: TurnContext, where: str, rolls: list[Roll]) -> None:
    for roll in rolls:
        entry = {"battle": where, "who": roll.who, "step": roll.step, "target": roll.target, "dice": roll.dice,
                 "hits": roll.hits}
        turn.state["log"].append({"round": turn.state["round"], "power": turn.power, **entry})
