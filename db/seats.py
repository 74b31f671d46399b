"""The `seats` rows (who holds each seat, its standing) and `seat_history` (every holder since)."""
from __future__ import annotations

from typing import Sequence

from .sql import Repository, Row


class Seats(Repository):
    async def of_game(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM seats WHERE game_id=? ORDER BY position", (game_id,))

    async def of_games(self, game_ids: Sequence[int]) -> list[Row]:
        rows: list[Row] = []
        for start in range(0, len(game_ids), 500):
            chunk = list(game_ids[start:start + 500])
            rows += await self.sql.all(f"SELECT * FROM seats WHERE game_id IN ({','.join('?' * len(chunk))}) "
                                       f"ORDER BY game_id, position", chunk)
        return rows

    async def add(self, game_id: int, seat: str, position: int, user_id: int | None = None,
                  bot: str | None = None) -> None:
        await self.sql.run("INSERT INTO seats (game_id, seat, position, user_id, bot) VALUES (?,?,?,?,?)",
                           (game_id, seat, position, user_id, bot))

    async def taken(self, game_id: int, seat: str, user_id: int | None, at: str | None) -> None:
        """Before the start: a player joins (or is seated, or the seat is emptied); a person
        takes a bot's seat too."""
        await self.sql.run("UPDATE seats SET user_id=?, joined_at=?, bot=NULL WHERE game_id=? AND seat=?",
                           (user_id, at, game_id, seat))

    async def left(self, game_id: int, seat: str) -> None:
        await self.sql.run("UPDATE seats SET user_id=NULL, joined_at=NULL WHERE game_id=? AND seat=?", (game_id, seat))

    async def set_leaving(self, game_id: int, seat: str, leaving: bool) -> None:
        await self.sql.run("UPDATE seats SET leaving=? WHERE game_id=? AND seat=?", (int(leaving), game_id, seat))

    async def handed_over(self, game_id: int, seat: str, user_id: int, at: str) -> None:
        """A started game's seat to a new player: a clean slate (a bot's seat too)."""
        await self.sql.run("UPDATE seats SET user_id=?, joined_at=?, misses=0, civil_disorder=0, leaving=0, bot=NULL "
                           "WHERE game_id=? AND seat=?", (user_id, at, game_id, seat))

    async def set_bot(self, game_id: int, seat: str, level: str | None) -> None:
        await self.sql.run("UPDATE seats SET bot=? WHERE game_id=? AND seat=?", (level, game_id, seat))

    async def set_channel(self, game_id: int, seat: str, channel_id: int) -> None:
        await self.sql.run("UPDATE seats SET channel_id=? WHERE game_id=? AND seat=?", (channel_id, game_id, seat))

    async def set_misses(self, game_id: int, seat: str, misses: int) -> None:
        await self.sql.run("UPDATE seats SET misses=? WHERE game_id=? AND seat=?", (misses, game_id, seat))

    async def set_civil_disorder(self, game_id: int, seat: str, disorder: bool) -> None:
        await self.sql.run("UPDATE seats SET civil_disorder=? WHERE game_id=? AND seat=?", (int(disorder), game_id, seat))

    # ------------------------------------------------------------------ the history of holders
    async def history(self, game_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM seat_history WHERE game_id=? ORDER BY id", (game_id,))

    async def held(self, game_id: int, seat: str, user_id: int | None, from_seq: int | None, from_label: str | None,
                   at: str, how: str) -> None:
        await self.sql.run("INSERT INTO seat_history (game_id, seat, user_id, from_seq, from_label, at, how) "
                           "VALUES (?,?,?,?,?,?,?)", (game_id, seat, user_id, from_seq, from_label, at, how))
