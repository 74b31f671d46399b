"""The `orders` rows (each seat's sheet in a phase) and `bot_sheets` (the bot's, with reasons)."""
from __future__ import annotations

import json
from typing import Sequence

from .sql import Repository, Row


class Orders(Repository):
    async def sheet(self, phase_id: int, seat: str) -> Row | None:
        return await self.sql.one("SELECT * FROM orders WHERE phase_id=? AND seat=?", (phase_id, seat))

    async def sheets(self, phase_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM orders WHERE phase_id=?", (phase_id,))

    async def adjudicated_of_game(self, game_id: int) -> list[Row]:
        """(phase_id, seat, lines) of every adjudicated phase of the game (those orders are public)."""
        return await self.sql.all("SELECT o.phase_id, o.seat, o.lines FROM orders o JOIN phases p ON p.id = o.phase_id "
                                  "WHERE p.game_id=? AND p.adjudicated_at IS NOT NULL", (game_id,))

    async def save(self, phase_id: int, seat: str, lines: Sequence[str], ready: bool, by: int | None,
                   at: str | None) -> None:
        await self.sql.run(
            "INSERT INTO orders (phase_id, seat, lines, ready, submitted_by, submitted_at) "
            "VALUES (?,?,?,?,?,?) ON CONFLICT (phase_id, seat) DO UPDATE SET lines=excluded.lines, "
            "ready=excluded.ready, submitted_by=excluded.submitted_by, submitted_at=excluded.submitted_at",
            (phase_id, seat, json.dumps(list(lines)), int(ready), by, at))

    async def none_ready(self, phase_id: int) -> None:
        await self.sql.run("UPDATE orders SET ready=0 WHERE phase_id=?", (phase_id,))

    async def delete_phase(self, phase_id: int) -> None:
        await self.sql.run("DELETE FROM orders WHERE phase_id=?", (phase_id,))


class BotSheets(Repository):
    async def save(self, phase_id: int, seat: str, level: str, pairs: list, at: str) -> None:
        await self.sql.run("INSERT INTO bot_sheets (phase_id, seat, level, orders, at) VALUES (?,?,?,?,?) "
                           "ON CONFLICT (phase_id, seat) DO UPDATE SET level=excluded.level, orders=excluded.orders, "
                           "at=excluded.at", (phase_id, seat, level, json.dumps(pairs), at))

    async def seats(self, phase_id: int) -> set[str]:
        return {row["seat"] for row in await self.sql.all("SELECT seat FROM bot_sheets WHERE phase_id=?", (phase_id,))}

    async def with_sheets(self, phase_id: int) -> list[Row]:
        """(seat, level, orders, lines): the bot's sheets of the phase beside the sheets saved."""
        return await self.sql.all("SELECT b.seat, b.level, b.orders, o.lines FROM bot_sheets b LEFT JOIN orders o "
                                  "ON o.phase_id=b.phase_id AND o.seat=b.seat WHERE b.phase_id=?", (phase_id,))

    async def played(self, game_id: int, seat: str, since_seq: int) -> list[Row]:
        """(label, orders) of the adjudicated phases from `since_seq` on in which the bot played `seat`."""
        return await self.sql.all("SELECT p.label, b.orders FROM bot_sheets b JOIN phases p ON p.id=b.phase_id "
                                  "WHERE p.game_id=? AND b.seat=? AND p.seq>=? AND p.adjudicated_at IS NOT NULL "
                                  "ORDER BY p.seq", (game_id, seat, since_seq))

    async def delete_phase(self, phase_id: int) -> None:
        await self.sql.run("DELETE FROM bot_sheets WHERE phase_id=?", (phase_id,))
