"""Deadlines and reminders: scheduled with each phase (`service.schedule`), fired by `tick()` when due.

One failing game never holds up another: a timer whose adjudication raises is logged with its
traceback, retried with backoff, and its game master is told in the game channel.

With several processes on the database (service/cluster.py) each due timer is claimed by the one
that fires it; the firing transaction checks the claim is still its own, and a deadline's claim
holds until its phase is adjudicated (the adjudication marks it done), so a process that dies in
the middle leaves the deadline to another once its claim runs out.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from engine.variant import get_variant

from .adjudication import Adjudicator
from .bot_seats import BotSeats
from .cluster import Node
from .gm import GameMaster
from .ids import checked_ids
from .models import iso, parse_time
from .no_shows import NoShows
from .runtime import Now
from .store import Store

log = logging.getLogger("dispatch.clock")

# A reminder more than this late (the bot was down) is skipped: "ends in 1 hour" sent after
# the deadline would be wrong, and the result follows straight after anyway.
REMINDER_GRACE = timedelta(minutes=15)
TIMER_RETRY_FIRST = timedelta(minutes=1)
TIMER_RETRY_MAX = timedelta(hours=1)
PAUSES = "pauses"       # the claim (db/claims.py) of the round that resumes pauses that ran out


def backoff(attempts: int, first: timedelta, longest: timedelta) -> timedelta:
    """The pause before the next try after `attempts` failures: first, twice that, four times …
    at most `longest` (failed timers: 1 minute to an hour; failed messages: 5 s to 10 minutes)."""
    return min(first * (2 ** max(0, attempts - 1)), longest)


@checked_ids
class Timers:
    """The clock's round of the service: capped pauses that run out, due reminders and
    deadlines, then the bots; and when the next timer is due."""

    def __init__(self, store: Store, clock: Now, game_master: GameMaster, no_shows: NoShows, bot_seats: BotSeats,
                 adjudicator: Adjudicator, node: Node | None = None):
        self.store = store
        self.node = node or Node()
        self.clock = clock
        self.adjudicator = adjudicator
        self.game_master = game_master
        self.no_shows = no_shows
        self.bot_seats = bot_seats

    async def tick(self) -> int:
        """Fire every reminder and deadline that is due, then let the bots play. Safe to call any
        time, any number."""
        now = self.clock()
        fired = 0
        try:
            # one process at a time resumes the pauses that ran out (each resume is read, then
            # written: two processes at once would both resume a game and announce it twice)
            if await self._pauses_ending(now) and await self._claim_work(PAUSES, now):
                try:
                    fired += await self.game_master.resume_capped_pauses()
                finally:
                    await self._release_work(PAUSES)
        except Exception:  # noqa: BLE001 - a game that cannot resume must not stop the deadlines
            log.exception("resuming capped pauses failed")
        for row in await self.store.due_reminders(iso(now), self.node.name):
            try:
                if not await self._claim(row["id"], now):
                    continue        # another process fires it
                why = None          # the deadline's phase is adjudicated after its transaction, for this reason
                async with self.store.db.transaction() as tx:
                    if not await tx.timers.holds(row["id"], self.node.name):
                        continue    # fired meanwhile, or our claim ran out and another process took it
                    if row["kind"] == "deadline":
                        why = await self.no_shows.at_deadline(tx, row["game_id"], row["phase_id"])
                        if why is None:     # else it stays open until the adjudication is written
                            await tx.timers.done(row["id"], iso(now))
                    elif now - parse_time(row["due_at"]) > REMINDER_GRACE:
                        await tx.timers.done(row["id"], iso(now))
                        log.info("game %s: skipped a reminder due %s (too late to be useful)",
                                 row["game_id"], row["due_at"])
                    else:
                        await tx.timers.done(row["id"], iso(now))
                        await self._remind(tx, row, now)
                if why is not None:     # in the pool, after the deadline's transaction
                    await self.adjudicator.adjudicate(row["game_id"], row["phase_id"], why)
                    await self._release(row["id"])      # done by the adjudication, else free again
                fired += 1
            except Exception as exc:  # noqa: BLE001 - one game's failure must not stop the others
                log.exception("game %s: timer %s (%s) failed", row["game_id"], row["id"], row["kind"])
                await self._timer_failed(row, exc, now)
        try:
            await self.bot_seats.play_all_bots()    # then the bots order every phase that waits for them
        except Exception:  # noqa: BLE001 - a bot's failure must not stop the clock
            log.exception("bots could not play")
        return fired

    async def _pauses_ending(self, now: datetime) -> bool:
        async with self.store.db.lookup() as r:
            return bool(await r.games.paused_until_before(iso(now)))

    async def _claim_work(self, kind: str, now: datetime) -> bool:
        async with self.store.db.transaction() as tx:
            return await tx.claims.claim(kind, 0, self.node.name, iso(now + self.node.claim), iso(now))

    async def _release_work(self, kind: str) -> None:
        async with self.store.db.transaction() as tx:
            await tx.claims.release(kind, 0, self.node.name)

    async def _claim(self, timer_id: int, now: datetime) -> bool:
        async with self.store.db.transaction() as tx:
            return await tx.timers.claim(timer_id, self.node.name, iso(now + self.node.claim), iso(now))

    async def _release(self, timer_id: int) -> None:
        async with self.store.db.transaction() as tx:
            await tx.timers.release(timer_id, self.node.name)

    async def _timer_failed(self, row, exc: Exception, now: datetime) -> None:
        attempts = int(row["attempts"] or 0) + 1
        retry = now + backoff(attempts, TIMER_RETRY_FIRST, TIMER_RETRY_MAX)
        async with self.store.db.transaction() as tx:
            await tx.timers.failed(row["id"], attempts, f"{type(exc).__name__}: {exc}"[:500], iso(retry))
            if attempts == 1:
                await self.store.outbox(tx, row["game_id"], "gm", (
                    f"⚠️ Game #{row['game_id']} needs attention: its {row['kind']} could not be processed "
                    f"({type(exc).__name__}). Nothing was changed; I will retry by myself with growing "
                    f"pauses. The error is in the bot's log; `/gm pause` stops the clock meanwhile."),
                    None, iso(now))

    async def _remind(self, tx, row, now: datetime) -> None:
        game = await self.store.game(row["game_id"], tx)
        if game.status != "active" or game.current_phase != row["phase_id"]:
            return
        phase = await self.store.phase_by_id(row["phase_id"], tx)
        if phase.deadline is None or phase.deadline <= now:
            return
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id, tx)
        stamp = int(phase.deadline.timestamp())
        for seat in variant.seats_to_act(phase.state):
            holder = game.holder(seat)
            settings = await self.store.notify_settings(holder, tx)
            if row["user_id"] is not None and row["user_id"] != holder:
                continue                     # someone else's own reminder
            if row["user_id"] is None and settings.reminder_hours is not None:
                continue                     # this player chose their own lead times
            sheet = sheets.get(seat)
            if sheet is not None and sheet.ready:
                continue
            lines = sheet.lines if sheet is not None else ()
            missing = ["no orders yet"] if not lines else []
            missing += variant.missing_orders(phase.state, seat, lines)
            if not missing:
                missing = ["your orders are complete but not marked ready (press **Ready** or `/ready`)"]
            await self.store.outbox(tx, game.id, f"seat:{seat}", (
                f"Reminder: **{phase.label}** of {game.name} ends <t:{stamp}:R>. Still open for {seat}:\n"
                + "\n".join(f"• {line}" for line in missing)),
                None, iso(now), ping_user=None if settings.quiet else holder)

    async def seconds_to_next_timer(self) -> float | None:
        """Seconds until the next reminder, deadline or delivery retry is due (0 if overdue), or
        until another process's claim on one runs out."""
        now = self.clock()
        node = self.node
        due = [parse_time(text) for text in (await self.store.next_reminder(iso(now), node.name),
                                              await self.store.next_outbox_retry(iso(now), node.name,
                                                                                 node.shard_filter),
                                              await self.store.next_pause_end()) if text]
        if not due:
            return None
        return max(0.0, (min(due) - now).total_seconds())
