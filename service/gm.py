"""Game-master controls: seats, pause and resume, deadlines, abandoning, server settings."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from engine.variant import get_variant
from render.palettes import check_palette

from . import permissions
from .checks import MAX_REMINDERS, check_hours, check_number, check_reminder_hours, clip, require_status
from .errors import BadInput, BadState, Forbidden, NotFound
from .models import Actor, GameInfo, NotifySettings, SeatChange, iso
from .visibility import redact_export


class GameMasterMixin:
    """The GM side of `GameService` (it provides `db`, `store`, `clock`, `game`, `_schedule`)."""

    async def check_assign(self, game_id: int, actor: Actor, seat: str, user_id: int | None,
                           guild_id: int | None = None) -> SeatChange:
        """What `assign_seat` would do, or its error; changes nothing (the bot asks first, then
        changes channel access, then the database)."""
        game = await self.game(game_id)
        chosen = _assignable(game, actor, seat, user_id, guild_id)
        return SeatChange(chosen, game.seat(chosen).user_id, user_id)

    async def assign_seat(self, game_id: int, actor: Actor, seat: str, user_id: int | None,
                          guild_id: int | None = None) -> SeatChange:
        """GM: seat a player (also mid-game, to replace one who left), or empty a seat before
        the start. `guild_id` is the server the command came from: a game of another server
        cannot be touched from here."""
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            chosen = _assignable(game, actor, seat, user_id, guild_id)
            previous = game.seat(chosen).user_id
            now = iso(self.clock())
            await conn.execute("UPDATE seats SET user_id=?, joined_at=? WHERE game_id=? AND seat=?",
                               (user_id, now, game_id, chosen))
            await self.store.log(conn, game_id, game.current_phase, now, actor.user_id,
                                 "seat_assigned", {"seat": chosen, "user_id": user_id, "previous": previous})
            if game.status != "forming" and user_id is not None:
                replacing = f", replacing <@{previous}>" if previous else ""
                await self.store.outbox(conn, game_id, "game", (
                    f"The GM seated <@{user_id}> as **{chosen}**{replacing}."), None, now)
                brief = ""
                if game.current_phase is not None:
                    phase = await self.store.phase_by_id(game.current_phase, conn)
                    brief = "\n" + get_variant(game.variant).phase_brief(phase.state, chosen)
                await self.store.outbox(conn, game_id, f"seat:{chosen}", (
                    f"Welcome <@{user_id}>: you now hold **{chosen}** in {game.name}. This channel is "
                    f"yours; write orders here, one per line, then `/ready`.{brief}"), None, now, ping_user=user_id)
                if previous is not None:
                    await self.store.outbox(conn, game_id, f"user:{previous}", (
                        f"The GM of **{game.name}** (game #{game.id}) gave your seat **{chosen}** to another "
                        f"player; you no longer see its channel. Thank you for playing."), None, now)
        return SeatChange(chosen, previous, user_id)

    async def pause(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.db.transaction() as conn:
            game = await self.store.game(game_id, conn)
            permissions.require_gm(game, actor, "pause")
            require_status(game, "active", "pause")
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
            require_status(game, "paused", "resume")
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

    async def export(self, game_id: int, viewer: Actor | None = None) -> dict[str, Any]:
        """The game as JSON-ready data, as `viewer` may see it (see `visibility`): the whole
        record with the seed once the game is over; before, nothing that is still secret."""
        game = await self.game(game_id)
        return redact_export(game, await self.store.export(game_id), viewer.user_id if viewer else None)

    async def set_guild_settings(self, guild_id: int, actor: Actor, phase_hours: float | None = None,
                                 reminder_hours: list[float] | None = None, min_phase_hours: float | None = None,
                                 max_games_per_user: int | None = None,
                                 max_games_per_server: int | None = None, palette: str | None = None) -> dict[str, Any]:
        """Server admin: defaults for new games and the limits that keep one user or one server
        from flooding the bot (shortest phase, open games per user and per server)."""
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
        chosen = _palette(palette)
        await self.store.set_user_palette(user_id, chosen, iso(self.clock()))
        return chosen

    async def notify_settings(self, user_id: int) -> NotifySettings:
        return await self.store.notify_settings(user_id)

    async def set_notify(self, user_id: int, dm_phase: bool | None = None, quiet: bool | None = None,
                         reminders: str | None = None) -> NotifySettings:
        """A player's notifications (`/notify`); what is not given stays as it was. `reminders`:
        hours before a deadline (`24 2`), `none`, or `game` for the game's own lead times."""
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


def _assignable(game: GameInfo, actor: Actor, seat: str, user_id: int | None, guild_id: int | None) -> str:
    """The seat `seat` names, if `actor` may give it to `user_id` now."""
    permissions.require_same_server(game, guild_id)
    permissions.require_gm(game, actor, "assign seats in")
    if game.status in ("finished", "abandoned"):
        raise BadState(f"game #{game.id} is {game.status}")
    chosen = permissions.match_name(seat, [s.seat for s in game.seats])
    if chosen is None:
        raise NotFound(f"game #{game.id} has no seat `{clip(seat)}`; seats: {', '.join(s.seat for s in game.seats)}")
    if user_id is None and game.status != "forming":
        raise BadState("a started game cannot have an empty seat; assign a replacement")
    if game.seat(chosen).user_id == user_id:
        raise BadState(f"<@{user_id}> already holds {chosen} in game #{game.id}")
    return chosen
