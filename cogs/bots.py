"""`/hint`: what the bot would order for your seat now, and why — for your eyes only.

A hint is computed in the worker pool (the service's `hint`), never saved, and shown only to the
seat's player: ephemerally, or in their own seat channel (`reply_privately`). The GM's bot
commands (`/gm bot`, `/gm policy absent:`) are in `cogs.gm`; bot seats at creation are
`/game create … bots:` (`cogs.games`).
"""
from __future__ import annotations

from discord.ext import commands

from .common import DispatchCog
from .declared import declared


class BotsCog(DispatchCog, name="Bots"):
    """Advice from the bot."""

    @declared("hint")
    async def hint(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None,
                   level: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, seat=seat, level=level)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BotsCog(bot, bot.service))
