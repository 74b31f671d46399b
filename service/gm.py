"""What a GM does to a running game's clock: pause (a GM who holds a seat, for at most the pause
cap), resume (also a capped pause running out by itself), and extend the deadline. A vote of the
players that passes does the same through `pause_in` and `resume_in` (`service.votes`)."""
from __future__ import annotations

from datetime import datetime, timedelta

from . import permissions
from .checks import check_hours, require_status
from .ids import checked_ids
from .models import Actor, GameInfo, iso, parse_time
from .runtime import Now
from .schedule import Schedule
from .store import Store
from .visibility import gm_named, players_hidden


@checked_ids
class GameMaster:
    """Pausing, resuming and extending a running game."""

    def __init__(self, store: Store, clock: Now, schedule: Schedule):
        self.store = store
        self.clock = clock
        self.schedule = schedule

    async def pause(self, game_id: int, actor: Actor) -> GameInfo:
        """GM: stop the clock. A GM who also holds a seat pauses for at most the game's pause
        cap (default 7 days), so nobody at the table can freeze the game for ever."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "pause")
            require_status(game, "active", "pause")
            capped = bool(game.seats_of(actor.user_id))
            until = self.clock() + timedelta(hours=game.pause_cap_hours) if capped else None
            gm = gm_named(game, actor.user_id)
            seated = "" if players_hidden(game) else ", who holds a seat"      # anonymous: who plays is secret
            why = (f"by {gm}{seated}: the pause ends by itself <t:{int(until.timestamp())}:R> at the latest"
                   if capped else f"by {gm}")
            await self.pause_in(tx, game, actor, until, why)
        return await self.store.game(game_id)

    async def pause_in(self, tx, game: GameInfo, actor: Actor | None, until: datetime | None, why: str) -> None:
        phase = await self.store.phase_by_id(game.current_phase, tx)
        now = self.clock()
        # What is left is counted from now, but never from before the phase opened: with the
        # clock behind (a host whose time was set back) the phase keeps at most its own length
        # (with any extension), not its length plus the lag.
        since = max(now, parse_time(phase.created_at) or now)
        remaining = max(0.0, (phase.deadline - since).total_seconds()) if phase.deadline else 0.0
        await tx.games.paused(game.id, remaining, iso(until))
        await tx.phases.set_deadline(phase.id, None)
        await tx.timers.cancel_phase(phase.id, iso(now))
        await self.store.log(tx, game.id, phase.id, iso(now), actor.user_id if actor else None, "paused",
                             {"remaining_s": remaining, "until": iso(until), "why": why})
        tx.on_commit(self.store.on_change)
        await self.store.outbox(tx, game.id, "game", f"⏸️ {game.name} is paused {why}.", None, iso(now))

    async def resume(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "resume")
            require_status(game, "paused", "resume")
            await self.resume_in(tx, game, actor, f"{gm_named(game, actor.user_id)} resumed it")
        return await self.store.game(game_id)

    async def resume_in(self, tx, game: GameInfo, actor: Actor | None, why: str) -> datetime:
        now = self.clock()
        # At least an hour, so nobody is surprised by an instant adjudication on resume.
        remaining = max(game.paused_remaining or 0.0, 3600.0)
        deadline = now + timedelta(seconds=remaining)
        await tx.games.resumed(game.id)
        await self.schedule.schedule(tx, game, game.current_phase, now, deadline)
        await self.store.log(tx, game.id, game.current_phase, iso(now), actor.user_id if actor else None,
                             "resumed", {"deadline": iso(deadline), "why": why})
        await self.store.outbox(tx, game.id, "game", (
            f"▶️ {game.name} resumes ({why}); orders are due <t:{int(deadline.timestamp())}:R>."), None, iso(now))
        return deadline

    async def resume_capped_pauses(self) -> int:
        """Games whose capped pause (seated GM, or a vote) has run out resume by themselves."""
        now = self.clock()
        async with self.store.db.lookup() as r:
            due = await r.games.paused_until_before(iso(now))
        for game_id in due:
            async with self.store.db.transaction() as tx:
                game = await self.store.game(game_id, tx)
                if game.status == "paused" and game.paused_until is not None and game.paused_until <= now:
                    await self.resume_in(tx, game, None, f"the pause reached its limit of "
                                                            f"{game.pause_cap_hours:g}h")
        return len(due)

    async def extend(self, game_id: int, actor: Actor, hours: float) -> datetime:
        hours = check_hours(hours)
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "extend the deadline of")
            require_status(game, "active", "extend")
            phase = await self.store.phase_by_id(game.current_phase, tx)
            now = self.clock()
            deadline = max(phase.deadline or now, now) + timedelta(hours=hours)
            await self.schedule.schedule(tx, game, phase.id, now, deadline)
            await self.store.log(tx, game_id, phase.id, iso(now), actor.user_id, "extended",
                                 {"hours": hours, "deadline": iso(deadline)})
            await self.store.outbox(tx, game_id, "game", (
                f"⏳ {gm_named(game, actor.user_id).replace('the', 'The', 1)} extended the deadline of **{phase.label}** by {hours:g}h: now "
                f"<t:{int(deadline.timestamp())}:R>."), None, iso(now))
        return deadline
