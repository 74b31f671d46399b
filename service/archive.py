"""Finished games as files: import a complete export, and delete a finished game's record.

An export of a finished game (`complete: true`) holds everything — states, orders, events and
the seed — so importing it recreates the same game under a new number: same phases, same
orders, same event log, same dice. An export of a running game leaves out secret orders and
the seed, so it cannot be continued faithfully and is refused (use `bot.py --backup` instead).
"""
from __future__ import annotations

import asyncio
from typing import Any

from . import permissions
from .checks import check_id, check_optional_id
from .errors import BadExport, BadState, Forbidden
from .exports import pack_export
from .imports import FORMAT, ImportPlan, plan_import, read_export  # noqa: F401 - the file API
from .ids import checked_ids
from .models import Actor, GameInfo, iso
from .records import Records
from .runtime import Now, Workers
from .seasons import Seasons
from .store import Store
from .visibility import OVER
from .workers import Overrun

IMPORT_SECONDS = 60.0      # the worker's bound for reading and checking one file


@checked_ids
class Archive:
    """Export files, imports of finished games, and the deletion of a finished game's record."""

    def __init__(self, store: Store, clock: Now, workers: Workers, records: Records, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.workers = workers
        self.records = records
        self.seasons = seasons

    async def import_file(self, guild_id: int, actor: Actor, raw: bytes) -> GameInfo:
        """Server admin: recreate a finished game from its export file (JSON or gzip). The file
        is expanded, parsed and checked in the worker pool, never on the event loop."""
        return await self.import_game(guild_id, actor, bytes(raw))

    async def export_file(self, game_id: int, viewer: Actor | None = None) -> tuple[bool, bytes]:
        """The export `viewer` may download, as a file, and whether it is complete (a game over,
        with its seed). The phases' states are read as stored and decoded, written as JSON and
        gzipped in a thread, piece by piece: the event loop is never held while a long game is
        packed (decoding 161 A&A states on it held it ~0.25 s; one json.dumps ~0.4 s)."""
        data = await self.records.export(game_id, viewer, stored_states=True)
        return bool(data.get("complete")), await asyncio.to_thread(pack_export, data)

    async def import_game(self, guild_id: int, actor: Actor, data: Any) -> GameInfo:
        """Server admin: recreate a finished game from its complete export (the file's bytes or
        its parsed data), as a new game. Refused with one precise reason (`BadExport`) unless
        every field fits the schema and the variant; refused if this server already holds the
        same game (same seed commitment: an export imported twice, or the original itself)."""
        guild_id = check_id(guild_id, "the server id")
        if not actor.is_admin:
            raise Forbidden("only a server administrator may import a game")
        try:
            plan: ImportPlan = await self.workers.run(plan_import, data, timeout=IMPORT_SECONDS)
        except Overrun:
            raise BadExport(f"checking the file took more than {IMPORT_SECONDS:g} s and was stopped; it is larger "
                            f"than any game export. Nothing was imported") from None
        async with self.store.db.transaction() as tx:
            twin = await tx.games.twin(guild_id, plan.seed_hash)
            if twin is not None:
                raise BadExport(f"this server already has this game, as #{twin['id']} {twin['name']} (same dice "
                                f"seed): it was imported before, or is the original. Nothing was imported")
            game_id = await tx.games.imported(
                guild_id, plan.name, plan.variant, plan.options, plan.status, plan.creator_id, plan.seed,
                plan.seed_hash, plan.phase_hours, plan.reminder_hours, plan.winners, plan.created_at,
                plan.started_at, plan.ended_at, plan.absent_policy)
            for position, (seat, user_id, bot) in enumerate(plan.seats):    # bot seats stay the bot's (at their level)
                await tx.seats.add(game_id, seat, position, user_id, bot)
            new_ids: dict[int, int] = {}
            for phase in plan.phases:
                phase_id = await tx.phases.add(game_id, phase.seq, phase.label, phase.state, phase.deadline,
                                               phase.created_at or plan.created_at, phase.adjudicated_at, phase.report)
                new_ids[phase.phase_id] = phase_id
                for seat, lines, ready, by, at in phase.orders:
                    await self.store.save_orders(tx, phase_id, seat, list(lines), ready, by, at)
            current = new_ids.get(plan.current_phase) if plan.current_phase is not None else None
            await tx.games.set_current_phase(game_id, current)
            for phase_id, at, actor_id, kind, payload in plan.events:
                await tx.events.log(game_id, new_ids.get(phase_id), at, actor_id, kind, payload)
            for seat, user_id, from_label, at, how in plan.seat_history:
                await tx.seats.held(game_id, seat, user_id, None, from_label, at, how)
            for at, actor_id, seq, label, report, undone in plan.rollbacks:
                await tx.events.rolled_back(game_id, at, actor_id, seq, label, report, undone)
            await self.seasons.settings_imported(tx, game_id, plan.seasons)     # seasons: its settings, its league
            await self.store.log(tx, game_id, current, iso(self.clock()), actor.user_id, "imported",
                                 {"from_game": plan.origin_id, "from_guild": plan.origin_guild,
                                  "seed_hash": plan.seed_hash})
        await self.seasons.records.game_imported(game_id)      # seasons hook: it counts where it was imported
        return await self.store.game(game_id)

    async def delete_game(self, game_id: int, actor: Actor, guild_id: int | None = None) -> GameInfo:
        """Server admin: remove a finished or abandoned game's whole record."""
        game = await self.store.game(game_id)
        permissions.require_same_server(game, check_optional_id(guild_id, "the server id"))
        if not actor.is_admin:
            raise Forbidden("only a server administrator may delete a game")
        if game.status not in OVER:
            raise BadState(f"game #{game.id} is still {game.status}; abandon it first (`/gm abandon`)")
        async with self.store.db.transaction() as tx:
            await self.seasons.records.game_deleted(tx, game_id)   # seasons hook: its ladder is recomputed
            await tx.games.delete(game_id)
        self.store.forget_channels()
        await self.seasons.ladders.refresh(game.guild_id)     # seasons hook: the deleted game's ladder
        return game
