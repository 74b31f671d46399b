"""`/match …`: A&A league mode — two-game matches opened by a sealed bid for sides, and playoffs.
Words and service calls: `service.commands.matches`. What only Discord does is here: a sealed
bid is answered to its bidder alone and the channel is told only that it is in (then, once both
are in, the reveal); a command that makes a game due to start creates its channels first, as
`/game start` does, and undoes them if the start is refused."""
from __future__ import annotations

import logging
from dataclasses import replace

import discord
from discord.ext import commands

from service.commands.matches import bid, create_match, place, public_words, ready, start_due
from service.errors import ServiceError

from .channels import ChannelSetupFailed, create_game_channels, undo_game_channels
from .common import DispatchCog, reply
from .declared import declared, declared_group
from .permissions import require_bot_permissions

log = logging.getLogger("dispatch.cogs.matches")


def member_id(member: discord.Member | None) -> int | None:
    return member.id if member is not None else None


class MatchCog(DispatchCog, name="Matches"):
    """A&A league matches and playoffs (`service.matches`, `service.playoffs`)."""

    @declared_group("match")
    async def match(self, ctx: commands.Context) -> None:
        await reply(ctx, "Match commands: `/match create`, `/match bid`, `/match place`, `/match ready`, "
                         "`/match status`, `/match playoff`, `/match bracket`. See `/help`.", ephemeral=True)

    async def acted(self, ctx: commands.Context, act, **values) -> None:
        """A command that may make a game due: the service's answer, then (if due) the game's
        channels and its start, then the answer; a sealed bid's news goes to the channel apart."""
        ask = await self.ask(ctx, **values)
        news = await act(self.service, ask)
        news = await self.start_with_channels(ctx, news)
        await self.answer(ctx, ask, news)
        if ctx.command.extras.get("private"):
            public = public_words(news)
            if public:
                await self.post(ctx, public, news.match.players)

    async def start_with_channels(self, ctx: commands.Context, news):
        if news.due is None:
            return news
        try:
            game = await self.service.matches.check_start(news.match.id, ctx.guild.id)
            require_bot_permissions(ctx.guild, f"start game #{game.id}")
            channels = await create_game_channels(ctx.guild, game, ctx.guild.me)
        except (ServiceError, ChannelSetupFailed) as exc:
            return replace(news, start_problem=str(exc))
        started = await start_due(self.service, news, ctx.guild.id, channels)
        if started.started is None:
            await undo_game_channels(ctx.guild, channels)
        return started

    async def post(self, ctx: commands.Context, text: str, players) -> None:
        """The channel's line of a private command: its players are named (and notified), no one else."""
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(p) for p in players])
        try:
            await ctx.channel.send(text, allowed_mentions=mentions)
        except discord.HTTPException:
            log.warning("could not post a match's news in channel %s", getattr(ctx.channel, "id", None))

    @declared("match create", match)
    async def create(self, ctx: commands.Context, opponent: discord.Member, hours: float | None = None, *,
                     options: str = "") -> None:
        await self.acted(ctx, create_match, opponent=opponent.id, hours=hours, options=options)

    @declared("match bid", match)
    async def bid(self, ctx: commands.Context, side: str, ipcs: int, match_id: int | None = None) -> None:
        await self.acted(ctx, bid, side=side, ipcs=ipcs, match_id=match_id)

    @declared("match place", match)
    async def place(self, ctx: commands.Context, match_id: int, *, units: str = "") -> None:
        await self.acted(ctx, place, match_id=match_id, units=units)

    @declared("match ready", match)
    async def ready(self, ctx: commands.Context, match_id: int | None = None) -> None:
        await self.acted(ctx, ready, match_id=match_id)

    @declared("match status", match)
    async def status(self, ctx: commands.Context, match_id: int | None = None) -> None:
        await self.run_and_answer(ctx, match_id=match_id)

    @declared("match playoff", match)
    async def playoff(self, ctx: commands.Context, seed1: discord.Member | None = None,
                      seed2: discord.Member | None = None, seed3: discord.Member | None = None,
                      seed4: discord.Member | None = None, seed5: discord.Member | None = None,
                      seed6: discord.Member | None = None, seed7: discord.Member | None = None,
                      seed8: discord.Member | None = None, league: str | None = None, hours: float | None = None,
                      *, options: str = "") -> None:
        seeds = {f"seed{n}": member_id(m) for n, m in enumerate((seed1, seed2, seed3, seed4, seed5, seed6, seed7,
                                                                 seed8), start=1)}
        roles = tuple(r.id for r in getattr(ctx.author, "roles", ()))
        await self.run_and_answer(ctx, **seeds, league=league, hours=hours, options=options, roles=roles)

    @declared("match bracket", match)
    async def bracket(self, ctx: commands.Context, playoff_id: int | None = None) -> None:
        await self.run_and_answer(ctx, playoff_id=playoff_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MatchCog(bot, bot.service))
