"""Bots in a game: bot seats, absent seats played by the bot, hints.

Every bot move goes through the engine's one contract, `Variant.bot_orders(state, seat, rng,
level)` (docs/bots.md), computed in the worker pool, never on the event loop. This module holds
the rules of who the bot plays and `BotSheets`, the record of its sheets; `service.bot_seats`
has the bot at play.

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
import random
from dataclasses import dataclass

from engine.variant import Variant, get_variant

from . import permissions
from .checks import clip
from .errors import BadInput
from .ids import checked_ids
from .models import GameInfo, PhaseInfo, iso
from .runtime import Now
from .store import Store


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


@checked_ids
class BotSheets:
    """The bot's sheets as kept (`bot_sheets`): saved with their reasons, whether the bot still
    owes a seat its orders, the reasons posted once a phase is adjudicated, and the digest of a
    player back from civil disorder."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

    async def save(self, tx, phase_id: int, seat: str, level: str, pairs: list[tuple[str, str]], now: str) -> None:
        """The bot's orders for `seat` (with their reasons), kept until the phase is adjudicated."""
        await tx.bot_sheets.save(phase_id, seat, level, pairs, now)

    async def ordered_seats(self, phase_id: int) -> set[str]:
        """The seats the bot has ordered in the phase."""
        async with self.store.db.lookup() as r:
            return await r.bot_sheets.seats(phase_id)

    async def owes(self, tx, game_id: int, phase: PhaseInfo) -> bool:
        """At a deadline: does the bot still have to order a seat it plays (one that has just
        fallen into civil disorder, say)? Then the phase waits for it, and `BotSeats.play_bots`
        adjudicates once the bot's orders are in."""
        game = await self.store.game(game_id, tx)       # read again: civil disorder was just set
        acting = set(get_variant(game.variant).seats_to_act(phase.state))
        owed = [seat for seat in bot_players(game) if seat in acting]
        if not owed:
            return False
        return bool(set(owed) - await tx.bot_sheets.seats(phase.id))

    async def post_reasons(self, tx, game: GameInfo, phase: PhaseInfo, now: str) -> None:
        """Once a phase is adjudicated, each seat the bot ordered gets the orders with their
        reasons in its channel (never before: orders stay secret until adjudicated). A sheet a
        person changed afterwards is theirs, not the bot's: nothing is posted for it."""
        for row in await tx.bot_sheets.with_sheets(phase.id):
            pairs = [tuple(p) for p in json.loads(row["orders"])]
            if not pairs or [line for line, _ in pairs] != json.loads(row["lines"] or "[]"):
                continue
            text = "\n".join([f"🤖 **{phase.label}** is adjudicated. The bot ({row['level']}) ordered for "
                              f"**{row['seat']}**, and why:"] + reason_lines(pairs))
            await self.store.outbox(tx, game.id, f"seat:{row['seat']}", text, None, now)

    async def away_digest(self, tx, game: GameInfo, seat: str) -> None:
        """A player back from civil disorder: what happened to their seat meanwhile."""
        # since the last phase this seat missed (the payload is read here: JSON stays text in the database)
        missed_in = [row["seq"] for row in await tx.events.of_kind_with_seq(game.id, "missed")
                     if json.loads(row["payload"]).get("seat") == seat]
        since = max(missed_in, default=0)
        rows = await tx.bot_sheets.played(game.id, seat, since)
        missed = await tx.phases.adjudicated_since(game.id, since)
        lines = [f"📬 Welcome back to **{seat}**. While you were away ({missed} phase(s) adjudicated):"]
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
        await self.store.outbox(tx, game.id, f"seat:{seat}", "\n".join(lines), None, iso(self.clock()))
