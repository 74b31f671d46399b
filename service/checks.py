"""Checks every service action shares: the game's status, and numbers a user typed."""
from __future__ import annotations

import math

from .errors import SHOWN, BadInput, BadState, NotFound, clip, printable, tidy_error  # noqa: F401 - used from here
from .ids import SQLITE_MAX_INT, check_id, check_optional_id  # noqa: F401 - the one id check
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


MAX_ORDER_LINES = 200       # orders in one submission
MAX_ORDER_LENGTH = 300      # characters of one order line
MAX_SHEET = MAX_ORDER_LINES * (MAX_ORDER_LENGTH + 2)    # characters of a whole submission


def order_lines(text: str | None) -> list[str]:
    """The order lines of a submission, bounded before anything parses them: at most
    `MAX_SHEET` characters in all (checked before the text is even split), `MAX_ORDER_LINES`
    lines, each at most `MAX_ORDER_LENGTH` characters; the refusal names the first line too long."""
    text = text or ""
    if len(text) > MAX_SHEET:
        raise BadInput(f"that is {len(text):,} characters of orders; a submission has at most {MAX_ORDER_LINES} "
                       f"orders of at most {MAX_ORDER_LENGTH} characters each")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise BadInput("no orders given: write one order per line")
    if len(lines) > MAX_ORDER_LINES:
        raise BadInput(f"{len(lines)} orders at once; at most {MAX_ORDER_LINES}: send the rest separately")
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_ORDER_LENGTH:
            raise BadInput(f"order {number} (`{clip(line)}`) is {len(line):,} characters long; an order has at most "
                           f"{MAX_ORDER_LENGTH}")
    return lines


def clean_text(text: str, limit: int) -> str:
    """Free text a user gives (a game's name), as stored: nothing that cannot be stored or
    shown (lone surrogates become `?`), no control characters, spaces collapsed, at most `limit`
    characters."""
    text = printable(str(text)[: limit * 4]).replace("\ufffd", "?")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(text.split())[:limit].strip()
