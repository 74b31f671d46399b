"""`/history`: any past phase's orders of every seat and their results, with that phase's map."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from service.history import history_text
from service.maps import phase_map

from .common import GAME_ID, DispatchCog, reply, resolve_game


class HistoryCog(DispatchCog, name="History"):
    """What happened, phase by phase (public once a phase is adjudicated)."""

    @commands.hybrid_command(name="history", description="A past phase's orders of every seat and their results")
    @app_commands.describe(game_id=GAME_ID, phase="phase number (suggested as you type); default: the last one")
    async def history(self, ctx: commands.Context, game_id: int | None = None, phase: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        text, seq = await history_text(self.service, game.id, phase)
        # the map of the phase that followed: these orders as arrows on the position they made
        # (an adjudicated phase always has one)
        png, name = await phase_map(self.service, game.id, seq + 1)
        text += f"\n`/history phase:{seq - 1}` goes back one phase." if seq > 0 else ""
        await reply(ctx, text, file=discord.File(io.BytesIO(png), filename=name))

    @history.autocomplete("phase")
    async def _phases(self, interaction: discord.Interaction, current: str):
        return await self.phase_autocomplete(interaction, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HistoryCog(bot, bot.service))
