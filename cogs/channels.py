"""The channels of a game: a category, a public game channel and one private channel per seat."""
from __future__ import annotations

import re
from typing import Iterable

import discord

SEAT_PERMS = dict(view_channel=True, send_messages=True, read_message_history=True,
                  attach_files=True, embed_links=True)
BOT_PERMS = dict(view_channel=True, send_messages=True, read_message_history=True, attach_files=True,
                 embed_links=True, manage_channels=True, manage_messages=True)


def slug(text: str) -> str:
    """A Discord channel name: lower case, dashes, at most 90 characters."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:90] or "game"


def seat_overwrites(guild: discord.Guild, players: Iterable[discord.abc.Snowflake],
                    bot_member: discord.abc.Snowflake) -> dict:
    """A seat channel: hidden from everyone except the seated player(s) and the bot."""
    overwrites = {guild.default_role: discord.PermissionOverwrite(view_channel=False),
                  bot_member: discord.PermissionOverwrite(**BOT_PERMS)}
    for player in players:
        overwrites[player] = discord.PermissionOverwrite(**SEAT_PERMS)
    return overwrites


def public_overwrites(guild: discord.Guild, bot_member: discord.abc.Snowflake) -> dict:
    """The game channel: everyone reads and talks; the bot posts results and maps."""
    return {guild.default_role: discord.PermissionOverwrite(view_channel=True, send_messages=True,
                                                            read_message_history=True),
            bot_member: discord.PermissionOverwrite(**BOT_PERMS)}


async def create_game_channels(guild: discord.Guild, game, bot_member) -> tuple[int, int, dict[str, int]]:
    """Create the category, the public channel and the seat channels; return their ids."""
    category = await guild.create_category(f"game {game.id} {game.name}"[:100],
                                           overwrites=public_overwrites(guild, bot_member))
    public = await guild.create_text_channel(f"game-{game.id}-{slug(game.name)}"[:100], category=category,
                                             overwrites=public_overwrites(guild, bot_member),
                                             topic=f"{game.name}: results and maps")
    seat_channels: dict[str, int] = {}
    for seat in game.seats:
        member = guild.get_member(seat.user_id) if seat.user_id else None
        players = [member] if member is not None else []
        channel = await guild.create_text_channel(
            f"{game.id}-{slug(seat.seat)}"[:100], category=category,
            overwrites=seat_overwrites(guild, players, bot_member),
            topic=f"Private orders of {seat.seat}. Write orders here, one per line.")
        seat_channels[seat.seat] = channel.id
    return category.id, public.id, seat_channels
