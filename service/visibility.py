"""Who may see what: the one rule every view of orders and of players goes through (export,
maps, history, seats, status, errors and notices).

A seat's orders for a phase that is still open are visible only to that seat's holder — not to
other players, not to the game master (sealed bids and secret placements stay sealed) — until
the phase is adjudicated; from then on everybody may see them. The game's secret seed is shown
only once the game is over.

Anonymous players (a game option: "who plays which power is shown only when the game ends"):
while such a game runs, who holds a seat — their Discord id, mention or name — is shown to that
seat's player alone, never to other players, members without a seat or the game master, in any
output: a reply, an error, a notice, `/game seats` and `/game status`, a seat's history, an
export. Once the game is over everybody may see it (`players_hidden`, `player_named`,
`redact_export`). The one exception is what a person did themselves: the GM who seats a member
is told that member's seat.

A seat changing hands in such a game moves to a fresh private channel (`fresh_seat_channel`):
Discord shows a channel's whole history with every author to whoever may read it, so the seat's
old channel — the previous player's own messages, the bot's mentions of them — is read by nobody
until the game ends, when it is archived with the others.
"""
from __future__ import annotations

import re
from typing import Any

from .models import GameInfo

OVER = ("finished", "abandoned")
ORDER_EVENTS = ("orders", "orders_cleared")
# Keys of an event's payload that hold a user's id (who joined, who held a seat before).
HOLDER_KEYS = ("user_id", "previous")
_MENTION = re.compile(r"<@!?(\d+)>")


def players_hidden(game: GameInfo) -> bool:
    """Whether who plays which seat is secret now: an anonymous game that is not over."""
    return bool(game.options.get("anonymous")) and game.status not in OVER


def holder_shown(game: GameInfo, holder_id: int | None, viewer_id: int | None) -> bool:
    """May `viewer_id` (None: everybody — a public message) learn that `holder_id` holds a seat?"""
    return not players_hidden(game) or (viewer_id is not None and holder_id == viewer_id)


def player_named(game: GameInfo, user_id: int | None, viewer_id: int | None = None,
                 hidden: str = "its player") -> str:
    """A seat's player as `viewer_id` may read it: their mention, or `hidden` while the game keeps
    its players secret (the viewer's own seat says "you")."""
    if user_id is None:
        return hidden
    if not players_hidden(game):
        return f"<@{user_id}>"
    return "you" if user_id == viewer_id else hidden


def gm_named(game: GameInfo, gm_id: int) -> str:
    """The game master as a notice names them: by mention — but in an anonymous game they also
    play, only as "the GM" (their mention would tell the table that they hold a seat)."""
    return "the GM" if players_hidden(game) and game.seats_of(gm_id) else f"the GM <@{gm_id}>"


def fresh_seat_channel(game: GameInfo) -> bool:
    """Does a seat changing hands now get a new private channel (the old one closed until the
    end)? In an anonymous game that runs: its old channel's history names who played it."""
    return players_hidden(game) and game.status != "forming"


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
    redacted = {**data, "game": game_part, "phases": phases, "events": events, "rollbacks": rollbacks,
                "complete": False}
    return hide_players(game, redacted, viewer_id) if players_hidden(game) else redacted


def hide_players(game: GameInfo, data: dict[str, Any], viewer_id: int | None) -> dict[str, Any]:
    """An export of an anonymous game that runs, as `viewer_id` may read it: no id of anyone who
    held (or holds) a seat, except the viewer's own — not in the seats, the seat history, who
    wrote an order sheet, who did what in the event log (a letter's sender, a join, a vote) or
    who rolled a phase back, and no mention of them in any text."""
    secret = {s.get("user_id") for s in data.get("seats", [])} | {h.get("user_id") for h in data.get("seat_history", [])}
    for event in data.get("events", []):
        payload = event.get("payload") or {}
        secret |= {payload.get(key) for key in HOLDER_KEYS}
        if event.get("kind") in ("joined", "left"):
            secret.add(event.get("actor_id"))
    secret = {user for user in secret if isinstance(user, int) and user != viewer_id}

    def hide(value: Any) -> Any:
        return None if value in secret else value

    def unmention(text: Any) -> Any:
        if not isinstance(text, str):
            return text
        return _MENTION.sub(lambda m: "a player" if int(m.group(1)) in secret else m.group(0), text)

    def scrubbed(payload: Any) -> Any:
        if isinstance(payload, dict):
            return {k: hide(v) if k in HOLDER_KEYS else scrubbed(v) for k, v in payload.items()}
        if isinstance(payload, list):
            return [scrubbed(v) for v in payload]
        return unmention(payload)

    return {
        **data,
        "seats": [{**seat, "user_id": hide(seat.get("user_id"))} for seat in data.get("seats", [])],
        "seat_history": [{**spell, "user_id": hide(spell.get("user_id"))} for spell in data.get("seat_history", [])],
        "events": [{**event, "actor_id": hide(event.get("actor_id")), "payload": scrubbed(event.get("payload"))}
                   for event in data.get("events", [])],
        "phases": [{**phase, "orders": {seat: ({**sheet, "by": hide(sheet.get("by"))} if isinstance(sheet, dict)
                                               else sheet) for seat, sheet in phase["orders"].items()}}
                   for phase in data.get("phases", [])],
        "rollbacks": [{**rollback, "actor_id": hide(rollback.get("actor_id")),
                       "report": unmention(rollback.get("report"))} for rollback in data.get("rollbacks", [])],
    }
