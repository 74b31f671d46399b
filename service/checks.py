"""Checks every service action shares: the game's status, and numbers a user typed."""
from __future__ import annotations

import math
import re

from .errors import BadInput, BadState, NotFound
from .models import GameInfo

MAX_PHASE_HOURS = 24 * 30
MAX_NAME = 60               # characters of a game's name

_STATUS_WORDS = {"forming": "has not started", "active": "is under way", "paused": "is paused",
                 "finished": "is over", "abandoned": "was abandoned"}


def require_status(game: GameInfo, status: str | tuple[str, ...], action: str) -> None:
    """Refuse `action` unless the game is in `status` (or one of them), saying what state it is in."""
    if game.status not in ((status,) if isinstance(status, str) else status):
        wording = _STATUS_WORDS.get(game.status, f"is {game.status}")
        raise BadState(f"cannot {action} game #{game.id}: it {wording}")


MAX_REMINDERS = 5


def check_reminder_hours(values: list[object], too_many: str) -> list[float]:
    """Reminder lead times a user typed: at most five, each a number of hours; latest first."""
    if len(values) > MAX_REMINDERS:
        raise BadInput(too_many)
    return sorted({check_hours(h, "each reminder time") for h in values}, reverse=True)


def check_hours(hours: object, what: str = "hours") -> float:
    """A number of hours a user typed: finite, more than 0, at most 30 days."""
    try:
        value = float(hours)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise BadInput(f"{what} must be a number of hours, e.g. `48`") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_PHASE_HOURS:
        raise BadInput(f"{what} must be more than 0 and at most {MAX_PHASE_HOURS} (30 days)")
    return value


SQLITE_MAX_INT = 2 ** 63 - 1
SHOWN = 40          # characters of a user's input quoted back in an error


def printable(text: str) -> str:
    """Text any terminal and Discord can show (lone surrogates replaced)."""
    return text.encode("utf-8", "replace").decode("utf-8")


def clip(text: object, limit: int = SHOWN) -> str:
    """User input quoted in a message: at most `limit` characters, no line breaks."""
    shown = str(text).replace("\n", " ").replace("`", "'")
    shown = printable(shown)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def check_number(value: object, what: str) -> int:
    """A whole number a user typed that names a thing (a game, a phase): 0 to 2^63 - 1."""
    if isinstance(value, bool):
        raise BadInput(f"{what} must be a whole number, not `{clip(value)}`")
    try:
        number = int(str(value).strip().lstrip("#")) if not isinstance(value, int) else value
    except (TypeError, ValueError):
        raise BadInput(f"{what} must be a whole number, not `{clip(value)}`") from None
    if not 0 <= number <= SQLITE_MAX_INT:
        raise NotFound(f"there is no {what} {clip(number, 24)}")
    return number


_QUOTED = re.compile(r"`([^`]*)`")
MESSAGE_MAX = 600


def tidy_error(text: str) -> str:
    """An error as shown to a user: quoted input clipped, the whole at most `MESSAGE_MAX`
    characters, and nothing a terminal or Discord cannot print (lone surrogates)."""
    text = _QUOTED.sub(lambda m: f"`{clip(m.group(1), 60)}`" if len(m.group(1)) > 60 else m.group(0), str(text))
    text = printable(text)
    return text if len(text) <= MESSAGE_MAX else text[: MESSAGE_MAX - 1] + "…"
