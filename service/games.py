"""GameService: create, seat, start, order, adjudicate. No Discord here.

GM controls live in `gm.py`, deadlines and reminders in `timers.py`; `GameService` joins them.

Every change is one `Database.transaction()`. Adjudication re-reads the phase inside its
transaction and does nothing if the phase was already adjudicated, so a retried or doubled
call (all-ready racing the deadline, a restart) adjudicates a phase exactly once.
"""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import secrets
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Mapping, Sequence

from engine.errors import OrderError, RulesError, StateError
from engine.variant import Variant, get_variant

from . import permissions
from .adjudication import AdjudicationMixin, phase_rng
from .archive import ArchiveMixin
from .bots import BotsMixin, bot_seat_names, require_bot
from .checks import MAX_NAME, check_hours, check_id, clean_text, clip, order_lines, require_status
from .errors import BadInput, BadState, NotFound, Unconfirmed
from .ids import checked_ids
from .gm import GameMasterMixin
from .models import Actor, GameChannels, GameInfo, OrderSheet, OutboxMessage, PhaseInfo, iso
from .policy import PolicyMixin
from .rooms import RoomsMixin, split_table_settings
from .ending import EndingMixin
from .seats import SeatsMixin
from .votes import VotesMixin, require_phase
from .store import Store
from .timers import TimersMixin
from .workers import Inline

Clock = Callable[[], datetime]


