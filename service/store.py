"""Row access for the service. Inside a transaction pass its `conn`; outside, omit it."""
from __future__ import annotations

import json
from typing import Any, Callable

from .checks import check_number, clip
from .errors import BadInput, BadState, NotFound
from .models import CONSOLE_GUILD, GameInfo, HolderSpell, NotifySettings, OrderSheet, OutboxMessage, PhaseInfo, Room

CHANNEL_CACHE = 50_000       # channel ids remembered (about 100 bytes each)
# A server's defaults until its admin changes them (`/game settings`).
DEFAULT_SETTINGS = {"phase_hours": 48.0, "reminder_hours": [24.0, 1.0], "min_phase_hours": 1.0, "palette": "standard",
                    "max_games_per_user": 5, "max_games_per_server": 50}


class Store:
    def __init__(self, db, on_change: Callable[[], None] = lambda: None):
        self.db = db
        # Called after anything the clock must act on was written (a message owed, a timer
        # scheduled), so delivery and deadlines happen at once rather than on the next poll.
        self.on_change = on_change
        self._channel_cache: dict[int, tuple[int, str | None] | None] = {}

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
            game_id = check_number(game_id, "game number")
        except BadInput:
            raise NotFound(f"`{clip(game_id)}` is not a game number") from None
        row = await self._one("SELECT * FROM games WHERE id=?", (game_id,), conn)
        if row is None:
            raise NotFound(f"there is no game #{game_id}")
        seats = await self._all("SELECT * FROM seats WHERE game_id=? ORDER BY rowid", (game_id,), conn)
        try:
            return GameInfo.from_row(row, seats)
        except (ValueError, TypeError, KeyError) as exc:
            raise BadState(f"game #{game_id} has a damaged record ({exc}); ask an admin to export it") from None

    async def games_in_guild(self, guild_id: int, include_over: bool) -> list[GameInfo]:
        """A server's games in two queries, however many there are (autocomplete runs this on
        every keystroke)."""
        where = "guild_id=?" + ("" if include_over else " AND status NOT IN ('finished', 'abandoned')")
        return await self._games(f"SELECT * FROM games WHERE {where} ORDER BY id", (guild_id,))

    async def _games(self, sql: str, params: tuple) -> list[GameInfo]:
        rows = await self._all(sql, params)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list] = {game_id: [] for game_id in ids}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for seat in await self._all(f"SELECT * FROM seats WHERE game_id IN ({','.join('?' * len(chunk))}) "
                                        "ORDER BY rowid", tuple(chunk)):
                seats[seat["game_id"]].append(seat)
        games = []
        for row in rows:
            try:
                games.append(GameInfo.from_row(row, seats[row["id"]]))
            except (ValueError, TypeError, KeyError):
                continue        # a damaged row is reported when that game is opened, not in a list
        return games

    # The games a player can still pick in a server, as the game autocomplete reads them on every
    # keystroke: through the partial indexes of migration 0010, at most `limit` rows each.
    _OPEN = "status IN ('forming', 'active', 'paused')"     # the very words of the indexes' WHERE

    async def open_games_by_id(self, guild_id: int, low: int, high: int, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's open games numbered low..high, lowest first."""
        rows = await self._all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {self._OPEN} "
                               f"AND id BETWEEN ? AND ? ORDER BY id LIMIT ?", (guild_id, low, high, limit))
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def newest_open_games(self, guild_id: int, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's `limit` newest open games, newest first."""
        rows = await self._all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {self._OPEN} "
                               f"ORDER BY id DESC LIMIT ?", (guild_id, limit))
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def open_games_at_most(self, guild_id: int, at_most: int) -> int:
        """How many open games the server has, counted up to `at_most` (a bounded read of the
        partial index of open games: a list's page costs the same however many there are)."""
        row = await self._one(f"SELECT COUNT(*) AS n FROM (SELECT 1 FROM games WHERE guild_id=? AND {self._OPEN} "
                              f"LIMIT ?)", (guild_id, at_most))
        return int(row["n"])

    async def open_games_page(self, guild_id: int, leave_out: list[int], limit: int, offset: int) -> list[GameInfo]:
        """The server's open games newest first, without those numbered in `leave_out`, `offset`
        skipped, at most `limit` (`/game list`: through the same index, read from its top)."""
        skip = f"AND id NOT IN ({','.join('?' * len(leave_out))}) " if leave_out else ""
        return await self._games(f"SELECT * FROM games WHERE guild_id=? AND {self._OPEN} {skip}"
                                 f"ORDER BY id DESC LIMIT ? OFFSET ?", (guild_id, *leave_out, limit, offset))

    async def open_games_named(self, guild_id: int, start: str, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's open games whose name starts with `start` (ASCII
        letters in either case), in the order of their names."""
        pattern = start.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = await self._all(f"SELECT id, name, status FROM games WHERE guild_id=? AND {self._OPEN} "
                               f"AND name LIKE ? ESCAPE '\\' ORDER BY name COLLATE NOCASE LIMIT ?",
                               (guild_id, pattern, limit))
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def open_games_of_user_in_guild(self, guild_id: int, user_id: int) -> list[GameInfo]:
        """The server's open games `user_id` holds a seat in or created (by the seats' and the
        creators' indexes: a command without a game number costs the same in any server)."""
        return await self._games(
            f"SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id=? UNION "
            f"SELECT id FROM games WHERE guild_id=? AND creator_id=?) AND guild_id=? AND {self._OPEN} "
            f"ORDER BY id", (user_id, guild_id, user_id, guild_id))

    async def max_game_id(self) -> int:
        row = await self._one("SELECT MAX(id) AS top FROM games", ())
        return int(row["top"] or 0) if row else 0

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        return await self._games("SELECT * FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id=?) "
                                 "AND status IN ('forming', 'active', 'paused') ORDER BY id", (user_id,))

    async def game_for_channel(self, channel_id: int):
        """The game a channel belongs to, and the seat if it is a seat channel. Every message the
        bot sees asks this, so the channel → (game, seat) mapping is cached; it changes only
        when a game's channels are set, which calls `forget_channels`."""
        if channel_id not in self._channel_cache:
            row = await self._one("SELECT game_id, seat FROM seats WHERE channel_id=?", (channel_id,))
            if row is None:     # an alliance or press channel: the game's, but nobody's orders
                row = await self._one("SELECT game_id, NULL AS seat FROM rooms WHERE channel_id=?", (channel_id,))
            if row is None:
                row = await self._one("SELECT id AS game_id, NULL AS seat FROM games WHERE channel_id=? "
                                      "UNION ALL SELECT id, NULL FROM games WHERE category_id=? LIMIT 1",
                                      (channel_id, channel_id))
            if len(self._channel_cache) >= CHANNEL_CACHE:
                self._channel_cache.pop(next(iter(self._channel_cache)))
            self._channel_cache[channel_id] = (row["game_id"], row["seat"]) if row else None
        found = self._channel_cache[channel_id]
        if found is None:
            return None
        return await self.game(found[0]), found[1]

    async def rooms(self, game_id: int, conn=None) -> list[Room]:
        rows = await self._all("SELECT * FROM rooms WHERE game_id=? ORDER BY id", (game_id,), conn)
        return [Room(r["id"], r["game_id"], r["kind"], r["name"], r["channel_id"], tuple(json.loads(r["seats"])),
                     r["created_by"]) for r in rows]

    async def seat_history(self, game_id: int, conn=None) -> list[HolderSpell]:
        rows = await self._all("SELECT * FROM seat_history WHERE game_id=? ORDER BY id", (game_id,), conn)
        return [HolderSpell(r["seat"], r["user_id"], r["from_label"], r["at"], r["how"]) for r in rows]

    async def rollbacks(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self._all("SELECT * FROM rollbacks WHERE game_id=? ORDER BY id", (game_id,))
        return [{"at": r["at"], "actor_id": r["actor_id"], "reopened_seq": r["reopened_seq"],
                 "reopened_label": r["reopened_label"], "report": r["report"], "undone": json.loads(r["undone"])}
                for r in rows]

    def forget_channels(self) -> None:
        self._channel_cache.clear()

    async def seed(self, conn, game_id: int) -> str:
        row = await self._one("SELECT seed FROM games WHERE id=?", (game_id,), conn)
        return row["seed"]

    async def phase_by_id(self, phase_id: int, conn=None) -> PhaseInfo:
        row = await self._one("SELECT * FROM phases WHERE id=?", (phase_id,), conn)
        if row is None:
            raise NotFound(f"there is no phase {phase_id}")
        return _phase(row)

    async def phase_by_seq(self, game_id: int, seq: int, conn=None) -> PhaseInfo:
        seq = check_number(seq, "phase number")
        row = await self._one("SELECT * FROM phases WHERE game_id=? AND seq=?", (game_id, seq), conn)
        if row is None:
            raise NotFound(f"game #{game_id} has no phase number {seq}")
        return _phase(row)

    async def phases(self, game_id: int, decode: bool = True) -> list[PhaseInfo]:
        rows = await self._all("SELECT * FROM phases WHERE game_id=? ORDER BY seq", (game_id,))
        return [_phase(row, decode) for row in rows]

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
                     at: str, ping_user: int | None = None, buttons: list[tuple[str, str]] | None = None) -> None:
        await conn.execute("INSERT INTO outbox (game_id, target, content, phase_id, created_at, ping_user, buttons) "
                           "VALUES (?,?,?,?,?,?,?)", (game_id, target, content, phase_id, at, ping_user,
                                                       json.dumps(buttons) if buttons else None))
        self.on_change()

    async def due_outbox(self, now: str, console: bool, limit: int) -> list[OutboxMessage]:
        """Messages due now, oldest first, at most one per destination: a later message to the
        same seat or channel waits behind an earlier one that is still being retried. The archive
        job waits behind the game channel's messages: the end of the game is told before the
        channel moves and the final summary follows it. A seat's message waits behind a phase's
        results in the game channel: the results come before the brief of the phase they produce."""
        rows = await self._all(
            "SELECT o.* FROM outbox o JOIN games g ON g.id = o.game_id "
            "WHERE o.delivered_at IS NULL AND o.failed_at IS NULL "
            "AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
            f"AND g.guild_id {'=' if console else '!='} ? "
            "AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id "
            "AND (e.target = o.target OR (o.target = 'archive' AND e.target = 'game') "
            "OR (o.target LIKE 'seat:%' AND e.target = 'game' AND e.phase_id IS NOT NULL)) "
            "AND e.id < o.id AND e.delivered_at IS NULL AND e.failed_at IS NULL) "
            "ORDER BY o.id LIMIT ?", (now, CONSOLE_GUILD, limit))
        return [_outbox(r) for r in rows]

    async def open_outbox(self, limit: int) -> list[OutboxMessage]:
        rows = await self._all("SELECT * FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL "
                               "ORDER BY id LIMIT ?", (limit,))
        return [_outbox(r) for r in rows]

    async def mark_delivered(self, message_id: int, at: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE outbox SET delivered_at=? WHERE id=?", (at, message_id))

    async def deliver_then(self, message: OutboxMessage, at: str, content: str,
                           buttons: list[tuple[str, str]]) -> None:
        """`message` delivered and, in the same transaction, a message following it (same game,
        target and phase): the map of a turn whose results went out without it is never lost."""
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE outbox SET delivered_at=? WHERE id=?", (at, message.id))
            await self.outbox(conn, message.game_id, message.target, content, message.phase_id, at,
                              buttons=buttons)

    async def delivery_failed(self, message_id: int, error: str, retry_at: str | None, at: str) -> None:
        """One more failed attempt: retry at `retry_at`, or (None) give up: a dead letter."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, failed_at = ? "
                "WHERE id = ?", (error[:500], retry_at, None if retry_at else at, message_id))

    async def next_outbox_retry(self) -> str | None:
        row = await self._one("SELECT MIN(next_attempt_at) AS due FROM outbox WHERE delivered_at IS NULL "
                              "AND failed_at IS NULL AND next_attempt_at IS NOT NULL", ())
        return row["due"] if row else None

    async def recent_note(self, game_id: int, content: str, since: str) -> bool:
        row = await self._one("SELECT 1 FROM outbox WHERE game_id=? AND target='gm' AND content=? "
                              "AND created_at >= ?", (game_id, content, since))
        return row is not None

    async def due_reminders(self, now: str):
        return await self._all("SELECT * FROM reminders WHERE done_at IS NULL AND due_at <= ? "
                               "ORDER BY due_at, id", (now,))

    async def next_pause_end(self) -> str | None:
        row = await self._one("SELECT MIN(paused_until) AS due FROM games WHERE status='paused'", ())
        return row["due"] if row else None

    async def next_reminder(self) -> str | None:
        row = await self._one("SELECT MIN(due_at) AS due FROM reminders WHERE done_at IS NULL", ())
        return row["due"] if row else None

    async def get_meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM bot_meta WHERE key=?", (key,))
        return row["value"] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id=?", (guild_id,))
        if row is None:
            return {**DEFAULT_SETTINGS, "reminder_hours": list(DEFAULT_SETTINGS["reminder_hours"])}
        return {"phase_hours": row["phase_hours"], "reminder_hours": json.loads(row["reminder_hours"]),
                "min_phase_hours": row["min_phase_hours"], "max_games_per_user": row["max_games_per_user"],
                "max_games_per_server": row["max_games_per_server"], "palette": row["palette"]}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any], at: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, phase_hours, reminder_hours, min_phase_hours, "
                "max_games_per_user, max_games_per_server, palette, updated_at) VALUES (?,?,?,?,?,?,?,?) "
                "ON CONFLICT (guild_id) DO UPDATE SET phase_hours=excluded.phase_hours, "
                "reminder_hours=excluded.reminder_hours, min_phase_hours=excluded.min_phase_hours, "
                "max_games_per_user=excluded.max_games_per_user, "
                "max_games_per_server=excluded.max_games_per_server, palette=excluded.palette, "
                "updated_at=excluded.updated_at",
                (guild_id, settings["phase_hours"], json.dumps(settings["reminder_hours"]),
                 settings["min_phase_hours"], settings["max_games_per_user"], settings["max_games_per_server"],
                 settings["palette"], at))

    async def user_palette(self, user_id: int) -> str | None:
        """The palette a player chose for the maps sent to them, or None if they never chose."""
        row = await self._one("SELECT palette FROM user_settings WHERE user_id=?", (user_id,))
        return row["palette"] if row else None

    async def set_user_palette(self, user_id: int, palette: str, at: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("INSERT INTO user_settings (user_id, palette, updated_at) VALUES (?,?,?) "
                               "ON CONFLICT (user_id) DO UPDATE SET palette=excluded.palette, "
                               "updated_at=excluded.updated_at", (user_id, palette, at))

    async def notify_settings(self, user_id: int | None, conn=None) -> NotifySettings:
        if user_id is None:
            return NotifySettings()
        sql = "SELECT dm_phase, quiet, reminder_hours FROM notify_settings WHERE user_id=?"
        if conn is not None:
            row = await (await conn.execute(sql, (user_id,))).fetchone()
        else:
            row = await self._one(sql, (user_id,))
        if row is None:
            return NotifySettings()
        hours = None if row["reminder_hours"] is None else tuple(json.loads(row["reminder_hours"]))
        return NotifySettings(bool(row["dm_phase"]), bool(row["quiet"]), hours)

    async def set_notify_settings(self, user_id: int, settings: NotifySettings, at: str) -> None:
        hours = None if settings.reminder_hours is None else json.dumps(list(settings.reminder_hours))
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO notify_settings (user_id, dm_phase, quiet, reminder_hours, updated_at) VALUES (?,?,?,?,?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_phase=excluded.dm_phase, quiet=excluded.quiet, "
                "reminder_hours=excluded.reminder_hours, updated_at=excluded.updated_at",
                (user_id, int(settings.dm_phase), int(settings.quiet), hours, at))

    async def open_games_count(self, guild_id: int, creator_id: int | None = None) -> int:
        sql = "SELECT COUNT(*) AS n FROM games WHERE guild_id=? AND status IN ('forming', 'active', 'paused')"
        params: tuple = (guild_id,)
        if creator_id is not None:
            sql += " AND creator_id=?"
            params += (creator_id,)
        row = await self._one(sql, params)
        return int(row["n"])

    async def export(self, game_id: int, stored_states: bool = False) -> dict[str, Any]:
        """The whole record; with `stored_states` each phase's state stays as stored (a
        `StoredState`), for the export's packer to decode off the event loop."""
        game = await self.game(game_id)
        data: dict[str, Any] = {
            "format": "dispatch-game/1",
            "game": {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in game.__dict__.items()
                     if k != "seats"},
            "seats": [s.__dict__ for s in game.seats],
            "phases": [],
            "events": await self.events(game_id),
            "seat_history": [h.__dict__ for h in await self.seat_history(game_id)],
            "rollbacks": await self.rollbacks(game_id),
        }
        if game.status in ("finished", "abandoned"):
            data["game"]["seed"] = (await self.seed(None, game_id))
        for phase in await self.phases(game_id, decode=not stored_states):
            sheets = await self.order_sheets(phase.id)
            data["phases"].append({
                "phase_id": phase.id, "seq": phase.seq, "label": phase.label, "state": phase.state,
                "deadline": phase.deadline.isoformat() if phase.deadline else None,
                "created_at": phase.created_at,
                "adjudicated_at": phase.adjudicated_at, "report": phase.report,
                "orders": {seat: {"lines": list(s.lines), "ready": s.ready, "by": s.submitted_by,
                                  "at": s.submitted_at} for seat, s in sheets.items()},
            })
        return data


def _outbox(row) -> OutboxMessage:
    buttons = tuple(tuple(b) for b in json.loads(row["buttons"])) if row["buttons"] else ()
    return OutboxMessage(row["id"], row["game_id"], row["target"], row["content"], row["phase_id"],
                         row["attempts"], row["ping_user"], buttons)


def _phase(row, decode: bool = True) -> PhaseInfo:
    try:
        return PhaseInfo.from_row(row, decode)
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
