"""Orders: `/orders` (a form on Discord when given no text), `/order` (with autocomplete),
`/clear`, `/ready`, `/unready`, and plain lines in a seat channel. Every sheet comes with
Ready / Not ready buttons and menus for choices (`cogs.sheet`).

An order sheet is only ever shown to its seat: ephemerally, in the seat's own channel, or by
direct message — never in a shared channel.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from service import ServiceError
from service.suggest import order_suggestions

from .common import DispatchCog, actor_of, error_text
from .declared import declared
from .sheet import NO_PINGS, give_orders, handle_orders_form, register_sheet_items, sheet_text, sheet_view

CONFIRM_WORDS = ("confirm", "yes", "y", "sure")


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
    """Giving orders for your seat (`service.commands.orders`: the console's words too)."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Orders forms are answered from their custom id, not from memory: one sent before a
        restart, or left open for hours, is still read (or caught as stale)."""
        await handle_orders_form(interaction)

    @declared("orders")
    async def orders(self, ctx: commands.Context, *, text: str = "") -> None:
        """One order per line. Outside your seat channel start with `#<game>` and/or `<seat>:`.
        With no text: the sheet as it stands, its ready mark, and **Edit all** for the form."""
        game_id, seat, text = split_target(text)
        await give_orders(self, ctx, game_id=game_id, found_seat=seat, text=text)

    @declared("order")
    async def order(self, ctx: commands.Context, *, text: str) -> None:
        game_id, seat, text = split_target(text)
        await give_orders(self, ctx, game_id=game_id, found_seat=seat, text=text)

    @order.autocomplete("text")
    async def order_text_autocomplete(self, interaction: discord.Interaction, current: str):
        """Legal orders of the caller's seat matching what is typed (see `service.suggest`)."""
        game_id, seat, rest = split_target(current)
        prefix = current[:len(current) - len(rest)] if rest else current if game_id or seat else ""
        if game_id is None:
            game_id, seat = await self.typing_game(interaction, seat)
        if game_id is None:
            return []
        lines = await order_suggestions(self.service, game_id, actor_of(interaction), seat, rest)
        return [app_commands.Choice(name=(prefix + line)[:100], value=(prefix + line)[:100]) for line in lines]

    @declared("clear")
    async def clear(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, seat=seat)

    @declared("ready")
    async def ready(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None,
                    confirm: bool = False) -> None:
        if seat is not None and seat.lower() in CONFIRM_WORDS:     # `!ready confirm`
            seat, confirm = None, True
        await self.run_and_answer(ctx, game_id=game_id, seat=seat, confirm=confirm)

    @declared("unready")
    async def unready(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, seat=seat)

    @clear.autocomplete("seat")
    @ready.autocomplete("seat")
    @unready.autocomplete("seat")
    async def _my_seats(self, interaction: discord.Interaction, current: str):
        """The caller's own seats in the game meant (the `game_id` given, or this channel's)."""
        game = await self.named_game(interaction)
        if game is None:
            return []
        return [app_commands.Choice(name=seat, value=seat) for seat in game.seats_of(interaction.user.id)
                if current.lower() in seat.lower()][:25]

    # ------------------------------------------------------------------ plain lines
    async def _is_command(self, message: discord.Message) -> bool:
        prefixes = await self.bot.get_prefix(message)
        prefixes = [prefixes] if isinstance(prefixes, str) else prefixes
        return any(message.content.startswith(p) for p in prefixes)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Plain lines written in a seat's private channel are that seat's orders."""
        if message.author.bot or message.guild is None or not message.content.strip():
            return
        if await self._is_command(message):
            return
        await self._plain_orders(message, edited=False)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """An edited order message is read again, so the sheet matches what the player sees."""
        message = getattr(payload, "message", None)
        if message is None or message.author.bot or message.guild is None or not message.content.strip():
            return
        if payload.cached_message is not None and payload.cached_message.content == message.content:
            return              # an embed appeared or a pin changed: not an edit of the text
        if await self._is_command(message):
            return
        await self._plain_orders(message, edited=True)

    async def _plain_orders(self, message: discord.Message, edited: bool) -> None:
        found = await self.service.game_for_channel(message.channel.id)
        if found is None:
            return
        game, seat = found
        if seat is None:
            await self._warn_public_orders(message, game)
            return
        if game.status == "forming":
            text = f"⚠️ Game #{game.id} has not started yet; nothing was recorded."
        elif game.status in ("finished", "abandoned"):
            text = f"⚠️ Game #{game.id} is over; nothing was recorded."
        else:
            try:
                if self.service.limits is not None:     # an order line is a command: the same limit per person
                    self.service.limits.command(message.author.id)
                sheet = await self.service.submit_orders(game.id, actor_of(message), message.content, seat,
                                                         replace=False)
                text = sheet_text(game.id, sheet)
                if edited:
                    text = ("✏️ I read your edited message again. Lines you deleted from it stay on the "
                            "sheet; `/clear` starts over.\n" + text)
                await message.channel.send(text[:2000], view=sheet_view(game.id, sheet.phase_seq, sheet, list(sheet.menus)),
                                           allowed_mentions=NO_PINGS)
                return
            except ServiceError as exc:
                text = error_text(exc)
        await message.channel.send(text[:2000])

    async def _warn_public_orders(self, message: discord.Message, game) -> None:
        """Orders typed where everybody reads them are not recorded: say so, quietly."""
        if game.status != "active" or message.channel.id != game.channel_id:
            return
        seat = await self.service.orders_seat(game.id, actor_of(message), message.content)
        if seat is None:
            return
        channel_id = game.seat(seat).channel_id
        where = f"in your private channel <#{channel_id}>" if channel_id else "with `/orders`"
        whose = "" if game.options.get("anonymous") else f" for **{seat}**"      # anonymous players
        await message.channel.send(f"⚠️ {message.author.mention}, that looks like orders{whose}, but "
                                   f"this channel is public, so nothing was recorded. Write them {where}.")


async def setup(bot: commands.Bot) -> None:
    register_sheet_items(bot)       # Ready buttons and choice menus keep working after a restart
    await bot.add_cog(OrdersCog(bot, bot.service))
