"""`/map`: the board of the current (or any past) phase, a region of it, the replay, a preview of
your own orders; `/palette`. Options and answers: the command table (`service.commands.reading`)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from render.regions import regions_of

from .common import DispatchCog
from .declared import declared


class MapCog(DispatchCog, name="Maps"):
    """Pictures of the board."""

    async def answers_privately(self, ctx: commands.Context) -> bool:
        # a player who chose their own colours gets maps in them, for their eyes only
        command = getattr(ctx, "command", None)
        if command is None or command.name == "map":
            if (getattr(ctx, "kwargs", None) or {}).get("preview"):
                return True               # someone's own orders: never public
            return await self.service.store.user_palette(ctx.author.id) is not None
        return await super().answers_privately(ctx)

    async def viewer(self, ctx: commands.Context) -> int | None:
        return ctx.author.id if await self.answers_privately(ctx) else None

    @declared("map")
    async def map(self, ctx: commands.Context, game_id: int | None = None, phase: int | None = None,
                  replay: bool = False, preview: bool = False, *, region: str | None = None) -> None:
        # a replay's files each under this server's upload limit (a DM's is Discord's default): `Ask.upload_limit`
        await self.run_and_answer(ctx, game_id=game_id, phase=phase, replay=replay, preview=preview, region=region)

    @declared("palette")
    async def palette(self, ctx: commands.Context, palette: str) -> None:
        await self.run_and_answer(ctx, palette=palette)

    @map.autocomplete("phase")
    async def _phases(self, interaction: discord.Interaction, current: str):
        return await self.phase_autocomplete(interaction, current)

    @map.autocomplete("region")
    async def _regions(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self.service.game_for_channel(interaction.channel_id) if interaction.channel_id else None
        names = set(regions_of(found[0].variant)) if found else set(regions_of("rx07")) | set(regions_of("aa1914"))
        return [app_commands.Choice(name=n, value=n) for n in sorted(names) if current.lower() in n][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MapCog(bot, bot.service))
