"""`/vote` and `/press`: the players run their own game — votes instead of GM fiat, and private
press channels between chosen seats. Declared against the command table
(`service.commands.players`); `confirm_text` and `vote_answer` are its words."""
from __future__ import annotations

import re

import discord
from discord.ext import commands

from service import GameService
from service.commands.players import confirm_text, vote_answer
from service.votes import UnconfirmedVote

from .channels import delete_channels
from .common import DispatchCog, GameComponent, actor_of, error_text
from .declared import declared, declared_group
from .custom_ids import VOTE_TEMPLATE, build_vote
from .permissions import require_bot_permissions
from .rooms import open_press_channel


NO_PINGS = discord.AllowedMentions.none()


def confirm_view(unconfirmed: UnconfirmedVote) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmVoteButton(unconfirmed.kind, unconfirmed.game_id, unconfirmed.phase_seq))
    return view


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

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer()          # the prompt is ephemeral: its edits stay the voter's
        tally = await service.vote(self.game_id, actor_of(interaction), self.motion, phase_seq=self.seq,
                                   confirm=True)
        await interaction.edit_original_response(content=vote_answer(tally, self.game_id), view=None,
                                                 allowed_mentions=NO_PINGS)

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        if not interaction.response.is_done():          # refused before it was pressed through
            await super().on_error(interaction, error)
            return
        try:            # the prompt becomes the refusal: its Confirm button goes, nothing was cast
            await interaction.edit_original_response(content=error_text(error), view=None, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            await super().on_error(interaction, error)


class TableCog(DispatchCog, name="Table"):
    """Votes and press channels (`service.commands.players`: the console's words too)."""

    @declared("vote")
    async def vote(self, ctx: commands.Context, motion: str | None = None, hours: float | None = None,
                   withdraw: bool = False, confirm: bool = False, game_id: int | None = None) -> None:
        ask, result = await self.run(ctx, motion=motion, hours=hours, withdraw=withdraw, confirm=confirm,
                                     game_id=game_id)
        if isinstance(result, UnconfirmedVote):       # nothing recorded: say what it does, ask to confirm
            await self.answer(ctx, ask, result, view=confirm_view(result))
            return
        await self.answer(ctx, ask, result)

    @declared_group("press")
    async def press(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("press open", press)
    async def open(self, ctx: commands.Context, seats: str, game_id: int | None = None) -> None:
        ask = await self.ask(ctx, seats=seats, game_id=game_id)
        game, members = await self.service.check_press(ask.game.id, ask.actor, seats, ctx.guild.id)
        require_bot_permissions(ctx.guild, "open a press channel", ("view_channel", "manage_channels", "manage_roles"))
        channel = await open_press_channel(ctx.guild, game, members)
        try:
            room = await self.service.add_press_room(game.id, ask.actor, members, channel.id)
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
        await self.answer(ctx, ask, (channel.id, own, [s for s in members if s not in own]))

    @declared("press send", press)
    async def send(self, ctx: commands.Context, to: str, *, message: str, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, to=to, message=message, game_id=game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot, bot.service))
    bot.add_dynamic_items(ConfirmVoteButton)     # a Confirm button keeps working after a restart
