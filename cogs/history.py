"""`/history`: any past phase's orders of every seat and their results, with that phase's map."""
from __future__ import annotations

import discord
from discord.ext import commands

from .common import DispatchCog
from .declared import declared


class HistoryCog(DispatchCog, name="History"):
    """What happened, phase by phase (public once a phase is adjudicated)."""

    @declared("history")
    async def history(self, ctx: commands.Context, game_id: int | None = None, phase: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, phase=phase)

    @history.autocomplete("phase")
    async def _phases(self, interaction: discord.Interaction, current: str):
        return await self.phase_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HistoryCog(bot, bot.service))
