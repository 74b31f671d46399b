"""The service's view of the database: rows (from the repositories of `db/`) as the service's
models. Inside a transaction pass it (`tx`); outside, omit it: a read of its own, `db.lookup()` where
the answer is one statement (one round trip on PostgreSQL), `db.read()` (one snapshot) where it
takes several."""
from __future__ import annotations

import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable

from db import Tables

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

    def reading(self, tx: Tables | None = None):
        """`tx` itself inside a transaction, else a read of its own (`db.read()`: one snapshot)."""
        return _within(tx, self.db.read)

    def looking(self, tx: Tables | None = None):
        """`tx` itself inside a transaction, else a lookup of its own: one statement, run without
        a transaction (`db.lookup()`)."""
        return _within(tx, self.db.lookup)

    async def game(self, game_id: int, tx: Tables | None = None) -> GameInfo:
        try:
            game_id = check_number(game_id, "game number")
        except BadInput:
            raise NotFound(f"`{clip(game_id)}` is not a game number") from None
        async with self.looking(tx) as r:
            row, seats = await r.games.with_seats(game_id)
        if row is None:
            raise NotFound(f"there is no game #{game_id}")
        try:
            return GameInfo.from_row(row, seats)
        except (ValueError, TypeError, KeyError) as exc:
            raise BadState(f"game #{game_id} has a damaged record ({exc}); ask an admin to export it") from None

    async def games_in_guild(self, guild_id: int, include_over: bool) -> list[GameInfo]:
        """A server's games in two queries, however many there are (autocomplete runs this on
        every keystroke)."""
        async with self.db.read() as r:
            return await self._games(r, await r.games.in_guild(guild_id, include_over))

    @staticmethod
    async def _games(r: Tables, rows: list) -> list[GameInfo]:
        if not rows:
            return []
        seats: dict[int, list] = {row["id"]: [] for row in rows}
        for seat in await r.seats.of_games(list(seats)):
            seats[seat["game_id"]].append(seat)
        games = []
        for row in rows:
            try:
                games.append(GameInfo.from_row(row, seats[row["id"]]))
            except (ValueError, TypeError, KeyError):
                continue        # a damaged row is reported when that game is opened, not in a list
        return games

    # The games a player can still pick in a server, as the game autocomplete reads them on every
    # keystroke: through the partial indexes of migrations 0010 and 0013, at most `limit` rows each.
    async def open_games_by_id(self, guild_id: int, low: int, high: int, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's open games numbered low..high, lowest first."""
        async with self.db.lookup() as r:
            rows = await r.games.open_by_id(guild_id, low, high, limit)
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def newest_open_games(self, guild_id: int, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's `limit` newest open games, newest first."""
        async with self.db.lookup() as r:
            rows = await r.games.newest_open(guild_id, limit)
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def open_games_at_most(self, guild_id: int, at_most: int) -> int:
        """How many open games the server has, counted up to `at_most` (a bounded read of the
        partial index of open games: a list's page costs the same however many there are)."""
        async with self.db.lookup() as r:
            return int(await r.games.open_at_most(guild_id, at_most))

    async def open_games_page(self, guild_id: int, leave_out: list[int], limit: int, offset: int) -> list[GameInfo]:
        """The server's open games newest first, without those numbered in `leave_out`, `offset`
        skipped, at most `limit` (`/game list`: through the same index, read from its top)."""
        async with self.db.read() as r:
            return await self._games(r, await r.games.open_page(guild_id, leave_out, limit, offset))

    async def open_games_named(self, guild_id: int, start: str, limit: int) -> list[tuple[int, str, str]]:
        """(id, name, status) of the server's open games whose name starts with `start` (ASCII
        letters in either case), in the order of their names."""
        async with self.db.lookup() as r:
            rows = await r.games.open_named(guild_id, ascii_lower(start), limit)
        return [(r["id"], r["name"], r["status"]) for r in rows]

    async def open_games_of_user_in_guild(self, guild_id: int, user_id: int) -> list[GameInfo]:
        """The server's open games `user_id` holds a seat in or created (by the seats' and the
        creators' indexes: a command without a game number costs the same in any server)."""
        async with self.db.read() as r:
            return await self._games(r, await r.games.open_of_user_in_guild(guild_id, user_id))

    async def max_game_id(self) -> int:
        async with self.db.lookup() as r:
            return await r.games.max_id()

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        async with self.db.read() as r:
            return await self._games(r, await r.games.of_user(user_id))

    async def game_for_channel(self, channel_id: int):
        """The game a channel belongs to, and the seat if it is a seat channel. Every message the
        bot sees asks this, so the channel → (game, seat) mapping is cached; it changes only
        when a game's channels are set, which calls `forget_channels`."""
        if channel_id not in self._channel_cache:
            async with self.db.lookup() as r:      # a seat's channel, else a room's (nobody's orders), else the game's
                row = await r.games.channel_owner(channel_id)
            found = (row["game_id"], row["seat"]) if row else None
            if len(self._channel_cache) >= CHANNEL_CACHE:
                self._channel_cache.pop(next(iter(self._channel_cache)))
            self._channel_cache[channel_id] = found
        found = self._channel_cache[channel_id]
        if found is None:
            return None
        return await self.game(found[0]), found[1]

    async def rooms(self, game_id: int, tx: Tables | None = None) -> list[Room]:
        async with self.looking(tx) as r:
            rows = await r.rooms.of_game(game_id)
        return [Room(r["id"], r["game_id"], r["kind"], r["name"], r["channel_id"], tuple(json.loads(r["seats"])),
                     r["created_by"]) for r in rows]

    async def seat_history(self, game_id: int, tx: Tables | None = None) -> list[HolderSpell]:
        async with self.looking(tx) as r:
            rows = await r.seats.history(game_id)
        return [HolderSpell(r["seat"], r["user_id"], r["from_label"], r["at"], r["how"]) for r in rows]

    async def rollbacks(self, game_id: int, tx: Tables | None = None) -> list[dict[str, Any]]:
        async with self.looking(tx) as r:
            rows = await r.events.rollbacks(game_id)
        return [{"at": r["at"], "actor_id": r["actor_id"], "reopened_seq": r["reopened_seq"],
                 "reopened_label": r["reopened_label"], "report": r["report"], "undone": json.loads(r["undone"])}
                for r in rows]

    def forget_channels(self) -> None:
        self._channel_cache.clear()

    async def seed(self, tx: Tables | None, game_id: int) -> str:
        async with self.looking(tx) as r:
            return await r.games.seed(game_id)

    async def phase_by_id(self, phase_id: int, tx: Tables | None = None, decode: bool = True) -> PhaseInfo:
        async with self.looking(tx) as r:
            row = await r.phases.get(phase_id)
        if row is None:
            raise NotFound(f"there is no phase {phase_id}")
        return _phase(row, decode)

    async def phase_by_seq(self, game_id: int, seq: int, tx: Tables | None = None) -> PhaseInfo:
        seq = check_number(seq, "phase number")
        async with self.looking(tx) as r:
            row = await r.phases.by_seq(game_id, seq)
        if row is None:
            raise NotFound(f"game #{game_id} has no phase number {seq}")
        return _phase(row)

    async def phases(self, game_id: int, decode: bool = True, tx: Tables | None = None) -> list[PhaseInfo]:
        async with self.looking(tx) as r:
            rows = await r.phases.of_game(game_id)
        return [_phase(row, decode) for row in rows]

    async def order_sheet(self, phase_id: int, seat: str, tx: Tables | None = None) -> OrderSheet:
        async with self.looking(tx) as r:
            row = await r.orders.sheet(phase_id, seat)
        if row is None:
            return OrderSheet(seat, (), False, None, None)
        return _sheet(row)

    async def order_sheets(self, phase_id: int, tx: Tables | None = None) -> dict[str, OrderSheet]:
        async with self.looking(tx) as r:
            rows = await r.orders.sheets(phase_id)
        return {row["seat"]: _sheet(row) for row in rows}

    async def save_orders(self, tx: Tables, phase_id: int, seat: str, lines: list[str], ready: bool,
                          user_id: int | None, at: str) -> None:
        await tx.orders.save(phase_id, seat, lines, ready, user_id, at)

    async def log(self, tx: Tables, game_id: int, phase_id: int | None, at: str, actor_id: int | None,
                  kind: str, payload: dict[str, Any]) -> None:
        await tx.events.log(game_id, phase_id, at, actor_id, kind, payload)

    async def events(self, game_id: int, tx: Tables | None = None) -> list[dict[str, Any]]:
        async with self.looking(tx) as r:
            rows = await r.events.of_game(game_id)
        return [{"id": r["id"], "phase_id": r["phase_id"], "at": r["at"], "actor_id": r["actor_id"],
                 "kind": r["kind"], "payload": json.loads(r["payload"])} for r in rows]

    async def outbox(self, tx: Tables, game_id: int, target: str, content: str, phase_id: int | None,
                     at: str, ping_user: int | None = None, buttons: list[tuple[str, str]] | None = None) -> None:
        await tx.outbox.add(game_id, target, content, phase_id, at, ping_user, buttons)
        tx.on_commit(self.on_change)        # the clock's reader sees the message only once it is committed

    async def due_outbox(self, now: str, console: bool, limit: int, node: str = "",
                         shards: tuple[int, tuple[int, ...]] | None = None) -> list[OutboxMessage]:
        """Messages due now, oldest first, at most one per destination, none another process is
        sending, only those of `shards`' servers (`db.outbox.Outbox.due`)."""
        async with self.db.lookup() as r:
            rows = await r.outbox.due(now, CONSOLE_GUILD, console, limit, node, shards)
        return [_outbox(r) for r in rows]

    async def open_outbox(self, limit: int) -> list[OutboxMessage]:
        async with self.db.lookup() as r:
            rows = await r.outbox.still_open(limit)
        return [_outbox(r) for r in rows]

    async def mark_delivered(self, message_id: int, at: str, node: str | None = None) -> bool:
        """Delivered (with `node`: unless another process claimed it since; False then)."""
        async with self.db.transaction() as tx:
            return await tx.outbox.delivered(message_id, at, node)

    async def deliver_then(self, message: OutboxMessage, at: str, content: str,
                           buttons: list[tuple[str, str]], node: str | None = None) -> bool:
        """`message` delivered and, in the same transaction, a message following it (same game,
        target and phase): the map of a turn whose results went out without it is never lost
        (with `node`: neither, if another process claimed the message since; False then)."""
        async with self.db.transaction() as tx:
            if not await tx.outbox.delivered(message.id, at, node):
                return False
            await self.outbox(tx, message.game_id, message.target, content, message.phase_id, at, buttons=buttons)
            return True

    async def delivery_failed(self, message_id: int, error: str, retry_at: str | None, at: str) -> None:
        """One more failed attempt: retry at `retry_at`, or (None) give up: a dead letter."""
        async with self.db.transaction() as tx:
            await tx.outbox.failed(message_id, error, retry_at, at)

    async def next_outbox_retry(self, now: str = "", node: str = "",
                                shards: tuple[int, tuple[int, ...]] | None = None) -> str | None:
        async with self.db.lookup() as r:
            return await r.outbox.next_retry(now, node, shards)

    async def due_reminders(self, now: str, node: str = ""):
        async with self.db.lookup() as r:
            return await r.timers.due(now, node)

    async def next_pause_end(self) -> str | None:
        async with self.db.lookup() as r:
            return await r.games.next_pause_end()

    async def next_reminder(self, now: str = "", node: str = "") -> str | None:
        async with self.db.lookup() as r:
            return await r.timers.next_due(now, node)

    async def get_meta(self, key: str) -> str | None:
        async with self.db.lookup() as r:
            return await r.settings.meta(key)

    async def set_meta(self, key: str, value: str) -> None:
        async with self.db.transaction() as tx:
            await tx.settings.save_meta(key, value)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self.db.lookup() as r:
            row = await r.settings.guild(guild_id)
        if row is None:
            return {**DEFAULT_SETTINGS, "reminder_hours": list(DEFAULT_SETTINGS["reminder_hours"])}
        return {"phase_hours": row["phase_hours"], "reminder_hours": json.loads(row["reminder_hours"]),
                "min_phase_hours": row["min_phase_hours"], "max_games_per_user": row["max_games_per_user"],
                "max_games_per_server": row["max_games_per_server"], "palette": row["palette"]}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any], at: str) -> None:
        async with self.db.transaction() as tx:
            await tx.settings.save_guild(guild_id, settings, at)

    async def user_palette(self, user_id: int) -> str | None:
        """The palette a player chose for the maps sent to them, or None if they never chose."""
        async with self.db.lookup() as r:
            return await r.settings.palette(user_id)

    async def set_user_palette(self, user_id: int, palette: str, at: str) -> None:
        async with self.db.transaction() as tx:
            await tx.settings.save_palette(user_id, palette, at)

    async def notify_settings(self, user_id: int | None, tx: Tables | None = None) -> NotifySettings:
        if user_id is None:
            return NotifySettings()
        async with self.looking(tx) as r:
            row = await r.settings.notify(user_id)
        if row is None:
            return NotifySettings()
        hours = None if row["reminder_hours"] is None else tuple(json.loads(row["reminder_hours"]))
        return NotifySettings(bool(row["dm_phase"]), bool(row["quiet"]), hours)

    async def set_notify_settings(self, user_id: int, settings: NotifySettings, at: str) -> None:
        async with self.db.transaction() as tx:
            await tx.settings.save_notify(user_id, settings.dm_phase, settings.quiet, settings.reminder_hours, at)

    async def open_games_count(self, guild_id: int, creator_id: int | None = None) -> int:
        async with self.db.lookup() as r:
            return int(await r.games.open_count(guild_id, creator_id))

    async def export(self, game_id: int, stored_states: bool = False) -> dict[str, Any]:
        """The whole record, read in one snapshot; with `stored_states` each phase's state stays
        as stored (a `StoredState`), for the export's packer to decode off the event loop."""
        async with self.db.read() as r:
            game = await self.game(game_id, r)
            data: dict[str, Any] = {
                "format": "dispatch-game/1",
                "game": {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in game.__dict__.items()
                         if k != "seats"},
                "seats": [s.__dict__ for s in game.seats],
                "phases": [],
                "events": await self.events(game_id, r),
                "seat_history": [h.__dict__ for h in await self.seat_history(game_id, r)],
                "rollbacks": await self.rollbacks(game_id, r),
            }
            if game.status in ("finished", "abandoned"):
                data["game"]["seed"] = await self.seed(r, game_id)
            data["game"]["seasons"] = await season_settings(r, game_id)      # scoring=, committed=, league=
            for phase in await self.phases(game_id, decode=not stored_states, tx=r):
                sheets = await self.order_sheets(phase.id, r)
                data["phases"].append({
                    "phase_id": phase.id, "seq": phase.seq, "label": phase.label, "state": phase.state,
                    "deadline": phase.deadline.isoformat() if phase.deadline else None,
                    "created_at": phase.created_at,
                    "adjudicated_at": phase.adjudicated_at, "report": phase.report,
                    "orders": {seat: {"lines": list(s.lines), "ready": s.ready, "by": s.submitted_by,
                                      "at": s.submitted_at} for seat, s in sheets.items()},
                })
        return data


async def season_settings(r: Tables, game_id: int) -> dict[str, Any] | None:
    """A game's seasons settings as its export carries them (None: the defaults and no league)."""
    stored = await r.seasons.settings(game_id)
    league = await r.leagues.league_of_game(game_id)
    if stored is None and league is None:
        return None
    scoring, committed = stored if stored is not None else (None, None)
    return {"scoring": scoring, "committed": committed, "league": league["name"] if league else None}


def ascii_lower(text: str) -> str:
    """`text` with ASCII letters in lower case, as SQL's lower() gives them on every database."""
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


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


@asynccontextmanager
async def _within(tx: Tables | None, opened) -> AsyncIterator[Tables]:
    """`tx` when given, else what `opened()` opens (a read or a lookup), closed after."""
    if tx is not None:
        yield tx
    else:
        async with opened() as r:
            yield r
