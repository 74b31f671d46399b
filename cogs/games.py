"""`/game ...`: list, create, options, join, leave, seats, spectate, start, status, export, import,
delete, settings. What the GM does once a game runs is `/gm ...` (`cogs.gm`)."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import get_variant
from render.palettes import PALETTES
from service.errors import BadInput
from service.game_list import game_list_page, game_list_text
from service.seats import seats_text
from service.visibility import players_hidden
from service.text import game_status, option_list, parse_option_words, variant_or_error

from .channels import ChannelSetupFailed, create_game_channels, undo_game_channels
from .common import (GAME_ID, UPLOAD_LIMIT, DispatchCog, actor_of, guild_only, private_command, reply,
                     reply_privately, resolve_game)
from .permissions import discord_cause, require_bot_permissions
from .seating import register_seating_items



class PageNumber(app_commands.Transformer, commands.Converter):
    """A page of `/game list`, from 1 (a whole number on Discord's keypad); typed, both
    `!game 2` and `!game list 2` work, the second with the slash command's own word."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.integer

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return 1_000_000

    async def transform(self, interaction: discord.Interaction, value: int, /) -> int:
        return int(value)

    async def convert(self, ctx: commands.Context, argument: str) -> int:
        if argument.lower() == "list":
            ctx.view.skip_ws()
            argument = ctx.view.get_word() or "1"
        if not argument.isdigit() or not 1 <= int(argument) <= 1_000_000:
            raise commands.BadArgument(f"page: a number from 1, e.g. `{ctx.clean_prefix}game list 2`, not "
                                       f"`{argument[:20]}`")
        return int(argument)


class GameCog(DispatchCog, name="Games"):
    """Setting up and running games."""

    @commands.hybrid_group(name="game", fallback="list", description="This server's open games, yours first",
                           extras=private_command())
    @app_commands.describe(page="which page (20 games each): 1 has your games, then the newest")
    @app_commands.guild_only()
    @guild_only()
    async def game(self, ctx: commands.Context, page: PageNumber = None) -> None:
        # private: the list puts the asker's own games first (which would tell who plays an
        # anonymous game), a page at a time however many games the server has (service.game_list)
        listing = await game_list_page(self.service, ctx.guild.id, ctx.author.id, page or 1)
        await reply_privately(self.service, ctx, game_list_text(listing))

    @game.command(name="create", description="Create a game (options as key=value words)")
    @app_commands.describe(variant="which game: classic, france_austria, england_turkey (Diplomacy), rx07 (WWI "
                                   "Diplomacy) or aa1914 (Axis & Allies 1914)",
                           name="a name for the game (default: the game's title)",
                           hours="hours per phase (default: the server's setting, 48)",
                           options="options as key=value words; /game options <variant> lists them",
                           bots="seats a bot plays, e.g. Central (solo practice, or to fill a game)")
    @guild_only()
    async def create(self, ctx: commands.Context, variant: str, name: str | None = None,
                     hours: float | None = None, bots: str | None = None, *, options: str = "") -> None:
        raw = parse_option_words(options)
        game = await self.service.create_game(ctx.guild.id, actor_of(ctx), variant, name, raw, hours, bots=bots)
        seats = ", ".join(f"🤖 {s.seat}" if s.bot else s.seat for s in game.seats)
        await reply(ctx, f"Created game **#{game.id} {game.name}** ({get_variant(game.variant).title}), "
                         f"{game.phase_hours:g}h per phase. Seats: {seats}.\n"
                         f"Join with `/game join {game.id}`; the creator starts it with `/game start {game.id}`.")

    @create.autocomplete("variant")
    async def _create_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @game.command(name="options", description="List the options a game can be created with",
                  extras=private_command())
    @app_commands.describe(variant="which game: classic, france_austria, england_turkey, rx07 or aa1914")
    async def options(self, ctx: commands.Context, variant: str) -> None:
        await reply(ctx, option_list(variant_or_error(variant)), ephemeral=True)

    @options.autocomplete("variant")
    async def _options_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @game.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game_id=GAME_ID, seat="the seat (power or side) you want; default: the first open one")
    @guild_only()
    async def join(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        taken = await self.service.join(game.id, actor_of(ctx), seat)
        if game.options.get("anonymous"):          # anonymous players: the seat is told to its player only
            await reply_privately(self.service, ctx, f"You take **{taken}** in game #{game.id} (anonymous game: "
                                                     f"nobody else is told who plays it until the end).")
            return
        await reply(ctx, f"{ctx.author.mention} takes **{taken}** in game #{game.id}.")

    @join.autocomplete("game_id")
    async def _join_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @game.command(name="leave", description="Give up your seat before the start, or offer it to a substitute")
    @app_commands.describe(game_id=GAME_ID, seat="which of your seats, if you hold several",
                           cancel="take back an offer to hand your seat over")
    @guild_only()
    async def leave(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None,
                    cancel: bool = False) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        left = await self.service.leave(game.id, actor_of(ctx), seat, cancel)
        if players_hidden(game):
            # anonymous players: whose seat it was stays between the player and the bot (the game
            # channel is told of a seat offered to a substitute, without its player)
            what = ("keep" if cancel else "leave") if game.status == "forming" or cancel else "offer"
            await reply_privately(self.service, ctx, f"You {what} **{left}** in game #{game.id}" + (
                " to a substitute: a Join button is posted in the game channel. Keep giving orders until someone "
                "takes it; `/game leave cancel:True` takes the offer back." if what == "offer" else "."))
        elif game.status == "forming":
            await reply(ctx, f"{ctx.author.mention} leaves **{left}** in game #{game.id}.")
        elif cancel:
            await reply(ctx, f"{ctx.author.mention} keeps **{left}** in game #{game.id}; it is no longer offered to "
                             f"a substitute.")
        else:
            where = ("the game channel" if game.audience != "players" else
                     "the game channel, which only its players read: the GM posts one where candidates read "
                     "with `/gm advertise` typed in a public channel (they were told)")
            await reply(ctx, f"**{left}** is offered to a substitute in game #{game.id}: a Join button is posted in "
                             f"{where}. Keep giving orders until someone takes it; "
                             f"`/game leave cancel:True` takes the offer back.")

    @game.command(name="seats", description="Who holds each seat, since when, and who held it before",
                  extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    async def seats(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await reply_privately(self.service, ctx, seats_text(game, await self.service.seat_history(game.id),
                                                            ctx.author.id))

    @game.command(name="spectate", description="Read a game's channel as a spectator (or stop)",
                  extras=private_command())
    @app_commands.describe(game_id=GAME_ID, stop="stop spectating")
    @guild_only()
    async def spectate(self, ctx: commands.Context, game_id: int | None = None, stop: bool = False) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        game = await self.service.check_spectate(game.id, actor_of(ctx), ctx.guild.id)
        role = ctx.guild.get_role(game.spectator_role_id)
        if role is None:
            raise BadInput(f"the Spectator role of game #{game.id} was deleted; ask a server admin")
        require_bot_permissions(ctx.guild, "give the Spectator role", ("manage_roles",))
        top = ctx.guild.me.top_role
        if role >= top:
            raise BadInput(f"the role **{role.name}** sits at or above my highest role (**{top.name}**), so Discord "
                           f"does not let me give or take it. A server admin can drag my role above it in Server "
                           f"Settings → Roles; nothing was changed")
        try:
            if stop:
                await ctx.author.remove_roles(role, reason=f"Dispatch: stops spectating game {game.id}")
            else:
                await ctx.author.add_roles(role, reason=f"Dispatch: spectates game {game.id}")
        except discord.HTTPException as exc:
            raise BadInput(discord_cause(exc, f"{'take' if stop else 'give'} the role {role.name}")
                           + "; nothing was changed") from None
        if stop:
            await reply(ctx, f"You no longer spectate game #{game.id}.", ephemeral=True)
        else:
            await reply(ctx, f"You now spectate game #{game.id}: read <#{game.channel_id}> (results and maps). "
                             f"Seat, alliance and press channels stay private. `/game spectate stop:True` ends it.",
                        ephemeral=True)

    @game.command(name="start", description="GM: start the game and open its channels")
    @app_commands.describe(game_id=GAME_ID)
    @guild_only()
    async def start(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        actor = actor_of(ctx)
        await self.service.check_start(game.id, actor, ctx.guild.id)
        require_bot_permissions(ctx.guild, f"start game #{game.id}")
        try:
            channels = await create_game_channels(ctx.guild, game, ctx.guild.me)
        except ChannelSetupFailed as exc:
            raise BadInput(f"{exc}. The game has not started and nothing was left behind; fix my "
                           f"permissions and run `/game start {game.id}` again.") from None
        try:
            game = await self.service.start(game.id, actor, channels, ctx.guild.id)
        except BaseException:
            await undo_game_channels(ctx.guild, channels)
            raise
        await reply(ctx, f"Game **#{game.id} {game.name}** has started: results and maps in "
                         f"<#{channels.channel_id}>; each player has a private channel for orders, where "
                         f"their first brief is waiting.")

    @game.command(name="status", description="Phase, deadline, who is ready, and the position",
                  extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    async def status(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        await reply_privately(self.service, ctx, await game_status(self.service, game, ctx.author.id))

    @status.autocomplete("game_id")
    async def _status_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @game.command(name="export", description="Download the game's record (JSON, gzip-compressed)",
                  extras=private_command())
    @app_commands.describe(game_id=GAME_ID)
    async def export(self, ctx: commands.Context, game_id: int | None = None) -> None:
        game = await resolve_game(self.service, ctx, game_id)
        complete, packed = await self.service.export_file(game.id, actor_of(ctx))    # packed off the loop
        if len(packed) > UPLOAD_LIMIT:
            raise BadInput(f"the export is {len(packed) / 2**20:.1f} MiB compressed, over Discord's 10 MiB; "
                           f"the console's `game export {game.id}` writes it to a file")
        scope = "the whole game" if complete else "every adjudicated phase and the public state"
        await reply_privately(self.service, ctx, f"Game #{game.id}: {scope}, as gzip-compressed JSON.",
                              file=discord.File(io.BytesIO(packed), filename=f"game-{game.id}.json.gz"))

    @game.command(name="import", description="Admin: bring back a finished game from its export file",
                  extras=private_command())
    @app_commands.describe(file="a game export (.json or .json.gz) of a finished game")
    @guild_only()
    async def import_(self, ctx: commands.Context, file: discord.Attachment) -> None:
        if file.size > UPLOAD_LIMIT * 4:
            raise BadInput("that file is too large to be a game export")
        game = await self.service.import_file(ctx.guild.id, actor_of(ctx), await file.read())
        await reply(ctx, f"Imported as game **#{game.id} {game.name}** ({game.status}); `/game export {game.id}` "
                         f"and `/map {game.id}` show it.", ephemeral=True)

    @game.command(name="delete", description="Admin: delete a finished game's record for good",
                  extras=private_command())
    @app_commands.describe(game_id="game number (see /game list)")
    @guild_only()
    async def delete(self, ctx: commands.Context, game_id: int) -> None:
        game = await self.service.delete_game(game_id, actor_of(ctx), ctx.guild.id)
        await reply(ctx, f"Deleted the record of game #{game.id} {game.name}. Its channels are left as they "
                         f"are; delete them in Discord if you no longer want them.", ephemeral=True)

    @game.command(name="settings", description="Admin: default hours per phase and reminder times",
                  extras=private_command())
    @app_commands.describe(hours="default hours per phase for new games",
                           shortest="the shortest phase any game here may have, in hours",
                           per_user="open games one member may run at once",
                           per_server="open games this server may have at once",
                           reminders="hours before a deadline to remind players, e.g. `24 1`",
                           palette="colours of the maps posted here: standard or colour-blind")
    @app_commands.choices(palette=[app_commands.Choice(name=p, value=p) for p in PALETTES])
    @guild_only()
    async def settings(self, ctx: commands.Context, hours: float | None = None, shortest: float | None = None,
                       per_user: int | None = None, per_server: int | None = None, palette: str | None = None, *,
                       reminders: str = "") -> None:
        lead = None
        if reminders.strip():
            try:
                lead = [float(x) for x in reminders.replace(",", " ").split()]
            except ValueError:
                raise BadInput("reminders are hours before the deadline, e.g. `24 1`") from None
        current = await self.service.set_guild_settings(ctx.guild.id, actor_of(ctx), hours, lead, shortest,
                                                        per_user, per_server, palette)
        await reply(ctx, f"Server settings: {current['phase_hours']:g}h per phase by default (at least "
                         f"{current['min_phase_hours']:g}h), reminders "
                         + ", ".join(f"{h:g}h" for h in current["reminder_hours"]) + " before deadlines; at most "
                         f"{current['max_games_per_user']} open games a member and {current['max_games_per_server']} "
                         f"on the server; maps in the {current['palette']} palette.", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    register_seating_items(bot)     # Join buttons keep working after a restart
    await bot.add_cog(GameCog(bot, bot.service))
