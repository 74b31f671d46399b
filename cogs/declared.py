"""Slash and prefix commands declared against the command table (`service.commands`).

A cog writes its commands in discord.py's own style — a method per command, checks as
decorators, errors in the cog's one `cog_command_error` — and `declared("gm pause", gm)` takes
everything else from the table: the name, the description, each option's description and choices,
the server-only check and whether the answer is for the asker alone. The method's parameters
must be the table's arguments, in the table's order (checked when the cog is defined), so the
synced slash command and the console read the same arguments.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

from discord import app_commands
from discord.ext import commands

from service.commands import GROUPS, TABLE, Command

from .common import guild_only


def _check_parameters(func: Callable[..., Any], command: Command) -> None:
    """The method's parameters after `self, ctx` are the table's arguments, in order; an argument
    that takes the rest of the line is keyword-only (discord.py reads the rest of a typed line
    into it)."""
    params = list(inspect.signature(func).parameters.values())[2:]
    names = [p.name for p in params]
    wanted = [a.name for a in command.args]
    if names != wanted:
        raise TypeError(f"/{command.name}: the method's parameters {names} are not the table's {wanted}")
    for param, arg in zip(params, command.args):
        if arg.rest and param.kind is not inspect.Parameter.KEYWORD_ONLY:
            raise TypeError(f"/{command.name}: `{arg.name}` takes the rest of the line: make it keyword-only")


def _described(func: Callable[..., Any], command: Command) -> Callable[..., Any]:
    """The table's option descriptions and choices, and the server-only check, on the callback."""
    _check_parameters(func, command)
    described = {a.name: a.description for a in command.args if a.description}
    if described:
        func = app_commands.describe(**described)(func)
    choices = {a.name: [app_commands.Choice(name=c, value=c) for c in a.choices] for a in command.args if a.choices}
    if choices:
        func = app_commands.choices(**choices)(func)
    if command.guild_only:
        func = guild_only()(func)
    return func


def extras(command: Command) -> dict[str, Any]:
    """What the cogs read back from a command: its table row's name, and privacy (`is_private`)."""
    return {"table": command.name, **({"private": True} if command.private else {})}


def declared(name: str, group: commands.HybridGroup | None = None):
    """Decorate a cog method as the table's command `name` (in `group`, for `/game …`)."""
    command = TABLE[name]
    if not command.on_discord:
        raise ValueError(f"{name} is the console's only: {command.twin}")

    def decorate(func: Callable[..., Any]) -> commands.HybridCommand:
        func = _described(func, command)
        leaf = name.split()[-1]
        if group is None:
            return commands.hybrid_command(name=leaf, description=command.description, extras=extras(command))(func)
        return group.command(name=leaf, description=command.description, extras=extras(command))(func)
    return decorate


def declared_group(name: str):
    """Decorate a cog method as the group `name` (`GROUPS`): its own callback answers the
    group's fallback command (`/game list`), or lists the group's commands when it has none."""
    group = GROUPS[name]
    fallback = TABLE.get(f"{name} {group.fallback}") if group.fallback else None

    def decorate(func: Callable[..., Any]) -> commands.HybridGroup:
        if fallback is not None:
            func = _described(func, fallback)
        elif group.server_only:
            func = guild_only()(func)
        if group.server_only:
            func = app_commands.guild_only()(func)
        options = {"fallback": group.fallback, "extras": extras(fallback)} if fallback is not None else {}
        return commands.hybrid_group(name=name, description=group.description, **options)(func)
    return decorate
