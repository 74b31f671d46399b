"""`/map`: the board of the current (or any past) phase."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from render.palettes import PALETTES
from render.regions import regions_of
from service.maps import phase_map, preview_map, shown_phase
from service.replays import replay_parts

from .common import GAME_ID, DispatchCog, private_command, reply, resolve_game


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

    @commands.hybrid_command(name="map", description="Show the map of the current or a past phase, or zoom on a region")
    @app_commands.describe(game_id=GAME_ID,
                           phase="phase number (0 is the start); default: the current phase",
                           replay="the whole game so far as an animation",
                           preview="your own orders drawn on the current board, shown to you alone",
                           region="a part of the board, enlarged for phones (e.g. western front, balkans)")
    async def map(self, ctx: commands.Context, game_id: int | None = None, phase: int | None = None,
                  replay: bool = False, preview: bool = False, *, region: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        if preview:
            png, name = await preview_map(self.service, game.id, ctx.author.id, region)
            await reply(ctx, f"#{game.id} {game.name}: your orders as they stand, on the current board. "
                             f"Change them by writing in your seat channel or with `/orders`.",
                        file=discord.File(io.BytesIO(png), filename=name), ephemeral=True)
            return
        viewer = ctx.author.id if await self.answers_privately(ctx) else None
        if replay:
            # every file under this server's upload limit (a DM's is Discord's default)
            limit = ctx.guild.filesize_limit if ctx.guild is not None else discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
            parts = await replay_parts(self.service, game.id, viewer, limit)
            for part in parts:
                which = f" (part {part.number} of {part.of})" if part.of > 1 else ""
                texts = [f"#{game.id} {game.name}: the game so far{which}, one frame per phase, each with the orders "
                         f"that made it. `/history phase:N` tells a phase in words.",
                         f"#{game.id}: the same{which} as a video, which plays where the GIF does not (Data Saver, "
                         f"autoplay off).", f"#{game.id}: the last frame{which} (no video could be made)."]
                for data, name in part.files:       # one file a message: each under the upload limit
                    text = texts[0] if name.endswith(".gif") else texts[1] if name.endswith(".mp4") else texts[2]
                    await reply(ctx, text, file=discord.File(io.BytesIO(data), filename=name),
                                ephemeral=viewer is not None)
            return
        png, name = await phase_map(self.service, game.id, phase, region, viewer)
        shown = await shown_phase(self.service, game, phase)
        where = f" — {region.strip().lower()}" if region else ""
        await reply(ctx, f"#{game.id} {game.name}: **{shown.label}** (phase {shown.seq}){where}. "
                         f"`/map phase:N` shows an earlier phase; `/map region:` zooms in.",
                    file=discord.File(io.BytesIO(png), filename=name), ephemeral=viewer is not None)

    @commands.hybrid_command(name="palette", description="Your map colours: standard or colour-blind",
                             extras=private_command())
    @app_commands.describe(palette="standard, or colour-blind (Okabe–Ito colours)")
    @app_commands.choices(palette=[app_commands.Choice(name=p, value=p) for p in PALETTES])
    async def palette(self, ctx: commands.Context, palette: str) -> None:
        chosen = await self.service.set_palette(ctx.author.id, palette)
        await reply(ctx, f"Your maps are now drawn in the **{chosen}** palette. `/map` shows them to you alone "
                         f"in it; maps posted for everyone use the server's palette (`/game settings palette:`).",
                    ephemeral=True)

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
