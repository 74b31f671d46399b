"""`/notify`: how each player hears about their games — a direct message when a phase opens,
their own reminder lead times, or quiet (the seat channel only, no pings)."""
from __future__ import annotations

from discord.ext import commands

from .common import DispatchCog
from .declared import declared


class NotifyCog(DispatchCog, name="Notifications"):
    """Per-player notification settings, stored per user for all their games."""

    @declared("notify")
    async def notify(self, ctx: commands.Context, dm: bool | None = None, reminders: str | None = None,
                     quiet: bool | None = None) -> None:
        await self.run_and_answer(ctx, dm=dm, reminders=reminders, quiet=quiet)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NotifyCog(bot, bot.service))
