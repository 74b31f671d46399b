"""Bots in a game (issue 28): bot seats, absent seats played by the bot, hints.

Every bot move goes through the engine's one contract, `Variant.bot_orders(state, seat, rng,
level)` (docs/bots.md), computed in the worker pool (`self.cpu`), never on the event loop.

**Bot seats.** Before the start the GM gives a seat to a bot (`bots:` on `/game create`, or
`/gm bot <seat>`): it needs no person, and a game starts once every other seat is taken (at
least one by a person). When a phase opens, the bot's orders for it are computed and saved, and
the seat is ready; a game whose people are all ready adjudicates at once. A person takes a bot
seat through the usual **Join** hand-over (before the start simply by joining it).

**Absent seats.** A game's absent policy (`/gm policy absent:bot|hold`) says who plays a seat in
civil disorder: `hold` — its units follow the variant's default orders (the rulebook's civil
disorder); `bot` — the bot, until a substitute takes the seat or its player gives orders again.
The default fits the variant: a team game (a side of several seats: Axis & Allies) lets the bot
play, for an idle ally sinks the whole alliance; a game of one seat per side (Diplomacy, where
hosts and the rulebook expect a power in civil disorder to hold) holds.

**Secrecy.** A bot's orders are saved like a player's (only the seat sees them); their reasons
are kept apart (`bot_sheets`) and posted in the seat channel after the phase is adjudicated,
never before. A returning player gets a "while you were away" digest.

**Determinism.** The bot's dice for a seat in a phase are `Random("<seed>:bot:<n>:<seat>")`,
from the game's secret seed and the phase number, so a rolled-back phase gets the same orders.
"""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass

from engine.variant import NoBot, Variant, get_variant

from . import permissions
from .checks import clip, require_status
from .errors import BadInput, BadState
from .visibility import player_named
from .models import Actor, GameInfo, PhaseInfo, iso
from .workers import Busy

log = logging.getLogger("dispatch.bots")

ABSENT_POLICIES = ("bot", "hold")
DEFAULT_LEVEL = "normal"
BOT_TIMEOUT = 60.0           # seconds for one seat's orders in a worker (a phase takes milliseconds)
MAX_BOT_PHASES = 50          # phases one sweep plays in a row for a game (only bots act in them)
MAX_REASONS = 40             # orders with reasons in one seat-channel message
MAX_DIGEST_PHASES = 8        # phases a returning player's digest lists


@dataclass(frozen=True)
class Hint:
    """What the bot would order for a seat now, and why (`/hint`)."""

    seat: str
    phase_label: str
    level: str
    orders: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        if not self.orders:
            return f"🤖 {self.seat} has nothing to order in {self.phase_label}."
        lines = [f"🤖 What the bot ({self.level}) would order for **{self.seat}** in **{self.phase_label}** "
                 f"(only you see this; nothing was saved):"]
        lines += reason_lines(self.orders)
        lines.append("Copy the orders you like into your sheet (one per line), then `/ready`.")
        return "\n".join(lines)


def bot_job(variant_key: str, state: dict, seat: str, seed: str, level: str) -> list[tuple[str, str]]:
    """In a worker: the bot's (order, reason) pairs for `seat` (pure; pickles both ways)."""
    variant = get_variant(variant_key)
    return [(str(line), str(why)) for line, why in variant.bot_orders(state, seat, random.Random(seed), level)]


def bot_seed(seed: str, seq: int, seat: str, purpose: str = "bot") -> str:
    """The bot's dice for one seat in phase `seq`: fixed by the game's seed, so a replay (a
    rollback) gives the same orders."""
    return f"{seed}:{purpose}:{seq}:{seat}"


def reason_lines(pairs, limit: int = MAX_REASONS) -> list[str]:
    shown = [f"• `{line}` — {clip(why, 200)}" for line, why in list(pairs)[:limit]]
    if len(pairs) > limit:
        shown.append(f"…and {len(pairs) - limit} more orders")
    return shown


