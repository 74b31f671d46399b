"""Game-master controls: seats, pause and resume, deadlines, abandoning, server settings."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from render.palettes import check_palette

from . import permissions
from .checks import (MAX_REMINDERS, check_hours, check_id, check_number, check_optional_id, check_reminder_hours, clip,
                     require_status)
from .errors import BadInput, BadState, Forbidden
from .models import Actor, GameInfo, NotifySettings, iso, parse_time
from .visibility import gm_named, players_hidden, redact_export


class GameMasterMixin:
    """The GM side of `GameService` (it provides `db`, `store`, `clock`, `game`, `_schedule`)."""

    async def pause(self, game_id: int, actor: Actor) -> GameInfo:
        """GM: stop the clock. A GM who also holds a seat pauses for at most the game's pause
        cap (default 7 days), so nobody at the table can freeze the game for ever."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "pause")
            require_status(game, "active", "pause")
            capped = bool(game.seats_of(actor.user_id))
            until = self.clock() + timedelta(hours=game.pause_cap_hours) if capped else None
            gm = gm_named(game, actor.user_id)
            seated = "" if players_hidden(game) else ", who holds a seat"      # anonymous: who plays is secret
            why = (f"by {gm}{seated}: the pause ends by itself <t:{int(until.timestamp())}:R> at the latest"
                   if capped else f"by {gm}")
            await self._pause_in(conn, game, actor, until, why)
        return await self.game(game_id)

    async def _pause_in(self, conn, game: GameInfo, actor: Actor | None, until: datetime | None, why: str) -> None:
        phase = await self.store.phase_by_id(game.current_phase, conn)
        now = self.clock()
        # What is left is counted from now, but never from before the phase opened: with the
        # clock behind (a host whose time was set back) the phase keeps at most its own length
        # (with any extension), not its length plus the lag.
        since = max(now, parse_time(phase.created_at) or now)
        remaining = max(0.0, (phase.deadline - since).total_seconds()) if phase.deadline else 0.0
        await conn.execute("UPDATE games SET status='paused', paused_remaining=?, paused_until=? WHERE id=?",
                           (remaining, iso(until), game.id))
        await conn.execute("UPDATE phases SET deadline=NULL WHERE id=?", (phase.id,))
        await conn.execute("UPDATE reminders SET done_at=? WHERE phase_id=? AND done_at IS NULL",
                           (iso(now), phase.id))
        await self.store.log(conn, game.id, phase.id, iso(now), actor.user_id if actor else None, "paused",
                             {"remaining_s": remaining, "until": iso(until), "why": why})
        self.store.on_change()
        await self.store.outbox(conn, game.id, "game", f"⏸️ {game.name} is paused {why}.", None, iso(now))

    async def resume(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "resume")
            require_status(game, "paused", "resume")
            await self._resume_in(conn, game, actor, f"{gm_named(game, actor.user_id)} resumed it")
        return await self.game(game_id)

    async def _resume_in(self, conn, game: GameInfo, actor: Actor | None, why: str) -> datetime:
        now = self.clock()
        # At least an hour, so nobody is surprised by an instant adjudication on resume.
        remaining = max(game.paused_remaining or 0.0, 3600.0)
        deadline = now + timedelta(seconds=remaining)
        await conn.execute("UPDATE games SET status='active', paused_remaining=NULL, paused_until=NULL WHERE id=?",
                           (game.id,))
        await self._schedule(conn, game, game.current_phase, now, deadline)
        await self.store.log(conn, game.id, game.current_phase, iso(now), actor.user_id if actor else None,
                             "resumed", {"deadline": iso(deadline), "why": why})
        await self.store.outbox(conn, game.id, "game", (
            f"▶️ {game.name} resumes ({why}); orders are due <t:{int(deadline.timestamp())}:R>."), None, iso(now))
        return deadline

    async def resume_capped_pauses(self) -> int:
        """Games whose capped pause (seated GM, or a vote) has run out resume by themselves."""
        now = self.clock()
        rows = await self.db.fetchall("SELECT id FROM games WHERE status='paused' AND paused_until IS NOT NULL "
                                      "AND paused_until <= ?", (iso(now),))
        for row in rows:
            async with self.db.transaction() as conn:
                game = await self.store.game(row["id"], conn)
                if game.status == "paused" and game.paused_until is not None and game.paused_until <= now:
                    await self._resume_in(conn, game, None, f"the pause reached its limit of "
                                                            f"{game.pause_cap_hours:g}h")
        return len(rows)

    async def extend(self, game_id: int, actor: Actor, hours: float) -> datetime:
        hours = check_hours(hours)
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "extend the deadline of")
            require_status(game, "active", "extend")
            phase = await self.store.phase_by_id(game.current_phase, conn)
            now = self.clock()
            deadline = max(phase.deadline or now, now) + timedelta(hours=hours)
            await self._schedule(conn, game, phase.id, now, deadline)
            await self.store.log(conn, game_id, phase.id, iso(now), actor.user_id, "extended",
                                 {"hours": hours, "deadline": iso(deadline)})
            await self.store.outbox(conn, game_id, "game", (
                f"⏳ {gm_named(game, actor.user_id).replace('the', 'The', 1)} extended the deadline of **{phase.label}** by {hours:g}h: now "
                f"<t:{int(deadline.timestamp())}:R>."), None, iso(now))
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
                f"{game.name} was abandoned by the GM <@{actor.user_id}>. Seed revealed: `{seed}`."), None, now)
            await self.game_over(conn, game_id)
        return await self.game(game_id)

    async def export(self, game_id: int, viewer: Actor | None = None, stored_states: bool = False) -> dict[str, Any]:
        """The game as JSON-ready data, as `viewer` may see it (see `visibility`): the whole
        record with the seed once the game is over; before, nothing that is still secret. With
        `stored_states` the phases' states are left undecoded (`StoredState`) for `pack_export`."""
        game = await self.game(game_id)
        return redact_export(game, await self.store.export(game_id, stored_states), viewer.user_id if viewer else None)

    async def set_guild_settings(self, guild_id: int, actor: Actor, phase_hours: float | None = None,
                                 reminder_hours: list[float] | None = None, min_phase_hours: float | None = None,
                                 max_games_per_user: int | None = None,
                                 max_games_per_server: int | None = None, palette: str | None = None) -> dict[str, Any]:
        """Server admin: defaults for new games and the limits that keep one user or one server
        from flooding the bot (shortest phase, open games per user and per server)."""
        guild_id = check_id(guild_id, "the server id")
        if not actor.is_admin:
            raise Forbidden("only a server administrator may change the server's game settings")
        current = await self.store.guild_settings(guild_id)
        if phase_hours is not None:
            current["phase_hours"] = check_hours(phase_hours)
        if reminder_hours is not None:
            current["reminder_hours"] = check_reminder_hours(
                reminder_hours, f"at most five reminder times, e.g. `24 1` (you gave {len(reminder_hours)})")
        if min_phase_hours is not None:
            current["min_phase_hours"] = check_hours(min_phase_hours, "the shortest phase")
        for key, value, most in (("max_games_per_user", max_games_per_user, 100),
                                 ("max_games_per_server", max_games_per_server, 10_000)):
            if value is not None:
                number = check_number(value, "limit")
                if not 1 <= number <= most:
                    raise BadInput(f"{key.replace('_', ' ')} must be from 1 to {most}")
                current[key] = number
        if palette is not None:
            current["palette"] = _palette(palette)
        if current["phase_hours"] < current["min_phase_hours"]:
            raise BadInput(f"the default phase ({current['phase_hours']:g}h) cannot be shorter than the "
                           f"shortest phase allowed ({current['min_phase_hours']:g}h)")
        await self.store.save_guild_settings(guild_id, current, iso(self.clock()))
        return current

    async def set_palette(self, user_id: int, palette: str) -> str:
        """A player's own map colours (`standard` or `colour-blind`), for maps sent only to them."""
        user_id, chosen = check_id(user_id, "the user id"), _palette(palette)
        await self.store.set_user_palette(user_id, chosen, iso(self.clock()))
        return chosen

    async def notify_settings(self, user_id: int) -> NotifySettings:
        return await self.store.notify_settings(check_id(user_id, "the user id"))

    async def set_notify(self, user_id: int, dm_phase: bool | None = None, quiet: bool | None = None,
                         reminders: str | None = None) -> NotifySettings:
        """A player's notifications (`/notify`); what is not given stays as it was. `reminders`:
        hours before a deadline (`24 2`), `none`, or `game` for the game's own lead times."""
        user_id = check_id(user_id, "the user id")
        current = await self.store.notify_settings(user_id)
        hours = current.reminder_hours
        if reminders is not None:
            words = reminders.replace(",", " ").lower().split()
            if words in (["game"], ["default"]):
                hours = None
            elif words in (["none"], ["off"], ["0"]):
                hours = ()
            else:
                too_many = ("reminders: up to five hours before the deadline, e.g. `24 2`; or `none`, or "
                            "`game` for the game's own times")
                if not words or len(words) > MAX_REMINDERS:
                    raise BadInput(too_many)
                try:
                    values = [float(w.rstrip("h")) for w in words]
                except ValueError:
                    raise BadInput(f"reminders: `{clip(reminders, 40)}` is not a list of hours, e.g. `24 2`") from None
                hours = tuple(check_reminder_hours(values, too_many))
        chosen = NotifySettings(current.dm_phase if dm_phase is None else dm_phase,
                                current.quiet if quiet is None else quiet, hours)
        await self.store.set_notify_settings(user_id, chosen, iso(self.clock()))
        return chosen

    async def palette_for(self, guild_id: int | None, user_id: int | None = None) -> str:
        """The colours of a map: the player's own choice if the map is for them alone, else the
        server's default."""
        guild_id, user_id = check_optional_id(guild_id, "the server id"), check_optional_id(user_id, "the user id")
        if user_id is not None:
            mine = await self.store.user_palette(user_id)
            if mine is not None:
                return mine
        return (await self.store.guild_settings(guild_id))["palette"] if guild_id is not None else "standard"


def _palette(name: str) -> str:
    try:
        return check_palette(name)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
