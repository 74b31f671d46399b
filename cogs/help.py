"""`/help`: what you can do, in the order you need it."""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from engine.variant import variants
from service.errors import BadInput
from service.text import all_rules, game_rules, variant_or_error

from .common import GAME_ID, DispatchCog, private_command, reply, reply_privately, resolve_game

HELP = """**Dispatch** — slow, play-by-post WWI wargames.
**Setting up**
`/game create <variant> [name] [hours] [options…]` — new game (`/game options <variant>` lists options)
`/game join [game] [seat]` · `/game leave` · `/game start` (GM) · `/game list`
**Playing** (in your private seat channel you can also just write orders, one per line)
`/orders [orders…]` — show, or replace all your orders · `/order <order>` — add/change one
`/clear` · `/ready` · `/unready` · `/map [game] [phase] [replay] [region]` · `/palette` (your map colours) · `/game status`
**Axis & Allies 1914**: `/buy 3 infantry` · `/move 2 infantry Berlin - Silesia` · `/casualties infantry, artillery` · `/done` · `/odds 3 inf, 1 art vs 4 inf`
**Game master** (creator or server admin)
`/game pause` · `/game resume` · `/game extend <hours>` · `/game adjudicate` · `/game assign <game> <seat> <member>` · `/game abandon` · `/game export`
**Server admin**: `/game settings [hours] [palette] [reminder hours…]`
Outside a game's channels, name the game: `/orders #12 A Par - Bur`, or `#12 France: …` if you hold several seats."""


class HelpCog(DispatchCog, name="Help"):
    @commands.hybrid_command(name="help", description="How to play with Dispatch", extras=private_command())
    async def help(self, ctx: commands.Context) -> None:
        games = "\n".join(f"• `{key}` — {v.title}: {v.summary}" for key, v in variants().items())
        await reply(ctx, HELP + ("\n**Games**\n" + games if games else ""), ephemeral=True)


class RulesCog(DispatchCog, name="Rules"):
    @commands.hybrid_command(name="rules", description="The rules of a game, with every option in force",
                             extras=private_command())
    @app_commands.describe(game_id=GAME_ID,
                           variant="a game type instead (rx07 or aa1914), to read before creating one")
    async def rules(self, ctx: commands.Context, game_id: int | None = None, variant: str | None = None) -> None:
        await reply_privately(self.service, ctx, await rules_text(self.service, ctx, game_id, variant))


async def rules_text(service, ctx, game_id: int | None, variant: str | None) -> str:
    if variant is not None:
        return variant_or_error(variant).rules_summary({})
    try:
        return game_rules(await resolve_game(service, ctx, game_id))
    except BadInput:            # no game meant here: every game's rules
        return all_rules()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot, bot.service))
    await bot.add_cog(HelpCog(bot, bot.service))
