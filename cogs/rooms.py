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

from service.models import RETIRED, GameInfo, Room

from .channels import member_or_object, seat_overwrites, slug
from .permissions import BOT_ACCESS, CATEGORY_LIMIT, READ_ONLY, SEAT_ACCESS, discord_cause

log = logging.getLogger("dispatch")
ARCHIVE = "Dispatch archive"


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


class ArchiveIncomplete(Exception):
    """Some of a game's channels could not be archived; the message names the real cause."""


def _is_archive(channel: discord.abc.GuildChannel | None) -> bool:
    return isinstance(channel, discord.CategoryChannel) and channel.name.startswith(ARCHIVE)


async def archive_category(guild: discord.Guild, needed: int = 1,
                           full: frozenset[int] = frozenset()) -> discord.CategoryChannel:
    """The first archive category with room for `needed` more channels (none of the `full`
    ones), else a new one: "Dispatch archive", "Dispatch archive 2", ... Raises
    `ArchiveIncomplete` (naming the 500-channel limit, say) when none can be made."""
    archives = [c for c in guild.categories if _is_archive(c)]
    for category in archives:
        if category.id not in full and CATEGORY_LIMIT - len(category.channels) >= needed:
            return category
    names = {c.name for c in archives}
    number = 1
    while (ARCHIVE if number == 1 else f"{ARCHIVE} {number}") in names:
        number += 1
    try:
        return await guild.create_category(ARCHIVE if number == 1 else f"{ARCHIVE} {number}",
                                           overwrites={guild.me: discord.PermissionOverwrite(**BOT_ACCESS)},
                                           reason="Dispatch: finished games are kept here, read-only")
    except discord.HTTPException as exc:
        raise ArchiveIncomplete(discord_cause(exc, "open a new archive category")) from None


async def archive_game(guild: discord.Guild, game: GameInfo, rooms: list[Room],
                       former: Iterable[int] = ()) -> discord.abc.Messageable | None:
    """Move the game's channels to the archive, read-only: the game channel for its readers,
    every seat and alliance channel for every player (and those who held a seat before and
    left), a press channel for its members. Safe to repeat: an interrupted archive carries on
    where it stopped. A full category gives way to the next archive category. A channel that
    cannot be moved is still made read-only where it is, and `ArchiveIncomplete` then names
    the cause. Returns the game channel (where the summary goes), if it still exists."""
    me_id = guild.me.id
    everyone = list(dict.fromkeys([*game.players, *former]))
    wanted: list[tuple[discord.abc.GuildChannel, dict]] = []
    public = guild.get_channel(game.channel_id) if game.channel_id else None
    if public is not None:
        # a game channel only its players read (audience `players`) opens to every player, also
        # one who handed their seat over; everyone's access there becomes read-only
        kept = _with_members(public, everyone, READ_ONLY, me_id) if game.audience == "players" else public.overwrites
        wanted.append((public, {t: _read_only(o) if t.id != me_id else o for t, o in kept.items()}))
    readers = [(s.channel_id, everyone) for s in game.seats]
    # a seat's retired channel (anonymous players) opens like the seat channels, to every player
    readers += [(r.channel_id, everyone if r.kind in ("alliance", RETIRED) else r.readers(game)) for r in rooms]
    for channel_id, allowed in readers:
        channel = guild.get_channel(channel_id) if channel_id else None
        if channel is not None:
            wanted.append((channel, _with_members(channel, allowed, READ_ONLY, me_id)))
    problems: list[str] = []
    moving = [c for c, _ in wanted if not _is_archive(c.category)]
    archive: discord.CategoryChannel | None = None
    full: set[int] = set()
    archived: set[int] = set()
    stuck = False
    for channel, overwrites in wanted:
        if _is_archive(channel.category):          # moved before an interruption: only re-check access
            await _edit(channel, overwrites, None, problems)
            archived.add(channel.id)
            continue
        if archive is None and not stuck:
            try:
                archive = await archive_category(guild, len(moving), frozenset(full))
            except ArchiveIncomplete as exc:
                problems.append(str(exc))
                stuck = True                         # asked once: the rest are made read-only in place
        if archive is None:                          # nowhere to move it: at least nobody writes in it
            await _edit(channel, overwrites, None, problems)
            continue
        moved = await _edit(channel, overwrites, archive, problems, quiet_if_full=True)
        if moved:
            archived.add(channel.id)
        elif moved is False:                           # the category filled up meanwhile: the next one
            full.add(archive.id)
            archive = None
            try:
                archive = await archive_category(guild, len(moving), frozenset(full))
                if await _edit(channel, overwrites, archive, problems):
                    archived.add(channel.id)
            except ArchiveIncomplete as exc:
                problems.append(str(exc))
                stuck = True
                await _edit(channel, overwrites, None, problems)
        moving.remove(channel)
    category = guild.get_channel(game.category_id) if game.category_id else None
    if isinstance(category, discord.CategoryChannel) and all(c.id in archived for c in category.channels):
        try:
            await category.delete(reason="Dispatch: the game's channels are archived")
        except discord.HTTPException as exc:
            problems.append(discord_cause(exc, f"delete the empty category {category.name}"))
    if problems:
        raise ArchiveIncomplete("; ".join(dict.fromkeys(problems)))
    return public


async def _edit(channel: discord.abc.GuildChannel, overwrites: dict, category: discord.CategoryChannel | None,
                problems: list[str], quiet_if_full: bool = False) -> bool | None:
    """One channel read-only (and into `category`, if given). Returns True when done, False when
    the category was full (and `quiet_if_full`), None after another refusal (noted in `problems`)."""
    extra = {"category": category} if category is not None else {}
    try:
        await channel.edit(overwrites=overwrites, reason="Dispatch: the game is over", **extra)
        return True
    except discord.HTTPException as exc:
        cause = discord_cause(exc, f"archive #{channel.name}")
        if quiet_if_full and "category is full" in cause:
            return False
        problems.append(cause)
        if category is not None:                     # at least make it read-only where it is
            try:
                await channel.edit(overwrites=overwrites, reason="Dispatch: the game is over")
            except discord.HTTPException as again:
                problems.append(discord_cause(again, f"make #{channel.name} read-only"))
        return None


def _read_only(overwrite: discord.PermissionOverwrite) -> discord.PermissionOverwrite:
    allow, deny = overwrite.pair()
    changed = discord.PermissionOverwrite.from_pair(allow, deny)
    changed.update(send_messages=False)
    return changed


async def retire_spectator_role(guild: discord.Guild, game: GameInfo) -> None:
    """Delete the game's Spectator role once its archive is done: a server holds at most 250
    roles, and finished games must not use them up. Raises `ArchiveIncomplete` with the cause
    (a role above the bot's, say) when Discord refuses."""
    role = guild.get_role(game.spectator_role_id) if game.spectator_role_id else None
    if role is None:
        return
    try:
        await role.delete(reason=f"Dispatch: game {game.id} is over and archived")
    except discord.NotFound:
        return
    except discord.HTTPException as exc:
        raise ArchiveIncomplete(discord_cause(exc, f"delete the role {role.name}")) from None
