"""`/vote` and `/press`: the players run their own game — votes instead of GM fiat, and private
press channels between chosen seats."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from service.votes import MOTIONS, motion_words

from .channels import delete_channels
from .common import GAME_ID, DispatchCog, actor_of, guild_only, private_command, reply, resolve_game
from .permissions import require_bot_permissions
from .rooms import open_press_channel


class TableCog(DispatchCog, name="Table"):
    """Votes and press channels."""

    @commands.hybrid_command(name="vote", description="Vote to pause, resume, extend, draw, concede or roll back",
                             extras=private_command())
    @app_commands.describe(motion="what you vote for; leave empty to see the votes of this phase",
                           hours="for extend: hours to add (default 24)", withdraw="take your vote back",
                           game_id=GAME_ID)
    @app_commands.choices(motion=[app_commands.Choice(name=m, value=m) for m in MOTIONS])
    async def vote(self, ctx: commands.Context, motion: str | None = None, hours: float | None = None,
                   withdraw: bool = False, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        if motion is None:
            tallies = await self.service.votes(game.id)
            text = "\n".join(f"🗳️ {t.describe()}" for t in tallies) or \
                f"No votes in game #{game.id} this phase. Motions: {', '.join(MOTIONS)} (e.g. `/vote extend hours:24`)."
            await reply(ctx, text, ephemeral=True)
            return
        asked_in = (await self.service.phase(game.id)).seq if game.current_phase is not None else None
        tally = await self.service.vote(game.id, actor_of(ctx), motion, hours, withdraw, phase_seq=asked_in)
        what = "withdrawn" if withdraw else "counted"
        await reply(ctx, f"Your vote to {motion_words(tally.motion)} is {what}: {tally.describe()}. "
                         f"The game channel was told.", ephemeral=True)

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
