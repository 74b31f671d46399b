"""The seasons' rows (migration 0012): phase summaries, what each seat owed per phase, finished
games' results, the ratings and their ladders, and each game's scoring and commitment settings.

Every statement here is written for SQLite and PostgreSQL alike: upserts as `ON CONFLICT … DO
UPDATE/NOTHING`, no rowid, no `INSERT OR …`, no COLLATE, JSON kept as text and read in Python.
Inside a transaction pass its `conn`; outside, omit it (a read on the shared connection)."""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator, Iterable, Sequence

from .sql import Session

OVER = "('finished', 'abandoned')"


@dataclass(frozen=True)
class SummaryRow:
    """One phase's numbers as stored (`counts`: power → centres or income)."""

    phase_id: int
    seq: int
    year: int | None
    season: str | None
    counts: dict[str, int]
    fallen: tuple[str, ...]


@dataclass(frozen=True)
class PhaseSeatRow:
    seq: int
    seat: str
    user_id: int | None
    bot: str | None
    disorder: bool


@dataclass(frozen=True)
class Ladder:
    """Where a server's ladder of one family stands."""

    guild_id: int
    family: str
    last_finished: str | None
    last_game: int | None
    generation: int
    dirty: bool


@asynccontextmanager
async def snapshot(db) -> AsyncIterator[Any]:
    """One read for several statements: a reader's snapshot where the database offers one
    (`Database.read`), else None (each statement then reads on its own)."""
    read = getattr(db, "read", None)
    if read is None:
        yield None
        return
    async with read() as r:
        yield r


async def _each(conn, sql: str, rows: Iterable[tuple]) -> None:
    """One statement for each row, in the transaction `conn` (a few rows: a phase's seats, a
    game's holders, a ladder's players)."""
    for row in rows:
        await conn.execute(sql, row)


