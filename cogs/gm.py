"""`/gm ...`: what a game's GM does once it runs — pause, resume, extend, adjudicate, roll back,
abandon, seat players (assign, advertise), give seats to bots before the start, and set the game's
no-show policy (and who plays an absent seat: the bot, or nobody).

Split from `/game` because Discord refuses a command whose names, descriptions and choices add up
to more than 4,000 characters, and then syncs no command at all (`tests/test_harden_discord_
commands.py` keeps every command under 3,600). The service checks who may act; these are only
the words.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import BOT_LEVELS
from service.bots import ABSENT_POLICIES, turns_bot_off
from service.policy import policy_text, zone_names
from service.seats import advert_text
from service.visibility import player_named, players_hidden

from .common import GAME_ID, DispatchCog, actor_of, guild_only, reply, reply_privately, resolve_game
from .seating import join_view, move_seat_channel


class GmCog(DispatchCog, name="Game master"):
    """Running a game: the GM's commands."""

    @commands.hybrid_group(name="gm", description="GM: run a game (pause, extend, adjudicate, roll back, seat players)")
    @app_commands.guild_only()
    @guild_only()
    async def gm(self, ctx: commands.Context) -> None:
        await reply(ctx, "GM commands: `/gm pause`, `/gm resume`, `/gm extend`, `/gm adjudicate`, `/gm rollback`, "
                         "`/gm abandon`, `/gm assign`, `/gm advertise`, `/gm policy`, `/gm bot`. See `/help`.", ephemeral=True)

    @gm.command(name="assign", description="GM: seat a player, or give a seat in civil disorder or offered to a substitute")
    @app_commands.describe(game_id="game number (see /game list)", seat="the seat to give",
                           member="the member who takes the seat")
    @guild_only()
    async def assign(self, ctx: commands.Context, game_id: int, seat: str, member: discord.Member) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        actor = actor_of(ctx)
        change = await self.service.check_assign(game.id, actor, seat, member.id, ctx.guild.id)
        # Channel access first, then the database; if the database refuses, undo the channel.
        undo = await move_seat_channel(ctx.guild, game, change.seat, member, change.previous)
        try:
            change = await self.service.assign_seat(game.id, actor, seat, member.id, ctx.guild.id)
        except BaseException:
            await undo()
            raise
        channel_id = game.seat(change.seat).channel_id
        note = "" if channel_id is None or ctx.guild.get_channel(channel_id) is not None else \
            " Its private channel is gone: the player gets its messages by direct message."
        # anonymous players: the GM alone is told, of the member they named and never of whom it replaced
        previous = player_named(game, change.previous, None, "its previous player")
        told = (f"{member.mention} now holds **{change.seat}** in game #{game.id}"
                + (f" (replacing {previous})." if change.previous else ".") + note)
        told += " They were told." if game.status == "forming" else ""
        if players_hidden(game):
            await reply_privately(self.service, ctx, told)
            return
        await reply(ctx, told)

    @gm.command(name="advertise", description="GM: post an open-seat notice with Join buttons")
    @app_commands.describe(game_id=GAME_ID, seat="one seat to advertise; default: every seat that wants a player")
    @guild_only()
    async def advertise(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        # the notice is this reply; where that is not the game channel, the game channel gets it too
        seats = await self.service.advertise(game.id, actor_of(ctx), seat,
                                             also_in_game_channel=ctx.channel.id != game.channel_id)
        text = advert_text(await self.service.game(game.id), seats)
        if game.audience == "players" and ctx.channel.id in (game.channel_id, *[s.channel_id for s in game.seats]):
            text += ("\n-# Only this game's players read this channel: type `/gm advertise` in a channel "
                     "candidates read to post the Join buttons there.")
        await reply(ctx, text, view=join_view(game.id, seats))

    @gm.command(name="pause", description="GM: stop the clock")
    @app_commands.describe(game_id=GAME_ID)
    async def pause(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.pause(game.id, actor_of(ctx))
        await reply(ctx, f"Game #{game.id} is paused. `/gm resume {game.id}` restarts the clock.")

    @gm.command(name="resume", description="GM: restart the clock")
    @app_commands.describe(game_id=GAME_ID)
    async def resume(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.resume(game.id, actor_of(ctx))
        phase = await self.service.phase(game.id)
        await reply(ctx, f"Game #{game.id} resumes; deadline <t:{int(phase.deadline.timestamp())}:R>.")

    @gm.command(name="extend", description="GM: push the deadline back by some hours")
    @app_commands.describe(hours="hours to add to the deadline", game_id=GAME_ID)
    async def extend(self, ctx: commands.Context, hours: float, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        deadline = await self.service.extend(game.id, actor_of(ctx), hours)
        await reply(ctx, f"Deadline of game #{game.id} is now <t:{int(deadline.timestamp())}:R>.")

    @gm.command(name="policy", description="GM: excused missed phases, their extension, fixed-time deadlines, pause cap")
    @app_commands.describe(game_id=GAME_ID, excused="missed phases excused per player before civil disorder (0-10)",
                           extension="hours an excused miss adds to the deadline (once per phase)",
                           deadline_time="deadlines at this time of day, e.g. 21:00 (`off`: phase length after opening)",
                           time_zone="IANA time zone of that time, e.g. Europe/Paris",
                           pause_cap="longest pause (hours) a GM who holds a seat, or a vote, may impose",
                           absent="who plays a seat in civil disorder: the bot, or nobody (units hold)")
    @app_commands.choices(absent=[app_commands.Choice(name=p, value=p) for p in ABSENT_POLICIES])
    async def policy(self, ctx: commands.Context, game_id: int | None = None, excused: int | None = None,
                     extension: float | None = None, deadline_time: str | None = None,
                     time_zone: str | None = None, pause_cap: float | None = None, absent: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        changed = await self.service.set_policy(game.id, actor_of(ctx), excused, extension, deadline_time, time_zone,
                                                pause_cap, absent)
        await reply(ctx, f"Game #{game.id}: {policy_text(changed)} It applies from the next deadline on; "
                         f"the game channel was told.")

    @policy.autocomplete("time_zone")
    async def _zones(self, interaction: discord.Interaction, current: str):
        key = current.lower().replace(" ", "_")
        return [app_commands.Choice(name=z, value=z) for z in zone_names() if key in z.lower()][:25]

    @gm.command(name="bot", description="GM, before the start: a bot plays a seat (level off: a person again)")
    @app_commands.describe(seat="the seat the bot plays", game_id=GAME_ID,
                           level="easy, normal (default), hard; off: the seat waits for a person again")
    @app_commands.choices(level=[app_commands.Choice(name=v, value=v) for v in (*BOT_LEVELS, "off")])
    @guild_only()
    async def bot(self, ctx: commands.Context, seat: str, game_id: int | None = None, level: str = "normal") -> None:
        game = await resolve_game(self.service, ctx, game_id)
        chosen = await self.service.set_bot_seat(game.id, actor_of(ctx), seat, level)
        if turns_bot_off(level):
            await reply(ctx, f"**{chosen}** in game #{game.id} waits for a person again: `/game join {game.id} "
                             f"{chosen}`.")
            return
        await reply(ctx, f"🤖 A bot ({level}) plays **{chosen}** in game #{game.id}. It orders as each phase opens "
                         f"and is ready at once; a person can still take the seat (`/game join {game.id} {chosen}`, "
                         f"or **Join** once the game runs). `/game start {game.id}` when the other seats are taken.")

    @gm.command(name="adjudicate", description="GM: adjudicate the current phase now")
    @app_commands.describe(game_id=GAME_ID)
    async def adjudicate(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        phase = await self.service.force_adjudicate(game.id, actor_of(ctx))
        await reply(ctx, f"Adjudicated; now **{phase.label}**. The results are posted in the game channel."
                    if phase else "Nothing to adjudicate.")

    @gm.command(name="rollback", description="GM: undo the last adjudication (a seated GM needs the players' vote)")
    @app_commands.describe(game_id=GAME_ID)
    async def rollback(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        asked_in = await self.service.phase(game.id)       # the rollback undoes the adjudication before it
        tally = await self.service.rollback(game.id, actor_of(ctx), asked_in.seq)
        if tally is None or tally.passed:
            phase = await self.service.phase(game.id)
            await reply(ctx, f"Rolled back: **{phase.label}** is open again with its orders; the game channel was "
                             f"told.")
        else:
            await reply(ctx, f"You hold a seat, so the other players decide: {tally.describe()}.")

    @gm.command(name="abandon", description="GM: end the game without a winner")
    @app_commands.describe(game_id=GAME_ID)
    async def abandon(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await self.service.abandon(game.id, actor_of(ctx))
        await reply(ctx, f"Game #{game.id} is abandoned; its seed is revealed in the game channel.")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot, bot.service))