def require_bot(variant: Variant, level: str | None = None) -> str:
    """The level a bot of `variant` plays at (`level`, default `normal`), or BadInput saying
    why there is none (the engine's NoBot message)."""
    levels = variant.bot_levels()
    if not levels:
        raise BadInput(f"{variant.title} has no bot yet: a seat can only be played by a person")
    chosen = (level or DEFAULT_LEVEL).strip().lower()
    if chosen not in levels:
        raise BadInput(f"the {variant.title} bot plays at {', '.join(levels)}, not `{clip(level, 20)}`")
    return chosen


# The words of `/gm bot SEAT <level>` that give a bot's seat back to the people.
BOT_OFF_WORDS = ("off", "none", "person", "human")


def turns_bot_off(level: str | None) -> bool:
    """Does `level` ask for no bot at all (the seat waits for a person)?"""
    return str(level or "").strip().lower() in BOT_OFF_WORDS


def team_game(variant: Variant, options) -> bool:
    """A side of several seats (Axis & Allies' alliances): an idle seat costs its allies too."""
    return any(len(seats) > 1 for seats in variant.alliances(options).values())


def absent_default(variant: Variant, options) -> str:
    """Who plays a seat in civil disorder when the GM has not said: the bot in a team game (if
    the variant has one), else the rulebook's civil disorder (units hold)."""
    return "bot" if variant.bot_levels() and team_game(variant, options) else "hold"


def absent_policy(game: GameInfo) -> str:
    """The game's absent policy in effect."""
    variant = get_variant(game.variant)
    if game.absent_policy in ABSENT_POLICIES:
        return game.absent_policy if variant.bot_levels() else "hold"
    return absent_default(variant, game.options)


def absent_text(game: GameInfo) -> str:
    """One sentence for `/game status` and `/rules`."""
    if absent_policy(game) == "bot":
        return "A seat in civil disorder is played by the bot until a substitute joins or its player returns."
    return "A seat in civil disorder holds (units follow the default orders)."


def check_absent(game: GameInfo, policy: str) -> str:
    """A policy the GM may set for this game."""
    text = str(policy).strip().lower()
    if text not in ABSENT_POLICIES:
        raise BadInput(f"absent seats: `bot` or `hold`, not `{clip(policy, 20)}`")
    if text == "bot":
        require_bot(get_variant(game.variant))
    return text


def bot_players(game: GameInfo) -> dict[str, str]:
    """Seat -> level, for the seats the bot plays now: bot seats, and seats in civil disorder
    when the absent policy is `bot`."""
    playing = {s.seat: s.bot for s in game.seats if s.bot}
    if game.status == "active" and absent_policy(game) == "bot":
        for info in game.seats:
            if info.civil_disorder and info.seat not in playing:
                playing[info.seat] = DEFAULT_LEVEL
    return playing


def bot_seat_names(variant: Variant, seats: list[str], names) -> list[str]:
    """The seats (of `seats`, a game of `variant`) that `names` (text, comma- or space-separated)
    call for bots at game creation."""
    if isinstance(names, str):
        names = [n for n in names.replace(";", ",").split(",") if n.strip()]
    aliases = variant.seat_aliases()
    chosen = []
    for name in names:
        seat = permissions.match_name(name.strip(), seats, aliases)
        if seat is None:
            raise BadInput(f"bots: {variant.title} has no seat `{clip(name.strip())}`; "
                           f"seats: {', '.join(seats)}")
        if seat not in chosen:
            chosen.append(seat)
    return chosen


