"""Reading a game's record as the front ends show it: the game, a phase, the games of a server
or a player, the game a channel belongs to, and the export as a viewer may see it."""
from __future__ import annotations

from typing import Any

from .checks import check_id
from .errors import BadState
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo
from .store import Store
from .visibility import redact_export


@checked_ids
class Records:
    """The games and phases as stored, read without changing anything."""

    def __init__(self, store: Store):
        self.store = store

    async def game(self, game_id: int) -> GameInfo:
        return await self.store.game(game_id)

    async def phase(self, game_id: int, seq: int | None = None) -> PhaseInfo:
        game = await self.store.game(game_id)
        if seq is None:
            if game.current_phase is None:
                raise BadState(f"game #{game_id} has not started yet")
            return await self.store.phase_by_id(game.current_phase)
        return await self.store.phase_by_seq(game_id, seq)

    async def list_games(self, guild_id: int, include_over: bool = False) -> list[GameInfo]:
        return await self.store.games_in_guild(check_id(guild_id, "the server id"), include_over)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        """Running or forming games in which `user_id` holds a seat, on any server."""
        return await self.store.games_of_user(check_id(user_id, "the user id"))

    async def game_for_channel(self, channel_id: int) -> tuple[GameInfo, str | None] | None:
        """The game a channel belongs to, and the seat if it is a seat's private channel."""
        return await self.store.game_for_channel(check_id(channel_id, "the channel id"))

    async def export(self, game_id: int, viewer: Actor | None = None, stored_states: bool = False) -> dict[str, Any]:
        """The game as JSON-ready data, as `viewer` may see it (see `visibility`): the whole
        record with the seed once the game is over; before, nothing that is still secret. With
        `stored_states` the phases' states are left undecoded (`StoredState`) for `pack_export`."""
        game = await self.store.game(game_id)
        return redact_export(game, await self.store.export(game_id, stored_states), viewer.user_id if viewer else None)
