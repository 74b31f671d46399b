"""`/profile [player]`: a player's ratings on this server per family, reliability, finished games
with their result and score, and current games (a running anonymous game's seat to its own player
alone). Always answered to the asker alone. Words: `service.commands.seasons`; `/game scores` and
`/game centres` sit in the `/game` group (`cogs.games`)."""
from __future__ import annotations

import discord
from discord.ext import commands

from .common import DispatchCog
from .declared import declared


class ProfileCog(DispatchCog, name="Seasons"):
    """Players' standing: ratings, reliability, games."""

    @declared("profile")
    async def profile(self, ctx: commands.Context, player: discord.Member | None = None) -> None:
        await self.run_and_answer(ctx, player=player.id if player is not None else None)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ProfileCog(bot, bot.service))
