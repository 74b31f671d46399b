"""The `games` rows: a game's settings, status, current phase and channels."""
from __future__ import annotations

import json
from typing import Any, Iterable

from .sql import Repository, Row

OPEN = "status IN ('forming', 'active', 'paused')"      # the very words of the open-games indexes' WHERE
OVER = "status IN ('finished', 'abandoned')"
# The columns `/gm policy` sets (a GM's words never name a column).
POLICY_COLUMNS = ("pause_cap_hours", "excused_misses", "miss_extension_hours", "deadline_time", "time_zone",
                  "absent_policy")


# The seat columns a game's own record carries (`with_seats`), named apart from the game's (both
# tables have `channel_id`).
SEAT_COLUMNS = ("seat", "user_id", "channel_id", "misses", "civil_disorder", "leaving", "bot")
WITH_SEATS = ("SELECT g.*, " + ", ".join(f"s.{c} AS seat_{c}" for c in SEAT_COLUMNS)
               + " FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id=? ORDER BY s.position")

# Each part through its partial index on the channel (migrations 0002, 0007).
CHANNEL_OWNER = ("SELECT game_id, seat FROM (SELECT game_id, seat, 1 AS rank FROM seats WHERE channel_id=? "
                 "UNION ALL SELECT game_id, NULL, 2 FROM rooms WHERE channel_id=? "
                 "UNION ALL SELECT id, NULL, 3 FROM games WHERE channel_id=? "
                 "UNION ALL SELECT id, NULL, 4 FROM games WHERE category_id=?) AS owner ORDER BY rank LIMIT 1")


