"""Settings outside any one game: a server's (`guild_settings`), a player's palette
(`user_settings`) and notifications (`notify_settings`), and the bot's own notes (`bot_meta`)."""
from __future__ import annotations

import json
from typing import Any

from .sql import Repository, Row


class Settings(Repository):
    async def guild(self, guild_id: int) -> Row | None:
        return await self.sql.one("SELECT * FROM guild_settings WHERE guild_id=?", (guild_id,))

    async def save_guild(self, guild_id: int, settings: dict[str, Any], at: str) -> None:
        await self.sql.run(
            "INSERT INTO guild_settings (guild_id, phase_hours, reminder_hours, min_phase_hours, "
            "max_games_per_user, max_games_per_server, palette, updated_at) VALUES (?,?,?,?,?,?,?,?) "
            "ON CONFLICT (guild_id) DO UPDATE SET phase_hours=excluded.phase_hours, "
            "reminder_hours=excluded.reminder_hours, min_phase_hours=excluded.min_phase_hours, "
            "max_games_per_user=excluded.max_games_per_user, max_games_per_server=excluded.max_games_per_server, "
            "palette=excluded.palette, updated_at=excluded.updated_at",
            (guild_id, settings["phase_hours"], json.dumps(settings["reminder_hours"]), settings["min_phase_hours"],
             settings["max_games_per_user"], settings["max_games_per_server"], settings["palette"], at))

    async def palette(self, user_id: int) -> str | None:
        return await self.sql.value("SELECT palette FROM user_settings WHERE user_id=?", (user_id,))

    async def save_palette(self, user_id: int, palette: str, at: str) -> None:
        await self.sql.run("INSERT INTO user_settings (user_id, palette, updated_at) VALUES (?,?,?) "
                           "ON CONFLICT (user_id) DO UPDATE SET palette=excluded.palette, updated_at=excluded.updated_at",
                           (user_id, palette, at))

    async def notify(self, user_id: int) -> Row | None:
        return await self.sql.one("SELECT dm_phase, quiet, reminder_hours FROM notify_settings WHERE user_id=?",
                                  (user_id,))

    async def save_notify(self, user_id: int, dm_phase: bool, quiet: bool, reminder_hours: list[float] | None,
                          at: str) -> None:
        hours = None if reminder_hours is None else json.dumps(list(reminder_hours))
        await self.sql.run(
            "INSERT INTO notify_settings (user_id, dm_phase, quiet, reminder_hours, updated_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_phase=excluded.dm_phase, quiet=excluded.quiet, "
            "reminder_hours=excluded.reminder_hours, updated_at=excluded.updated_at",
            (user_id, int(dm_phase), int(quiet), hours, at))

    async def meta(self, key: str) -> str | None:
        return await self.sql.value("SELECT value FROM bot_meta WHERE key=?", (key,))

    async def save_meta(self, key: str, value: str) -> None:
        await self.sql.run("INSERT INTO bot_meta (key, value) VALUES (?, ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))
