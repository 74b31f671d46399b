"""`/game ...`: create, join, leave, start, status, pause, resume, extend, abandon, export."""
from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import get_variant
from service.errors import BadInput
from service.text import game_status, option_list, parse_option_words, variant_or_error

from .channels import create_game_channels
from .common import DispatchCog, actor_of, guild_only, reply, resolve_game


class GameCog(DispatchCog, name="Games"):
    """Setting up and running games."""

    @commands.hybrid_group(name="game", fallback="list", description="List this server's games")
    @guild_only()
    async def game(self, ctx: commands.Context) -> None:
        games = await self.service.list_games(ctx.guild.id)
        if not games:
            await reply(ctx, "No games here yet. Start one with `/game create`.")
            return
        lines = [f"#{g.id} **{g.name}** — {get_variant(g.variant).title}, {g.status}, "
                 f"{len(g.seats) - len(g.open_seats)}/{len(g.seats)} seated" for g in games]
        await reply(ctx, "\n".join(lines))

    @game.command(name="create", description="Create a game (options as key=value words)")
    @app_commands.describe(variant="which game", name="a name for the game",
                           hours="hours per phase (default: server setting, 48)",
                           options="options as key=value words; see /game options")
    @guild_only()
    async def create(self, ctx: commands.Context, variant: str, name: str | None = None,
                     hours: float | None = None, *, options: str = "") -> None:
        raw = parse_option_words(options)
        game = await self.service.create_game(ctx.guild.id, actor_of(ctx), variant, name, raw, hours)
        await reply(ctx, f"Created game **#{game.id} {game.name}** ({get_variant(game.variant).title}), "
                         f"{game.phase_hours:g}h per phase. Seats: {', '.join(s.seat for s in game.seats)}.\n"
                         f"Join with `/game join {game.id}`; the creator starts it with `/game start {game.id}`.")

    @create.autocomplete("variant")
    async def _create_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @game.command(name="options", description="List the options a game can be created with")
    async def options(self, ctx: commands.Context, variant: str) -> None:
        await reply(ctx, option_list(variant_or_error(variant)))

    @options.autocomplete("variant")
    async def _options_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @game.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game_id="game number", seat="the seat (power or side) you want")
    @guild_only()
    async def join(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        taken = await self.service.join(game.id, actor_of(ctx), seat)
        await reply(ctx, f"{ctx.author.mention} takes **{taken}** in game #{game.id}.")

    @join.autocomplete("game_id")
    async def _join_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @game.command(name="leave", description="Give up your seat before the game starts")
    @guild_only()
    async def leave(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        left = await self.service.leave(game.id, actor_of(ctx), seat)
        await reply(ctx, f"{ctx.author.mention} leaves **{left}** in game #{game.id}.")

    @game.command(name="assign", description="GM: seat a player (or replace one)")
    @guild_only()
    async def assign(self, ctx: commands.Context, game_id: int, seat: str, member: discord.Member) -> None:
        taken = await self.service.assign_seat(game_id, actor_of(ctx), seat, member.id)
        game = await self.service.game(game_id)
        channel_id = game.seat(taken).channel_id
        channel = ctx.guild.get_channel(channel_id) if channel_id else None
        if channel is not None:
            await channel.set_permissions(member, view_channel=True, send_messages=True,
                                          read_message_history=True, attach_files=True)
        await reply(ctx, f"{member.mention} now holds **{taken}** in game #{game_id}.")

    @game.command(name="start", description="GM: start the game and open its channels")
    @guild_only()
    async def start(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        game = await self.service.start(game.id, actor_of(ctx))
        try:
            category, public, seats = await create_game_channels(ctx.guild, game, ctx.guild.me)
        except discord.Forbidden:
            await reply(ctx, f"Game #{game.id} started, but I lack **Manage Channels** here: orders "
                             "work in any channel with the game number.")
            return
        await self.service.set_channels(game.id, category, public, seats)
        await reply(ctx, f"Game **#{game.id} {game.name}** has started: results in <#{public}>, "
                         "each player has a private channel for orders.")

    @game.command(name="status", description="Phase, deadline, who is ready, and the board")
    async def status(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await reply(ctx, await game_status(self.service, game, ctx.author.id))

    @status.autocomplete("game_id")
    async def _status_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @game.command(name="pause", description="GM: stop the clock")
    async def pause(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.pause(game.id, actor_of(ctx))
        await reply(ctx, f"Game #{game.id} is paused.")

    @game.command(name="resume", description="GM: restart the clock")
    async def resume(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.resume(game.id, actor_of(ctx))
        phase = await self.service.phase(game.id)
        await reply(ctx, f"Game #{game.id} resumes; deadline <t:{int(phase.deadline.timestamp())}:R>.")

    @game.command(name="extend", description="GM: push the deadline back by some hours")
    async def extend(self, ctx: commands.Context, hours: float, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        deadline = await self.service.extend(game.id, actor_of(ctx), hours)
        await reply(ctx, f"Deadline of game #{game.id} is now <t:{int(deadline.timestamp())}:R>.")

    @game.command(name="adjudicate", description="GM: adjudicate the current phase now")
    async def adjudicate(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        phase = await self.service.force_adjudicate(game.id, actor_of(ctx))
        await reply(ctx, f"Adjudicated; now **{phase.label}**." if phase else "Nothing to adjudicate.")

    @game.command(name="abandon", description="GM: end the game without a winner")
    async def abandon(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.abandon(game.id, actor_of(ctx))
        await reply(ctx, f"Game #{game.id} is abandoned.")

    @game.command(name="export", description="Download the whole game as JSON")
    async def export(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        data = json.dumps(await self.service.export(game.id), indent=1).encode()
        await reply(ctx, f"Game #{game.id} as JSON:",
                    file=discord.File(io.BytesIO(data), filename=f"game-{game.id}.json"))

    @game.command(name="settings", description="Admin: default hours per phase and reminder times")
    @guild_only()
    async def settings(self, ctx: commands.Context, hours: float | None = None, *, reminders: str = "") -> None:
        lead = None
        if reminders.strip():
            try:
                lead = [float(x) for x in reminders.replace(",", " ").split()]
            except ValueError:
                raise BadInput("reminders are hours before the deadline, e.g. `24 1`") from None
        current = await self.service.set_guild_settings(ctx.guild.id, actor_of(ctx), hours, lead)
        await reply(ctx, f"Server defaults: {current['phase_hours']:g}h per phase, reminders "
                         + ", ".join(f"{h:g}h" for h in current["reminder_hours"]) + " before deadlines.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot, bot.service))
