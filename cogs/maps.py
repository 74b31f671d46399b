"""`/map`: the board of the current (or any past) phase."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from service.maps import phase_map

from .common import GAME_ID, DispatchCog, reply, resolve_game


class MapCog(DispatchCog, name="Maps"):
    """Pictures of the board."""

    @commands.hybrid_command(name="map", description="Show the map of the current or a past phase")
    @app_commands.describe(game_id=GAME_ID,
                           phase="phase number (0 is the start); default: the current phase")
    async def map(self, ctx: commands.Context, game_id: int | None = None, phase: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        png, name = await phase_map(self.service, game.id, phase)
        shown = await self.service.phase(game.id, phase)
        await reply(ctx, f"#{game.id} {game.name}: **{shown.label}** (phase {shown.seq})",
                    file=discord.File(io.BytesIO(png), filename=name))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MapCog(bot, bot.service))
