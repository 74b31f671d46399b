"""`/vote` and `/press`: the players run their own game — votes instead of GM fiat, and private
press channels between chosen seats."""
from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from service import GameService, ServiceError
from service.votes import MOTIONS, UnconfirmedVote, motion_words

from .channels import delete_channels
from .common import (GAME_ID, DispatchCog, GameComponent, actor_of, error_text, guild_only, private_command,
                     reply, resolve_game)
from .custom_ids import VOTE_TEMPLATE, build_vote
from .permissions import require_bot_permissions
from .rooms import open_press_channel


NO_PINGS = discord.AllowedMentions.none()


def confirm_view(unconfirmed: UnconfirmedVote) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmVoteButton(unconfirmed.kind, unconfirmed.game_id, unconfirmed.phase_seq))
    return view


def confirm_text(unconfirmed: UnconfirmedVote) -> str:
    return unconfirmed.describe(f"press **Confirm** below, or `/vote motion:{unconfirmed.kind} confirm:True`")


class ConfirmVoteButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=VOTE_TEMPLATE):
    """**Confirm** under a vote that would end the game: casts it, for the phase the voter was
    shown (the service refuses it, changing nothing, once the game has moved on). Pressed
    outside the game's server it is refused first (`GameComponent`)."""

    def __init__(self, motion: str, game_id: int, seq: int):
        super().__init__(discord.ui.Button(label=f"Confirm: vote to {motion}", style=discord.ButtonStyle.danger,
                                           custom_id=build_vote(motion, game_id, seq)))
        self.motion, self.game_id, self.seq = motion, game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(match["motion"], int(match["game"]), int(match["phase"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        service: GameService = interaction.client.service
        await interaction.response.defer()          # the prompt is ephemeral: its edits stay the voter's
        try:
            tally = await service.vote(self.game_id, actor_of(interaction), self.motion, phase_seq=self.seq,
                                       confirm=True)
        except ServiceError as exc:
            await interaction.edit_original_response(content=error_text(exc), view=None, allowed_mentions=NO_PINGS)
            return
        await interaction.edit_original_response(content=vote_answer(tally, self.game_id), view=None,
                                                 allowed_mentions=NO_PINGS)


def vote_answer(tally, game_id: int, withdrawn: bool = False) -> str:
    what = "withdrawn" if withdrawn else "counted"
    text = f"🗳️ Your vote to {motion_words(tally.motion)} is {what}: {tally.describe()}."
    if tally.passed and not withdrawn:
        return text + f" Game #{game_id} follows the motion now; the game channel has the details."
    return text + " The game channel was told."


class TableCog(DispatchCog, name="Table"):
    """Votes and press channels."""

    @commands.hybrid_command(name="vote", description="Vote to pause, resume, extend, draw, concede or roll back",
                             extras=private_command())
    @app_commands.describe(motion="what you vote for; leave empty to see the votes of this phase",
                           hours="for extend: hours to add (default 24)", withdraw="take your vote back",
                           confirm="a draw or a concession ends the game: True casts it without asking first",
                           game_id=GAME_ID)
    @app_commands.choices(motion=[app_commands.Choice(name=m, value=m) for m in MOTIONS])
    async def vote(self, ctx: commands.Context, motion: str | None = None, hours: float | None = None,
                   withdraw: bool = False, confirm: bool = False, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        if motion is None:
            tallies = await self.service.votes(game.id)
            text = "\n".join(f"🗳️ {t.describe()}" for t in tallies) or \
                f"No votes in game #{game.id} this phase. Motions: {', '.join(MOTIONS)} (e.g. `/vote extend hours:24`)."
            await reply(ctx, text, ephemeral=True)
            return
        asked_in = (await self.service.phase(game.id)).seq if game.current_phase is not None else None
        try:
            tally = await self.service.vote(game.id, actor_of(ctx), motion, hours, withdraw, phase_seq=asked_in,
                                            confirm=confirm)
        except UnconfirmedVote as unconfirmed:       # nothing recorded: say what it does, ask to confirm
            await reply(ctx, confirm_text(unconfirmed), ephemeral=True, view=confirm_view(unconfirmed))
            return
        await reply(ctx, vote_answer(tally, game.id, withdraw), ephemeral=True)

    @commands.hybrid_group(name="press", fallback="list", description="Your press and alliance channels in a game",
                           extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    @guild_only()
    async def press(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        mine = [r for r in await self.service.rooms(game.id) if ctx.author.id in r.readers(game) and r.channel_id]
        if not mine:
            hint = " Open one with `/press open seats: …`." if game.press else ""
            await reply(ctx, f"You have no press or alliance channel in game #{game.id}.{hint}", ephemeral=True)
            return
        await reply(ctx, "\n".join(f"• <#{r.channel_id}> — {r.kind}: {', '.join(r.seats)}" for r in mine),
                    ephemeral=True)

    @press.command(name="open", description="Open a private press channel with chosen seats",
                   extras=private_command())
    @app_commands.describe(seats="the seats to talk with, e.g. `France, Russia` (if you hold several, name yours too)",
                           game_id=GAME_ID)
    @guild_only()
    async def open(self, ctx: commands.Context, seats: str, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        actor = actor_of(ctx)
        game, members = await self.service.check_press(game.id, actor, seats, ctx.guild.id)
        require_bot_permissions(ctx.guild, "open a press channel", ("view_channel", "manage_channels", "manage_roles"))
        channel = await open_press_channel(ctx.guild, game, members)
        try:
            room = await self.service.add_press_room(game.id, actor, members, channel.id)
        except BaseException:
            await delete_channels([channel])
            raise
        readers = room.readers(game)
        await channel.send(f"🕊️ Press channel of {', '.join(f'**{s}**' for s in members)}, opened by "
                           f"{ctx.author.mention}: " + ", ".join(f"<@{u}>" for u in readers)
                           + ". The other players do not see it; besides you and me, only the server's admins "
                             "can (they see every channel). Orders still go in your seat channels.",
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in readers
                                                                           if u != ctx.author.id]))
        own = [s for s in members if game.holder(s) == ctx.author.id]
        others = [s for s in members if s not in own]
        await reply(ctx, f"Opened {channel.mention}: your {', '.join(own)} with {', '.join(others)}. "
                         f"Write there; `/press` lists your channels.", ephemeral=True)

    @press.command(name="send", description="Send a letter to other seats, signed with your power only",
                   extras=private_command())
    @app_commands.describe(to="the seats to write to, e.g. `France, Russia` (if you hold several, name yours too)",
                           message="what you write (at most 1,500 characters)", game_id=GAME_ID)
    @guild_only()
    async def send(self, ctx: commands.Context, to: str, *, message: str, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        sender, others = await self.service.send_letter(game.id, actor_of(ctx), to, message, ctx.guild.id)
        await reply(ctx, f"📨 Your letter from **{sender}** is on its way to {', '.join(f'**{s}**' for s in others)}: "
                         f"it appears in their seat channels, signed with your power only. Nobody else sees it.",
                    ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot, bot.service))
    bot.add_dynamic_items(ConfirmVoteButton)     # a Confirm button keeps working after a restart
