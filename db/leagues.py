"""The leagues' rows (migration 0015): a server's organiser role, each league's rules, its members
in join order, the games created for it, and its table frozen at the close. A league's points
are read from the recorded results of its games (`game_results`, `result_seats`,
`result_holders`, `result_powers`: migration 0012), joined here so one statement reads a season."""
from __future__ import annotations

import json
from typing import Any, Sequence

from .sql import Repository, Row


class Leagues(Repository):
    # ------------------------------------------------------------------ the server's organisers
    async def organiser_role(self, guild_id: int) -> int | None:
        return await self.sql.value("SELECT role_id FROM organiser_roles WHERE guild_id=?", (guild_id,))

    async def set_organiser_role(self, guild_id: int, role_id: int | None, by: int, at: str) -> None:
        if role_id is None:
            await self.sql.run("DELETE FROM organiser_roles WHERE guild_id=?", (guild_id,))
            return
        await self.sql.run("INSERT INTO organiser_roles (guild_id, role_id, set_by, set_at) VALUES (?,?,?,?) "
                           "ON CONFLICT (guild_id) DO UPDATE SET role_id=excluded.role_id, set_by=excluded.set_by, "
                           "set_at=excluded.set_at", (guild_id, role_id, by, at))

    # ------------------------------------------------------------------ leagues
    async def create(self, guild_id: int, name: str, scoring: str, variants: Sequence[str], ends_on: str | None,
                     rank_by: str, best: int | None, min_games: int, abandoned: str, channel_id: int | None,
                     by: int, at: str) -> int:
        return await self.sql.insert(
            "INSERT INTO leagues (guild_id, name, scoring, variants, ends_on, rank_by, best, min_games, abandoned, "
            "channel_id, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, name, scoring, json.dumps(list(variants)), ends_on, rank_by, best, min_games, abandoned,
             channel_id, by, at))

    async def named(self, guild_id: int, lower_name: str) -> Row | None:
        """The server's league of that name, whatever its case (`lower_name` in lower case)."""
        return await self.sql.one("SELECT * FROM leagues WHERE guild_id=? AND lower(name)=?", (guild_id, lower_name))

    async def get(self, league_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM leagues WHERE id=?", (league_id,))

    async def of_guild(self, guild_id: int, open_only: bool = False) -> list[Row]:
        where = " AND closed_at IS NULL" if open_only else ""
        return await self.sql.all(f"SELECT * FROM leagues WHERE guild_id=?{where} ORDER BY id", (guild_id,))

    async def close(self, league_id: int, by: int, at: str, frozen: Any) -> None:
        await self.sql.run("UPDATE leagues SET closed_at=?, closed_by=?, frozen=? WHERE id=?",
                           (at, by, json.dumps(frozen), league_id))

    # ------------------------------------------------------------------ members
    async def members(self, league_id: int) -> list[Row]:
        """Every member in join order, those who left included."""
        return await self.sql.all("SELECT user_id, position, joined_at, how, left_at FROM league_members "
                                  "WHERE league_id=? ORDER BY position", (league_id,))

    async def member(self, league_id: int, user_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM league_members WHERE league_id=? AND user_id=?", (league_id, user_id))

    async def join(self, league_id: int, user_id: int, how: str, at: str) -> bool:
        """A new member at the end of the join order, or one who left back in (keeping their
        place); False when they are a member already."""
        found = await self.member(league_id, user_id)
        if found is not None:
            if found["left_at"] is None:
                return False
            await self.sql.run("UPDATE league_members SET left_at=NULL WHERE league_id=? AND user_id=?",
                               (league_id, user_id))
            return True
        position = await self.sql.value("SELECT MAX(position) FROM league_members WHERE league_id=?", (league_id,), 0)
        await self.sql.run("INSERT INTO league_members (league_id, user_id, position, joined_at, how) "
                           "VALUES (?,?,?,?,?) ON CONFLICT (league_id, user_id) DO NOTHING",
                           (league_id, user_id, int(position) + 1, at, how))
        return True

    async def leave(self, league_id: int, user_id: int, at: str) -> None:
        await self.sql.run("UPDATE league_members SET left_at=? WHERE league_id=? AND user_id=?",
                           (at, league_id, user_id))

    # ------------------------------------------------------------------ games
    async def add_game(self, league_id: int, game_id: int, at: str) -> None:
        await self.sql.run("INSERT INTO league_games (game_id, league_id, added_at) VALUES (?,?,?) "
                           "ON CONFLICT (game_id) DO UPDATE SET league_id=excluded.league_id", (game_id, league_id, at))

    async def remove_game(self, game_id: int) -> None:
        await self.sql.run("DELETE FROM league_games WHERE game_id=?", (game_id,))

    async def league_of_game(self, game_id: int) -> Row | None:
        """The league a game was created for (its row), or None."""
        return await self.sql.one("SELECT l.* FROM league_games lg JOIN leagues l ON l.id = lg.league_id "
                                  "WHERE lg.game_id=?", (game_id,))

    async def newest_game(self, league_id: int) -> int | None:
        """The league's newest game still on record (a message about the league needs one)."""
        return await self.sql.value("SELECT MAX(game_id) FROM league_games WHERE league_id=?", (league_id,))

    async def game_counts(self, league_id: int) -> tuple[int, int]:
        """(games created for the league, those of them recorded as over)."""
        row = await self.sql.one("SELECT COUNT(*) AS made, COUNT(r.game_id) AS over FROM league_games lg "
                                 "LEFT JOIN game_results r ON r.game_id = lg.game_id WHERE lg.league_id=?",
                                 (league_id,))
        return int(row["made"]), int(row["over"])

    # ------------------------------------------------------------------ the season's results, read at once
    async def results(self, league_id: int) -> list[Row]:
        """The recorded results of the league's games (every column of `game_results`, with the
        game's name and options), in finishing order."""
        return await self.sql.all(
            "SELECT r.*, g.name, g.options FROM league_games lg JOIN game_results r ON r.game_id = lg.game_id "
            "JOIN games g ON g.id = r.game_id WHERE lg.league_id=? ORDER BY r.finished_at, r.game_id", (league_id,))

    async def result_parts(self, league_id: int) -> tuple[list[Row], list[Row], list[Row]]:
        """(powers, seats, holders) rows of the league's recorded games."""
        out = []
        for table, order in (("result_powers", "t.game_id"), ("result_seats", "t.game_id"),
                             ("result_holders", "t.game_id, t.seat, t.position")):
            out.append(await self.sql.all(
                f"SELECT t.* FROM {table} t JOIN league_games lg ON lg.game_id = t.game_id WHERE lg.league_id=? "
                f"ORDER BY {order}", (league_id,)))
        return out[0], out[1], out[2]
