"""The games offered while a player types a game number (Discord autocomplete of `game_id`).

Discord asks on every keystroke, so this reads at most a few dozen rows through indexes
(migration 0010), however many games the server has had: only games the player can still pick
(forming, running or paused), at most 25 (Discord's limit), of this server only. What was typed
matches a game by its number (`12` offers #12, then #120-#129, #1200-#1299 …; a leading `#` is
allowed), by the start of its name (letters in either case), and otherwise by a part of the name
among the server's newest `NAME_WINDOW` open games.
"""
from __future__ import annotations

from .games import GameService
from .ids import check_id, checks_ids
from .models import GameInfo

LIMIT = 25                   # Discord offers at most 25 autocomplete choices
NAME_WINDOW = 500            # games searched for a part of a name (a bounded read, newest first)
MAX_DIGITS = 18              # longer numbers are no game number (SQLite integers are 64-bit)


def choice_label(game_id: int, name: str, status: str) -> str:
    """How a game reads in the list: number, name, status (Discord cuts names at 100)."""
    return f"#{game_id} {name} ({status})"[:100]


@checks_ids
async def game_choices(service: GameService, guild_id: int, typed: str) -> list[tuple[str, int]]:
    """(label, game number) of at most 25 open games of server `guild_id` matching `typed`:
    the newest first when nothing is typed; else by number, then by name. Never raises on what
    was typed."""
    store = service.store
    guild_id = check_id(guild_id, "the server id")
    text = (typed or "").strip().lstrip("#").strip()
    found: dict[int, tuple[str, str]] = {}

    def add(rows: list[tuple[int, str, str]]) -> None:
        for game_id, name, status in rows:
            if len(found) < LIMIT:
                found.setdefault(game_id, (name, status))

    if not text:
        add(await store.newest_open_games(guild_id, LIMIT))
    else:
        if text.isdigit() and text.isascii() and len(text) <= MAX_DIGITS:
            number, top = int(text), await store.max_game_id()
            low, high = number, number
            while low <= top and len(found) < LIMIT:      # #12, then #120-#129, #1200-#1299 …
                add(await store.open_games_by_id(guild_id, low, min(high, top), LIMIT - len(found)))
                low, high = low * 10, high * 10 + 9
                if number == 0:
                    break                                 # no game is numbered 0, 00 …
        if len(found) < LIMIT:
            add(await store.open_games_named(guild_id, text, LIMIT - len(found)))
        if len(found) < LIMIT:
            lowered = text.lower()
            add([row for row in await store.newest_open_games(guild_id, NAME_WINDOW)
                 if lowered in row[1].lower()])
    return [(choice_label(game_id, name, status), game_id) for game_id, (name, status) in found.items()]


@checks_ids
async def own_open_games(service: GameService, guild_id: int, user_id: int) -> list[GameInfo]:
    """The open games of server `guild_id` that `user_id` plays in or created: what a command
    given no game number may mean (never every game of the server)."""
    return await service.store.open_games_of_user_in_guild(check_id(guild_id, "the server id"),
                                                           check_id(user_id, "the user id"))
