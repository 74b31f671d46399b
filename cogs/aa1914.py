"""A&A 1914 turn commands: `/buy`, `/move`, `/casualties`, `/done`, `/odds`, `/status`.

Each is a shorthand for an order line given through the same service as `/orders`."""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from service.errors import BadInput
from service.odds import battle_odds
from service.workers import Overrun
from service.text import game_status

from .common import (GAME_ID, DispatchCog, actor_of, channel_seat, private_command, reply, reply_privately,
                     resolve_game)
from .orders import sheet_text

ODDS_SECONDS = 5.0


class AA1914Cog(DispatchCog, name="Axis & Allies 1914"):
    """Shorthands for A&A 1914 turns."""

    async def _order(self, ctx, line: str, replace: bool = False) -> None:
        game = await resolve_game(self.service, ctx, None)
        seat = await channel_seat(self.service, ctx, game.id)
        sheet = await self.service.submit_orders(game.id, actor_of(ctx), line, seat, replace=replace)
        await reply_privately(self.service, ctx, sheet_text(game.id, sheet))

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

    @commands.hybrid_command(name="odds", description="Exact battle odds: 3 inf, 1 art vs 4 inf")
    @app_commands.describe(battle="attackers vs defenders, e.g. `3 infantry, 1 artillery vs 4 infantry`")
    async def odds(self, ctx: commands.Context, *, battle: str) -> None:
        try:
            kind, result = await self.service.cpu.run(battle_odds, battle, timeout=ODDS_SECONDS)
        except Overrun:
            raise BadInput(f"that battle is too large to work out within {ODDS_SECONDS:g} seconds; "
                           f"try fewer units a side") from None
        await reply(ctx, f"**{kind.capitalize()} battle** `{battle[:200]}`\n{result.summary()}")

    @commands.hybrid_command(name="status", description="The current game's status", extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    async def status(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await reply_privately(self.service, ctx, await game_status(self.service, game, ctx.author.id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AA1914Cog(bot, bot.service))
