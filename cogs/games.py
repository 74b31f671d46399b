"""`/game ...`: list, create, options, join, leave, seats, spectate, start, status, export, import,
delete, settings. What the GM does once a game runs is `/gm ...` (`cogs.gm`).

Each command is declared against the command table (`service.commands.games`: its options, the
service call and the answer, the same as the console's); the methods here add what only Discord
has — channels, roles, attachments."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from service.errors import BadInput

from .channels import ChannelSetupFailed, create_game_channels, undo_game_channels
from .common import UPLOAD_LIMIT, DispatchCog
from .declared import declared, declared_group
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
    """Setting up and running games. Names, options and answers: `service.commands.games`."""

    @declared_group("game")
    async def game(self, ctx: commands.Context, page: PageNumber = None) -> None:
        # private: the list puts the asker's own games first (which would tell who plays an
        # anonymous game), a page at a time however many games the server has (service.game_list)
        await self.run_and_answer(ctx, page=page)

    @declared("game create", game)
    async def create(self, ctx: commands.Context, variant: str, name: str | None = None,
                     hours: float | None = None, bots: str | None = None, *, options: str = "") -> None:
        await self.run_and_answer(ctx, variant=variant, name=name, hours=hours, bots=bots, options=options)

    @create.autocomplete("variant")
    async def _create_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @declared("game options", game)
    async def options(self, ctx: commands.Context, variant: str) -> None:
        await self.run_and_answer(ctx, variant=variant)

    @options.autocomplete("variant")
    async def _options_variant(self, interaction, current):
        return await self.variant_autocomplete(interaction, current)

    @declared("game join", game)
    async def join(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id, seat=seat)

    @join.autocomplete("game_id")
    async def _join_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @declared("game leave", game)
    async def leave(self, ctx: commands.Context, game_id: int | None = None, seat: str | None = None,
                    cancel: bool = False) -> None:
        await self.run_and_answer(ctx, game_id=game_id, seat=seat, cancel=cancel)

    @declared("game seats", game)
    async def seats(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("game spectate", game)
    async def spectate(self, ctx: commands.Context, game_id: int | None = None, stop: bool = False) -> None:
        ask = await self.ask(ctx, game_id=game_id, stop=stop)
        game = await self.service.check_spectate(ask.game.id, ask.actor, ctx.guild.id)
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
        await self.answer(ctx, ask, game)

    @declared("game start", game)
    async def start(self, ctx: commands.Context, game_id: int | None = None) -> None:
        ask = await self.ask(ctx, game_id=game_id)
        game = ask.game
        await self.service.check_start(game.id, ask.actor, ctx.guild.id)
        require_bot_permissions(ctx.guild, f"start game #{game.id}")
        try:
            channels = await create_game_channels(ctx.guild, game, ctx.guild.me)
        except ChannelSetupFailed as exc:
            raise BadInput(f"{exc}. The game has not started and nothing was left behind; fix my "
                           f"permissions and run `/game start {game.id}` again.") from None
        try:
            game = await self.service.start(game.id, ask.actor, channels, ctx.guild.id)
        except BaseException:
            await undo_game_channels(ctx.guild, channels)
            raise
        await self.answer(ctx, ask, game)

    @declared("game status", game)
    async def status(self, ctx: commands.Context, game_id: int | None = None, full: bool = False) -> None:
        await self.run_and_answer(ctx, game_id=game_id, full=full)

    @declared("game scores", game)          # seasons: service/commands/seasons.py
    async def scores(self, ctx: commands.Context, game_id: int | None = None) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("game centres", game)
    async def centres(self, ctx: commands.Context, game_id: int | None = None, csv: bool = False) -> None:
        await self.run_and_answer(ctx, game_id=game_id, csv=csv)

    @status.autocomplete("game_id")
    async def _status_game(self, interaction, current):
        return await self.game_autocomplete(interaction, current)

    @declared("game export", game)
    async def export(self, ctx: commands.Context, game_id: int | None = None) -> None:
        ask, (complete, packed) = await self.run(ctx, game_id=game_id)
        if len(packed) > UPLOAD_LIMIT:
            raise BadInput(f"the export is {len(packed) / 2**20:.1f} MiB compressed, over Discord's 10 MiB; "
                           f"the console's `game export {ask.game.id}` writes it to a file")
        await self.answer(ctx, ask, (complete, packed))

    @declared("game import", game)
    async def import_(self, ctx: commands.Context, file: discord.Attachment) -> None:
        if file.size > UPLOAD_LIMIT * 4:
            raise BadInput("that file is too large to be a game export")
        await self.run_and_answer(ctx, file=await file.read())

    @declared("game delete", game)
    async def delete(self, ctx: commands.Context, game_id: int) -> None:
        await self.run_and_answer(ctx, game_id=game_id)

    @declared("game settings", game)
    async def settings(self, ctx: commands.Context, hours: float | None = None, shortest: float | None = None,
                       per_user: int | None = None, per_server: int | None = None, palette: str | None = None, *,
                       reminders: str = "") -> None:
        await self.run_and_answer(ctx, hours=hours, shortest=shortest, per_user=per_user, per_server=per_server,
                                  palette=palette, reminders=reminders)


async def setup(bot: commands.Bot) -> None:
    register_seating_items(bot)     # Join buttons keep working after a restart
    await bot.add_cog(GameCog(bot, bot.service))
