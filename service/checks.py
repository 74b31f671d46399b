"""Checks every service action shares: the game's status, and numbers a user typed."""
from __future__ import annotations

import math

from .errors import BadInput, BadState
from .models import GameInfo

MAX_PHASE_HOURS = 24 * 30

_STATUS_WORDS = {"forming": "has not started", "active": "is under way", "paused": "is paused",
                 "finished": "is over", "abandoned": "was abandoned"}


def require_status(game: GameInfo, status: str, action: str) -> None:
    """Refuse `action` unless the game is in `status`, saying what state it is in."""
    if game.status != status:
        wording = _STATUS_WORDS.get(game.status, f"is {game.status}")
        raise BadState(f"cannot {action} game #{game.id}: it {wording}")


def check_hours(hours: object, what: str = "hours") -> float:
    """A number of hours a user typed: finite, more than 0, at most 30 days."""
    try:
        value = float(hours)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise BadInput(f"{what} must be a number of hours, e.g. `48`") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_PHASE_HOURS:
        raise BadInput(f"{what} must be more than 0 and at most {MAX_PHASE_HOURS} (30 days)")
    return value