def sheet_warnings(variant: Variant, state: Mapping[str, Any], seat: str,
                   lines: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """(line, warning) for each saved order the rules accept that can only be void as things
    stand (`Variant.checked_lines`), shown under the sheet. A position the rules cannot read
    gives none: the sheet itself is still shown."""
    try:
        checked_lines = variant.checked_lines(state, seat, lines)
    except RulesError:
        return ()
    return tuple((checked.text, warning) for checked in checked_lines for warning in checked.warnings)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@checked_ids              # every entry point checks its ids first (service/ids.py)
class GameService(AdjudicationMixin, BotsMixin, TimersMixin, PolicyMixin, GameMasterMixin, SeatsMixin, VotesMixin, RoomsMixin, EndingMixin,
                  ArchiveMixin):
    def __init__(self, db, clock: Clock = utcnow, seed_source: Callable[[], str] | None = None):
        self.db = db
        self.changed = asyncio.Event()
        self.store = Store(db, on_change=self.changed.set)
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.token_hex(16))
        # Where CPU-heavy work runs (maps, odds): in place by default; the bot sets a pool.
        self.cpu = Inline()

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
        return await self.store.games_in_guild(check_id(guild_id, "the server id"), include_over)

    async def games_of_user(self, user_id: int) -> list[GameInfo]:
        """Running or forming games in which `user_id` holds a seat, on any server."""
        return await self.store.games_of_user(check_id(user_id, "the user id"))

    async def game_for_channel(self, channel_id: int) -> tuple[GameInfo, str | None] | None:
        """The game a channel belongs to, and the seat if it is a seat's private channel."""
        return await self.store.game_for_channel(check_id(channel_id, "the channel id"))

    async def orders(self, game_id: int, actor: Actor, seat: str | None = None) -> OrderSheet:
        game = await self.game(game_id)
        seat = permissions.resolve_seat(game, actor, seat)
        phase = await self._current(game)
        sheet = await self.store.order_sheet(phase.id, seat)
        return dataclasses.replace(sheet, warnings=sheet_warnings(get_variant(game.variant), phase.state, seat, sheet.lines))

    async def example_orders(self, game_id: int, actor: Actor, seat: str | None = None) -> list[str]:
        """Orders legal right now for the actor's seat (the acting one when they hold several)."""
        game = await self.game(game_id)
        phase = await self._current(game)
        variant = get_variant(game.variant)
        acting = _acting_seats(game, variant, phase, actor)
        seat = permissions.resolve_seat(game, actor, seat or (acting[0] if acting else None))
        return variant.example_orders(phase.state, seat)

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
                          phase_hours: float | None = None, bots: Sequence[str] | str | None = None,
                          bot_level: str | None = None) -> GameInfo:
        """A new game; `bots` names seats a bot plays from the start (issue 28)."""
        guild_id = check_id(guild_id, "the server id")
        raw, press, audience = split_table_settings(options or {})
        try:
            variant = get_variant(variant_key)
            parsed = variant.parse_options(raw)
        except RulesError as exc:
            raise BadInput(str(exc)) from None
        settings = await self.store.guild_settings(guild_id)
        hours = settings["phase_hours"] if phase_hours is None else check_hours(phase_hours)
        if hours < settings["min_phase_hours"]:
            raise BadInput(f"phases on this server last at least {settings['min_phase_hours']:g}h "
                           f"(a server admin sets this with `/game settings`)")
        if await self.store.open_games_count(guild_id, actor.user_id) >= settings["max_games_per_user"]:
            raise BadState(f"you already run {settings['max_games_per_user']} open games on this server, "
                           f"the most allowed; finish or abandon one first")
        if await self.store.open_games_count(guild_id) >= settings["max_games_per_server"]:
            raise BadState(f"this server already has {settings['max_games_per_server']} open games, the most "
                           f"allowed; a server admin can raise the limit with `/game settings`")
        name = clean_text(name or variant.title, MAX_NAME) or variant.title
        if bots:
            require_bot(variant, bot_level)
            bot_seat_names(variant, list(variant.seats(parsed)), bots)      # checked before anything is written
        seed = self.seed_source()
        now = iso(self.clock())
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO games (guild_id, name, variant, options, creator_id, seed, seed_hash, "
                "phase_hours, reminder_hours, created_at, press, audience) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (guild_id, name, variant.key, json.dumps(parsed), actor.user_id, seed,
                 hashlib.sha256(seed.encode()).hexdigest(), hours,
                 json.dumps(settings["reminder_hours"]), now, int(press), audience))
            game_id = cur.lastrowid
            for seat in variant.seats(parsed):
                await conn.execute("INSERT INTO seats (game_id, seat) VALUES (?, ?)", (game_id, seat))
            if bots:
                await self._bots_at_creation(conn, await self.store.game(game_id, conn), bots, bot_level)
            await self.store.log(conn, game_id, None, now, actor.user_id, "created",
                                 {"variant": variant.key, "options": parsed, "name": name, "press": press,
                                  "audience": audience})
        return await self.game(game_id)

    async def join(self, game_id: int, actor: Actor, seat: str | None = None) -> str:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            require_status(game, "forming", "join")
            if seat:
                chosen = permissions.match_name(seat, [s.seat for s in game.seats])
                if chosen is None:
                    raise NotFound(f"game #{game.id} has no seat `{clip(seat)}`; open seats: "
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
            await conn.execute("UPDATE seats SET user_id=?, joined_at=?, bot=NULL WHERE game_id=? AND seat=?",
                               (actor.user_id, now, game_id, chosen))       # a person takes a bot's seat too
            await self.store.log(conn, game_id, None, now, actor.user_id, "joined", {"seat": chosen})
        return chosen

    async def check_start(self, game_id: int, actor: Actor, guild_id: int | None = None) -> GameInfo:
        """Would `start` succeed? Raises its error without changing anything (the bot asks
        before it creates channels, so a refused start leaves nothing behind)."""
        game = await self.game(game_id)
        self._may_start(game, actor, guild_id)
        return game

    @staticmethod
    def _may_start(game: GameInfo, actor: Actor, guild_id: int | None) -> None:
        permissions.require_same_server(game, guild_id)
        permissions.require_gm(game, actor, "start")
        require_status(game, "forming", "start")
        if game.open_seats:
            raise BadState(f"game #{game.id} still has open seats: {', '.join(game.open_seats)}; "
                           f"players take them with `/game join {game.id}`")
        if not game.players:
            raise BadState(f"game #{game.id} has no player yet, only bots: take a seat with `/game join {game.id}` "
                           f"first (a game of bots alone would play itself out at once)")

    async def start(self, game_id: int, actor: Actor, channels: GameChannels | None = None,
                    guild_id: int | None = None) -> GameInfo:
        """Start the game: its channels (if on Discord), first phase and first messages appear
        in one transaction, so nothing is ever owed to a channel that does not exist yet."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            self._may_start(game, actor, guild_id)
            variant = get_variant(game.variant)
            if channels is not None:
                await conn.execute("UPDATE games SET category_id=?, channel_id=? WHERE id=?",
                                   (channels.category_id, channels.channel_id, game_id))
                for seat, channel in channels.seats.items():
                    await conn.execute("UPDATE seats SET channel_id=? WHERE game_id=? AND seat=?",
                                       (channel, game_id, seat))
                await self.record_rooms(conn, game, channels, actor)
                game = await self.store.game(game_id, conn)
                self.store.forget_channels()
            seed = await self.store.seed(conn, game_id)
            state = variant.initial_state(game.options, phase_rng(seed, -1))
            now = self.clock()
            await conn.execute("UPDATE games SET status='active', started_at=? WHERE id=?",
                               (iso(now), game_id))
            await self.store.log(conn, game_id, None, iso(now), actor.user_id, "started",
                                 {"seed_hash": game.seed_hash})
            first = await self._open_phase(conn, game, variant, state, 0, now, announce=False)
            game = await self.store.game(game_id, conn)
            for seat in game.seats:
                await self.record_holder(conn, game, seat.seat, seat.user_id, "start")
            await self.store.outbox(conn, game_id, "game", (
                f"**{game.name}** (game #{game.id}, {variant.title}) has begun: **{first.label}**, orders due "
                f"<t:{int(first.deadline.timestamp())}:R>. The starting position is below.\n"
                f"Dice/coin seed commitment: `sha256 {game.seed_hash}` (revealed when the game ends)."),
                first.id, iso(now))
            await self._announce_phase(conn, game, variant, first)
        return await self.game(game_id)

    # ------------------------------------------------------------------ orders
    async def submit_orders(self, game_id: int, actor: Actor, text: str, seat: str | None = None,
                            replace: bool = True, phase_seq: int | None = None) -> OrderSheet:
        """Give orders (one per line). `replace` drops earlier orders; otherwise they merge.

        Each line is checked on its own: the legal ones are kept, and every refused line comes
        back in `OrderSheet.refused` with its reason. Only when no line is legal is nothing
        saved (and the earlier sheet stays as it was)."""
        lines = order_lines(text)          # bounded before any parser sees it
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat, phase_seq)
            sheet = await self.store.order_sheet(phase.id, seat, conn)
            canonical = [] if replace else list(sheet.lines)
            refused: list[tuple[str, str]] = []
            given: list[str] = []        # this sheet's accepted lines (a repeat is refused, not merged)
            check = variant.sheet_checker(phase.state, seat)    # the state is read once per sheet
            for line in lines:
                try:
                    clash = variant.repeated_order(phase.state, seat, line, given)
                    if clash:
                        refused.append((line, clash))
                        continue
                    canonical = check(line, canonical)
                    given.append(line)
                except OrderError as exc:
                    refused.append((line, exc.reason))
                except RulesError as exc:
                    refused.append((line, str(exc)))
            if len(refused) == len(lines):
                reasons = "\n".join(f"✗ `{line}`: {why}" for line, why in refused)
                raise BadInput(f"no order was saved; your earlier orders stand.\n{reasons}")
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, canonical, False, actor.user_id, now)
            await self._returning(conn, game, seat)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id, "orders",
                                 {"seat": seat, "lines": canonical,
                                  "refused": [line for line, _ in refused]})
        return OrderSheet(seat, tuple(canonical), False, actor.user_id, now, tuple(refused), sheet.ready,
                          sheet_warnings(variant, phase.state, seat, canonical))

    async def orders_seat(self, game_id: int, actor: Actor, text: str) -> str | None:
        """The seat of `actor` for which `text` reads as valid orders right now, if any.

        Nothing is saved: the bot uses this to warn a player who wrote orders where they are
        public (the game channel) instead of in their private seat channel."""
        game = await self.game(game_id)
        if game.status != "active" or game.current_phase is None:
            return None
        lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
        if not lines:
            return None
        phase = await self.store.phase_by_id(game.current_phase)
        variant = get_variant(game.variant)
        for seat in game.seats_of(actor.user_id):
            if not variant.may_order(phase.state, seat):
                continue
            try:
                variant.check_orders(phase.state, seat, lines, ())
            except Exception:  # noqa: BLE001 - not orders (or a rules error): a guess about chat never breaks chat
                continue
            return seat
        return None

    async def clear_orders(self, game_id: int, actor: Actor, seat: str | None = None,
                           phase_seq: int | None = None) -> str:
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat, phase_seq)
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, [], False, actor.user_id, now)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id, "orders_cleared",
                                 {"seat": seat})
        return seat

    async def pick(self, game_id: int, actor: Actor, seat: str | None, key: str, picks: Sequence[str],
                   phase_seq: int | None = None) -> OrderSheet:
        """Settle one menu decision (`choice_groups`): its earlier orders (and those it replaces,
        such as `Waive` for builds) give way to the options picked; the rest of the sheet stays."""
        seat, groups = await self.choice_groups(game_id, actor, seat, phase_seq)
        group = next((g for g in groups if g.key == key), None)
        if group is None:
            raise BadState(f"`{key[:40]}` is not a choice open to {seat} in this phase; see your sheet with `/orders`")
        wrong = [p for p in picks if p not in group.options]
        if wrong or not 1 <= len(picks) <= group.picks:
            raise BadInput(f"{group.prompt}: pick 1 to {group.picks} of " + ", ".join(f"`{o}`" for o in group.options[:10]))
        current = await self.orders(game_id, actor, seat)
        kept = [line for line in current.lines if line not in group.options and line not in group.replaces]
        return await self.submit_orders(game_id, actor, "\n".join(kept + list(picks)), seat, replace=True,
                                        phase_seq=phase_seq)

    async def choice_groups(self, game_id: int, actor: Actor, seat: str | None = None,
                            phase_seq: int | None = None) -> tuple[str, list]:
        """The seat and the decisions of the current phase it can make from a menu (a retreat, its
        builds or removals): `engine.variant.ChoiceGroup`s."""
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat, phase_seq)
            sheet = await self.store.order_sheet(phase.id, seat, conn)
        return seat, variant.choice_groups(phase.state, seat, sheet.lines)

    async def mark_ready(self, game_id: int, actor: Actor, ready: bool = True,
                         seat: str | None = None, confirm: bool = False,
                         phase_seq: int | None = None) -> tuple[str, PhaseInfo | None]:
        """Mark a seat ready; when every seat that must act is ready, adjudicate at once.

        An incomplete sheet (units without orders, builds still owed) is marked ready only
        with `confirm`; otherwise `Unconfirmed` says what is missing and nothing changes.
        Returns the seat and the new phase if this made the game move on. With `phase_seq` (a
        button's phase) nothing happens once the game has moved past that phase.
        """
        async with self.db.transaction() as conn:
            game, phase, variant, seat = await self._ordering(conn, game_id, actor, seat, phase_seq)
            if seat not in variant.seats_to_act(phase.state):
                raise BadState(f"{seat} does not act in {phase.label}; its standing orders are saved")
            sheet = await self.store.order_sheet(phase.id, seat, conn)
            if ready and not confirm:
                missing = variant.missing_orders(phase.state, seat, sheet.lines)
                if missing:
                    raise Unconfirmed(seat, tuple(missing))
            now = iso(self.clock())
            await self.store.save_orders(conn, phase.id, seat, list(sheet.lines), ready,
                                         sheet.submitted_by or actor.user_id, sheet.submitted_at or now)
            await self.store.log(conn, game_id, phase.id, now, actor.user_id,
                                 "ready" if ready else "unready", {"seat": seat})
            new_phase = None
            if ready and await self._all_ready(conn, game, phase, variant):
                new_phase = await self._adjudicate_in(conn, game_id, phase.id, "all players ready")
        return seat, new_phase

    # ------------------------------------------------------------------ outbox
    async def pending_messages(self, limit: int = 50) -> list[OutboxMessage]:
        """Messages not yet delivered (nor given up), oldest first."""
        return await self.store.open_outbox(limit)

    async def due_messages(self, console: bool, limit: int = 200) -> list[OutboxMessage]:
        """Messages to send now: the console's own games, or (console=False) Discord's."""
        return await self.store.due_outbox(iso(self.clock()), console, limit)

    async def delivery_failed(self, message_id: int, error: str, retry_at: datetime | None) -> None:
        await self.store.delivery_failed(message_id, error, iso(retry_at) if retry_at else None,
                                         iso(self.clock()))

    async def note_gm(self, game_id: int, text: str, dedupe_hours: float = 6.0) -> None:
        """A note for the game master (game channel, else a DM), once per `dedupe_hours`."""
        now = self.clock()
        if await self.store.recent_note(game_id, text, iso(now - timedelta(hours=dedupe_hours))):
            return
        async with self.db.transaction() as conn:
            await self.store.outbox(conn, game_id, "gm", text, None, iso(now))

    async def mark_delivered(self, message_id: int) -> None:
        await self.store.mark_delivered(message_id, iso(self.clock()))

    # ------------------------------------------------------------------ helpers
    async def _current(self, game: GameInfo) -> PhaseInfo:
        if game.current_phase is None:
            raise BadState(f"game #{game.id} has not started yet")
        return await self.store.phase_by_id(game.current_phase)

    async def _ordering(self, conn, game_id: int, actor: Actor, seat: str | None, phase_seq: int | None = None):
        game = await self.store.game(game_id, conn)
        if game.status == "paused":
            raise BadState(f"game #{game.id} is paused: nothing was recorded. Orders open again when "
                           f"the GM resumes it")
        require_status(game, "active", "give orders in")
        phase = await self.store.phase_by_id(game.current_phase, conn)
        require_phase(game, phase, phase_seq, "record it")      # a button or form of an earlier phase
        if phase.deadline is not None and phase.deadline <= self.clock():
            raise BadState(f"the deadline of {phase.label} has passed; the phase is being adjudicated. "
                           f"Nothing was recorded: give your orders for the next phase when it opens")
        variant = get_variant(game.variant)
        try:
            variant.check_state(phase.state)
        except StateError as exc:
            raise BadState(f"the stored position of game #{game.id} ({phase.label}) is damaged: {exc}. Nothing "
                           f"was recorded; a server admin can export the game (`/game export`) to look into it") from None
        if seat is None:
            acting = _acting_seats(game, variant, phase, actor)
            seat = acting[0] if len(acting) == 1 else None      # ambiguous: resolve_seat asks which
        seat = permissions.resolve_seat(game, actor, seat)
        if not variant.may_order(phase.state, seat):
            raise BadState(f"{seat} has nothing to order in {phase.label}")
        return game, phase, variant, seat


def _acting_seats(game: GameInfo, variant: Variant, phase: PhaseInfo, actor: Actor) -> list[str]:
    """The actor's seats whose turn it is: a player holding several seats means that one."""
    return [s for s in game.seats_of(actor.user_id) if s in variant.seats_to_act(phase.state)]
