"""Discord ids (snowflakes), checked in one place before any reaches the database.

A Discord id is a whole number from 1 to 2^63 - 1 (SQLite's largest integer): an id outside
that range, a negative one, 0, or one given as text or true/false is refused with `BadInput`
naming what it was for, instead of an `OverflowError` from the database. The `Actor` model and
every service entry point that takes a server, user or channel id call `check_id`.
"""
from __future__ import annotations

from .errors import BadInput, clip

SQLITE_MAX_INT = 2 ** 63 - 1


def check_id(value: object, what: str) -> int:
    """`value` as a Discord id, or BadInput saying it is not one (`what`: "the server id")."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a Discord id (a whole number), not `{clip(value, 24)}`")
    if not 1 <= value <= SQLITE_MAX_INT:
        raise BadInput(f"{what} `{clip(value, 24)}` is not a Discord id (ids run from 1 to 2^63 - 1)")
    return value


def check_optional_id(value: object, what: str) -> int | None:
    """Like `check_id`, with None allowed (no server: a direct message; no user: nobody)."""
    return None if value is None else check_id(value, what)
