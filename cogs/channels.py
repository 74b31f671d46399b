"""The channels of a game: a category, a public game channel and one private channel per seat.

Creation is all or nothing: if Discord refuses any step, what was already created is deleted
again and the error names what went wrong, so a failed `/game start` leaves no half-made game.
"""
from __future__ import annotations

import logging
import re
from typing import Iterable

import discord

from service.models import GameChannels

from service.rooms import alliances_of

from .permissions import BOT_ACCESS, SEAT_ACCESS, SPECTATOR_ACCESS

log = logging.getLogger("dispatch")


class ChannelSetupFailed(Exception):
    """Discord refused to create a game's channels; the partial ones were removed."""


def slug(text: str) -> str:
    """A Discord channel name: lower case, dashes, at most 90 characters."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:90] or "game"


def seat_overwrites(guild: discord.Guild, players: Iterable[discord.abc.Snowflake],
                    bot_member: discord.abc.Snowflake) -> dict:
    """A seat channel: hidden from everyone except the seated player(s) and the bot."""
    overwrites = {guild.default_role: discord.PermissionOverwrite(view_channel=False),
                  bot_member: discord.PermissionOverwrite(**BOT_ACCESS)}
    for player in players:
        overwrites[player] = discord.PermissionOverwrite(**SEAT_ACCESS)
    return overwrites


def public_overwrites(guild: discord.Guild, bot_member: discord.abc.Snowflake, game=None,
                      spectators: discord.abc.Snowflake | None = None) -> dict:
    """The game channel: with audience `server` every member reads and talks; with `players`
    only the players talk and the Spectator role reads. The bot may always post results."""
    if game is None or game.audience == "server":
        return {guild.default_role: discord.PermissionOverwrite(view_channel=True, send_messages=True,
                                                                read_message_history=True),
                bot_member: discord.PermissionOverwrite(**BOT_ACCESS)}
    overwrites = {guild.default_role: discord.PermissionOverwrite(view_channel=False),
                  bot_member: discord.PermissionOverwrite(**BOT_ACCESS)}
    if spectators is not None:
        overwrites[spectators] = discord.PermissionOverwrite(**SPECTATOR_ACCESS)
    for player in game.players:
        overwrites[member_or_object(guild, player)] = discord.PermissionOverwrite(**SEAT_ACCESS)
    return overwrites


def member_or_object(guild: discord.Guild, user_id: int) -> discord.abc.Snowflake:
    return guild.get_member(user_id) or discord.Object(user_id, type=discord.Member)


async def create_game_channels(guild: discord.Guild, game, bot_member) -> GameChannels:
    """Create the category, the public channel, the seat channels, the alliance channels and
    (audience `players`) the Spectator role, or nothing at all."""
    created: list[discord.abc.GuildChannel] = []
    role = None
    try:
        if game.audience == "players":
            role = await guild.create_role(name=f"game {game.id} spectators"[:100], permissions=discord.Permissions.none(),
                                           mentionable=False, reason="Dispatch: the game's spectators")
        overwrites = public_overwrites(guild, bot_member, game, role)
        category = await guild.create_category(f"game {game.id} {game.name}"[:100], overwrites=overwrites)
        created.append(category)
        public = await guild.create_text_channel(f"game-{game.id}-{slug(game.name)}"[:100], category=category,
                                                 overwrites=overwrites, topic=f"{game.name}: results and maps"[:1024])
        created.append(public)
        seat_channels: dict[str, int] = {}
        for seat in game.seats:
            players = [member_or_object(guild, seat.user_id)] if seat.user_id else []
            channel = await guild.create_text_channel(
                f"{game.id}-{slug(seat.seat)}"[:100], category=category,
                overwrites=seat_overwrites(guild, players, bot_member),
                topic=f"Private orders of {seat.seat}. Write orders here, one per line.")
            created.append(channel)
            seat_channels[seat.seat] = channel.id
        alliances: dict[str, int] = {}
        for name, seats in alliances_of(game).items():
            channel = await guild.create_text_channel(
                f"{game.id}-{slug(name)}"[:100], category=category,
                overwrites=seat_overwrites(guild, [member_or_object(guild, u) for u in game.holders(seats)],
                                           bot_member),
                topic=f"Private channel of the {name} ({', '.join(seats)}): plan together here."[:1024])
            created.append(channel)
            alliances[name] = channel.id
    except discord.HTTPException as exc:
        await delete_channels(created)
        await delete_role(role)
        raise ChannelSetupFailed(f"Discord refused to create the game's channels ({_reason(exc)})") from exc
    return GameChannels(category.id, public.id, seat_channels, alliances, role.id if role is not None else None)


async def undo_game_channels(guild: discord.Guild, channels: GameChannels) -> None:
    """A start that failed after its channels were made: remove them and the Spectator role."""
    ids = (*channels.seats.values(), *channels.alliances.values(), channels.channel_id, channels.category_id)
    await delete_channels([c for c in map(guild.get_channel, ids) if c is not None])
    await delete_role(guild.get_role(channels.spectator_role_id) if channels.spectator_role_id else None)


async def delete_role(role: discord.Role | None) -> None:
    if role is None:
        return
    try:
        await role.delete(reason="Dispatch: undoing a game start that failed")
    except discord.HTTPException:
        log.warning("could not delete role %s while undoing a failed start", role.id)


async def delete_channels(channels: Iterable[discord.abc.GuildChannel]) -> None:
    for channel in reversed(list(channels)):
        try:
            await channel.delete(reason="Dispatch: undoing a game start that failed")
        except discord.HTTPException:
            log.warning("could not delete channel %s while undoing a failed start", channel.id)


async def grant_seat(channel: discord.abc.GuildChannel, member: discord.abc.Snowflake) -> None:
    await channel.set_permissions(member, overwrite=discord.PermissionOverwrite(**SEAT_ACCESS),
                                  reason="Dispatch: seat assigned")


async def revoke_seat(channel: discord.abc.GuildChannel, member: discord.abc.Snowflake) -> None:
    await channel.set_permissions(member, overwrite=None, reason="Dispatch: seat reassigned")


def _reason(exc: discord.HTTPException) -> str:
    if isinstance(exc, discord.Forbidden):
        return f"missing permissions: {exc.text or 'forbidden'}"
    return exc.text or str(exc)
