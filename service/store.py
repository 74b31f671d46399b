"""Row access for the service. Inside a transaction pass its `conn`; outside, omit it."""
from __future__ import annotations

import json
from typing import Any

from .errors import BadState, NotFound
from .models import GameInfo, OrderSheet, OutboxMessage, PhaseInfo

DEFAULT_SETTINGS = {"phase_hours": 48.0, "reminder_hours": [24.0, 1.0]}


class Store:
    def __init__(self, db):
        self.db = db

    async def _one(self, sql: str, params: tuple, conn=None):
        if conn is None:
            return await self.db.fetchone(sql, params)
        async with conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, params: tuple, conn=None):
        if conn is None:
            return await self.db.fetchall(sql, params)
        async with conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def game(self, game_id: int, conn=None) -> GameInfo:
        try:
            game_id = int(game_id)
        except (TypeError, ValueError):
            raise NotFound(f"`{game_id}` is not a game number") from None
        row = await self._one("SELECT * FROM games WHERE id=?", (game_id,), conn)
        if row is None:
            raise NotFound(f"there is no game #{game_id}")
        seats = await self._all("SELECT * FROM seats WHERE game_id=? ORDER BY rowid", (game_id,), conn)
        try:
            return GameInfo.from_row(row, seats)
        except (ValueError, TypeError, KeyError) as exc:
            raise BadState(f"game #{game_id} has a damaged record ({exc}); ask an admin to export it") from None

    async def games_in_guild(self, guild_id: int, include_over: bool) -> list[GameInfo]:
        sql = "SELECT id FROM games WHERE guild_id=?"
        if not include_over:
            sql += " AND status NOT IN ('finished', 'abandoned')"
        rows = await self._all(sql + " ORDER BY id", (guild_id,))
        return [await self.game(row["id"]) for row in rows]

    async def game_for_channel(self, channel_id: int):
        row = await self._one("SELECT game_id, seat FROM seats WHERE channel_id=?", (channel_id,))
        if row is not None:
            return await self.game(row["game_id"]), row["seat"]
        row = await self._one("SELECT id FROM games WHERE channel_id=? OR category_id=?",
                              (channel_id, channel_id))
        if row is not None:
            return await self.game(row["id"]), None
        return None

    async def seed(self, conn, game_id: int) -> str:
        row = await self._one("SELECT seed FROM games WHERE id=?", (game_id,), conn)
        return row["seed"]

    async def phase_by_id(self, phase_id: int, conn=None) -> PhaseInfo:
        row = await self._one("SELECT * FROM phases WHERE id=?", (phase_id,), conn)
        if row is None:
            raise NotFound(f"there is no phase {phase_id}")
        return _phase(row)

    async def phase_by_seq(self, game_id: int, seq: int, conn=None) -> PhaseInfo:
        row = await self._one("SELECT * FROM phases WHERE game_id=? AND seq=?", (game_id, seq), conn)
        if row is None:
            raise NotFound(f"game #{game_id} has no phase number {seq}")
        return _phase(row)

    async def phases(self, game_id: int) -> list[PhaseInfo]:
        rows = await self._all("SELECT * FROM phases WHERE game_id=? ORDER BY seq", (game_id,))
        return [_phase(row) for row in rows]

    async def order_sheet(self, phase_id: int, seat: str, conn=None) -> OrderSheet:
        row = await self._one("SELECT * FROM orders WHERE phase_id=? AND seat=?", (phase_id, seat), conn)
        if row is None:
            return OrderSheet(seat, (), False, None, None)
        return _sheet(row)

    async def order_sheets(self, phase_id: int, conn=None) -> dict[str, OrderSheet]:
        rows = await self._all("SELECT * FROM orders WHERE phase_id=?", (phase_id,), conn)
        return {row["seat"]: _sheet(row) for row in rows}

    async def save_orders(self, conn, phase_id: int, seat: str, lines: list[str], ready: bool,
                          user_id: int | None, at: str) -> None:
        await conn.execute(
            "INSERT INTO orders (phase_id, seat, lines, ready, submitted_by, submitted_at) "
            "VALUES (?,?,?,?,?,?) ON CONFLICT (phase_id, seat) DO UPDATE SET lines=excluded.lines, "
            "ready=excluded.ready, submitted_by=excluded.submitted_by, submitted_at=excluded.submitted_at",
            (phase_id, seat, json.dumps(lines), int(ready), user_id, at))

    async def log(self, conn, game_id: int, phase_id: int | None, at: str, actor_id: int | None,
                  kind: str, payload: dict[str, Any]) -> None:
        await conn.execute("INSERT INTO events (game_id, phase_id, at, actor_id, kind, payload) "
                           "VALUES (?,?,?,?,?,?)", (game_id, phase_id, at, actor_id, kind, json.dumps(payload)))

    async def events(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._all("SELECT * FROM events WHERE game_id=? ORDER BY id", (game_id,))
        return [{"id": r["id"], "phase_id": r["phase_id"], "at": r["at"], "actor_id": r["actor_id"],
                 "kind": r["kind"], "payload": json.loads(r["payload"])} for r in rows]

    async def outbox(self, conn, game_id: int, target: str, content: str, phase_id: int | None,
                     at: str) -> None:
        await conn.execute("INSERT INTO outbox (game_id, target, content, phase_id, created_at) "
                           "VALUES (?,?,?,?,?)", (game_id, target, content, phase_id, at))

    async def pending_outbox(self, limit: int) -> list[OutboxMessage]:
        rows = await self._all("SELECT * FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT ?", (limit,))
        return [OutboxMessage(r["id"], r["game_id"], r["target"], r["content"], r["phase_id"]) for r in rows]

    async def mark_delivered(self, message_id: int, at: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE outbox SET delivered_at=? WHERE id=?", (at, message_id))

    async def due_reminders(self, now: str):
        return await self._all("SELECT * FROM reminders WHERE done_at IS NULL AND due_at <= ? "
                               "ORDER BY due_at, id", (now,))

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id=?", (guild_id,))
        if row is None:
            return {"phase_hours": DEFAULT_SETTINGS["phase_hours"],
                    "reminder_hours": list(DEFAULT_SETTINGS["reminder_hours"])}
        return {"phase_hours": row["phase_hours"], "reminder_hours": json.loads(row["reminder_hours"])}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any], at: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, phase_hours, reminder_hours, updated_at) "
                "VALUES (?,?,?,?) ON CONFLICT (guild_id) DO UPDATE SET phase_hours=excluded.phase_hours, "
                "reminder_hours=excluded.reminder_hours, updated_at=excluded.updated_at",
                (guild_id, settings["phase_hours"], json.dumps(settings["reminder_hours"]), at))

    async def export(self, game_id: int) -> dict[str, Any]:
        game = await self.game(game_id)
        data: dict[str, Any] = {
            "format": "dispatch-game/1",
            "game": {k: v for k, v in game.__dict__.items() if k != "seats"},
            "seats": [s.__dict__ for s in game.seats],
            "phases": [],
            "events": await self.events(game_id),
        }
        if game.status in ("finished", "abandoned"):
            data["game"]["seed"] = (await self.seed(None, game_id))
        for phase in await self.phases(game_id):
            sheets = await self.order_sheets(phase.id)
            data["phases"].append({
                "seq": phase.seq, "label": phase.label, "state": phase.state,
                "deadline": phase.deadline.isoformat() if phase.deadline else None,
                "adjudicated_at": phase.adjudicated_at, "report": phase.report,
                "orders": {seat: {"lines": list(s.lines), "ready": s.ready, "by": s.submitted_by,
                                  "at": s.submitted_at} for seat, s in sheets.items()},
            })
        return data


def _phase(row) -> PhaseInfo:
    try:
        return PhaseInfo.from_row(row)
    except (ValueError, TypeError) as exc:
        raise BadState(f"phase {row['id']} has a damaged record ({exc})") from None


def _sheet(row) -> OrderSheet:
    try:
        lines = json.loads(row["lines"])
        if not isinstance(lines, list):
            raise ValueError("not a list")
    except ValueError as exc:
        raise BadState(f"the stored orders of {row['seat']} are damaged ({exc})") from None
    return OrderSheet(row["seat"], tuple(str(x) for x in lines), bool(row["ready"]),
                      row["submitted_by"], row["submitted_at"])
