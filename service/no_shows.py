"""Missed deadlines (the game's no-show policy, set with `/gm policy`: `service.policy`).

A seat that reaches a deadline with no order at all (and not marked ready) has *missed* that
phase. Each game excuses a number of misses per seat (default 1): the phase's deadline moves once
by the game's extension (default 24 h), and the miss is told in the game channel. Past its excused
misses the seat falls into *civil disorder*: it no longer holds up an early adjudication, its
units follow the variant's default orders (or the bot plays it, under the absent policy `bot`),
and the seat is advertised as open for a substitute. A returning player resumes simply by giving
orders (`back_from_civil_disorder`).
"""
from __future__ import annotations

from datetime import timedelta

from engine.variant import get_variant

from .adjudication import Adjudicator
from .bots import BotSheets, absent_policy
from .ids import checked_ids
from .models import GameInfo, PhaseInfo, iso
from .runtime import Now
from .schedule import Schedule
from .seats import outsiders_note
from .store import Store


@checked_ids
class NoShows:
    """At a deadline: misses counted, one extension for excused ones, civil disorder for the
    others, then the adjudication; and a seat in civil disorder coming back."""

    def __init__(self, store: Store, clock: Now, schedule: Schedule, bot_sheets: BotSheets,
                 adjudicator: Adjudicator):
        self.store = store
        self.clock = clock
        self.schedule = schedule
        self.bot_sheets = bot_sheets
        self.adjudicator = adjudicator

    async def at_deadline(self, tx, game_id: int, phase_id: int) -> str | None:
        """A deadline fell: count misses, extend once for excused ones, put the others into
        civil disorder; returns why the phase is to be adjudicated now (once `tx` is committed,
        `Adjudicator.adjudicate`), or None. A deadline row due before the phase's own deadline
        is the one written when every seat was ready (`Adjudicator.adjudicate_after`): nobody
        missed anything."""
        game = await self.store.game(game_id, tx)
        if game.status != "active" or game.current_phase != phase_id:
            return None
        phase = await self.store.phase_by_id(phase_id, tx)
        if phase.adjudicated_at is not None:
            return None
        if phase.deadline is not None and phase.deadline > self.clock():
            return "all players ready"
        if not phase.extended_for_misses and await self._count_misses(tx, game, phase):
            return None
        if await self.bot_sheets.owes(tx, game_id, phase):
            return None     # the bot plays the absent seats first, then adjudicates (`BotSeats.play_bots`)
        return "deadline"

    async def _count_misses(self, tx, game: GameInfo, phase: PhaseInfo) -> bool:
        """Record this phase's misses; returns whether the deadline was extended for them."""
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id, tx)
        now = self.clock()
        absent = []
        for seat in variant.seats_to_act(phase.state):
            info = game.seat(seat)
            sheet = sheets.get(seat)
            if info is None or info.user_id is None or info.civil_disorder or (sheet and (sheet.lines or sheet.ready)):
                continue
            absent.append(info)
        excused, disorder = [], []
        for info in absent:
            misses = info.misses + 1
            await tx.seats.set_misses(game.id, info.seat, misses)
            await self.store.log(tx, game.id, phase.id, iso(now), info.user_id, "missed",
                                 {"seat": info.seat, "misses": misses})
            (excused if misses <= game.excused_misses else disorder).append((info.seat, misses))
        for seat, misses in disorder:
            await tx.seats.set_civil_disorder(game.id, seat, True)
            await self.store.outbox(tx, game.id, "game", (
                f"🏳️ **{seat}** sent no orders for {phase.label} ({misses} missed phases; {game.excused_misses} "
                "excused) and is now in civil disorder: "
                + ("the bot plays it from now on. " if absent_policy(game) == "bot" else
                   "its units follow the default orders (they hold). ") +
                "The seat is open for a substitute: press **Join** below to take it over (or the GM gives it "
                "with `/gm assign`); its player returns simply by giving orders." + outsiders_note(game)),
                None, iso(now),
                buttons=[("join", seat)])
        if not excused or game.miss_extension_hours <= 0:
            return False
        deadline = phase.deadline + timedelta(hours=game.miss_extension_hours)
        await tx.phases.extended_for_misses(phase.id)
        await self.schedule.schedule(tx, game, phase.id, now, deadline)
        names = ", ".join(f"**{seat}** (miss {misses} of {game.excused_misses} excused)" for seat, misses in excused)
        stamp = int(deadline.timestamp())
        await self.store.outbox(tx, game.id, "game", (
            f"⏰ No orders yet from {names}: the deadline of {phase.label} moves once, to <t:{stamp}:F> "
            f"(<t:{stamp}:R>)."), None, iso(now))
        for seat, _ in excused:
            await self.store.outbox(tx, game.id, f"seat:{seat}", (
                f"⏰ The deadline of {phase.label} passed without your orders. It moves once, to <t:{stamp}:R>; "
                f"give your orders before then, or your units hold."), None, iso(now), ping_user=game.holder(seat))
        return True

    async def back_from_civil_disorder(self, tx, game: GameInfo, seat: str) -> None:
        """A seat in civil disorder gives orders again: it is back."""
        info = game.seat(seat)
        if info is None or not info.civil_disorder:
            return
        await tx.seats.set_civil_disorder(game.id, seat, False)
        await self.store.outbox(tx, game.id, "game", f"🎖️ **{seat}** is back from civil disorder and gives "
                                f"orders again.", None, iso(self.clock()))
        await self.bot_sheets.away_digest(tx, game, seat)
