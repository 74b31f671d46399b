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

import discord
from discord import app_commands
from discord.ext import commands

from service.commands.table import gm_commands
from service.policy import zone_names

from .common import DispatchCog, reply
from .declared import declared, declared_group
from .seating import join_view, move_seat_channel


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
        await self.run_and_answer(ctx, game_id=game_id, result=result, confirm=confirm)

    @declared("gm abandon", gm)
    async def abandon(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot, bot.service))