class SeasonsRepository:
    """On the database (each read without `conn` its own), or on one session (`tx.seasons`, as
    `db.tables.Tables` gives it: every statement on that session)."""

    def __init__(self, db):
        self.db = db
        self.session = db if isinstance(db, Session) else None

    async def _one(self, sql: str, params: tuple, conn=None):
        conn = conn if conn is not None else self.session
        if conn is None:
            return await self.db.fetchone(sql, params)
        async with conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: tuple, conn=None) -> list:
        conn = conn if conn is not None else self.session
        if conn is None:
            return await self.db.fetchall(sql, params)
        async with conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    # ------------------------------------------------------------------ settings
    async def save_settings(self, conn, game_id: int, scoring: str, committed: str | None) -> None:
        await conn.execute("INSERT INTO season_settings (game_id, scoring, committed) VALUES (?,?,?) "
                           "ON CONFLICT (game_id) DO UPDATE SET scoring=excluded.scoring, "
                           "committed=excluded.committed", (game_id, scoring, committed))

    async def settings(self, game_id: int, conn=None) -> tuple[str, str | None] | None:
        row = await self._one("SELECT scoring, committed FROM season_settings WHERE game_id=?", (game_id,), conn)
        return (row["scoring"], row["committed"]) if row else None

    # ------------------------------------------------------------------ phases
    async def save_summary(self, conn, phase_id: int, game_id: int, seq: int, year: int | None,
                           season: str | None, counts: dict[str, int], fallen: Sequence[str]) -> None:
        await conn.execute(
            "INSERT INTO phase_summaries (phase_id, game_id, seq, year, season, counts, fallen) "
            "VALUES (?,?,?,?,?,?,?) ON CONFLICT (phase_id) DO UPDATE SET year=excluded.year, "
            "season=excluded.season, counts=excluded.counts, fallen=excluded.fallen",
            (phase_id, game_id, seq, year, season, json.dumps(counts), json.dumps(list(fallen))))

    async def summaries(self, game_id: int, conn=None) -> list[SummaryRow]:
        """The game's phase summaries in phase order (only phases that still exist)."""
        rows = await self._all("SELECT phase_id, seq, year, season, counts, fallen FROM phase_summaries "
                               "WHERE game_id=? ORDER BY seq", (game_id,), conn)
        return [SummaryRow(r["phase_id"], r["seq"], r["year"], r["season"], json.loads(r["counts"]),
                           tuple(json.loads(r["fallen"]))) for r in rows]

    async def phases_without_summary(self, game_id: int, conn=None) -> list:
        """(id, seq, state) of the game's phases with no summary yet, in phase order: the states
        are read only for these (an old game's, once)."""
        return await self._all("SELECT p.id, p.seq, p.state FROM phases p WHERE p.game_id=? AND NOT EXISTS "
                               "(SELECT 1 FROM phase_summaries s WHERE s.phase_id = p.id) ORDER BY p.seq",
                               (game_id,), conn)

    async def phase_seqs(self, game_id: int, conn=None) -> list[tuple[int, str, bool]]:
        """(seq, label, adjudicated) of every phase of the game, in order."""
        rows = await self._all("SELECT seq, label, adjudicated_at FROM phases WHERE game_id=? ORDER BY seq",
                               (game_id,), conn)
        return [(r["seq"], r["label"], r["adjudicated_at"] is not None) for r in rows]

    async def phase_state(self, phase_id: int, conn=None):
        row = await self._one("SELECT state FROM phases WHERE id=?", (phase_id,), conn)
        return row["state"] if row else None

    async def was_paused(self, conn, game_id: int, phase_id: int) -> bool:
        """Whether the game was paused while this phase was open (the clock stood still)."""
        row = await self._one("SELECT 1 FROM events WHERE game_id=? AND phase_id=? AND kind='paused' LIMIT 1",
                              (game_id, phase_id), conn)
        return row is not None

    async def save_phase_seats(self, conn, phase_id: int, game_id: int, rows: Iterable[tuple]) -> None:
        """Each row: (seat, user_id, bot, disorder, owed, missed, excused, paused, hidden)."""
        await conn.execute("DELETE FROM phase_seats WHERE phase_id=?", (phase_id,))
        await _each(conn, 
            "INSERT INTO phase_seats (phase_id, game_id, seat, user_id, bot, disorder, owed, missed, excused, "
            "paused, hidden) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [(phase_id, game_id, *row) for row in rows])

    async def phase_seats(self, game_id: int, conn=None) -> list[PhaseSeatRow]:
        """Who held each seat in each adjudicated phase, as recorded then."""
        rows = await self._all("SELECT p.seq, s.seat, s.user_id, s.bot, s.disorder FROM phase_seats s "
                               "JOIN phases p ON p.id = s.phase_id WHERE s.game_id=? AND p.adjudicated_at IS NOT NULL",
                               (game_id,), conn)
        return [PhaseSeatRow(r["seq"], r["seat"], r["user_id"], r["bot"], bool(r["disorder"])) for r in rows]

    async def owed_phases(self, user_id: int, window: int, conn=None) -> list:
        """The player's last `window` order phases (newest first), one row per seat they held in
        each: adjudicated phases they owed orders in, not paused, and of anonymous games only
        once those are over (a running one would tell which seat missed)."""
        visible = ("s.user_id=? AND s.owed=1 AND s.paused=0 AND EXISTS (SELECT 1 FROM phases p WHERE p.id = "
                   "s.phase_id AND p.adjudicated_at IS NOT NULL) AND (s.hidden=0 OR EXISTS (SELECT 1 FROM games g "
                   f"WHERE g.id = s.game_id AND g.status IN {OVER}))")
        ids = await self._all(f"SELECT DISTINCT s.phase_id FROM phase_seats s WHERE {visible} "
                              "ORDER BY s.phase_id DESC LIMIT ?", (user_id, window), conn)
        if not ids:
            return []
        chosen = [r["phase_id"] for r in ids]
        return await self._all(f"SELECT s.phase_id, s.game_id, s.seat, s.missed, s.excused FROM phase_seats s "
                               f"WHERE s.user_id=? AND s.owed=1 AND s.phase_id IN ({','.join('?' * len(chosen))}) "
                               "ORDER BY s.phase_id DESC", (user_id, *chosen), conn)

    # ------------------------------------------------------------------ results
    async def unrecorded_games(self, guild_id: int | None, limit: int) -> list[int]:
        """Games over (finished or abandoned) that have no result yet, oldest first."""
        where = "AND g.guild_id=? " if guild_id is not None else ""
        params: tuple = (guild_id, limit) if guild_id is not None else (limit,)
        rows = await self._all(f"SELECT g.id FROM games g WHERE g.status IN {OVER} {where}AND NOT EXISTS "
                               "(SELECT 1 FROM game_results r WHERE r.game_id = g.id) ORDER BY g.id LIMIT ?", params)
        return [r["id"] for r in rows]

    async def has_result(self, game_id: int, conn=None) -> bool:
        return await self._one("SELECT 1 FROM game_results WHERE game_id=?", (game_id,), conn) is not None

    async def finishing_event(self, conn, game_id: int) -> dict[str, Any] | None:
        """The payload of the game's last `finished` event (an agreed ending says `why`)."""
        row = await self._one("SELECT payload FROM events WHERE game_id=? AND kind='finished' ORDER BY id DESC LIMIT 1",
                              (game_id,), conn)
        return json.loads(row["payload"]) if row else None

    async def bot_levels_logged(self, conn, game_id: int) -> dict[str, str]:
        """Seat → the last bot level a GM gave it before the start (`bot_seat` events)."""
        rows = await self._all("SELECT payload FROM events WHERE game_id=? AND kind='bot_seat' ORDER BY id",
                               (game_id,), conn)
        levels: dict[str, str] = {}
        for row in rows:
            payload = json.loads(row["payload"])
            if payload.get("level"):
                levels[payload["seat"]] = payload["level"]
            else:
                levels.pop(payload.get("seat"), None)
        return levels

    async def seat_spells(self, conn, game_id: int) -> list:
        """The seat history as stored: (seat, user_id, from_seq, from_label) in order."""
        return await self._all("SELECT seat, user_id, from_seq, from_label FROM seat_history WHERE game_id=? "
                               "ORDER BY id", (game_id,), conn)

    async def save_result(self, conn, result) -> None:
        """One finished game's whole result (`service.seasons.results.GameResult`)."""
        await conn.execute(
            "INSERT INTO game_results (game_id, guild_id, variant, family, ending, finished_at, winners, scoring, "
            "first_year, last_year, phases, board_centres, recorded_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (result.game_id, result.guild_id, result.variant, result.family, result.ending, result.finished_at,
             json.dumps(list(result.winners)), result.scoring, result.first_year, result.last_year, result.phases,
             result.board_centres, result.recorded_at))
        await _each(conn, 
            "INSERT INTO result_powers (game_id, power, seat, centres, income, fell_order, fell_year) "
            "VALUES (?,?,?,?,?,?,?)", [(result.game_id, p.power, p.seat, p.centres, p.income, p.fell_order,
                                        p.fell_year) for p in result.powers])
        await _each(conn, 
            "INSERT INTO result_seats (game_id, seat, side, points) VALUES (?,?,?,?)",
            [(result.game_id, s.seat, s.side, s.points) for s in result.seats])
        await _each(conn, 
            "INSERT INTO result_holders (game_id, seat, position, user_id, bot, phases, from_seq) "
            "VALUES (?,?,?,?,?,?,?)", [(result.game_id, h.seat, h.position, h.user_id, h.bot, h.phases, h.from_seq)
                                       for h in result.holders])

    async def result_rows(self, game_ids: Sequence[int] | None = None, *, guild_id: int | None = None,
                          family: str | None = None, powers: bool = True, conn=None) -> tuple[list, list, list, list]:
        """(results, powers, seats, holders) rows of the games named, or of a server's family
        (the ratings' history), results in finishing order; without `powers` (the ratings read
        only the seats' points and holders) no power rows."""
        if game_ids is not None:
            if not game_ids:
                return [], [], [], []
            where, params = f"r.game_id IN ({','.join('?' * len(game_ids))})", tuple(game_ids)
        else:
            where, params = "r.guild_id=? AND r.family=?", (guild_id, family)
        results = await self._all(f"SELECT r.* FROM game_results r WHERE {where} ORDER BY r.finished_at, r.game_id",
                                  params, conn)
        parts: list[list] = [] if powers else [[]]
        tables = (("result_powers", "t.game_id"), ("result_seats", "t.game_id"),
                  ("result_holders", "t.game_id, t.seat, t.position"))
        for table, order in tables if powers else tables[1:]:
            if game_ids is not None:        # by the tables' own keys: a few games cost a few rows
                sql = f"SELECT t.* FROM {table} t WHERE t.{where[2:]} ORDER BY {order}"
            else:
                sql = f"SELECT t.* FROM {table} t JOIN game_results r ON r.game_id = t.game_id WHERE {where} ORDER BY {order}"
            parts.append(await self._all(sql, params, conn))
        return results, parts[0], parts[1], parts[2]

    async def rating_rows(self, guild_id: int, family: str) -> list[tuple]:
        """What the ratings read of a server's family, one row per holder in finishing order:
        (game, finished, ending, seat, side, points, position, user, bot, phases)."""
        rows = await self._all(
            "SELECT r.game_id, r.finished_at, r.ending, s.seat, s.side, s.points, h.position, h.user_id, h.bot, "
            "h.phases FROM game_results r JOIN result_seats s ON s.game_id = r.game_id LEFT JOIN result_holders h "
            "ON h.game_id = s.game_id AND h.seat = s.seat WHERE r.guild_id=? AND r.family=? "
            "ORDER BY r.finished_at, r.game_id", (guild_id, family))
        return [tuple(row) for row in rows]

    async def family_of_result(self, conn, game_id: int) -> tuple[int, str | None] | None:
        row = await self._one("SELECT guild_id, family FROM game_results WHERE game_id=?", (game_id,), conn)
        return (row["guild_id"], row["family"]) if row else None

    async def finished_games_of(self, guild_id: int, user_id: int, limit: int, conn=None) -> tuple[int, list]:
        """How many recorded games of the server the player held a seat in, and the newest
        `limit` of them: (game, name, variant, ending, finished, scoring, seat, points) rows."""
        count = await self._one("SELECT COUNT(DISTINCT h.game_id) AS n FROM result_holders h JOIN game_results r "
                                "ON r.game_id = h.game_id WHERE h.user_id=? AND r.guild_id=?", (user_id, guild_id), conn)
        rows = await self._all(
            "SELECT r.game_id, g.name, g.options, r.variant, r.ending, r.finished_at, r.scoring, r.winners, h.seat, "
            "s.points, s.side FROM (SELECT DISTINCT h2.game_id, h2.seat FROM result_holders h2 WHERE h2.user_id=?) h "
            "JOIN game_results r ON r.game_id = h.game_id JOIN games g ON g.id = r.game_id "
            "JOIN result_seats s ON s.game_id = h.game_id AND s.seat = h.seat "
            "WHERE r.guild_id=? ORDER BY r.finished_at DESC, r.game_id DESC LIMIT ?", (user_id, guild_id, limit), conn)
        return int(count["n"]), rows

    async def current_games_of(self, guild_id: int, user_id: int, conn=None) -> list:
        """(game, name, variant, status, options, seat) of the server's games the player sits in now."""
        return await self._all(
            "SELECT g.id, g.name, g.variant, g.status, g.options, s.seat FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.user_id=? AND g.guild_id=? AND g.status IN ('forming', 'active', 'paused') "
            "ORDER BY g.id DESC, s.seat", (user_id, guild_id), conn)

    # ------------------------------------------------------------------ ratings
    async def ladder(self, guild_id: int, family: str, conn=None) -> Ladder:
        row = await self._one("SELECT * FROM rating_ladders WHERE guild_id=? AND family=?", (guild_id, family), conn)
        if row is None:
            return Ladder(guild_id, family, None, None, 0, False)
        return Ladder(guild_id, family, row["last_finished"], row["last_game"], row["generation"], bool(row["dirty"]))

    async def save_ladder(self, conn, guild_id: int, family: str, last_finished: str | None,
                          last_game: int | None, generation: int, dirty: bool) -> None:
        await conn.execute(
            "INSERT INTO rating_ladders (guild_id, family, last_finished, last_game, generation, dirty) "
            "VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, family) DO UPDATE SET last_finished=excluded.last_finished, "
            "last_game=excluded.last_game, generation=excluded.generation, dirty=excluded.dirty",
            (guild_id, family, last_finished, last_game, generation, int(dirty)))

    async def dirty_ladders(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        where, params = ("AND guild_id=?", (guild_id,)) if guild_id is not None else ("", ())
        rows = await self._all(f"SELECT guild_id, family FROM rating_ladders WHERE dirty=1 {where} "
                               "ORDER BY guild_id, family", params)
        return [(r["guild_id"], r["family"]) for r in rows]

    async def ratings_of(self, conn, guild_id: int, family: str, user_ids: Sequence[int]) -> list:
        if not user_ids:
            return []
        return await self._all(f"SELECT user_id, rating, games FROM ratings WHERE guild_id=? AND family=? AND "
                               f"user_id IN ({','.join('?' * len(user_ids))})", (guild_id, family, *user_ids), conn)

    async def save_ratings(self, conn, guild_id: int, family: str, rows: Iterable[tuple[int, float, int]]) -> None:
        await _each(conn, 
            "INSERT INTO ratings (guild_id, family, user_id, rating, games) VALUES (?,?,?,?,?) "
            "ON CONFLICT (guild_id, family, user_id) DO UPDATE SET rating=excluded.rating, games=excluded.games",
            [(guild_id, family, user, rating, games) for user, rating, games in rows])

    async def replace_ratings(self, conn, guild_id: int, family: str, rows: Iterable[tuple[int, float, int]]) -> None:
        await conn.execute("DELETE FROM ratings WHERE guild_id=? AND family=?", (guild_id, family))
        await _each(conn, "INSERT INTO ratings (guild_id, family, user_id, rating, games) VALUES (?,?,?,?,?)",
                               [(guild_id, family, user, rating, games) for user, rating, games in rows])

    async def player_ratings(self, guild_id: int, user_id: int, conn=None) -> list:
        """(family, rating, games, rank, players) of the player's ratings on the server."""
        return await self._all(
            "SELECT r.family, r.rating, r.games, (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id AND "
            "o.family = r.family AND o.rating > r.rating) + 1 AS place, (SELECT COUNT(*) FROM ratings o WHERE "
            "o.guild_id = r.guild_id AND o.family = r.family) AS players FROM ratings r WHERE r.guild_id=? "
            "AND r.user_id=? ORDER BY r.family", (guild_id, user_id), conn)

    async def family_ratings(self, guild_id: int, family: str) -> list:
        return await self._all("SELECT user_id, rating, games FROM ratings WHERE guild_id=? AND family=? "
                               "ORDER BY user_id", (guild_id, family))
