"""Deadlines and reminders: scheduled with each phase, fired by `tick()` when due.

One failing game never holds up another: a timer whose adjudication raises is logged with its
traceback, retried with backoff, and its game master is told in the game channel.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from engine.variant import get_variant

from .models import GameInfo, iso, parse_time

log = logging.getLogger("dispatch.clock")

# A reminder more than this late (the bot was down) is skipped: "ends in 1 hour" sent after
# the deadline would be wrong, and the result follows straight after anyway.
REMINDER_GRACE = timedelta(minutes=15)
TIMER_RETRY_FIRST = timedelta(minutes=1)
TIMER_RETRY_MAX = timedelta(hours=1)


def backoff(attempts: int, first: timedelta, longest: timedelta) -> timedelta:
    """The pause before the next try after `attempts` failures: first, twice that, four times …
    at most `longest` (failed timers: 1 minute to an hour; failed messages: 5 s to 10 minutes)."""
    return min(first * (2 ** max(0, attempts - 1)), longest)


class TimersMixin:
    """The clock side of `GameService` (it provides `db`, `store`, `clock`, `_adjudicate_in`,
    `resume_capped_pauses`)."""

    async def _schedule(self, conn, game: GameInfo, phase_id: int, now: datetime, deadline: datetime) -> None:
        """One deadline row and one reminder per configured lead time still in the future."""
        await conn.execute("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL",
                           (iso(now), phase_id))
        await conn.execute("UPDATE phases SET deadline=? WHERE id=?", (iso(deadline), phase_id))
        await conn.execute("INSERT INTO reminders (game_id, phase_id, due_at, kind) VALUES (?,?,?, 'deadline')",
                           (game.id, phase_id, iso(deadline)))
        # the game's reminders (user_id NULL), then those of players who chose their own lead
        # times (`/notify reminders:`)
        plan = [(hours, None) for hours in game.reminder_hours]
        for user_id in sorted({s.user_id for s in game.seats if s.user_id}):
            own = (await self.store.notify_settings(user_id, conn)).reminder_hours
            plan += [(hours, user_id) for hours in own or ()]
        for hours, user_id in plan:
            due = deadline - timedelta(hours=hours)
            if due > now:
                await conn.execute(
                    "INSERT INTO reminders (game_id, phase_id, due_at, kind, hours_before, user_id) "
                    "VALUES (?,?,?, 'reminder', ?, ?)", (game.id, phase_id, iso(due), hours, user_id))
        self.store.on_change()

    async def tick(self) -> int:
        """Fire every reminder and deadline that is due. Safe to call any time, any number."""
        now = self.clock()
        fired = 0
        try:
            fired += await self.resume_capped_pauses()
        except Exception:  # noqa: BLE001 - a game that cannot resume must not stop the deadlines
            log.exception("resuming capped pauses failed")
        for row in await self.store.due_reminders(iso(now)):
            try:
                async with self.db.transaction() as conn:
                    current = await (await conn.execute(
                        "SELECT done_at FROM reminders WHERE id=?", (row["id"],))).fetchone()
                    if current is None or current["done_at"] is not None:
                        continue
                    await conn.execute("UPDATE reminders SET done_at=? WHERE id=?", (iso(now), row["id"]))
                    if row["kind"] == "deadline":
                        await self._at_deadline(conn, row["game_id"], row["phase_id"])
                    elif now - parse_time(row["due_at"]) > REMINDER_GRACE:
                        log.info("game %s: skipped a reminder due %s (too late to be useful)",
                                 row["game_id"], row["due_at"])
                    else:
                        await self._remind(conn, row, now)
                fired += 1
            except Exception as exc:  # noqa: BLE001 - one game's failure must not stop the others
                log.exception("game %s: timer %s (%s) failed", row["game_id"], row["id"], row["kind"])
                await self._timer_failed(row, exc, now)
        return fired

    async def _timer_failed(self, row, exc: Exception, now: datetime) -> None:
        attempts = int(row["attempts"] or 0) + 1
        retry = now + backoff(attempts, TIMER_RETRY_FIRST, TIMER_RETRY_MAX)
        async with self.db.transaction() as conn:
            await conn.execute("UPDATE reminders SET attempts=?, last_error=?, due_at=? WHERE id=?",
                               (attempts, f"{type(exc).__name__}: {exc}"[:500], iso(retry), row["id"]))
            if attempts == 1:
                await self.store.outbox(conn, row["game_id"], "gm", (
                    f"⚠️ Game #{row['game_id']} needs attention: its {row['kind']} could not be processed "
                    f"({type(exc).__name__}). Nothing was changed; I will retry by myself with growing "
                    f"pauses. The error is in the bot's log; `/gm pause` stops the clock meanwhile."),
                    None, iso(now))

    async def _remind(self, conn, row, now: datetime) -> None:
        game = await self.store.game(row["game_id"], conn)
        if game.status != "active" or game.current_phase != row["phase_id"]:
            return
        phase = await self.store.phase_by_id(row["phase_id"], conn)
        if phase.deadline is None or phase.deadline <= now:
            return
        variant = get_variant(game.variant)
        sheets = await self.store.order_sheets(phase.id, conn)
        stamp = int(phase.deadline.timestamp())
        for seat in variant.seats_to_act(phase.state):
            holder = game.holder(seat)
            settings = await self.store.notify_settings(holder, conn)
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
            await self.store.outbox(conn, game.id, f"seat:{seat}", (
                f"Reminder: **{phase.label}** of {game.name} ends <t:{stamp}:R>. Still open for {seat}:\n"
                + "\n".join(f"• {line}" for line in missing)),
                None, iso(now), ping_user=None if settings.quiet else holder)

    async def seconds_to_next_timer(self) -> float | None:
        """Seconds until the next reminder, deadline or delivery retry is due (0 if overdue)."""
        now = self.clock()
        due = [parse_time(text) for text in (await self.store.next_reminder(),
                                              await self.store.next_outbox_retry(),
                                              await self.store.next_pause_end()) if text]
        if not due:
            return None
        return max(0.0, (min(due) - now).total_seconds())
