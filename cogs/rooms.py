"""Discord's side of the rooms (alliance and press channels), spectators and the archive.

Access to a room follows the seats: `sync_access` compares each room's member overwrites with
who holds its seats now and corrects them in one edit per channel, so it is safe to repeat
(the service queues it after every change of holder; a failure is retried). `archive_game`
is just as repeatable: each channel ends read-only in an archive category.
"""
from __future__ import annotations

import logging
from typing import Iterable

import discord

from service.models import GameInfo, Room

from .channels import member_or_object, seat_overwrites, slug
from .permissions import BOT_ACCESS, READ_ONLY, SEAT_ACCESS

log = logging.getLogger("dispatch")
ARCHIVE = "Dispatch archive"
CATEGORY_LIMIT = 50          # Discord: at most 50 channels in one category


def _is_member_target(target) -> bool:
    return isinstance(target, (discord.Member, discord.User)) or (
        isinstance(target, discord.Object) and target.type is not discord.Role)


def _with_members(channel: discord.abc.GuildChannel, readers: Iterable[int], access: dict, me_id: int) -> dict:
    """The channel's overwrites with its member overwrites replaced by `readers` (the bot's kept)."""
    kept = {t: o for t, o in channel.overwrites.items() if not _is_member_target(t) or t.id == me_id}
    for user_id in readers:
        kept[member_or_object(channel.guild, user_id)] = discord.PermissionOverwrite(**access)
    return kept


def _members_of(channel: discord.abc.GuildChannel, me_id: int) -> set[int]:
    return {t.id for t in channel.overwrites if _is_member_target(t) and t.id != me_id}


async def sync_access(guild: discord.Guild, game: GameInfo, rooms: list[Room]) -> int:
    """Bring every room (and, for audience `players`, the game channel) in line with who holds
    the seats now. Returns the number of channels changed."""
    me_id = guild.me.id
    wanted: list[tuple[int | None, list[int]]] = [(room.channel_id, room.readers(game)) for room in rooms]
    if game.audience == "players":
        wanted += [(game.channel_id, game.players), (game.category_id, game.players)]
    changed = 0
    for channel_id, readers in wanted:
        channel = guild.get_channel(channel_id) if channel_id else None
        if channel is None or _members_of(channel, me_id) == set(readers):
            continue
        await channel.edit(overwrites=_with_members(channel, readers, SEAT_ACCESS, me_id),
                           reason="Dispatch: seat access follows the seat's new player")
        changed += 1
    return changed


async def open_press_channel(guild: discord.Guild, game: GameInfo, seats: tuple[str, ...]) -> discord.TextChannel:
    """A private channel for the holders of `seats`, in the game's category."""
    category = guild.get_channel(game.category_id) if game.category_id else None
    name = f"{game.id}-press-{slug('-'.join(seats))}"[:100]
    return await guild.create_text_channel(
        name, category=category if isinstance(category, discord.CategoryChannel) else None,
        overwrites=seat_overwrites(guild, [member_or_object(guild, u) for u in game.holders(seats)], guild.me),
        topic=f"Private press of {', '.join(seats)} in {game.name}."[:1024],
        reason="Dispatch: a press channel a player opened")


async def archive_category(guild: discord.Guild) -> discord.CategoryChannel:
    """The first archive category with room for a game's channels, created when none has."""
    for category in guild.categories:
        if category.name.startswith(ARCHIVE) and len(category.channels) <= CATEGORY_LIMIT - 12:
            return category
    count = sum(1 for c in guild.categories if c.name.startswith(ARCHIVE))
    name = ARCHIVE if count == 0 else f"{ARCHIVE} {count + 1}"
    return await guild.create_category(name, overwrites={guild.me: discord.PermissionOverwrite(**BOT_ACCESS)},
                                       reason="Dispatch: finished games are kept here, read-only")


async def archive_game(guild: discord.Guild, game: GameInfo, rooms: list[Room]) -> discord.abc.Messageable | None:
    """Move the game's channels to the archive, read-only: the game channel for its readers,
    every seat and alliance channel for every player, a press channel for its members.
    Returns the game channel (where the summary goes), if it still exists."""
    me_id = guild.me.id
    archive = await archive_category(guild)
    moved: set[int] = set()
    public = guild.get_channel(game.channel_id) if game.channel_id else None
    if public is not None:
        moved.add(public.id)
        overwrites = {t: _read_only(o) if t.id != me_id else o for t, o in public.overwrites.items()}
        await public.edit(overwrites=overwrites, category=archive, reason="Dispatch: the game is over")
    everyone = game.players
    channels = [(s.channel_id, everyone) for s in game.seats]
    channels += [(r.channel_id, everyone if r.kind == "alliance" else r.readers(game)) for r in rooms]
    for channel_id, readers in channels:
        channel = guild.get_channel(channel_id) if channel_id else None
        if channel is None:
            continue
        moved.add(channel.id)
        overwrites = _with_members(channel, readers, READ_ONLY, me_id)
        await channel.edit(overwrites=overwrites, category=archive, reason="Dispatch: the game is over")
    category = guild.get_channel(game.category_id) if game.category_id else None
    if isinstance(category, discord.CategoryChannel) and all(c.id in moved for c in category.channels):
        await category.delete(reason="Dispatch: the game's channels are archived")
    return public


def _read_only(overwrite: discord.PermissionOverwrite) -> discord.PermissionOverwrite:
    allow, deny = overwrite.pair()
    changed = discord.PermissionOverwrite.from_pair(allow, deny)
    changed.update(send_messages=False)
    return changed