class BotsMixin:
    """The bot side of `GameService` (it provides `db`, `store`, `clock`, `cpu`, `game`,
    `_all_ready`, `_adjudicate_in`). It comes before `TimersMixin`: its `tick` fires the
    timers, then lets the bots play every phase that waits for them."""

    # ------------------------------------------------------------------ set-up
    async def set_bot_seat(self, game_id: int, actor: Actor, seat: str, level: str | None = DEFAULT_LEVEL) -> str:
        """GM, before the start: a bot plays `seat` (at `level`), or with level `off` a person
        again. Returns the seat."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "give seats to bots in")
            require_status(game, "forming", "give a seat to a bot in")
            chosen = bot_seat_names(get_variant(game.variant), [s.seat for s in game.seats], [seat])[0]
            info = game.seat(chosen)
            off = turns_bot_off(level)
            now = iso(self.clock())
            if off:
                if not info.bot:
                    raise BadState(f"{chosen} is not played by a bot in game #{game.id}")
                await conn.execute("UPDATE seats SET bot=NULL WHERE game_id=? AND seat=?", (game.id, chosen))
                await self.store.log(conn, game.id, None, now, actor.user_id, "bot_seat", {"seat": chosen, "level": None})
                return chosen
            chosen_level = require_bot(get_variant(game.variant), level)
            if info.user_id is not None:
                who = player_named(game, info.user_id, actor.user_id, "a player")    # anonymous: never named
                raise BadState(f"you hold {chosen}: give it up first (`/game leave`)" if who == "you" else
                               f"{chosen} is held by {who}; they give it up first (`/game leave`)")
            await conn.execute("UPDATE seats SET bot=? WHERE game_id=? AND seat=?", (chosen_level, game.id, chosen))
            await self.store.log(conn, game.id, None, now, actor.user_id, "bot_seat",
                                 {"seat": chosen, "level": chosen_level})
        return chosen

    async def _bots_at_creation(self, conn, game: GameInfo, names, level: str | None) -> None:
        """`/game create … bots:<seats>`: the named seats get bots (`create_game` checked the
        names and the level before anything was written)."""
        variant = get_variant(game.variant)
        chosen_level = require_bot(variant, level)
        for seat in bot_seat_names(variant, [s.seat for s in game.seats], names):
            await conn.execute("UPDATE seats SET bot=? WHERE game_id=? AND seat=?", (chosen_level, game.id, seat))

    # ------------------------------------------------------------------ playing
    async def tick(self) -> int:
        fired = await super().tick()           # type: ignore[misc]
        try:
            await self.play_all_bots()
        except Exception:  # noqa: BLE001 - a bot's failure must not stop the clock
            log.exception("bots could not play")
        return fired

    async def play_all_bots(self) -> int:
        """Every running game whose current phase waits for a bot: the bot plays. Returns the
        number of seats ordered."""
        rows = await self.db.fetchall(
            "SELECT DISTINCT g.id FROM games g JOIN phases p ON p.id = g.current_phase "
            "JOIN seats s ON s.game_id = g.id WHERE g.status='active' AND p.adjudicated_at IS NULL "
            # read through the seats_bot index: a clock round costs the same at any number of games
            "AND g.id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL OR civil_disorder = 1) "
            "AND (s.bot IS NOT NULL OR (s.civil_disorder=1 AND COALESCE(g.absent_policy, '') <> 'hold')) "
            "AND NOT EXISTS (SELECT 1 FROM bot_sheets b JOIN orders o ON o.phase_id=b.phase_id AND o.seat=b.seat "
            "WHERE b.phase_id=p.id AND b.seat=s.seat AND o.ready=1)")
        played = 0
        for row in rows:
            try:
                played += await self.play_bots(row["id"])
            except Exception:  # noqa: BLE001 - one game's failure must not stop the others
                log.exception("game %s: the bots could not play", row["id"])
        return played

    async def play_bots(self, game_id: int) -> int:
        """The bot orders each seat it plays in the current phase (in the worker pool), then
        the phase is adjudicated at once if every person is ready; repeated while the next
        phase again waits only for bots. Returns the number of seats ordered."""
        played = 0
        for _ in range(MAX_BOT_PHASES):
            game = await self.game(game_id)
            if game.status != "active" or game.current_phase is None:
                return played
            phase = await self.store.phase_by_id(game.current_phase)
            if phase.adjudicated_at is not None:
                return played
            variant = get_variant(game.variant)
            todo = await self._bot_todo(game, variant, phase)
            if not todo:
                return played
            seed = await self.store.seed(None, game_id)
            computed: dict[str, tuple[str, list[tuple[str, str]] | None]] = {}
            for seat, level in todo.items():
                try:
                    pairs = await self.cpu.run(bot_job, variant.key, phase.state, seat,
                                               bot_seed(seed, phase.seq, seat), level, timeout=BOT_TIMEOUT)
                except Busy:
                    return played               # the workers are full: the next tick tries again
                except Exception as exc:  # noqa: BLE001 - a bot's bug: its units hold, the GM is told
                    log.exception("game %s: the bot could not order %s in %s", game.id, seat, phase.label)
                    pairs = None
                    await self.note_gm(game.id, (
                        f"⚠️ Game #{game.id}: the bot could not order **{seat}** in {phase.label} "
                        f"({type(exc).__name__}); its units follow the default orders this phase. The details "
                        f"are in the bot's log."))
                computed[seat] = (level, pairs)
            moved = await self._save_bot_orders(game_id, phase, computed)
            played += len(computed)
            if not moved:
                return played
        return played

    async def _bot_todo(self, game: GameInfo, variant: Variant, phase: PhaseInfo) -> dict[str, str]:
        """Seat -> level: the seats the bot still has to order in this phase (a bot seat also
        when its sheet is not ready, as after a rollback)."""
        acting = set(variant.seats_to_act(phase.state))
        players = {seat: level for seat, level in bot_players(game).items() if seat in acting}
        if not players:
            return {}
        sheets = await self.store.order_sheets(phase.id)
        done = {row["seat"] for row in await self.db.fetchall("SELECT seat FROM bot_sheets WHERE phase_id=?",
                                                               (phase.id,))}
        return {seat: level for seat, level in players.items()
                if seat not in done or not (sheets.get(seat) and sheets[seat].ready)}

    async def _save_bot_orders(self, game_id: int, phase: PhaseInfo,
                               computed: dict[str, tuple[str, list[tuple[str, str]] | None]]) -> bool:
        """Save the bot's sheets (ready) if the phase is still open; adjudicate if every person
        is ready. Returns whether the game moved on."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            if game.status != "active" or game.current_phase != phase.id:
                return False
            current = await self.store.phase_by_id(phase.id, conn)
            if current.adjudicated_at is not None:
                return False
            players = bot_players(game)
            now = iso(self.clock())
            for seat, (level, pairs) in computed.items():
                if seat not in players:
                    continue            # a person took the seat (or came back) meanwhile
                pairs = pairs or []
                await self.store.save_orders(conn, phase.id, seat, [line for line, _ in pairs], True, None, now)
                await conn.execute("INSERT OR REPLACE INTO bot_sheets (phase_id, seat, level, orders, at) "
                                   "VALUES (?,?,?,?,?)", (phase.id, seat, level, json.dumps(pairs), now))
                await self.store.log(conn, game.id, phase.id, now, None, "bot_orders",
                                     {"seat": seat, "level": level, "failed": pairs is None})
            variant = get_variant(game.variant)
            if await self._all_ready(conn, game, current, variant):
                return await self._adjudicate_in(conn, game.id, phase.id, "all players ready") is not None
            if await self._deadline_waits_for_bots(conn, game, current):
                return await self._adjudicate_in(conn, game.id, phase.id, "deadline") is not None
        return False

    async def _bot_owes(self, conn, game_id: int, phase: PhaseInfo) -> bool:
        """At a deadline: does the bot still have to order a seat it plays (one that has just
        fallen into civil disorder, say)? Then the phase waits for it, and `play_bots`
        adjudicates once the bot's orders are in."""
        game = await self.store.game(game_id, conn)       # read again: civil disorder was just set
        acting = set(get_variant(game.variant).seats_to_act(phase.state))
        owed = [seat for seat in bot_players(game) if seat in acting]
        if not owed:
            return False
        rows = await (await conn.execute("SELECT seat FROM bot_sheets WHERE phase_id=?", (phase.id,))).fetchall()
        return bool(set(owed) - {row["seat"] for row in rows})

    async def _deadline_waits_for_bots(self, conn, game: GameInfo, phase: PhaseInfo) -> bool:
        """The phase's deadline fell (its timer fired) while the bot was still ordering."""
        if phase.deadline is None or phase.deadline > self.clock():
            return False
        timer = await (await conn.execute("SELECT 1 FROM reminders WHERE phase_id=? AND kind='deadline' AND "
                                          "done_at IS NULL", (phase.id,))).fetchone()
        return timer is None and not await self._bot_owes(conn, game.id, phase)

    # ------------------------------------------------------------------ after adjudication
    async def _bot_reports(self, conn, game: GameInfo, phase: PhaseInfo, now: str) -> None:
        """Once a phase is adjudicated, each seat the bot ordered gets the orders with their
        reasons in its channel (never before: orders stay secret until adjudicated). A sheet a
        person changed afterwards is theirs, not the bot's: nothing is posted for it."""
        rows = await (await conn.execute(
            "SELECT b.seat, b.level, b.orders, o.lines FROM bot_sheets b LEFT JOIN orders o "
            "ON o.phase_id=b.phase_id AND o.seat=b.seat WHERE b.phase_id=?", (phase.id,))).fetchall()
        for row in rows:
            pairs = [tuple(p) for p in json.loads(row["orders"])]
            if not pairs or [line for line, _ in pairs] != json.loads(row["lines"] or "[]"):
                continue
            text = "\n".join([f"🤖 **{phase.label}** is adjudicated. The bot ({row['level']}) ordered for "
                              f"**{row['seat']}**, and why:"] + reason_lines(pairs))
            await self.store.outbox(conn, game.id, f"seat:{row['seat']}", text, None, now)

    async def _away_digest(self, conn, game: GameInfo, seat: str) -> None:
        """A player back from civil disorder: what happened to their seat meanwhile."""
        start = await (await conn.execute(
            "SELECT MAX(p.seq) AS seq FROM events e JOIN phases p ON p.id=e.phase_id WHERE e.game_id=? "
            "AND e.kind='missed' AND json_extract(e.payload, '$.seat')=?", (game.id, seat))).fetchone()
        since = start["seq"] if start and start["seq"] is not None else 0
        rows = await (await conn.execute(
            "SELECT p.label, b.orders FROM bot_sheets b JOIN phases p ON p.id=b.phase_id WHERE p.game_id=? "
            "AND b.seat=? AND p.seq>=? AND p.adjudicated_at IS NOT NULL ORDER BY p.seq", (game.id, seat, since))).fetchall()
        missed = await (await conn.execute(
            "SELECT COUNT(*) AS n FROM phases WHERE game_id=? AND seq>=? AND adjudicated_at IS NOT NULL",
            (game.id, since))).fetchone()
        lines = [f"📬 Welcome back to **{seat}**. While you were away ({missed['n']} phase(s) adjudicated):"]
        if rows:
            lines.append("the bot played your seat:")
            for row in rows[-MAX_DIGEST_PHASES:]:
                orders = [line for line, _ in json.loads(row["orders"])]
                lines.append(f"• **{row['label']}**: " + (clip("; ".join(orders), 300) if orders else "nothing to order"))
            if len(rows) > MAX_DIGEST_PHASES:
                lines.append(f"…and {len(rows) - MAX_DIGEST_PHASES} earlier phase(s), above in this channel")
            lines.append("Its reasons are above in this channel; each phase's results are in the game channel.")
        else:
            lines.append("your units followed the default orders (they held). Each phase's results are in the "
                         "game channel.")
        lines.append("Your orders stand for this phase; `/ready` when done.")
        await self.store.outbox(conn, game.id, f"seat:{seat}", "\n".join(lines), None, iso(self.clock()))

    # ------------------------------------------------------------------ hints
    async def hint(self, game_id: int, actor: Actor, seat: str | None = None, level: str | None = None) -> Hint:
        """What the bot would order for the actor's seat now, and why. Nothing is saved; the
        front end shows it privately."""
        game = await self.game(game_id)
        require_status(game, "active", "ask for a hint in")
        variant = get_variant(game.variant)
        chosen_level = require_bot(variant, level)
        phase = await self.store.phase_by_id(game.current_phase)
        if seat is None:
            acting = [s for s in game.seats_of(actor.user_id) if s in variant.seats_to_act(phase.state)]
            seat = acting[0] if len(acting) == 1 else None
        seat = permissions.resolve_seat(game, actor, seat)
        if not variant.may_order(phase.state, seat):
            return Hint(seat, phase.label, chosen_level, ())
        seed = await self.store.seed(None, game.id)
        try:
            pairs = await self.cpu.run(bot_job, variant.key, phase.state, seat,
                                       bot_seed(seed, phase.seq, seat, "hint"), chosen_level, timeout=BOT_TIMEOUT)
        except NoBot as exc:
            raise BadInput(str(exc)) from None
        return Hint(seat, phase.label, chosen_level, tuple(tuple(p) for p in pairs))
