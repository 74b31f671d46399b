"""Orders: `/orders`, `/order`, `/clear`, `/ready`, `/unready`, and plain lines in a seat channel."""
from __future__ import annotations

import re

import discord
from discord.ext import commands

from service import ServiceError
from service.models import OrderSheet

from .common import DispatchCog, actor_of, error_text, reply, resolve_game


def sheet_text(game_id: int, sheet: OrderSheet) -> str:
    if not sheet.lines:
        body = "no orders yet"
    else:
        body = "\n".join(f"`{line}`" for line in sheet.lines)
    state = "✅ ready" if sheet.ready else "⏳ not ready (use `/ready` when done)"
    return f"Orders of **{sheet.seat}** in game #{game_id} — {state}\n{body}"


def split_target(text: str) -> tuple[int | None, str | None, str]:
    """Read an optional `#12` (game) and `Seat:` (seat) in front of order text."""
    game_id, seat = None, None
    rest = (text or "").strip()
    match = re.match(r"#(\d{1,9})\b\s*", rest)
    if match:
        game_id, rest = int(match.group(1)), rest[match.end():]
    match = re.match(r"([A-Za-z][A-Za-z .'-]{0,30}):(?!:)\s*", rest)
    if match and "\n" not in match.group(0):
        seat, rest = match.group(1).strip(), rest[match.end():]
    return game_id, seat, rest


class OrdersCog(DispatchCog, name="Orders"):
    """Giving orders for your seat."""

    @commands.hybrid_command(name="orders", description="Show your orders, or replace them all")
    async def orders(self, ctx: commands.Context, *, text: str = "") -> None:
        """One order per line. Outside your seat channel start with `#<game>` and/or `<seat>:`."""
        game_id, seat, text = split_target(text)
        game = await resolve_game(self.service, ctx, game_id)
        seat = seat or await self._channel_seat(ctx, game.id)
        if text.strip():
            sheet = await self.service.submit_orders(game.id, actor_of(ctx), text, seat, replace=True)
        else:
            sheet = await self.service.orders(game.id, actor_of(ctx), seat)
        await reply(ctx, sheet_text(game.id, sheet), ephemeral=True)

    @commands.hybrid_command(name="order", description="Add or change one order (keeps the others)")
    async def order(self, ctx: commands.Context, *, text: str) -> None:
        game_id, seat, text = split_target(text)
        game = await resolve_game(self.service, ctx, game_id)
        seat = seat or await self._channel_seat(ctx, game.id)
        sheet = await self.service.submit_orders(game.id, actor_of(ctx), text, seat, replace=False)
        await reply(ctx, sheet_text(game.id, sheet), ephemeral=True)

    @commands.hybrid_command(name="clear", description="Withdraw all your orders for this phase")
    async def clear(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        seat = await self.service.clear_orders(game.id, actor_of(ctx), seat or await self._channel_seat(ctx, game.id))
        await reply(ctx, f"Orders of {seat} cleared.", ephemeral=True)

    @commands.hybrid_command(name="ready", description="Say your orders are final for this phase")
    async def ready(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        seat, moved = await self.service.mark_ready(game.id, actor_of(ctx), True,
                                                    seat or await self._channel_seat(ctx, game.id))
        text = f"{seat} is ready."
        if moved is not None:
            text += f" Everyone was ready: the phase is adjudicated; now **{moved.label}**."
        await reply(ctx, text)

    @commands.hybrid_command(name="unready", description="Take back your ready mark")
    async def unready(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        seat, _ = await self.service.mark_ready(game.id, actor_of(ctx), False,
                                                seat or await self._channel_seat(ctx, game.id))
        await reply(ctx, f"{seat} is no longer ready.")

    async def _channel_seat(self, ctx, game_id: int) -> str | None:
        found = await self.service.game_for_channel(ctx.channel.id) if ctx.channel else None
        if found and found[0].id == game_id:
            return found[1]
        return None

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Plain lines written in a seat's private channel are that seat's orders."""
        if message.author.bot or not message.content.strip():
            return
        prefixes = await self.bot.get_prefix(message)
        prefixes = [prefixes] if isinstance(prefixes, str) else prefixes
        if any(message.content.startswith(p) for p in prefixes):
            return
        found = await self.service.game_for_channel(message.channel.id)
        if found is None or found[1] is None or found[0].status != "active":
            return
        game, seat = found
        try:
            sheet = await self.service.submit_orders(game.id, actor_of(message), message.content, seat,
                                                     replace=False)
            text = sheet_text(game.id, sheet)
        except ServiceError as exc:
            text = error_text(exc)
        await message.channel.send(text[:2000])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrdersCog(bot, bot.service))
