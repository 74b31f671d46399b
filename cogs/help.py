"""`/help`: what you can do, in the order you need it, and `/rules`. Both read the command table
(`service.commands`): `/help` lists its commands by section and explains one with its options
and an example (one of your own legal orders, for a command that gives orders), as the
console's `help` does."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from service import ServiceError
from service.commands import TABLE
from service.rulings import ruling_choices

from .common import DispatchCog
from .declared import declared


class HelpCog(DispatchCog, name="Help"):
    @declared("help")
    async def help(self, ctx: commands.Context, *, command: str | None = None) -> None:
        await self.run_and_answer(ctx, command=command)

    @help.autocomplete("command")
    async def _command_names(self, interaction: discord.Interaction, current: str):
        key = current.lower().lstrip("/")
        return [app_commands.Choice(name=f"/{name}", value=name)
                for name in sorted(n for n, c in TABLE.items() if c.on_discord) if key in name][:25]


class RulesCog(DispatchCog, name="Rules"):
    @declared("rules")
    async def rules(self, ctx: commands.Context, game_id: int | None = None, variant: str | None = None,
                    ruling: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, variant=variant, ruling=ruling)

    @rules.autocomplete("ruling")
    async def _ruling_topics(self, interaction: discord.Interaction, current: str):
        try:
            game = await self.service.game_for_channel(interaction.channel_id)
        except ServiceError:
            game = None
        variant = game[0].variant if game else None
        return [app_commands.Choice(name=topic[:100], value=topic[:100])
                for topic in ["list"] * ("list".startswith(current.lower().strip())) + ruling_choices(variant, current)][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(bot, bot.service))
    await bot.add_cog(HelpCog(bot, bot.service))
