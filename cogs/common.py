"""What every cog shares: who is asking, which game they mean, running a command of the table
(`service.commands`), replying, and errors."""
from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import variants
from service import Actor, GameInfo, GameService, ServiceError
from service.checks import tidy_error
from service.commands import TABLE, Ask, Command
from service.errors import BadInput, NotFound
from service.game_choices import choice_label, game_choices, own_open_games
from service.history import phase_choices
from service.permissions import require_same_server

from .permissions import discord_cause

log = logging.getLogger("dispatch")
MESSAGE_LIMIT = 2000
UPLOAD_LIMIT = 10 * 1024 * 1024      # Discord refuses larger files in one message


def actor_of(ctx: Any) -> Actor:
    """The user behind a command, a button or a form; server administrators are GMs of every game."""
    author = getattr(ctx, "author", None) or ctx.user
    perms = getattr(author, "guild_permissions", None)
    return Actor(author.id, bool(perms and perms.administrator), getattr(author, "display_name", "") or "")


def table_command(ctx: Any) -> Command | None:
    """The command table's row of the command being run (`cogs.declared` names it in `extras`)."""
    command = getattr(ctx, "command", None)
    return TABLE.get((getattr(command, "extras", None) or {}).get("table", ""))


def is_private(ctx: Any) -> bool:
    command = getattr(ctx, "command", None)
    return bool(command is not None and getattr(command, "extras", {}).get("private"))


async def private_in_its_game(service: GameService, ctx: Any, command: Command) -> bool:
    """Is the answer for the asker alone because of the game it is about (`Command.private_if`:
    an anonymous game names a seat's player to that player only)?"""
    try:
        game = await resolve_game(service, ctx, (getattr(ctx, "kwargs", None) or {}).get("game_id"))
    except ServiceError:
        return False              # the command itself reports what is wrong
    return bool(command.private_if(game))


