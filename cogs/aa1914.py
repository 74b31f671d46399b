"""A&A 1914 turn commands: `/buy`, `/move`, `/casualties`, `/done`, `/odds`, `/status`.

Each is a shorthand for an order line given through the same service as `/orders`."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from service.errors import BadInput
from service.suggest import order_suggestions
from service.odds import battle_odds, combat_options_in_force, odds_options
from service.text import game_status
from service.workers import Overrun

from .common import (GAME_ID, DispatchCog, actor_of, channel_seat, private_command, reply, reply_privately,
                     resolve_game)
from .sheet import sheet_text, sheet_view

ODDS_SECONDS = 5.0


class AA1914Cog(DispatchCog, name="Axis & Allies 1914"):
    """Shorthands for A&A 1914 turns."""

    async def _order(self, ctx, line: str, replace: bool = False) -> None:
        game = await resolve_game(self.service, ctx, None)
        seat = await channel_seat(self.service, ctx, game.id)
        sheet = await self.service.submit_orders(game.id, actor_of(ctx), line, seat, replace=replace)
        await reply_privately(self.service, ctx, sheet_text(game.id, sheet),       # its phase and menus came with it
                              view=sheet_view(game.id, sheet.phase_seq, sheet, list(sheet.menus)))

    @commands.hybrid_command(name="buy", description="A&A: purchase units, e.g. 3 infantry, 1 artillery",
                             extras=private_command())
    @app_commands.describe(units="what to buy, e.g. `3 infantry, 1 artillery`")
    async def buy(self, ctx: commands.Context, *, units: str) -> None:
        await self._order(ctx, f"buy {units}")

    @commands.hybrid_command(name="move", description="A&A: move units, e.g. 2 infantry Berlin - Silesia",
                             extras=private_command())
    @app_commands.describe(move="units, from, to: e.g. `2 infantry Berlin - Silesia`")
    async def move(self, ctx: commands.Context, *, move: str) -> None:
        await self._order(ctx, f"move {move}")

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

    @commands.hybrid_command(name="casualties", description="A&A: your order of loss, first to die first",
                             extras=private_command())
    @app_commands.describe(order="unit types in the order they are lost, e.g. `infantry, artillery, tank`")
    async def casualties(self, ctx: commands.Context, *, order: str) -> None:
        await self._order(ctx, f"casualties {order}")

    @commands.hybrid_command(name="done", description="A&A: end your turn (same as /ready)",
                             extras=private_command())
    @app_commands.describe(confirm="end the turn even though something is left undecided")
    async def done(self, ctx: commands.Context, confirm: bool = False) -> None:
        game = await resolve_game(self.service, ctx, None)
        seat = await channel_seat(self.service, ctx, game.id)
        seat, moved = await self.service.mark_ready(game.id, actor_of(ctx), True, seat, confirm)
        text = f"{seat} has finished its orders."
        if moved is not None:
            text += f" The turn is played out; now **{moved.label}**; the results are in the game channel."
        await reply_privately(self.service, ctx, text)

    @commands.hybrid_command(name="odds", description="Battle odds under your game's rules: 3 inf, 1 art vs 4 inf")
    @app_commands.describe(battle="attackers vs defenders, e.g. `3 infantry, 1 artillery vs 4 infantry`",
                           options="outside a game: house rule options to use, e.g. `aerial_combat armored_trains`",
                           game_id="the game whose house rules to use (default: this channel's game)")
    async def odds(self, ctx: commands.Context, *, battle: str, options: str | None = None,
                   game_id: int | None = None) -> None:
        chosen, where = await self._odds_rules(ctx, options, game_id)
        try:
            kind, result = await self.service.cpu.run(battle_odds, battle, chosen, timeout=ODDS_SECONDS)
        except Overrun:
            raise BadInput(f"that battle is too large to work out within {ODDS_SECONDS:g} seconds; "
                           f"try fewer units a side") from None
        in_force = combat_options_in_force(chosen)
        rules = f"{where}: " + (", ".join(f"`{o}`" for o in in_force) if in_force else "no house rule changes its battles")
        await reply(ctx, f"**{kind.capitalize()} battle** `{battle[:200]}`\n{result.summary()}\n-# {rules}")

    async def _odds_rules(self, ctx, options: str | None, game_id: int | None) -> tuple[dict, str]:
        """Odds asked in a game use that game's house rules; outside one, the options given."""
        if options is not None and game_id is None:
            return odds_options(options), "with the options given"
        try:
            game = await resolve_game(self.service, ctx, game_id)
        except BadInput:
            if game_id is not None:
                raise
            return {}, "Tournament Rules (name house rules with `options:` to include them)"
        if game.variant != "aa1914":
            if game_id is not None:
                raise BadInput(f"game #{game.id} is not an Axis & Allies game: it has no battle odds")
            return {}, "Tournament Rules (name house rules with `options:` to include them)"
        return dict(game.options), f"game #{game.id}'s rules"

    @commands.hybrid_command(name="status", description="The current game's status", extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    async def status(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await reply_privately(self.service, ctx, await game_status(self.service, game, ctx.author.id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AA1914Cog(bot, bot.service))
