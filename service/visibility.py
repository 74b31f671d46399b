"""Who may see what: the one rule every view of orders goes through (export, maps, history).

A seat's orders for a phase that is still open are visible only to that seat's holder — not to
other players, not to the game master (sealed bids and secret placements stay sealed) — until
the phase is adjudicated; from then on everybody may see them. The game's secret seed is shown
only once the game is over.
"""
from __future__ import annotations

from typing import Any

from .models import GameInfo

OVER = ("finished", "abandoned")
ORDER_EVENTS = ("orders", "orders_cleared")


def orders_visible(game: GameInfo, seat: str, adjudicated: bool, viewer_id: int | None) -> bool:
    """May `viewer_id` see `seat`'s orders of a phase (adjudicated or not)?"""
    if adjudicated or game.status in OVER:
        return True
    return viewer_id is not None and game.holder(seat) == viewer_id


def redact_export(game: GameInfo, data: dict[str, Any], viewer_id: int | None) -> dict[str, Any]:
    """The export `viewer_id` may download: everything once the game is over; before, the
    adjudicated phases, the public state, and of the open phase only the viewer's own orders."""
    if game.status in OVER:
        return {**data, "complete": True}
    # an order event is public once its phase is adjudicated; a phase a rollback removed or
    # re-opened is not (any more), so its orders are secret again
    adjudicated_phases = {p["phase_id"] for p in data["phases"] if p["adjudicated_at"]}
    phases = []
    for phase in data["phases"]:
        adjudicated = bool(phase["adjudicated_at"])
        orders = {seat: sheet for seat, sheet in phase["orders"].items()
                  if orders_visible(game, seat, adjudicated, viewer_id)}
        phases.append({**phase, "orders": orders})
    events = []
    for event in data["events"]:
        if event["kind"] in ORDER_EVENTS and event["phase_id"] not in adjudicated_phases:
            seat = event["payload"].get("seat", "")
            if not orders_visible(game, seat, False, viewer_id):
                continue
        events.append(event)
    rollbacks = [{**rollback, "undone": [{**phase, "orders": {seat: lines for seat, lines in phase["orders"].items()
                                                               if orders_visible(game, seat, phase["adjudicated"],
                                                                                 viewer_id)}}
                                         for phase in rollback["undone"]]}
                 for rollback in data.get("rollbacks", [])]
    game_part = {k: v for k, v in data["game"].items() if k != "seed"}
    return {**data, "game": game_part, "phases": phases, "events": events, "rollbacks": rollbacks,
            "complete": False}