async def resolve_game(service: GameService, ctx: Any, game_id: int | None) -> GameInfo:
    """The game a command is about: the number given, else the channel's game, else the
    caller's only running game in this server. In direct messages only the caller's own games
    (where they hold a seat) can be reached."""
    guild = getattr(ctx, "guild", None)
    if game_id is not None:
        game = await service.game(game_id)
        require_same_server(game, guild.id if guild is not None else None)
        if guild is None and not game.seats_of(ctx.author.id):
            raise NotFound(f"you hold no seat in game #{game_id}; in direct messages you can only "
                           f"reach your own games")
        return game
    channel = getattr(ctx, "channel", None)
    found = await service.game_for_channel(channel.id) if channel is not None and guild is not None else None
    if found is not None:
        return found[0]
    if guild is None:
        mine = await service.games_of_user(ctx.author.id)
    else:
        mine = await own_open_games(service, guild.id, ctx.author.id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise BadInput("which game? give its number (see `/game list`)")
    raise BadInput("you are in several games: give the game number ("
                   + ", ".join(f"#{g.id} {g.name}" for g in mine[:10]) + ")")


async def channel_seat(service: GameService, ctx: Any, game_id: int) -> str | None:
    """The seat whose private channel the command was typed in, if it belongs to game `game_id`."""
    channel = getattr(ctx, "channel", None)
    found = await service.game_for_channel(channel.id) if channel is not None and ctx.guild is not None else None
    return found[1] if found and found[0].id == game_id else None


def chunks(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split a long reply at line breaks so each piece fits one Discord message."""
    out, current = [], ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            out.append(current)
            current = ""
        current += line
    if current or not out:
        out.append(current or "\u200b")
    return out


# What the public "thinking…" of a command becomes, for a moment, when its answer is for the
# asker alone (see `reply`); it is deleted as soon as the answer is sent.
WITHDRAWN = "🔒 Answered privately."
NO_PINGS = discord.AllowedMentions.none()


def _deferred(interaction: Any, how: str) -> bool:
    """Whether `interaction` was deferred `how` ("public" or "private") by `cog_before_invoke`
    and nothing has answered it yet (its "thinking…" is still showing)."""
    extras = getattr(interaction, "extras", None) or {}
    return extras.get("deferred") == how and not extras.get("answered")


async def reply(ctx: Any, text: str, *, file: discord.File | None = None, ephemeral: bool = False,
                view: discord.ui.View | None = None) -> None:
    """Answer in place: the interaction's follow-up (ephemeral if asked) or the channel. A file
    and buttons go with the last part of a long answer.

    Discord shows the first follow-up after a deferred response *as* that response, with the
    defer's visibility, and ignores the follow-up's own ephemeral flag (Interactions → Receiving
    and Responding). So an answer for the asker alone after a public defer first turns the public
    "thinking…" into a neutral line (that edit is the response), goes as an ephemeral follow-up
    (now honoured), and then deletes the line. After a private defer the answer stays private:
    whether a command answers privately is decided before deferring (`answers_privately`)."""
    interaction = getattr(ctx, "interaction", None)
    withdraw = ephemeral and _deferred(interaction, "public")
    if interaction is not None and not ephemeral and _deferred(interaction, "private"):
        ephemeral = True
    if withdraw:
        await interaction.edit_original_response(content=WITHDRAWN, allowed_mentions=NO_PINGS)
    if isinstance(getattr(interaction, "extras", None), dict):
        interaction.extras["answered"] = True
    parts = chunks(text)
    for index, part in enumerate(parts):
        kwargs: dict[str, Any] = {"ephemeral": ephemeral} if interaction is not None else {}
        if index == len(parts) - 1:
            if file is not None:
                kwargs["file"] = file
            if view is not None:
                kwargs["view"] = view
        await ctx.send(part, **kwargs)
    if withdraw:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:        # the neutral line stays: it tells nothing
            log.warning("could not delete the neutral response of interaction %s", interaction.id)


async def reply_privately(service: GameService, ctx: Any, text: str, *, file: discord.File | None = None,
                          view: discord.ui.View | None = None) -> None:
    """Answer so that only the caller sees it: ephemerally for a slash command; in place in
    a direct message or in the caller's own seat channel; otherwise by direct message, with a
    short note (and nothing of the content) where the command was typed."""
    if getattr(ctx, "interaction", None) is not None or ctx.guild is None:
        await reply(ctx, text, file=file, ephemeral=True, view=view)
        return
    found = await service.game_for_channel(ctx.channel.id)
    if found is not None and found[1] is not None:
        seat = found[0].seat(found[1])
        if seat is not None and seat.user_id == ctx.author.id:
            await reply(ctx, text, file=file, view=view)
            return
    try:
        for index, part in enumerate(parts := chunks(text)):
            last = index == len(parts) - 1
            await ctx.author.send(part, file=file if last else None, view=view if last else None)
    except discord.HTTPException:
        await ctx.send(f"⚠️ {ctx.author.mention}, that answer is private and I cannot send you direct "
                       f"messages. Use the slash command, or type it in your seat channel.")
        return
    await ctx.send(f"📬 {ctx.author.mention}, I sent you the answer by direct message (it is private).")


async def component_game(service: GameService, interaction: discord.Interaction, game_id: int,
                         in_game_channel: bool = False) -> GameInfo:
    """The one place check of every button, menu and form: the game it was made for, if it is
    used where that game lives — in the game's own server (the check every command's game number
    passes, `require_same_server`), in direct messages only by one of its players, and for what is
    posted only in the game channel (a turn card's buttons) only in that channel. A custom id
    names any game: one pressed elsewhere (forged, or copied from another server) is refused with
    the words a command gets, and nothing of that game is read out."""
    game = await service.game(game_id)
    if interaction.guild_id is None:
        if not game.seats_of(interaction.user.id):
            raise NotFound(f"you hold no seat in game #{game.id}; in direct messages you can only reach your "
                           f"own games")
    else:
        require_same_server(game, interaction.guild_id)
    if in_game_channel and interaction.channel_id != game.channel_id:
        raise NotFound(f"this button belongs in the channel of game #{game.id}; use `/history` or `/orders` here")
    return game


class GameComponent:
    """Mixed into every button and menu of a game (`DynamicItem`s: sheets, turn cards, Join,
    Confirm): before its callback, discord.py runs `interaction_check`, which applies
    `component_game`; the callback runs the item's `pressed`, and whatever either raises goes
    through one error path, `on_error` (by default `refuse`: the error's words, to the presser
    alone) — as a command's go through `cog_command_error`. discord.py only logs what a dynamic
    item's callback raises, so the path is here. `game_id` is the game the custom id names."""

    game_id: int
    in_game_channel = False

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        try:
            service = interaction.client.service
            if service.limits is not None:          # a press is a command: the same limit per person
                service.limits.command(interaction.user.id)
            await component_game(service, interaction, self.game_id, self.in_game_channel)
        except ServiceError as exc:
            await self.on_error(interaction, exc)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> Any:
        try:
            await self.pressed(interaction)
        except Exception as error:  # noqa: BLE001 - every error is answered, in one place
            await self.on_error(interaction, error)

    async def pressed(self, interaction: discord.Interaction) -> None:
        """What pressing (or picking) does; errors it raises are answered by `on_error`."""
        raise NotImplementedError

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await refuse(interaction, error)


class _Presser:
    """An interaction answered as a command's context is (`reply`): its first answer is the
    response, the rest follow-ups; mentions never ping."""

    def __init__(self, interaction: discord.Interaction):
        self.interaction = interaction

    async def send(self, content: str, **kwargs: Any) -> None:
        if self.interaction.response.is_done():
            await self.interaction.followup.send(content, allowed_mentions=NO_PINGS, **kwargs)
        else:
            await self.interaction.response.send_message(content, allowed_mentions=NO_PINGS, **kwargs)


async def tell_privately(interaction: discord.Interaction, text: str, view: discord.ui.View | None = None, *,
                         file: discord.File | None = None) -> None:
    """Answer the presser of a button, menu or form alone, in as many messages as it needs (a
    view and a file go with the last) — through `reply`, so after a public "thinking…" the answer
    still reaches the presser alone."""
    await reply(_Presser(interaction), text, file=file, ephemeral=True, view=view)


async def refuse(interaction: discord.Interaction, error: BaseException, keep: str = "") -> None:
    """The one error path of buttons, menus and forms: `error_text`'s words to the presser
    alone, and `keep` — what they had typed in a form — under them, so nothing is lost."""
    text = error_text(error)
    if keep.strip():
        text += "\nWhat you had typed:\n```\n" + keep.replace("```", "ʼʼʼ") + "\n```"
    try:
        await tell_privately(interaction, text)
    except discord.HTTPException:
        log.exception("could not refuse interaction %s: %s", interaction.id, text[:200])


def error_text(error: BaseException) -> str:
    """The one place a command error becomes words for the user."""
    original = error
    while isinstance(original, (commands.CommandInvokeError, commands.HybridCommandError,
                                app_commands.CommandInvokeError)) and original.__cause__ is not None:
        original = original.__cause__
    if isinstance(original, (commands.CommandInvokeError, commands.HybridCommandError)):
        original = getattr(original, "original", original)
    if isinstance(original, ServiceError):
        return f"⚠️ {tidy_error(str(original))}"
    if isinstance(original, commands.MissingRequiredArgument):
        return f"⚠️ missing `{original.param.name}`. See `/help`."
    if isinstance(original, (commands.BadArgument, commands.BadUnionArgument, commands.UserInputError)):
        return f"⚠️ {tidy_error(str(original))}"
    if isinstance(original, commands.CheckFailure):
        return f"⚠️ {tidy_error(str(original)) or 'you may not use this command here'}"
    if isinstance(original, commands.CommandNotFound):
        return "⚠️ no such command; see `/help`"
    if isinstance(original, discord.HTTPException):       # name Discord's real cause, not "went wrong"
        return f"⚠️ {discord_cause(original, 'finish that')}."
    log.error("unexpected command error", exc_info=original)
    return "⚠️ something went wrong on our side; nothing was changed. The error was logged."


class DispatchCog(commands.Cog):
    """Base cog: holds the service, defers slow commands and reports every error the same way."""

    def __init__(self, bot: commands.Bot, service: GameService):
        self.bot = bot
        self.service = service

    async def cog_before_invoke(self, ctx: commands.Context) -> None:
        # Discord drops an interaction not answered within 3 seconds; every command here reads
        # the database more than once, some create channels or draw maps: answer "thinking…"
        # first, then the real reply arrives as the follow-up.
        interaction = ctx.interaction
        if interaction is not None and not interaction.response.is_done() and not self.opens_form(ctx):
            private = await self.answers_privately(ctx)
            await ctx.defer(ephemeral=private)
            if isinstance(getattr(interaction, "extras", None), dict):
                interaction.extras["deferred"] = "private" if private else "public"      # read by `reply`

    def opens_form(self, ctx: commands.Context) -> bool:
        """Whether this command answers with a form (a modal), which must be the interaction's
        first response: it is not deferred, and reads only what the form needs."""
        return False

    async def answers_privately(self, ctx: commands.Context) -> bool:
        """Whether this command's reply is for the caller alone (decided before deferring, as a
        deferred public answer cannot become ephemeral)."""
        command = table_command(ctx)
        if command is not None and command.private_if is not None and not is_private(ctx):
            return await private_in_its_game(self.service, ctx, command)
        return is_private(ctx)

    # ---- the command table: the same service call and the same answer as the console
    async def viewer(self, ctx: commands.Context) -> int | None:
        """Whose palette the answer's pictures use: None, the server's (`MapCog`: the asker's
        own, when the map is for them alone)."""
        return None

    async def ask(self, ctx: commands.Context, game_id: int | None = None, found_seat: str | None = None,
                  **values: Any) -> Ask:
        """The command being run as its table row reads it: the asker, the arguments by name, the
        game meant (the number given, else this channel's or the asker's only one) and the seat
        (`found_seat`: written before the orders, else the seat channel it was typed in)."""
        command = table_command(ctx)
        game = None
        if command.game == "required":
            game = await resolve_game(self.service, ctx, game_id)
        elif command.game == "optional":
            try:
                game = await resolve_game(self.service, ctx, game_id)
            except BadInput:
                if game_id is not None:
                    raise
        seat = found_seat
        if seat is None and command.for_seat and not values.get("seat") and game is not None:
            seat = await channel_seat(self.service, ctx, game.id)
        guild = getattr(ctx, "guild", None)
        channel = getattr(ctx, "channel", None)
        return Ask(actor_of(ctx), {**values, "game_id": game_id}, game, seat,
                   guild_id=guild.id if guild is not None else None,
                   channel_id=channel.id if channel is not None else None, viewer=await self.viewer(ctx),
                   upload_limit=getattr(guild, "filesize_limit", None) or discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES)

    async def run(self, ctx: commands.Context, **values: Any) -> tuple[Ask, Any]:
        """Ask the service as the table says (`Command.act`)."""
        ask = await self.ask(ctx, **values)
        return ask, await table_command(ctx).act(self.service, ask)

    async def answer(self, ctx: commands.Context, ask: Ask, result: Any, *, view: discord.ui.View | None = None,
                     note: str = "") -> None:
        """Reply with the table's words for `result` (`Command.say`): each part a message with
        its file, `view` and `note` with the last; for the asker alone where the table says so."""
        command = table_command(ctx)
        parts = command.answer(result, ask)
        private = (command.private or ask.viewer is not None
                   or bool(command.private_if is not None and ask.game is not None and command.private_if(ask.game)))
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            file = discord.File(io.BytesIO(part.file[1]), filename=part.file[0]) if part.file else None
            text, shown = part.text + (note if last else ""), view if last else None
            if private:
                await reply_privately(self.service, ctx, text, file=file, view=shown)
            else:
                await reply(ctx, text, file=file, view=shown)

    async def run_and_answer(self, ctx: commands.Context, **values: Any) -> None:
        """The whole of a command that needs nothing of Discord besides its answer."""
        ask, result = await self.run(ctx, **values)
        await self.answer(ctx, ask, result)

    async def cog_command_error(self, ctx: commands.Context, error: Exception) -> None:
        text = error_text(error)
        try:
            if is_private(ctx):
                await reply_privately(self.service, ctx, text)
            else:
                await reply(ctx, text, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not tell %s about an error: %s", ctx.author.id, text)

    # ---- autocomplete shared by all cogs
    async def game_autocomplete(self, interaction: discord.Interaction, current: str):
        """Games the caller can pick: in a server at most 25 of its open games, read through an
        index on every keystroke (service.game_choices); in direct messages their own games."""
        if interaction.guild_id is not None:
            return [app_commands.Choice(name=label, value=game_id)
                    for label, game_id in await game_choices(self.service, interaction.guild_id, current)]
        typed = current.strip().lstrip("#").lower()
        return [app_commands.Choice(name=choice_label(g.id, g.name, g.status), value=g.id)
                for g in await self.service.games_of_user(interaction.user.id)
                if typed in f"{g.id} {g.name}".lower()][:25]

    async def typing_game(self, interaction: discord.Interaction, seat: str | None = None) -> tuple[int | None, str | None]:
        """While a player types: the game (and seat) of this channel, else their one running game here."""
        found = await self.service.game_for_channel(interaction.channel_id) if interaction.channel_id else None
        if found is not None:
            return found[0].id, seat or found[1]
        mine = [g for g in await self.service.games_of_user(interaction.user.id) if g.status == "active"
                and (interaction.guild_id is None or g.guild_id == interaction.guild_id)]
        return (mine[0].id, seat) if len(mine) == 1 else (None, seat)

    async def named_game(self, interaction: discord.Interaction) -> GameInfo | None:
        """While a player types: the game in the `game_id` already given, else this channel's
        game or their one running game here; never a game of another server."""
        game_id = getattr(interaction.namespace, "game_id", None)
        if game_id is None:
            game_id, _ = await self.typing_game(interaction)
        if game_id is None:
            return None
        try:
            game = await self.service.game(int(game_id))
        except ServiceError:
            return None
        if interaction.guild_id is not None and game.guild_id != interaction.guild_id:
            return None
        return game

    async def phase_autocomplete(self, interaction: discord.Interaction, current: str):
        """Past phases of the game named in `game_id`, else of this channel's game."""
        game = await self.named_game(interaction)
        if game is None:
            return []
        return [app_commands.Choice(name=label[:100], value=seq)
                for label, seq in await phase_choices(self.service, game.id, current)]

    async def variant_autocomplete(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=f"{v.title} ({key})"[:100], value=key)
                for key, v in variants().items() if current.lower() in f"{key} {v.title}".lower()][:25]


def guild_only():
    """Games live in a server: refuse DMs with a clear message (prefix commands; slash commands
    are offered in servers only through `app_commands.guild_only`)."""
    async def predicate(ctx: commands.Context) -> bool:
        if ctx.guild is None:
            raise commands.NoPrivateMessage("this command works in a server channel, not in direct messages")
        return True
    return commands.check(predicate)
