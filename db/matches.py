"""The rows of A&A league mode (migration 0014): matches, their two games, and playoffs.

JSON is kept as text and read by the service; every statement runs unchanged on SQLite and
PostgreSQL (`RETURNING id`, no rowid)."""
from __future__ import annotations

import json
from typing import Any

from .sql import Repository, Row

OPEN = "('bidding', 'playing')"


class Matches(Repository):
    # ------------------------------------------------------------------ matches
    async def create(self, guild_id: int, channel_id: int | None, creator_id: int, players: tuple[int, int],
                     variant: str, options: dict[str, Any], phase_hours: float | None, bids: dict[str, Any],
                     at: str, playoff: tuple[int, int, int] | None = None, league: str | None = None) -> int:
        """A new match in bidding; `playoff`: (playoff id, round, slot) for a playoff's match;
        `league`: the league its games count in."""
        playoff_id, round_, slot = playoff or (None, None, None)
        return await self.sql.insert(
            "INSERT INTO matches (guild_id, channel_id, creator_id, player_a, player_b, variant, options, "
            "phase_hours, bids, playoff_id, playoff_round, playoff_slot, league, created_at) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, channel_id, creator_id, players[0], players[1], variant, json.dumps(options), phase_hours,
             json.dumps(bids), playoff_id, round_, slot, league, at))

    async def get(self, match_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM matches WHERE id=?", (match_id,))

    async def games(self, match_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM match_games WHERE match_id=? ORDER BY number", (match_id,))

    async def of_game(self, game_id: int) -> Row | None:
        """The match game row of a game (None: the game is no match's)."""
        return await self.sql.one("SELECT * FROM match_games WHERE game_id=?", (game_id,))

    async def open_of_player(self, guild_id: int, user_id: int) -> list[Row]:
        """The player's matches in this server that are not over, oldest first."""
        return await self.sql.all(f"SELECT * FROM matches WHERE guild_id=? AND status IN {OPEN} "
                                  f"AND (player_a=? OR player_b=?) ORDER BY id", (guild_id, user_id, user_id))

    async def of_playoff(self, playoff_id: int) -> list[Row]:
        return await self.sql.all("SELECT * FROM matches WHERE playoff_id=? ORDER BY playoff_round, playoff_slot",
                                  (playoff_id,))

    async def set_bids(self, match_id: int, bids: dict[str, Any]) -> None:
        await self.sql.run("UPDATE matches SET bids=? WHERE id=?", (json.dumps(bids), match_id))

    async def resolved(self, match_id: int, bids: dict[str, Any], outcome: dict[str, Any]) -> None:
        """Both bids in: who plays which side and the bid; the match is being played."""
        await self.sql.run("UPDATE matches SET bids=?, outcome=?, status='playing' WHERE id=?",
                           (json.dumps(bids), json.dumps(outcome), match_id))

    async def finished(self, match_id: int, result: dict[str, Any], at: str) -> None:
        await self.sql.run("UPDATE matches SET status='over', result=?, ended_at=? WHERE id=?",
                           (json.dumps(result), at, match_id))

    # ------------------------------------------------------------------ a match's games
    async def add_game(self, match_id: int, number: int, game_id: int) -> None:
        await self.sql.run("INSERT INTO match_games (match_id, number, game_id) VALUES (?,?,?)",
                           (match_id, number, game_id))

    async def set_placement(self, match_id: int, number: int, placement: dict[str, Any] | None) -> None:
        await self.sql.run("UPDATE match_games SET placement=? WHERE match_id=? AND number=?",
                           (json.dumps(placement) if placement is not None else None, match_id, number))

    async def set_ready(self, match_id: int, number: int, ready: list[int]) -> None:
        await self.sql.run("UPDATE match_games SET ready=? WHERE match_id=? AND number=?",
                           (json.dumps(sorted(ready)), match_id, number))

    async def game_ended(self, match_id: int, number: int, winner: str | None, rounds: int | None) -> None:
        await self.sql.run("UPDATE match_games SET ended=1, winner=?, rounds=? WHERE match_id=? AND number=?",
                           (winner, rounds, match_id, number))

    # ------------------------------------------------------------------ playoffs
    async def create_playoff(self, guild_id: int, channel_id: int | None, organiser_id: int, league: str | None,
                             variant: str, options: dict[str, Any], phase_hours: float | None,
                             bracket: dict[str, Any], at: str) -> int:
        return await self.sql.insert(
            "INSERT INTO playoffs (guild_id, channel_id, organiser_id, league, variant, options, phase_hours, "
            "bracket, created_at) VALUES (?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, channel_id, organiser_id, league, variant, json.dumps(options), phase_hours,
             json.dumps(bracket), at))

    async def playoff(self, playoff_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM playoffs WHERE id=?", (playoff_id,))

    async def newest_playoff(self, guild_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM playoffs WHERE guild_id=? ORDER BY id DESC LIMIT 1", (guild_id,))

    async def set_bracket(self, playoff_id: int, bracket: dict[str, Any], over_at: str | None = None) -> None:
        await self.sql.run("UPDATE playoffs SET bracket=?, status=?, ended_at=? WHERE id=?",
                           (json.dumps(bracket), "over" if over_at else "playing", over_at, playoff_id))
