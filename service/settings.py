"""Settings outside any one game: a server's defaults and limits (`/game settings`), a player's
map colours and notifications (`/notify`)."""
from __future__ import annotations

from typing import Any

from render.palettes import check_palette

from .checks import (MAX_REMINDERS, check_hours, check_id, check_number, check_optional_id, check_reminder_hours,
                     clip)
from .errors import BadInput, Forbidden
from .ids import checked_ids
from .models import Actor, NotifySettings, iso
from .runtime import Now
from .store import Store


@checked_ids
class Settings:
    """A server's game settings, a player's palette and notifications."""

    def __init__(self, store: Store, clock: Now):
        self.store = store
        self.clock = clock

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
