"""The `events` log (append-only while a game runs) and `rollbacks` (undone adjudications, whole)."""
from __future__ import annotations

import json
from typing import Any

from .sql import Repository, Row


class Events(Repository):
    async def log(self, game_id: int, phase_id: int | None, at: str, actor_id: int | None, kind: str,
                  payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        await self.sql.run("INSERT INTO events (game_id, phase_id, at, actor_id, kind, payload) VALUES (?,?,?,?,?,?)",
                           (game_id, phase_id, at, actor_id, kind, text))

    async def of_game(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM events WHERE game_id=? ORDER BY id", (game_id,))

    async def with_labels(self, game_id: int) -> list[Row]:
        """(kind, payload, label of its phase) of every event, oldest first."""
        return await self.sql.all("SELECT e.kind, e.payload, p.label FROM events e LEFT JOIN phases p "
                                  "ON p.id = e.phase_id WHERE e.game_id=? ORDER BY e.id", (game_id,))

    async def of_kind_with_seq(self, game_id: int, kind: str) -> list[Row]:
        """(payload, seq of its phase) of the game's events of `kind`."""
        return await self.sql.all("SELECT e.payload, p.seq FROM events e JOIN phases p ON p.id=e.phase_id "
                                  "WHERE e.game_id=? AND e.kind=? ORDER BY e.id", (game_id, kind))

    async def any_of(self, game_id: int, kind: str) -> bool:
        return await self.sql.one("SELECT 1 FROM events WHERE game_id=? AND kind=? LIMIT 1", (game_id, kind)) is not None

    # ------------------------------------------------------------------ rollbacks
    async def rollbacks(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM rollbacks WHERE game_id=? ORDER BY id", (game_id,))

    async def rolled_back(self, game_id: int, at: str, actor_id: int | None, reopened_seq: int, reopened_label: str,
                          report: str | None, undone: list | str) -> None:
        await self.sql.run("INSERT INTO rollbacks (game_id, at, actor_id, reopened_seq, reopened_label, report, undone) "
                           "VALUES (?,?,?,?,?,?,?)", (game_id, at, actor_id, reopened_seq, reopened_label, report,
                                                      undone if isinstance(undone, str) else json.dumps(undone)))
