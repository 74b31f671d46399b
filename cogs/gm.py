"""`/gm ...`: what a game's GM does once it runs — pause, resume, extend, adjudicate, roll back,
end by decision, abandon, seat players (assign, advertise), give seats to bots before the start, and set the game's
no-show policy (and who plays an absent seat: the bot, or nobody).

Split from `/game` because Discord refuses a command whose names, descriptions and choices add up
to more than 4,000 characters, and then syncs no command at all
(`tests/discord/test_command_payload_within_limits.py` keeps every command under 3,600). The
service checks who may act; the words are the command table's (`service.commands.gm`), the
console's too.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from service import GameService
from service.commands.gm import ended
from service.commands.spec import Ask
from service.commands.table import gm_commands
from service.decisions import DecidedEnd, typed_from_code
from service.policy import zone_names

from .common import DispatchCog, GameComponent, actor_of, error_text, reply
from .custom_ids import GM_END_TEMPLATE, build_gm_end
from .declared import declared, declared_group
from .seating import join_view, move_seat_channel


def confirm_end_view(done: DecidedEnd) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmEndButton(done.game_id, done.seq or 0, done.code))
    return view


class ConfirmEndButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=GM_END_TEMPLATE):
    """**Confirm** under `/gm end`: ends the game with the result the GM was shown, in the phase
    they were shown it (once the game has moved on the service refuses it, changing nothing).
    The answer replaces the prompt, to the GM alone."""

    def __init__(self, game_id: int, seq: int, code: str):
        super().__init__(discord.ui.Button(label="Confirm: end the game", style=discord.ButtonStyle.danger,
                                           custom_id=build_gm_end(game_id, seq, code)))
        self.game_id, self.seq, self.code = game_id, seq, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["phase"]), match["code"])

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer()          # the prompt is ephemeral: its edits stay the GM's
        game = await service.game(self.game_id)
        done = await service.end_by_decision(self.game_id, actor_of(interaction), typed_from_code(game, self.code),
                                             confirm=True, phase_seq=self.seq)
        await interaction.edit_original_response(content=ended(done, Ask(actor_of(interaction), {}, game)),
                                                 view=None, allowed_mentions=discord.AllowedMentions.none())

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        if not interaction.response.is_done():
            await super().on_error(interaction, error)
            return
        try:            # the prompt becomes the refusal: its Confirm button goes, nothing changed
            await interaction.edit_original_response(content=error_text(error), view=None,
                                                     allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            await super().on_error(interaction, error)


class GmCog(DispatchCog, name="Game master"):
    """Running a game: the GM's commands (`service.commands.gm`)."""

    @declared_group("gm")
    async def gm(self, ctx: commands.Context) -> None:
        await reply(ctx, gm_commands(), ephemeral=True)

    @declared("gm assign", gm)
    async def assign(self, ctx: commands.Context, game_id: int, seat: str, member: discord.Member) -> None:
        ask = await self.ask(ctx, game_id=game_id, seat=seat, member=member.id)
        game = ask.game
        change = await self.service.check_assign(game.id, ask.actor, seat, member.id, ctx.guild.id)
        # Channel access first, then the database; if the database refuses, undo the channel.
        moved = await move_seat_channel(ctx.guild, game, change.seat, member, change.previous)
        try:
            change = await self.service.assign_seat(game.id, ask.actor, seat, member.id, ctx.guild.id,
                                                    moved.channel_id)
        except BaseException:
            await moved.undo()
            raise
        await moved.settle()
        channel_id = game.seat(change.seat).channel_id
        gone = channel_id is not None and ctx.guild.get_channel(channel_id) is None
        await self.answer(ctx, ask, change, note=" Its private channel is gone: the player gets its messages by "
                                                 "direct message." if gone else "")

    @declared("gm advertise", gm)
    async def advertise(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        ask, (game, seats) = await self.run(ctx, game_id=game_id, seat=seat)
        await self.answer(ctx, ask, (game, seats), view=join_view(game.id, seats))

    @declared("gm pause", gm)
    async def pause(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("gm resume", gm)
    async def resume(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("gm extend", gm)
    async def extend(self, ctx: commands.Context, hours: float, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, hours=hours, game_id=game_id)

    @declared("gm policy", gm)
    async def policy(self, ctx: commands.Context, game_id: int | None = None, excused: int | None = None,
                     extension: float | None = None, deadline_time: str | None = None,
                     time_zone: str | None = None, pause_cap: float | None = None, absent: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, excused=excused, extension=extension,
                                  deadline_time=deadline_time, time_zone=time_zone, pause_cap=pause_cap, absent=absent)

    @policy.autocomplete("time_zone")
    async def _zones(self, interaction: discord.Interaction, current: str):
        key = current.lower().replace(" ", "_")
        return [app_commands.Choice(name=z, value=z) for z in zone_names() if key in z.lower()][:25]

    @declared("gm bot", gm)
    async def bot(self, ctx: commands.Context, seat: str, game_id: int | None = None, level: str = "normal") -> None:
        await self.run_and_answer(ctx, seat=seat, game_id=game_id, level=level)

    @declared("gm adjudicate", gm)
    async def adjudicate(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("gm rollback", gm)
    async def rollback(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("gm end", gm)
    async def end(self, ctx: commands.Context, game_id: int, result: str, confirm: bool = False) -> None:
        ask, done = await self.run(ctx, game_id=game_id, result=result, confirm=confirm)
        await self.answer(ctx, ask, done, view=None if done.confirmed else confirm_end_view(done))

    @declared("gm abandon", gm)
    async def abandon(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot, bot.service))
    bot.add_dynamic_items(ConfirmEndButton)      # a Confirm button keeps working after a restart
