"""What every cog shares: who is asking, which game they mean, replying, and errors."""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.variant import variants
from service import Actor, GameInfo, GameService, ServiceError
from service.errors import BadInput, NotFound

log = logging.getLogger("dispatch")
MESSAGE_LIMIT = 2000


def actor_of(ctx: Any) -> Actor:
    """The user behind a command; server administrators are GMs of every game."""
    author = ctx.author
    perms = getattr(author, "guild_permissions", None)
    return Actor(author.id, bool(perms and perms.administrator), getattr(author, "display_name", "") or "")


async def resolve_game(service: GameService, ctx: Any, game_id: int | None) -> GameInfo:
    """The game a command is about: the number given, else the channel's game, else the
    caller's only running game in this server."""
    if game_id is not None:
        game = await service.game(game_id)
        if ctx.guild is not None and game.guild_id != ctx.guild.id:
            raise NotFound(f"there is no game #{game_id} on this server")
        return game
    found = await service.game_for_channel(ctx.channel.id) if ctx.channel is not None else None
    if found is not None:
        return found[0]
    guild_id = ctx.guild.id if ctx.guild else 0
    mine = [g for g in await service.list_games(guild_id)
            if ctx.author.id in {s.user_id for s in g.seats} or g.creator_id == ctx.author.id]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise BadInput("which game? give its number (see `/game list`)")
    raise BadInput("you are in several games: give the game number ("
                   + ", ".join(f"#{g.id} {g.name}" for g in mine) + ")")


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


async def reply(ctx: Any, text: str, *, file: discord.File | None = None, ephemeral: bool = False) -> None:
    parts = chunks(text)
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        kwargs: dict[str, Any] = {"ephemeral": ephemeral} if getattr(ctx, "interaction", None) else {}
        if last and file is not None:
            kwargs["file"] = file
        await ctx.send(part, **kwargs)


def error_text(error: BaseException) -> str:
    """The one place a command error becomes words for the user."""
    original = error
    while isinstance(original, (commands.CommandInvokeError, commands.HybridCommandError,
                                app_commands.CommandInvokeError)) and original.__cause__ is not None:
        original = original.__cause__
    if isinstance(original, (commands.CommandInvokeError, commands.HybridCommandError)):
        original = getattr(original, "original", original)
    if isinstance(original, ServiceError):
        return f"⚠️ {original}"
    if isinstance(original, commands.MissingRequiredArgument):
        return f"⚠️ missing `{original.param.name}`. See `/help`."
    if isinstance(original, (commands.BadArgument, commands.BadUnionArgument)):
        return f"⚠️ {original}"
    if isinstance(original, commands.CheckFailure):
        return f"⚠️ {original or 'you may not use this command here'}"
    if isinstance(original, commands.CommandNotFound):
        return "⚠️ no such command; see `/help`"
    log.exception("unexpected command error", exc_info=original)
    return "⚠️ something went wrong on our side; nothing was changed. The error was logged."


class DispatchCog(commands.Cog):
    """Base cog: holds the service and reports every error the same way."""

    def __init__(self, bot: commands.Bot, service: GameService):
        self.bot = bot
        self.service = service

    async def cog_command_error(self, ctx: commands.Context, error: Exception) -> None:
        await reply(ctx, error_text(error), ephemeral=True)

    # ---- autocomplete shared by all cogs
    async def game_autocomplete(self, interaction: discord.Interaction, current: str):
        guild_id = interaction.guild_id or 0
        games = await self.service.list_games(guild_id)
        return [app_commands.Choice(name=f"#{g.id} {g.name} ({g.status})"[:100], value=g.id)
                for g in games if current.lower() in f"{g.id} {g.name}".lower()][:25]

    async def variant_autocomplete(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=f"{v.title} ({key})"[:100], value=key)
                for key, v in variants().items() if current.lower() in f"{key} {v.title}".lower()][:25]


def guild_only():
    """Games live in a server: refuse DMs with a clear message."""
    async def predicate(ctx: commands.Context) -> bool:
        if ctx.guild is None:
            raise commands.NoPrivateMessage("games are played in a server channel, not in DMs")
        return True
    return commands.check(predicate)
