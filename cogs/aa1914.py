"""A&A 1914 turn commands: `/buy`, `/move`, `/casualties`, `/done`, `/odds`, `/status`.

Each is a shorthand for an order line given through the same service as `/orders`; names,
options and answers are the command table's (`service.commands`)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from service.suggest import order_suggestions

from .common import DispatchCog, actor_of
from .declared import declared
from .sheet import give_orders


class AA1914Cog(DispatchCog, name="Axis & Allies 1914"):
    """Shorthands for A&A 1914 turns (`service.commands.orders` and `.reading`: the console's too)."""

    @declared("buy")
    async def buy(self, ctx: commands.Context, *, units: str) -> None:
        await give_orders(self, ctx, units=units)

    @declared("move")
    async def move(self, ctx: commands.Context, *, move: str) -> None:
        await give_orders(self, ctx, move=move)

    async def _suggest(self, interaction: discord.Interaction, verb: str, current: str):
        """The order suggestions (`service.suggest`) for lines starting with `verb`, without it."""
        game_id, seat = await self.typing_game(interaction)
        if game_id is None:
            return []
        lines = await order_suggestions(self.service, game_id, actor_of(interaction), seat, f"{verb} {current}")
        return [app_commands.Choice(name=line[len(verb) + 1:][:100], value=line[len(verb) + 1:][:100])
                for line in lines if line.startswith(verb + " ")]

    @buy.autocomplete("units")
    async def _buy_choices(self, interaction: discord.Interaction, current: str):
        return await self._suggest(interaction, "buy", current)

    @move.autocomplete("move")
    async def _move_choices(self, interaction: discord.Interaction, current: str):
        return await self._suggest(interaction, "move", current)

    @declared("casualties")
    async def casualties(self, ctx: commands.Context, *, order: str) -> None:
        await give_orders(self, ctx, order=order)

    @declared("done")
    async def done(self, ctx: commands.Context, confirm: bool = False) -> None:
        await self.run_and_answer(ctx, confirm=confirm)

    @declared("odds")
    async def odds(self, ctx: commands.Context, *, battle: str, options: str | None = None,
                   game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, battle=battle, options=options, game_id=game_id)

    @declared("status")
    async def status(self, ctx: commands.Context, game_id: int | None = None, full: bool = False) -> None:
        await self.run_and_answer(ctx, game_id=game_id, full=full)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AA1914Cog(bot, bot.service))
