"""Seats changing hands on Discord: the **Join** button of an open-seat notice, and moving a seat
channel from one player to the next with an undo if the database then refuses.

The button is a `DynamicItem`: its custom id carries the game and the seat, so a notice posted
weeks ago still works after the bot restarted.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Awaitable, Callable

import discord

from service import GameService
from service.commands import Ask
from service.commands.games import taken
from service.errors import BadState
from service.models import GameInfo
from service.visibility import fresh_seat_channel

from .channels import grant_seat, member_or_object, revoke_seat, seat_overwrites
from .common import GameComponent, actor_of
from .custom_ids import JOIN_TEMPLATE, build_join
from .permissions import BotLacksPermissions, discord_cause, require_bot_permissions

log = logging.getLogger("dispatch")
Undo = Callable[[], Awaitable[None]]


@dataclass
class SeatMove:
    """A seat channel opened to its new player, before the database records the change: `undo`
    takes it back if the database refuses; `channel_id` is the seat's fresh channel (anonymous
    players) for the service to record, else None; `settle` closes the old channel afterwards."""

    undo: Undo
    channel_id: int | None = None
    settle: Undo = field(default=None)          # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.settle is None:
            self.settle = _nothing


async def _nothing() -> None:
    return None


async def move_seat_channel(guild: discord.Guild, game: GameInfo, seat: str, member: discord.abc.Snowflake,
                            previous: int | None) -> SeatMove:
    """Open `seat`'s private channel to `member` and close it to the previous player (who may
    hold other seats: only this channel closes). In an anonymous game the seat gets a fresh
    channel instead (`visibility.fresh_seat_channel`): Discord would show the new player the old
    one's whole history, which names who played the seat before."""
    channel_id = game.seat(seat).channel_id
    channel = guild.get_channel(channel_id) if channel_id else None
    if channel is None:
        return SeatMove(_nothing)
    if fresh_seat_channel(game):
        return await _fresh_seat_channel(guild, game, seat, member, channel)
    require_bot_permissions(guild, "move the seat channel to its new player", ("view_channel", "manage_roles"))
    old = member_or_object(guild, previous) if previous else None
    await grant_seat(channel, member)
    if isinstance(old, discord.Member):
        await revoke_seat(channel, old)

    async def undo() -> None:
        try:
            if isinstance(old, discord.Member):
                await grant_seat(channel, old)
            await revoke_seat(channel, member)
        except discord.HTTPException:
            log.exception("could not undo a seat channel move in game %s", game.id)
    return SeatMove(undo)


async def _fresh_seat_channel(guild: discord.Guild, game: GameInfo, seat: str, member: discord.abc.Snowflake,
                              old: discord.abc.GuildChannel) -> SeatMove:
    """A new private channel for the seat's new player, beside the old one; once recorded, the
    old one is closed to every member (the queued access job closes it too, retried) and renamed
    so nobody takes it for the seat's live channel."""
    require_bot_permissions(guild, "give the seat a fresh channel for its new player",
                            ("view_channel", "manage_channels", "manage_roles"))
    made = dict(overwrites=seat_overwrites(guild, [member], guild.me),
                topic=f"Private orders of {seat}. Write orders here, one per line.",
                reason="Dispatch: an anonymous game's seat changed hands")
    try:
        fresh = await guild.create_text_channel(old.name, category=old.category, **made)
    except discord.HTTPException as exc:
        if old.category is None or not (exc.code == 50035 and "category" in (exc.text or "").lower()):
            raise
        # the game's category holds Discord's 50 channels: the fresh one goes outside it
        fresh = await guild.create_text_channel(old.name, **made)

    async def undo() -> None:
        try:
            await fresh.delete(reason="Dispatch: the seat did not change hands after all")
        except discord.HTTPException:
            log.exception("could not delete the unused fresh seat channel in game %s", game.id)

    async def settle() -> None:
        # the roles' overwrites and the bot's own stay; no member reads it any more
        kept = {t: o for t, o in old.overwrites.items() if t.id == guild.me.id or isinstance(t, discord.Role)
                or (isinstance(t, discord.Object) and t.type is discord.Role)}
        try:
            await old.edit(name=f"{old.name}-before"[:100], overwrites=kept,
                           reason="Dispatch: the seat moved to a fresh channel; this one opens when the game ends")
        except discord.HTTPException:
            log.warning("could not close the old seat channel %s of game %s now; the access job retries",
                        old.id, game.id)
    return SeatMove(undo, fresh.id, settle)


def join_view(game_id: int, seats: list[str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for seat in seats[:10]:
        view.add_item(JoinButton(game_id, seat))
    return view


class JoinButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=JOIN_TEMPLATE):
    """**Join** on an open-seat notice: take that seat."""

    def __init__(self, game_id: int, seat: str):
        super().__init__(discord.ui.Button(label=f"Join as {seat}"[:80], style=discord.ButtonStyle.primary,
                                           custom_id=build_join(game_id, seat)))
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(int(match["game"]), match["seat"])

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = interaction.guild
        if guild is None:
            raise BotLacksPermissions([], "seat you from a direct message; press Join in the server")
        actor = actor_of(interaction)
        change = await service.check_take(self.game_id, actor, self.seat, guild.id)
        game = await service.game(self.game_id)
        try:
            moved = await move_seat_channel(guild, game, change.seat, interaction.user, change.previous)
        except discord.HTTPException as exc:
            raise BadState(f"{discord_cause(exc, 'open the seat channel to you')}. Nothing changed; tell the GM") \
                from None
        try:
            change = await service.take_seat(self.game_id, actor, change.seat, guild.id, moved.channel_id)
        except BaseException:
            await moved.undo()
            raise
        await moved.settle()
        # the same answer as the console's `game take` (service.commands.games)
        ask = Ask(actor, {"seat": change.seat}, game, guild_id=guild.id)
        await interaction.followup.send(taken((change, await service.game(self.game_id)), ask), ephemeral=True)


def register_seating_items(client: discord.Client) -> None:
    client.add_dynamic_items(JoinButton)
