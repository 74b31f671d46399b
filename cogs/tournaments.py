"""`/tournament …`: rounds of many boards. Words, checks and answers: `service.commands.tournaments`;
what only Discord has is here — the asker's roles, the standings' channel, and each board's
channels: before a round is seeded the bot's server permissions are checked (naming any that are
missing, nothing changed); then every board of the round gets its channels and starts, one after
the other in the same command. A board whose channels Discord refuses stays waiting, named in the
answer, and `/tournament start` starts it once the cause is fixed."""
from __future__ import annotations

from discord.ext import commands

from service.seasons.tournaments import board_gm

from .channels import ChannelSetupFailed, create_game_channels, undo_game_channels
from .common import DispatchCog, reply
from .declared import declared, declared_group
from .leagues import member_roles, standings_channel
from .permissions import require_bot_permissions


class TournamentCog(DispatchCog, name="Tournaments"):
    """Tournaments: roll call, seeding, boards, standings (`service.commands.tournaments`)."""

    @declared_group("tournament")
    async def tournament(self, ctx: commands.Context) -> None:
        await reply(ctx, "Tournament commands: `/tournament create`, `/tournament join`, `/tournament prefs`, "
                         "`/tournament seed`, `/tournament standings`, `/tournament export`. See `/help`.",
                    ephemeral=True)

    @declared("tournament create", tournament)
    async def create(self, ctx: commands.Context, name: str, family: str | None = None, rounds: int | None = None,
                     scoring: str | None = None, hours: float | None = None, fill: str | None = None,
                     counted: int | None = None, channel: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name, family=family, rounds=rounds, scoring=scoring, hours=hours,
                                  fill=fill, counted=counted, channel=standings_channel(ctx, channel),
                                  roles=member_roles(ctx))

    @declared("tournament join", tournament)
    async def join(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    @declared("tournament leave", tournament)
    async def leave(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    @declared("tournament prefs", tournament)
    async def prefs(self, ctx: commands.Context, letters: str, name: str | None = None) -> None:
        await self.run_and_answer(ctx, letters=letters, name=name)

    @declared("tournament seed", tournament)
    async def seed(self, ctx: commands.Context, round: int, name: str | None = None, top: bool = False) -> None:
        require_bot_permissions(ctx.guild, f"seed round {round} and open its boards' channels")
        roles = member_roles(ctx)
        ask = await self.ask(ctx, round=round, name=name, top=top, roles=roles)
        seeded = await self.service.tournaments.seed(ask.guild_id, ask.actor, round, name, top, roles=roles)
        started, problem = await self._start_boards(ctx, ask.actor, seeded.info.name, roles)
        await self.answer(ctx, ask, (seeded, started), note=problem)

    @declared("tournament start", tournament)
    async def start(self, ctx: commands.Context, name: str | None = None) -> None:
        require_bot_permissions(ctx.guild, "open the boards' channels")
        roles = member_roles(ctx)
        ask = await self.ask(ctx, name=name, roles=roles)
        started, problem = await self._start_boards(ctx, ask.actor, name, roles)
        await self.answer(ctx, ask, started, note=problem)

    @declared("tournament standings", tournament)
    async def standings(self, ctx: commands.Context, round: int | None = None, name: str | None = None,
                        page: int | None = None) -> None:
        await self.run_and_answer(ctx, round=round, name=name, page=page)

    @declared("tournament export", tournament)
    async def export(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    async def _start_boards(self, ctx: commands.Context, actor, name: str | None, roles: list[int]):
        """Channels, then the start, for each board still waiting; stops at the first board
        Discord refuses (its channels removed again) and says why."""
        started = []
        for game in await self.service.tournaments.waiting_boards(ctx.guild.id, actor, name, roles=roles):
            gm = board_gm(game, actor)
            await self.service.check_start(game.id, gm, ctx.guild.id)
            try:
                channels = await create_game_channels(ctx.guild, game, ctx.guild.me)
            except ChannelSetupFailed as exc:
                return started, (f"\n⚠️ Board game #{game.id} could not start: {exc}. Fix it, then "
                                 f"`/tournament start` starts the boards still waiting.")
            try:
                started.append(await self.service.start(game.id, gm, channels, ctx.guild.id))
            except BaseException:
                await undo_game_channels(ctx.guild, channels)
                raise
        return started, ""


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TournamentCog(bot, bot.service))
