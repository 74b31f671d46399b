"""Discord ids (snowflakes), checked in one place before any reaches the database.

A Discord id is a whole number from 1 to 2^63 - 1 (SQLite's largest integer): an id outside
that range, a negative one, 0, or one given as text or true/false is refused with `BadInput`
naming what it was for, instead of an `OverflowError` from the database. The `Actor` model calls
`check_id`; every public method of `GameService` (`checked_ids`) and every service function a
front end calls (`checks_ids`) checks its id parameters — a server, user or channel id, a game,
phase or message number (`ID_PARAMETERS`) — before its body runs, so a new entry point is checked
the day it is written (tests/hardening/test_service_ids.py calls them all with hostile ids).
"""
from __future__ import annotations

from .errors import BadInput, NotFound, clip

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


# ------------------------------------------------------------------ every entry point
# The parameters of the service's entry points that hold an id, and what each is called in a
# refusal: Discord ids (1 to 2^63 - 1) and the service's own numbers (a game, a phase, a queued
# message: 0 to 2^63 - 1).
ID_PARAMETERS = {"guild_id": "the server id", "user_id": "the user id", "channel_id": "the channel id",
                 "game_id": "game number", "phase_seq": "phase number", "seq": "phase number",
                 "phase_id": "phase", "message_id": "message number", "match_id": "match number",
                 "playoff_id": "playoff number"}
DISCORD_IDS = ("guild_id", "user_id", "channel_id")


def check_own_number(value: object, what: str) -> int:
    """A number naming a thing of the service's own — a game, a phase, a queued message — as a
    front end gives it (`12`, `"#12"`, `12.0`): a whole number from 0 to 2^63 - 1. Anything else
    is refused by name (BadInput); a number past SQLite's integers is one that names nothing
    (NotFound)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        try:
            value = int(value.strip().lstrip("#"))
        except ValueError:
            raise BadInput(f"{what} must be a whole number, not `{clip(value, 24)}`") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, not `{clip(value, 24)}`")
    if not 0 <= value <= SQLITE_MAX_INT:
        raise NotFound(f"there is no {what} {clip(value, 24)}")
    return value


def check_game_number(value: object) -> int:
    """A game's number as given (`12`, `"#12"`), or NotFound saying it is not one."""
    try:
        return check_own_number(value, "game number")
    except BadInput:
        raise NotFound(f"`{clip(value, 24)}` is not a game number") from None


def _checker(name: str):
    if name == "game_id":
        return check_game_number
    if name in DISCORD_IDS:
        return lambda value: check_id(value, ID_PARAMETERS[name])
    return lambda value: check_own_number(value, ID_PARAMETERS[name])


def checked_ids(cls: type) -> type:
    """Class decorator: every public coroutine method of `cls` (and its mixins) checks the ids
    it is given — parameters named in `ID_PARAMETERS` — before its body runs, so that no entry
    point can hand SQLite an integer it cannot hold or a value of the wrong kind. A parameter
    whose default is None may be None ("not given"). Methods handed a transaction (`tx`) run
    inside another entry point and are left as they are; so are those already checked (a
    facade's action delegating to a part's checked method)."""
    import inspect
    for name, method in inspect.getmembers(cls, inspect.iscoroutinefunction):
        if name.startswith("_") or getattr(method, "ids_checked", False):
            continue            # a facade's action hands its ids to a part that checks them
        checks = _checks_of(method)
        if checks is None:
            continue
        if checks:
            setattr(cls, name, _checking(method, checks))
    return cls


def checks_ids(function):
    """The same for a service entry point written as a function (`history_text(service,
    game_id, seq)`): its ids are checked before its body runs."""
    return _checking(function, _checks_of(function) or [])


def _checks_of(function) -> list | None:
    """(position, name, may be None, check) of each id parameter; None for a method handed a
    transaction (`tx`; it runs inside another entry point's transaction)."""
    import inspect
    parameters = list(inspect.signature(function).parameters.values())
    if any(p.name in ("conn", "tx") for p in parameters):
        return None
    return [(index, p.name, p.default is None or "None" in str(p.annotation), _checker(p.name))
            for index, p in enumerate(parameters) if p.name in ID_PARAMETERS]


def _checking(method, checks):
    import functools

    @functools.wraps(method)
    async def checked(*args, **kwargs):
        args = list(args)
        for index, name, optional, check in checks:
            if index < len(args):
                if not (optional and args[index] is None):
                    args[index] = check(args[index])
            elif name in kwargs and not (optional and kwargs[name] is None):
                kwargs[name] = check(kwargs[name])
        return await method(*args, **kwargs)
    checked.ids_checked = True
    return checked
