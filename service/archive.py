"""Finished games as files: import a complete export, and delete a finished game's record.

An export of a finished game (`complete: true`) holds everything — states, orders, events and
the seed — so importing it recreates the same game under a new number: same phases, same
orders, same event log, same dice. An export of a running game leaves out secret orders and
the seed, so it cannot be continued faithfully and is refused (use `bot.py --backup` instead).
"""
from __future__ import annotations

import gzip
import json
from typing import Any

from engine.variant import get_variant

from . import permissions
from .errors import BadInput, BadState, Forbidden
from .models import Actor, GameInfo, encode_state, iso
from .visibility import OVER

FORMAT = "dispatch-game/1"


class ArchiveMixin:
    """Import and deletion for `GameService` (it provides `db`, `store`, `clock`, `game`)."""

    async def import_game(self, guild_id: int, actor: Actor, data: Any) -> GameInfo:
        """Server admin: recreate a finished game from its complete export, as a new game."""
        if not actor.is_admin:
            raise Forbidden("only a server administrator may import a game")
        game, seats, phases, events = _read_export(data)
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO games (guild_id, name, variant, options, status, creator_id, seed, seed_hash, "
                "phase_hours, reminder_hours, winners, created_at, started_at, ended_at) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (guild_id, game["name"], game["variant"], json.dumps(game["options"]), game["status"],
                 game["creator_id"], game["seed"], game["seed_hash"], game["phase_hours"],
                 json.dumps(game["reminder_hours"]), json.dumps(game["winners"]), game["created_at"],
                 game["started_at"], game["ended_at"]))
            game_id = cur.lastrowid
            for seat in seats:
                await conn.execute("INSERT INTO seats (game_id, seat, user_id) VALUES (?,?,?)",
                                   (game_id, seat["seat"], seat["user_id"]))
            new_ids: dict[int, int] = {}
            for phase in phases:
                cur = await conn.execute(
                    "INSERT INTO phases (game_id, seq, label, state, deadline, created_at, adjudicated_at, report) "
                    "VALUES (?,?,?,?,?,?,?,?)",
                    (game_id, phase["seq"], phase["label"], encode_state(phase["state"]), phase["deadline"],
                     phase.get("created_at") or game["created_at"], phase["adjudicated_at"], phase["report"]))
                new_ids[phase["phase_id"]] = cur.lastrowid
                for seat, sheet in phase["orders"].items():
                    await self.store.save_orders(conn, cur.lastrowid, seat, list(sheet["lines"]), bool(sheet["ready"]),
                                                 sheet["by"], sheet["at"])
            current = new_ids.get(game["current_phase"])
            await conn.execute("UPDATE games SET current_phase=? WHERE id=?", (current, game_id))
            for event in events:
                await conn.execute("INSERT INTO events (game_id, phase_id, at, actor_id, kind, payload) "
                                   "VALUES (?,?,?,?,?,?)",
                                   (game_id, new_ids.get(event["phase_id"]), event["at"], event["actor_id"],
                                    event["kind"], json.dumps(event["payload"])))
            # the seat history and undone adjudications came with exports from migration 0007 on
            try:
                for spell in data.get("seat_history") or []:
                    await conn.execute("INSERT INTO seat_history (game_id, seat, user_id, from_label, at, how) "
                                       "VALUES (?,?,?,?,?,?)", (game_id, str(spell["seat"]), spell.get("user_id"),
                                                               spell.get("from_label"), str(spell["at"]), str(spell["how"])))
                for undone in data.get("rollbacks") or []:
                    await conn.execute("INSERT INTO rollbacks (game_id, at, actor_id, reopened_seq, reopened_label, report, "
                                       "undone) VALUES (?,?,?,?,?,?,?)",
                                       (game_id, str(undone["at"]), undone.get("actor_id"), int(undone["reopened_seq"]),
                                        str(undone["reopened_label"]), undone.get("report"), json.dumps(undone["undone"])))
            except (KeyError, TypeError, ValueError, AttributeError):
                raise BadInput("the export's seat history or rollbacks are damaged; nothing was imported") from None
            await self.store.log(conn, game_id, current, iso(self.clock()), actor.user_id, "imported",
                                 {"from_game": game["id"], "from_guild": game["guild_id"]})
        return await self.game(game_id)

    async def delete_game(self, game_id: int, actor: Actor, guild_id: int | None = None) -> GameInfo:
        """Server admin: remove a finished or abandoned game's whole record."""
        game = await self.game(game_id)
        permissions.require_same_server(game, guild_id)
        if not actor.is_admin:
            raise Forbidden("only a server administrator may delete a game")
        if game.status not in OVER:
            raise BadState(f"game #{game.id} is still {game.status}; abandon it first (`/game abandon`)")
        async with self.db.transaction() as conn:
            phases = "SELECT id FROM phases WHERE game_id=?"
            await conn.execute(f"DELETE FROM orders WHERE phase_id IN ({phases})", (game_id,))
            await conn.execute("DELETE FROM reminders WHERE game_id=?", (game_id,))
            await conn.execute("DELETE FROM outbox WHERE game_id=?", (game_id,))
            await conn.execute("DELETE FROM events WHERE game_id=?", (game_id,))
            await conn.execute("UPDATE games SET current_phase=NULL WHERE id=?", (game_id,))
            await conn.execute("DELETE FROM phases WHERE game_id=?", (game_id,))
            await conn.execute("DELETE FROM seats WHERE game_id=?", (game_id,))
            for table in ("seat_history", "votes", "rooms", "rollbacks"):
                await conn.execute(f"DELETE FROM {table} WHERE game_id=?", (game_id,))
            await conn.execute("DELETE FROM games WHERE id=?", (game_id,))
        self.store.forget_channels()
        return game


def pack_export(data: Any) -> bytes:
    """An export as it is sent and written: compact JSON, gzip-compressed (always under Discord's
    upload limit for the games Dispatch stores)."""
    return gzip.compress(json.dumps(data, separators=(",", ":")).encode(), 9)


def read_export(raw: bytes) -> Any:
    """The data of an export file: JSON, or JSON compressed with gzip (as `/game export` sends it)."""
    try:
        return json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    except (ValueError, OSError, EOFError):
        raise BadInput("that file is not a game export (JSON, or JSON compressed with gzip)") from None


def _read_export(data: Any) -> tuple[dict, list, list, list]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadInput(f"this is not a Dispatch game export (expected format `{FORMAT}`)")
    if not data.get("complete") or "seed" not in data.get("game", {}):
        raise BadInput("this export is of a game still running: it leaves out secret orders and the "
                       "dice seed, so it cannot be continued. Import works with a finished game's export; "
                       "to move a running server, use `bot.py --backup`")
    try:
        game, seats, phases, events = data["game"], data["seats"], data["phases"], data["events"]
        get_variant(game["variant"])
        if game["status"] not in OVER:
            raise BadInput("only finished or abandoned games can be imported")
        for phase in phases:
            phase["seq"], phase["phase_id"], phase["state"], phase["orders"]  # noqa: B018 - shape check
        for event in events:
            event["kind"], event["at"], event["payload"]  # noqa: B018
        for seat in seats:
            seat["seat"]  # noqa: B018
    except (KeyError, TypeError) as exc:
        raise BadInput(f"the export is damaged: missing {exc}") from None
    except Exception as exc:  # noqa: BLE001 - an unknown variant or a bad value in a file
        if isinstance(exc, BadInput):
            raise
        raise BadInput(f"the export cannot be read: {exc}") from None
    return game, seats, phases, events