class Games(Repository):
    async def get(self, game_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM games WHERE id=?", (game_id,))

    async def with_seats(self, game_id: int) -> tuple[Row | None, list[dict[str, Any]]]:
        """The game's row and its seats in order, in one statement (a lookup's one round trip;
        the seats are those of the very row, never of a later commit): (None, []) if no game."""
        rows = await self.sql.all(WITH_SEATS, (game_id,))
        if not rows:
            return None, []
        return rows[0], [{c: row[f"seat_{c}"] for c in SEAT_COLUMNS} for row in rows if row["seat_seat"] is not None]

    async def in_guild(self, guild_id: int, include_over: bool) -> list[Row]:
        where = "guild_id=?" + ("" if include_over else f" AND NOT {OVER}")
        return await self.sql.all(f"SELECT * FROM games WHERE {where} ORDER BY id", (guild_id,))

    async def of_user(self, user_id: int) -> list[Row]:
        return await self.sql.all(f"SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id=?) "
                                  f"AND {OPEN} ORDER BY id", (user_id,))

    # The games a player can still pick in a server, as the game autocomplete reads them on every
    # keystroke: through the partial indexes of migrations 0010 and 0013, at most `limit` rows each.
    async def open_by_id(self, guild_id: int, low: int, high: int, limit: int) -> list[Row]:
        return await self.sql.all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {OPEN} "
                                  f"AND id BETWEEN ? AND ? ORDER BY id LIMIT ?", (guild_id, low, high, limit))

    async def newest_open(self, guild_id: int, limit: int) -> list[Row]:
        return await self.sql.all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {OPEN} "
                                  f"ORDER BY id DESC LIMIT ?", (guild_id, limit))

    async def open_at_most(self, guild_id: int, at_most: int) -> int:
        return await self.sql.value(f"SELECT COUNT(*) FROM (SELECT 1 FROM games WHERE guild_id=? AND {OPEN} "
                                    f"LIMIT ?) AS found", (guild_id, at_most), 0)

    async def open_page(self, guild_id: int, leave_out: list[int], limit: int, offset: int) -> list[Row]:
        skip = f"AND id NOT IN ({','.join('?' * len(leave_out))}) " if leave_out else ""
        return await self.sql.all(f"SELECT * FROM games WHERE guild_id=? AND {OPEN} {skip}"
                                  f"ORDER BY id DESC LIMIT ? OFFSET ?", (guild_id, *leave_out, limit, offset))

    async def open_named(self, guild_id: int, start: str, limit: int) -> list[Row]:
        """Open games whose lower-case name starts with `start` (lower case), by that name: a
        range of the index on lower(name), so any database reads it the same way."""
        return await self.sql.all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {OPEN} "
                                  f"AND lower(name) >= ? AND lower(name) < ? ORDER BY lower(name) LIMIT ?",
                                  (guild_id, start, start + "\U0010ffff", limit))

    async def open_of_user_in_guild(self, guild_id: int, user_id: int) -> list[Row]:
        return await self.sql.all(
            f"SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id=? UNION "
            f"SELECT id FROM games WHERE guild_id=? AND creator_id=?) AND guild_id=? AND {OPEN} "
            f"ORDER BY id", (user_id, guild_id, user_id, guild_id))

    async def open_count(self, guild_id: int, creator_id: int | None = None) -> int:
        mine = " AND creator_id=?" if creator_id is not None else ""
        return await self.sql.value(f"SELECT COUNT(*) FROM games WHERE guild_id=? AND {OPEN}{mine}",
                                    (guild_id,) + ((creator_id,) if creator_id is not None else ()), 0)

    async def max_id(self) -> int:
        return int(await self.sql.value("SELECT MAX(id) FROM games", (), 0))

    async def channel_owner(self, channel_id: int) -> Row | None:
        """(game_id, seat) of the channel's game in one statement: a seat's private channel (seat
        named), else an alliance or press room's, else the game's channel or category (seat None)."""
        return await self.sql.one(CHANNEL_OWNER, (channel_id, channel_id, channel_id, channel_id))

    async def seed(self, game_id: int) -> str:
        return await self.sql.value("SELECT seed FROM games WHERE id=?", (game_id,))

    async def attention_phase(self, game_id: int) -> int | None:
        return await self.sql.value("SELECT attention_phase FROM games WHERE id=?", (game_id,))

    async def twin(self, guild_id: int, seed_hash: str) -> Row | None:
        return await self.sql.one("SELECT id, name FROM games WHERE guild_id=? AND seed_hash=?", (guild_id, seed_hash))

    async def paused_until_before(self, now: str) -> list[int]:
        return [row["id"] for row in await self.sql.all(
            "SELECT id FROM games WHERE status='paused' AND paused_until IS NOT NULL AND paused_until <= ?", (now,))]

    async def next_pause_end(self) -> str | None:
        return await self.sql.value("SELECT MIN(paused_until) FROM games WHERE status='paused'")

    async def waiting_for_bots(self) -> list[int]:
        """Running games whose open phase waits for a seat the bot plays (read through the
        seats_bot index: a clock round costs the same at any number of games)."""
        return [row["id"] for row in await self.sql.all(
            "SELECT DISTINCT g.id FROM games g JOIN phases p ON p.id = g.current_phase "
            "JOIN seats s ON s.game_id = g.id WHERE g.status='active' AND p.adjudicated_at IS NULL "
            "AND g.id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL OR civil_disorder = 1) "
            "AND (s.bot IS NOT NULL OR (s.civil_disorder=1 AND COALESCE(g.absent_policy, '') <> 'hold')) "
            "AND NOT EXISTS (SELECT 1 FROM bot_sheets b JOIN orders o ON o.phase_id=b.phase_id AND o.seat=b.seat "
            "WHERE b.phase_id=p.id AND b.seat=s.seat AND o.ready=1)")]

    # ------------------------------------------------------------------ writing
    async def create(self, guild_id: int, name: str, variant: str, options: dict[str, Any], creator_id: int,
                     seed: str, seed_hash: str, phase_hours: float, reminder_hours: list[float], at: str,
                     press: bool, audience: str) -> int:
        return await self.sql.insert(
            "INSERT INTO games (guild_id, name, variant, options, creator_id, seed, seed_hash, phase_hours, "
            "reminder_hours, created_at, press, audience) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, name, variant, json.dumps(options), creator_id, seed, seed_hash, phase_hours,
             json.dumps(reminder_hours), at, int(press), audience))

    async def imported(self, guild_id: int, name: str, variant: str, options: dict[str, Any], status: str,
                       creator_id: int, seed: str, seed_hash: str, phase_hours: float, reminder_hours: list[float],
                       winners: list[str], created_at: str, started_at: str | None, ended_at: str | None,
                       absent_policy: str | None) -> int:
        return await self.sql.insert(
            "INSERT INTO games (guild_id, name, variant, options, status, creator_id, seed, seed_hash, "
            "phase_hours, reminder_hours, winners, created_at, started_at, ended_at, absent_policy) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            (guild_id, name, variant, json.dumps(options), status, creator_id, seed, seed_hash, phase_hours,
             json.dumps(reminder_hours), json.dumps(winners), created_at, started_at, ended_at, absent_policy))

    async def set_channels(self, game_id: int, category_id: int | None, channel_id: int | None) -> None:
        await self.sql.run("UPDATE games SET category_id=?, channel_id=? WHERE id=?", (category_id, channel_id, game_id))

    async def set_spectator_role(self, game_id: int, role_id: int) -> None:
        await self.sql.run("UPDATE games SET spectator_role_id=? WHERE id=?", (role_id, game_id))

    async def started(self, game_id: int, at: str) -> None:
        await self.sql.run("UPDATE games SET status='active', started_at=? WHERE id=?", (at, game_id))

    async def set_current_phase(self, game_id: int, phase_id: int | None) -> None:
        await self.sql.run("UPDATE games SET current_phase=? WHERE id=?", (phase_id, game_id))

    async def needs_attention(self, game_id: int, phase_id: int | None, since: str | None) -> None:
        await self.sql.run("UPDATE games SET attention_phase=?, attention_since=? WHERE id=?",
                           (phase_id, since, game_id))

    async def paused(self, game_id: int, remaining: float, until: str | None) -> None:
        await self.sql.run("UPDATE games SET status='paused', paused_remaining=?, paused_until=? WHERE id=?",
                           (remaining, until, game_id))

    async def resumed(self, game_id: int) -> None:
        await self.sql.run("UPDATE games SET status='active', paused_remaining=NULL, paused_until=NULL WHERE id=?",
                           (game_id,))

    async def finished(self, game_id: int, at: str, winners: Iterable[str], current_phase: int | None = None) -> None:
        if current_phase is None:
            await self.sql.run("UPDATE games SET status='finished', ended_at=?, winners=? WHERE id=?",
                               (at, json.dumps(list(winners)), game_id))
        else:
            await self.sql.run("UPDATE games SET status='finished', ended_at=?, winners=?, current_phase=? WHERE id=?",
                               (at, json.dumps(list(winners)), current_phase, game_id))

    async def abandoned(self, game_id: int, at: str) -> None:
        await self.sql.run("UPDATE games SET status='abandoned', ended_at=? WHERE id=?", (at, game_id))

    async def archived(self, game_id: int, at: str) -> None:
        await self.sql.run("UPDATE games SET archived_at=? WHERE id=?", (at, game_id))

    async def set_policy(self, game_id: int, values: dict[str, Any]) -> None:
        """The game's rules of play (`POLICY_COLUMNS`: a column outside them is refused)."""
        wrong = set(values) - set(POLICY_COLUMNS)
        if wrong:
            raise ValueError(f"not a policy column: {sorted(wrong)}")
        sets = ", ".join(f"{column}=?" for column in values)
        await self.sql.run(f"UPDATE games SET {sets} WHERE id=?", (*values.values(), game_id))

    async def delete(self, game_id: int) -> None:
        """A finished game's whole record (`Archive.delete_game`), its rows of every table first."""
        phases = "SELECT id FROM phases WHERE game_id=?"
        for statement in (f"DELETE FROM orders WHERE phase_id IN ({phases})",
                          f"DELETE FROM bot_sheets WHERE phase_id IN ({phases})",
                          "DELETE FROM reminders WHERE game_id=?", "DELETE FROM outbox WHERE game_id=?",
                          "DELETE FROM events WHERE game_id=?", "UPDATE games SET current_phase=NULL WHERE id=?",
                          "DELETE FROM phases WHERE game_id=?", "DELETE FROM seats WHERE game_id=?",
                          "DELETE FROM seat_history WHERE game_id=?", "DELETE FROM votes WHERE game_id=?",
                          "DELETE FROM rooms WHERE game_id=?", "DELETE FROM rollbacks WHERE game_id=?",
                          "DELETE FROM games WHERE id=?"):
            await self.sql.run(statement, (game_id,))
