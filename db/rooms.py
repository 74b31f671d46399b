"""The `rooms` rows: a game's alliance and press channels, with the seats that read them."""
from __future__ import annotations

import json
from typing import Sequence

from .sql import Repository, Row


class Rooms(Repository):
    async def of_game(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM rooms WHERE game_id=? ORDER BY id", (game_id,))

    async def add(self, game_id: int, kind: str, name: str, channel_id: int | None, seats: Sequence[str],
                  created_by: int | None, at: str) -> int:
        return await self.sql.insert(
            "INSERT INTO rooms (game_id, kind, name, channel_id, seats, created_by, created_at) "
            "VALUES (?,?,?,?,?,?,?) RETURNING id", (game_id, kind, name, channel_id, json.dumps(list(seats)),
                                                     created_by, at))
