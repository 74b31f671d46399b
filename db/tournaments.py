"""The tournaments' rows (migration 0015): each tournament's rules, its players in registration
order with their preference lists, each seeded round as the seeding left it, and each board's
game. A board's points are read from its game's recorded result (migration 0012)."""
from __future__ import annotations

import json
from typing import Any

from .sql import Repository, Row


class Tournaments(Repository):
    async def create(self, guild_id: int, name: str, shape: str, variant: str, rounds: int, scoring: str,
                     hours: float | None, fill: str, counted: int | None, channel_id: int | None, by: int,
                     at: str) -> int:
        return await self.sql.insert(
            "INSERT INTO tournaments (guild_id, name, shape, variant, rounds, scoring, hours, fill, counted, "
            "channel_id, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, name, shape, variant, rounds, scoring, hours, fill, counted, channel_id, by, at))

    async def named(self, guild_id: int, lower_name: str) -> Row | None:
        return await self.sql.one("SELECT * FROM tournaments WHERE guild_id=? AND lower(name)=?",
                                  (guild_id, lower_name))

    async def get(self, tournament_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM tournaments WHERE id=?", (tournament_id,))

    async def of_guild(self, guild_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM tournaments WHERE guild_id=? ORDER BY id", (guild_id,))

    # ------------------------------------------------------------------ players
    async def players(self, tournament_id: int) -> list[Row]:
        """Every player in registration order, those who left included."""
        return await self.sql.all("SELECT user_id, position, registered_at, left_at, prefs FROM tournament_players "
                                  "WHERE tournament_id=? ORDER BY position", (tournament_id,))

    async def player(self, tournament_id: int, user_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM tournament_players WHERE tournament_id=? AND user_id=?",
                                  (tournament_id, user_id))

    async def register(self, tournament_id: int, user_id: int, at: str) -> None:
        """A new player at the end of the order, or one who left back in (keeping their place)."""
        found = await self.player(tournament_id, user_id)
        if found is not None:
            await self.sql.run("UPDATE tournament_players SET left_at=NULL WHERE tournament_id=? AND user_id=?",
                               (tournament_id, user_id))
            return
        position = await self.sql.value("SELECT MAX(position) FROM tournament_players WHERE tournament_id=?",
                                        (tournament_id,), 0)
        await self.sql.run("INSERT INTO tournament_players (tournament_id, user_id, position, registered_at) "
                           "VALUES (?,?,?,?) ON CONFLICT (tournament_id, user_id) DO NOTHING",
                           (tournament_id, user_id, int(position) + 1, at))

    async def leave(self, tournament_id: int, user_id: int, at: str) -> None:
        await self.sql.run("UPDATE tournament_players SET left_at=? WHERE tournament_id=? AND user_id=?",
                           (at, tournament_id, user_id))

    async def set_prefs(self, tournament_id: int, user_id: int, letters: str | None) -> None:
        await self.sql.run("UPDATE tournament_players SET prefs=? WHERE tournament_id=? AND user_id=?",
                           (letters, tournament_id, user_id))

    # ------------------------------------------------------------------ rounds and boards
    async def rounds(self, tournament_id: int) -> list[Row]:
        return await self.sql.all("SELECT number, seeded, top, seeded_by, seeded_at FROM tournament_rounds "
                                  "WHERE tournament_id=? ORDER BY number", (tournament_id,))

    async def add_round(self, tournament_id: int, number: int, seeded: Any, top: bool, by: int, at: str) -> None:
        await self.sql.run("INSERT INTO tournament_rounds (tournament_id, number, seeded, top, seeded_by, seeded_at) "
                           "VALUES (?,?,?,?,?,?)", (tournament_id, number, json.dumps(seeded), int(top), by, at))

    async def add_board(self, tournament_id: int, round_number: int, board: int, game_id: int) -> None:
        await self.sql.run("INSERT INTO tournament_boards (tournament_id, round, board, game_id) VALUES (?,?,?,?)",
                           (tournament_id, round_number, board, game_id))

    async def boards(self, tournament_id: int) -> list[Row]:
        """Every board with its game's status (NULL: the game was deleted) and whether its result
        is recorded, by round and board."""
        return await self.sql.all(
            "SELECT b.round, b.board, b.game_id, g.status, g.name, (r.game_id IS NOT NULL) AS recorded "
            "FROM tournament_boards b LEFT JOIN games g ON g.id = b.game_id "
            "LEFT JOIN game_results r ON r.game_id = b.game_id WHERE b.tournament_id=? ORDER BY b.round, b.board",
            (tournament_id,))

    async def drop_board_game(self, game_id: int) -> None:
        """A deleted game leaves its board without one (the seating stays: who met whom)."""
        await self.sql.run("UPDATE tournament_boards SET game_id=NULL WHERE game_id=?", (game_id,))

    async def board_of_game(self, game_id: int) -> Row | None:
        """(tournament_id, round, board) of the board a game is, or None."""
        return await self.sql.one("SELECT tournament_id, round, board FROM tournament_boards WHERE game_id=?",
                                  (game_id,))

    async def results(self, tournament_id: int) -> list[Row]:
        """The recorded results of the tournament's boards (every column of `game_results`, with
        the board's round and number and the game's options), by round and board."""
        return await self.sql.all(
            "SELECT r.*, b.round, b.board, g.options FROM tournament_boards b JOIN game_results r "
            "ON r.game_id = b.game_id JOIN games g ON g.id = r.game_id WHERE b.tournament_id=? "
            "ORDER BY b.round, b.board", (tournament_id,))

    async def result_parts(self, tournament_id: int) -> tuple[list[Row], list[Row], list[Row]]:
        """(powers, seats, holders) rows of the tournament's recorded boards."""
        out = []
        for table, order in (("result_powers", "t.game_id"), ("result_seats", "t.game_id"),
                             ("result_holders", "t.game_id, t.seat, t.position")):
            out.append(await self.sql.all(
                f"SELECT t.* FROM {table} t JOIN tournament_boards b ON b.game_id = t.game_id "
                f"WHERE b.tournament_id=? ORDER BY {order}", (tournament_id,)))
        return out[0], out[1], out[2]
