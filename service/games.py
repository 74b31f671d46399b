"""GameService: create, seat, start, order, adjudicate, pause, export. No Discord here.

Every change is one `Database.transaction()`. Adjudication re-reads the phase inside its
transaction and does nothing if the phase was already adjudicated, so a retried or doubled
call (all-ready racing the deadline, a restart) adjudicates a phase exactly once.
"""
from __future__ import annotations

import hashlib
import json
import random
import secrets
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Mapping

from engine.errors import OrderError, RulesError
from engine.variant import PhaseResult, Variant, get_variant

from . import permissions
from .errors import BadInput, BadState, Forbidden, NotFound
from .models import Actor, GameInfo, OrderSheet, OutboxMessage, PhaseInfo, iso
from .store import Store

Clock = Callable[[], datetime]
MAX_PHASE_HOURS = 24 * 30
MAX_NAME = 60
# Phases in which nobody has anything to order are adjudicated straight away; this bounds
# such a chain so a faulty variant cannot spin forever inside one transaction.
MAX_SKIPPED_PHASES = 50


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def phase_rng(seed: str, seq: int) -> random.Random:
    """The dice of one phase: fixed by the game's secret seed and the phase number."""
    return random.Random(f"{seed}:{seq}")


class GameService:
    def __init__(self, db, clock: Clock = utcnow, seed_source: Callable[[], str] | None = None):
        self.db = db
        self.store = Store(db)
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.token_hex(16))

    # ------------------------------------------------------------------ reading
    async def game(self, game_id: int) -> GameInfo:
        return await self.store.game(game_id)

    async def phase(self, game_id: int, seq: int | None = None) -> PhaseInfo:
        game = await self.game(game_id)
        if seq is None:
            if game.current_phase is None:
                raise BadState(f"game #{game_id} has not started yet")
            return await self.store.phase_by_id(game.current_phase)
        return await self.store.phase_by_seq(game_id, seq)

    async def list_games(self, guild_id: int, include_over: bool = False) -> list[GameInfo]:
        return await self.store.games_in_guild(guild_id, include_over)

    async def game_for_channel(self, channel_id: int) -> tuple[GameInfo, str | None] | None:
        """The game a channel belongs to, and the seat if it is a seat's private channel."""
        return await self.store.game_for_channel(channel_id)

    async def orders(self, game_id: int, actor: Actor, seat: str | None = None) -> OrderSheet:
        game = await self.game(game_id)
        seat = permissions.resolve_seat(game, actor, seat)
        phase = await self._current(game)
        return await self.store.order_sheet(phase.id, seat)

    async def readiness(self, game_id: int) -> dict[str, bool]:
        """Seat -> ready, for the seats that must act in the current phase."""
        game = await self.game(game_id)
        phase = await self._current(game)
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id)
        return {seat: sheets.get(seat, OrderSheet(seat, (), False, None, None)).ready
                for seat in variant.seats_to_act(phase.state)}

    # ------------------------------------------------------------------ set-up
    async def create_game(self, guild_id: int, actor: Actor, variant_key: str, name: str | None = None,
                          options: Mapping[str, Any] | None = None,
                          phase_hours: float | None = None) -> GameInfo:
        try:
            variant = get_variant(variant_key)
            parsed = variant.parse_options(options or {})
        except RulesError as exc:
            raise BadInput(str(exc)) from None
        settings = await self.store.guild_settings(guild_id)
        hours = settings["phase_hours"] if phase_hours is None else _check_hours(phase_hours)
        name = (name or variant.title).strip()[:MAX_NAME] or variant.title
        seed = self.seed_source()
        now = iso(self.clock())
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO games (guild_id, name, variant, options, creator_id, seed, seed_hash, "
                "phase_hours, reminder_hours, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (guild_id, name, variant.key, json.dumps(parsed), actor.user_id, seed,
                 hashlib.sha256(seed.encode()).hexdigest(), hours,
                 json.dumps(settings["reminder_hours"]), now))
            game_id = cur.lastrowid
            for seat in variant.seats(parsed):
                await conn.execute("INSERT INTO seats (game_id, seat) VALUES (?, ?)", (game_id, seat))
            await self.store.log(conn, game_id, None, now, actor.user_id, "created",
                                 {"variant": variant.key, "options": parsed, "name": name})
        return await self.game(game_id)

    async def join(self, game_id: int, actor: Actor, seat: str | None = None) -> str:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            _require_status(game, "forming", "join")
            if seat:
                chosen = permissions.match_name(seat, [s.seat for s in game.seats])
                if chosen is None:
                    raise NotFound(f"game #{game.id} has no seat `{seat}`; open seats: "
                                   f"{', '.join(game.open_seats) or 'none'}")
                holder = game.seat(chosen).user_id
                if holder == actor.user_id:
                    raise BadState(f"you already hold {chosen} in game #{game.id}")
                if holder is not None:
                    raise BadState(f"{chosen} is taken in game #{game.id}; open seats: "
                                   f"{', '.join(game.open_seats) or 'none'}")
            else:
                if not game.open_seats:
                    raise BadState(f"game #{game.id} has no open seat")
                chosen = game.open_seats[0]
            now = iso(self.clock())
            await conn.execute("UPDATE seats SET user_id=?, joined_at=? WHERE game_id=? AND seat=?",
                               (actor.user_id, now, game_id, chosen))
            await self.store.log(conn, game_id, None, now, actor.user_id, "joined", {"seat": chosen})
        return chosen

    async def leave(self, game_id: int, actor: Actor, seat: str | None = None) -> str:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            _require_status(game, "forming", "leave")
            chosen = permissions.resolve_seat(game, actor, seat)
            await conn.execute("UPDATE seats SET user_id=NULL, joined_at=NULL WHERE game_id=? AND seat=?",
                               (game_id, chosen))
            await self.store.log(conn, game_id, None, iso(self.clock()), actor.user_id, "left",
                                 {"seat": chosen})
        return chosen

    async def assign_seat(self, game_id: int, actor: Actor, seat: str, user_id: int | None) -> str:
        """GM: seat a player (also mid-game, to replace one who left), or empty a seat."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "assign seats in")
            if game.status in ("finished", "abandoned"):
                raise BadState(f"game #{game.id} is {game.status}")
            chosen = permissions.match_name(seat, [s.seat for s in game.seats])
            if chosen is None:
                raise NotFound(f"game #{game.id} has no seat `{seat}`")
            if user_id is None and game.status != "forming":
                raise BadState("a started game cannot have an empty seat; assign a replacement")
            await conn.execute("UPDATE seats SET user_id=?, joined_at=? WHERE game_id=? AND seat=?",
                               (user_id, iso(self.clock()), game_id, chosen))
            await self.store.log(conn, game_id, game.current_phase, iso(self.clock()), actor.user_id,
                                 "seat_assigned", {"seat": chosen, "user_id": user_id})
        return chosen

    async def start(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "start")
            _require_status(game, "forming", "start")
            variant = get_variant(game.variant)
            if game.open_seats:
                raise BadState(f"game #{game.id} still has open seats: {', '.join(game.open_seats)}")
            seed = await self.store.seed(conn, game_id)
            state = variant.initial_state(game.options, phase_rng(seed, -1))
            now = self.clock()
            await conn.execute("UPDATE games SET status='active', started_at=? WHERE id=?",
                               (iso(now), game_id))
            await self.store.log(conn, game_id, None, iso(now), actor.user_id, "started",
                                 {"seed_hash": game.seed_hash})
            await self.store.outbox(conn, game_id, "game", (
                f"**{game.name}** (game #{game.id}, {variant.title}) has begun.\n"
                f"Dice/coin seed commitment: `sha256 {game.seed_hash}` (revealed when the game ends)."),
                None, iso(now))
            await self._open_phase(conn, game, variant, state, 0, now)
        return await self.game(game_id)

    async def set_channels(self, game_id: int, category_id: int | None, channel_id: int | None,
                           seat_channels: Mapping[str, int]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE games SET category_id=?, channel_id=? WHERE id=?",
                               (category_id, channel_id, game_id))
            for seat, channel in seat_channels.items():
                await conn.execute("UPDATE seats SET channel_id=? WHERE game_id=? AND seat=?",
                                   (channel, game_id, seat))

    # ------------------------------------------------------------------ orders
    async def submit_orders(self, game_id: int, actor: Actor, text: str, seat: str | None = None,
                            replace: bool = True) -> OrderSheet:
        """Give orders (one per line). `replace` drops earlier orders; otherwise they merge."""
        lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
        if not lines:
            raise BadInput("no orders given: write one order per line")
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat)
            sheet = await self.store.order_sheet(phase.id, seat, conn)
            try:
                canonical = variant.check_orders(phase.state, seat, lines,
                                                 () if replace else sheet.lines)
            except OrderError as exc:
                raise BadInput(f"order rejected, nothing saved. {exc}") from None
            except RulesError as exc:
                raise BadInput(str(exc)) from None
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, canonical, False, actor.user_id, now)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id, "orders",
                                 {"seat": seat, "lines": canonical})
        return OrderSheet(seat, tuple(canonical), False, actor.user_id, now)

    async def clear_orders(self, game_id: int, actor: Actor, seat: str | None = None) -> str:
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat)
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, [], False, actor.user_id, now)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id, "orders_cleared",
                                 {"seat": seat})
        return seat

    async def mark_ready(self, game_id: int, actor: Actor, ready: bool = True,
                         seat: str | None = None) -> tuple[str, PhaseInfo | None]:
        """Mark a seat ready; when every seat that must act is ready, adjudicate at once.

        Returns the seat and the new phase if this made the game move on.
        """
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat)
            if seat not in variant.seats_to_act(phase.state):
                raise BadState(f"{seat} does not act in {phase.label}; its standing orders are saved")
            sheet = await self.store.order_sheet(phase.id, seat, conn)
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, list(sheet.lines), ready,
                                         sheet.submitted_by or actor.user_id, sheet.submitted_at or now)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id,
                                 "ready" if ready else "unready", {"seat": seat})
            new_phase = None
            if ready and await self._all_ready(conn, phase, variant):
                new_phase = await self._adjudicate_in(conn, game_id, phase.id, "all players ready")
        return seat, new_phase

    # ------------------------------------------------------------------ adjudication
    async def adjudicate(self, game_id: int, phase_id: int | None = None,
                         reason: str = "deadline") -> PhaseInfo | None:
        """Adjudicate the current phase (or `phase_id` if it is still current). Idempotent."""
        async with self.db.transaction() as conn:
            return await self._adjudicate_in(conn, game_id, phase_id, reason)

    async def force_adjudicate(self, game_id: int, actor: Actor) -> PhaseInfo | None:
        game = await self.game(game_id)
        permissions.require_gm(game, actor, "adjudicate")
        _require_status(game, "active", "adjudicate")
        return await self.adjudicate(game_id, game.current_phase, "forced by the GM")

    async def _adjudicate_in(self, conn, game_id: int, phase_id: int | None, reason: str) -> PhaseInfo | None:
        game = await self.store.game(game_id, conn)
        if game.status != "active" or game.current_phase is None:
            return None
        if phase_id is not None and phase_id != game.current_phase:
            return None  # already moved on: a retry or a race, nothing to do
        phase = await self.store.phase_by_id(game.current_phase, conn)
        if phase.adjudicated_at is not None:
            return None
        variant = get_variant(game.variant)
        seed = await self.store.seed(conn, game_id)
        now = self.clock()
        for _ in range(MAX_SKIPPED_PHASES):
            sheets = await self.store.order_sheets(phase.id, conn)
            orders = {seat: list(sheet.lines) for seat, sheet in sheets.items() if sheet.lines}
            result = variant.adjudicate(phase.state, orders, phase_rng(seed, phase.seq))
            await conn.execute("UPDATE phases SET adjudicated_at=?, report=? WHERE id=?",
                               (iso(now), result.report, phase.id))
            await conn.execute("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL",
                               (iso(now), phase.id))
            await self.store.log(conn, game_id, phase.id, iso(now), None, "adjudicated",
                                 {"reason": reason, "label": phase.label})
            text = f"**{phase.label}** adjudicated ({reason}).\n{result.report}"
            if result.announcements:
                text += "\n" + "\n".join(result.announcements)
            await self.store.outbox(conn, game_id, "game", text, phase.id, iso(now))
            for seat, message in result.private.items():
                await self.store.outbox(conn, game_id, f"seat:{seat}", message, None, iso(now))
            if result.finished:
                await self._finish(conn, game, result, now, phase.seq + 1, variant)
                return await self.store.phase_by_seq(game_id, phase.seq + 1, conn)
            phase = await self._open_phase(conn, game, variant, result.state, phase.seq + 1, now)
            if variant.seats_to_act(phase.state):
                return phase
            reason = "nobody has orders to give"
        raise RuntimeError(f"game #{game_id}: more than {MAX_SKIPPED_PHASES} empty phases in a row")

    async def _finish(self, conn, game: GameInfo, result: PhaseResult, now: datetime, seq: int,
                      variant: Variant) -> None:
        label = variant.phase_label(result.state)
        await conn.execute(
            "INSERT INTO phases (game_id, seq, label, state, deadline, created_at) VALUES (?,?,?,?,?,?)",
            (game.id, seq, label, json.dumps(result.state), None, iso(now)))
        row = await (await conn.execute("SELECT id FROM phases WHERE game_id=? AND seq=?",
                                        (game.id, seq))).fetchone()
        await conn.execute("UPDATE games SET status='finished', ended_at=?, winners=?, current_phase=? "
                           "WHERE id=?", (iso(now), json.dumps(list(result.winners)), row["id"], game.id))
        seed = await self.store.seed(conn, game.id)
        await self.store.log(conn, game.id, row["id"], iso(now), None, "finished",
                             {"winners": list(result.winners)})
        winners = ", ".join(result.winners) or "nobody (a draw)"
        await self.store.outbox(conn, game.id, "game", (
            f"**{game.name}** is over. Winner: {winners}.\n"
            f"Seed revealed: `{seed}` (sha256 `{game.seed_hash}`): every roll can now be checked."),
            row["id"], iso(now))

    async def _open_phase(self, conn, game: GameInfo, variant: Variant, state: dict, seq: int,
                          now: datetime) -> PhaseInfo:
        label = variant.phase_label(state)
        deadline = now + timedelta(hours=game.phase_hours)
        cur = await conn.execute(
            "INSERT INTO phases (game_id, seq, label, state, deadline, created_at) VALUES (?,?,?,?,?,?)",
            (game.id, seq, label, json.dumps(state), iso(deadline), iso(now)))
        phase_id = cur.lastrowid
        await conn.execute("UPDATE games SET current_phase=? WHERE id=?", (phase_id, game.id))
        await self._schedule(conn, game, phase_id, now, deadline)
        for seat in variant.seats_to_act(state):
            await self.store.outbox(conn, game.id, f"seat:{seat}", (
                f"**{label}** has begun: your orders are due <t:{int(deadline.timestamp())}:R> "
                f"(<t:{int(deadline.timestamp())}:f>). Use `/orders` then `/ready`.\n"
                f"{variant.phase_brief(state, seat)}"), None, iso(now))
        return await self.store.phase_by_id(phase_id, conn)

    async def _schedule(self, conn, game: GameInfo, phase_id: int, now: datetime, deadline: datetime) -> None:
        """One deadline row and one reminder per configured lead time still in the future."""
        await conn.execute("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL",
                           (iso(now), phase_id))
        await conn.execute("UPDATE phases SET deadline=? WHERE id=?", (iso(deadline), phase_id))
        await conn.execute("INSERT INTO reminders (game_id, phase_id, due_at, kind) VALUES (?,?,?, 'deadline')",
                           (game.id, phase_id, iso(deadline)))
        for hours in game.reminder_hours:
            due = deadline - timedelta(hours=hours)
            if due > now:
                await conn.execute(
                    "INSERT INTO reminders (game_id, phase_id, due_at, kind, hours_before) "
                    "VALUES (?,?,?, 'reminder', ?)", (game.id, phase_id, iso(due), hours))

    async def _all_ready(self, conn, phase: PhaseInfo, variant: Variant) -> bool:
        sheets = await self.store.order_sheets(phase.id, conn)
        needed = variant.seats_to_act(phase.state)
        return bool(needed) and all(seat in sheets and sheets[seat].ready for seat in needed)

    # ------------------------------------------------------------------ timers
    async def tick(self) -> int:
        """Fire every reminder and deadline that is due. Safe to call any time, any number."""
        now = self.clock()
        fired = 0
        for row in await self.store.due_reminders(iso(now)):
            async with self.db.transaction() as conn:
                current = await (await conn.execute(
                    "SELECT done_at FROM reminders WHERE id=?", (row["id"],))).fetchone()
                if current is None or current["done_at"] is not None:
                    continue
                await conn.execute("UPDATE reminders SET done_at=? WHERE id=?", (iso(now), row["id"]))
                if row["kind"] == "deadline":
                    await self._adjudicate_in(conn, row["game_id"], row["phase_id"], "deadline")
                else:
                    await self._remind(conn, row, now)
            fired += 1
        return fired

    async def _remind(self, conn, row, now: datetime) -> None:
        game = await self.store.game(row["game_id"], conn)
        if game.status != "active" or game.current_phase != row["phase_id"]:
            return
        phase = await self.store.phase_by_id(row["phase_id"], conn)
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id, conn)
        stamp = int(phase.deadline.timestamp())
        for seat in variant.seats_to_act(phase.state):
            sheet = sheets.get(seat)
            if sheet is not None and sheet.ready:
                continue
            missing = "no orders yet" if sheet is None or not sheet.lines else "orders not marked ready"
            await self.store.outbox(conn, game.id, f"seat:{seat}", (
                f"Reminder: **{phase.label}** of {game.name} ends <t:{stamp}:R> and you have {missing}."),
                None, iso(now))

    # ------------------------------------------------------------------ GM controls
    async def pause(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "pause")
            _require_status(game, "active", "pause")
            phase = await self.store.phase_by_id(game.current_phase, conn)
            now = self.clock()
            remaining = max(0.0, (phase.deadline - now).total_seconds()) if phase.deadline else 0.0
            await conn.execute("UPDATE games SET status='paused', paused_remaining=? WHERE id=?",
                               (remaining, game_id))
            await conn.execute("UPDATE phases SET deadline=NULL WHERE id=?", (phase.id,))
            await conn.execute("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL",
                               (iso(now), phase.id))
            await self.store.log(conn, game_id, phase.id, iso(now), actor.user_id, "paused",
                                 {"remaining_s": remaining})
            await self.store.outbox(conn, game_id, "game", f"{game.name} is paused by the GM.", None, iso(now))
        return await self.game(game_id)

    async def resume(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "resume")
            _require_status(game, "paused", "resume")
            now = self.clock()
            # At least an hour, so nobody is surprised by an instant adjudication on resume.
            remaining = max(game.paused_remaining or 0.0, 3600.0)
            deadline = now + timedelta(seconds=remaining)
            await conn.execute("UPDATE games SET status='active', paused_remaining=NULL WHERE id=?", (game_id,))
            await self._schedule(conn, game, game.current_phase, now, deadline)
            await self.store.log(conn, game_id, game.current_phase, iso(now), actor.user_id, "resumed",
                                 {"deadline": iso(deadline)})
            await self.store.outbox(conn, game_id, "game", (
                f"{game.name} resumes; orders are due <t:{int(deadline.timestamp())}:R>."), None, iso(now))
        return await self.game(game_id)

    async def extend(self, game_id: int, actor: Actor, hours: float) -> datetime:
        hours = _check_hours(hours, allow_negative=False)
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "extend the deadline of")
            _require_status(game, "active", "extend")
            phase = await self.store.phase_by_id(game.current_phase, conn)
            now = self.clock()
            deadline = max(phase.deadline or now, now) + timedelta(hours=hours)
            await self._schedule(conn, game, phase.id, now, deadline)
            await self.store.log(conn, game_id, phase.id, iso(now), actor.user_id, "extended",
                                 {"hours": hours, "deadline": iso(deadline)})
            await self.store.outbox(conn, game_id, "game", (
                f"Deadline of **{phase.label}** extended by {hours:g}h: now <t:{int(deadline.timestamp())}:R>."),
                None, iso(now))
        return deadline

    async def abandon(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "abandon")
            if game.status in ("finished", "abandoned"):
                raise BadState(f"game #{game.id} is already {game.status}")
            now = iso(self.clock())
            await conn.execute("UPDATE games SET status='abandoned', ended_at=? WHERE id=?", (now, game_id))
            await conn.execute("UPDATE reminders SET done_at=? WHERE game_id=? AND done_at IS NULL",
                               (now, game_id))
            await self.store.log(conn, game_id, game.current_phase, now, actor.user_id, "abandoned", {})
            seed = await self.store.seed(conn, game_id)
            await self.store.outbox(conn, game_id, "game", (
                f"{game.name} was abandoned by the GM. Seed revealed: `{seed}`."), None, now)
        return await self.game(game_id)

    async def export(self, game_id: int) -> dict[str, Any]:
        """Everything about a game as JSON-ready data (the seed only once the game is over)."""
        return await self.store.export(game_id)

    async def set_guild_settings(self, guild_id: int, actor: Actor, phase_hours: float | None = None,
                                 reminder_hours: list[float] | None = None) -> dict[str, Any]:
        if not actor.is_admin:
            raise Forbidden("only a server administrator may change the server's game settings")
        current = await self.store.guild_settings(guild_id)
        if phase_hours is not None:
            current["phase_hours"] = _check_hours(phase_hours)
        if reminder_hours is not None:
            if any(h <= 0 or h > MAX_PHASE_HOURS for h in reminder_hours) or len(reminder_hours) > 5:
                raise BadInput("reminders are up to five lead times, each between 0 and 720 hours")
            current["reminder_hours"] = sorted(set(reminder_hours), reverse=True)
        await self.store.save_guild_settings(guild_id, current, iso(self.clock()))
        return current

    # ------------------------------------------------------------------ outbox
    async def pending_messages(self, limit: int = 50) -> list[OutboxMessage]:
        return await self.store.pending_outbox(limit)

    async def mark_delivered(self, message_id: int) -> None:
        await self.store.mark_delivered(message_id, iso(self.clock()))

    # ------------------------------------------------------------------ helpers
    async def _current(self, game: GameInfo) -> PhaseInfo:
        if game.current_phase is None:
            raise BadState(f"game #{game.id} has not started yet")
        return await self.store.phase_by_id(game.current_phase)

    async def _ordering(self, conn, game_id: int, actor: Actor, seat: str | None):
        game = await self.store.game(game_id, conn)
        if game.status == "paused":
            raise BadState(f"game #{game.id} is paused; orders open again when the GM resumes it")
        _require_status(game, "active", "give orders in")
        phase = await self.store.phase_by_id(game.current_phase, conn)
        variant = get_variant(game.variant)
        if seat is None:
            # a player holding several seats means the one whose turn it is, if that is clear
            acting = [s for s in game.seats_of(actor.user_id) if s in variant.seats_to_act(phase.state)]
            seat = acting[0] if len(acting) == 1 else None
        seat = permissions.resolve_seat(game, actor, seat)
        if not variant.may_order(phase.state, seat):
            raise BadState(f"{seat} has nothing to order in {phase.label}")
        return game, phase, variant, seat


def _require_status(game: GameInfo, status: str, action: str) -> None:
    if game.status != status:
        wording = {"forming": "has not started", "active": "is under way", "paused": "is paused",
                   "finished": "is over", "abandoned": "was abandoned"}[game.status]
        raise BadState(f"cannot {action} game #{game.id}: it {wording}")


def _check_hours(hours: float, allow_negative: bool = False) -> float:
    try:
        value = float(hours)
    except (TypeError, ValueError):
        raise BadInput(f"`{hours}` is not a number of hours") from None
    if value != value or value <= 0 or value > MAX_PHASE_HOURS:
        raise BadInput(f"hours must be more than 0 and at most {MAX_PHASE_HOURS}, not {hours}")
    return value
