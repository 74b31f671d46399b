"""`/hint`: what the bot would order for your seat now, and why — for your eyes only.

A hint is computed in the worker pool (the service's `hint`), never saved, and shown only to the
seat's player: ephemerally, or in their own seat channel (`reply_privately`). The GM's bot
commands (`/gm bot`, `/gm policy absent:`) are in `cogs.gm`; bot seats at creation are
`/game create … bots:` (`cogs.games`).
"""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from engine.variant import BOT_LEVELS

from .common import GAME_ID, DispatchCog, actor_of, channel_seat, private_command, reply_privately, resolve_game


class BotsCog(DispatchCog, name="Bots"):
    """Advice from the bot."""

    @commands.hybrid_command(name="hint", description="What the bot would order for your seat now, and why (private)",
                             extras=private_command())
    @app_commands.describe(game_id=GAME_ID, seat="which of your seats, if you hold several",
                           level="how the bot thinks: easy, normal (default) or hard")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in BOT_LEVELS])
    async def hint(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None,
                   level: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        seat = seat or await channel_seat(self.service, ctx, game.id)
        found = await self.service.hint(game.id, actor_of(ctx), seat, level)
        await reply_privately(self.service, ctx, found.describe())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BotsCog(bot, bot.service))
