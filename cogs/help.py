"""`/help`: what you can do, in the order you need it."""
from __future__ import annotations

from discord.ext import commands

from engine.variant import variants

from .common import DispatchCog, private_command, reply

HELP = """**Dispatch** — slow, play-by-post WWI wargames.
**Setting up**
`/game create <variant> [name] [hours] [options…]` — new game (`/game options <variant>` lists options)
`/game join [game] [seat]` · `/game leave` · `/game start` (GM) · `/game list`
**Playing** (in your private seat channel you can also just write orders, one per line)
`/orders [orders…]` — show, or replace all your orders · `/order <order>` — add/change one
`/clear` · `/ready` · `/unready` · `/map [game] [phase]` · `/game status`
**Axis & Allies 1914**: `/buy 3 infantry` · `/move 2 infantry Berlin - Silesia` · `/casualties infantry, artillery` · `/done` · `/odds 3 inf, 1 art vs 4 inf`
**Game master** (creator or server admin)
`/game pause` · `/game resume` · `/game extend <hours>` · `/game adjudicate` · `/game assign <game> <seat> <member>` · `/game abandon` · `/game export`
**Server admin**: `/game settings [hours] [reminder hours…]`
Outside a game's channels, name the game: `/orders #12 A Par - Bur`, or `#12 France: …` if you hold several seats."""


class HelpCog(DispatchCog, name="Help"):
    @commands.hybrid_command(name="help", description="How to play with Dispatch", extras=private_command())
    async def help(self, ctx: commands.Context) -> None:
        games = "\n".join(f"• `{key}` — {v.title}: {v.summary}" for key, v in variants().items())
        await reply(ctx, HELP + ("\n**Games**\n" + games if games else ""), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot, bot.service))
