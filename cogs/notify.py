"""`/notify`: how each player hears about their games — a direct message when a phase opens,
their own reminder lead times, or quiet (the seat channel only, no pings)."""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from .common import DispatchCog, private_command, reply


class NotifyCog(DispatchCog, name="Notifications"):
    """Per-player notification settings, stored per user for all their games."""

    @commands.hybrid_command(name="notify", description="How you hear about your games: DMs, reminders, quiet",
                             extras=private_command())
    @app_commands.describe(dm="a direct message when a phase of your games opens",
                           reminders="hours before a deadline, e.g. `24 2`; `none`; or `game` for the game's times",
                           quiet="only your seat channels: no pings and no direct messages")
    async def notify(self, ctx: commands.Context, dm: bool | None = None, reminders: str | None = None,
                     quiet: bool | None = None) -> None:
        if dm is None and reminders is None and quiet is None:
            settings = await self.service.notify_settings(ctx.author.id)
            await reply(ctx, f"Your notifications: {settings.describe()}.\nChange them with "
                             f"`/notify dm:True`, `/notify reminders:24 2` or `/notify quiet:True`.", ephemeral=True)
            return
        settings = await self.service.set_notify(ctx.author.id, dm, quiet, reminders)
        note = " (from the next phase on)" if reminders is not None else ""
        await reply(ctx, f"Saved{note}. Your notifications: {settings.describe()}.", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NotifyCog(bot, bot.service))
