"""What the bot needs on a server, derived from what it does, in one place.

Discord refuses a channel overwrite that allows or denies a permission the bot does not hold
itself ("only permissions your bot has in the guild can be allowed/denied"), and editing an
overwrite needs Manage Roles. So every overwrite the bot writes is built here from `NEEDED`,
and a test checks that no overwrite grants a bit outside it.
"""
from __future__ import annotations

from typing import Iterable

import discord
from discord.ext import commands

# Each permission the bot uses, with the reason a server admin is shown.
NEEDED: dict[str, str] = {
    "view_channel": "see the game channels it creates",
    "manage_channels": "create each game's category, public channel and private seat channels",
    "manage_roles": "give each player access to their seat channel, move it to a substitute, and keep a "
                    "game's Spectator role",
    "send_messages": "post results, briefs and reminders",
    "embed_links": "show links and timestamps in results",
    "attach_files": "post maps and exports",
    "read_message_history": "let players scroll back in their channels",
}

# The names Discord's own settings screens use.
LABELS = {"view_channel": "View Channels", "manage_channels": "Manage Channels", "manage_roles": "Manage Roles",
          "send_messages": "Send Messages", "embed_links": "Embed Links", "attach_files": "Attach Files",
          "read_message_history": "Read Message History"}

REQUIRED = discord.Permissions(**{name: True for name in NEEDED})

# What a player may do in their own seat channel, and what the bot needs in every game channel.
SEAT_ACCESS = dict(view_channel=True, send_messages=True, read_message_history=True, attach_files=True,
                   embed_links=True)
BOT_ACCESS = dict(SEAT_ACCESS)      # the bot does in a game channel what a player does in theirs
# Spectators and, once a game is archived, everybody: read, never write.
SPECTATOR_ACCESS = dict(view_channel=True, read_message_history=True, send_messages=False)
READ_ONLY = SPECTATOR_ACCESS
assert set(SEAT_ACCESS) <= set(NEEDED) and set(BOT_ACCESS) <= set(NEEDED) and set(SPECTATOR_ACCESS) <= set(NEEDED)


class BotLacksPermissions(commands.CheckFailure):
    """The bot is missing server permissions for what was asked; nothing was changed."""

    def __init__(self, missing: Iterable[str], action: str):
        self.missing = sorted(missing, key=list(NEEDED).index)
        names = ", ".join(f"**{LABELS[name]}**" for name in self.missing)
        reasons = "; ".join(f"{LABELS[name]}: to {NEEDED[name]}" for name in self.missing)
        super().__init__(f"I cannot {action}: I am missing {names} on this server ({reasons}). "
                         f"Nothing was changed. A server admin can grant them to my role in Server "
                         f"Settings → Roles, then try again.")


def missing_permissions(held: discord.Permissions, wanted: Iterable[str] = NEEDED) -> list[str]:
    """The permissions in `wanted` that `held` lacks (an administrator lacks none)."""
    if held.administrator:
        return []
    return [name for name in wanted if not getattr(held, name)]


def require_bot_permissions(guild: discord.Guild, action: str, wanted: Iterable[str] = NEEDED) -> None:
    me = guild.me
    held = me.guild_permissions if me is not None else discord.Permissions.none()
    missing = missing_permissions(held, wanted)
    if missing:
        raise BotLacksPermissions(missing, action)


def invite_url(client_id: int) -> str:
    """The link that adds the bot to a server with exactly the permissions it needs."""
    return discord.utils.oauth_url(client_id, permissions=REQUIRED, scopes=("bot", "applications.commands"))


CATEGORY_LIMIT = 50          # Discord: at most 50 channels in one category


def discord_cause(exc: discord.HTTPException, doing: str) -> str:
    """Discord's refusal as words a server admin can act on (JSON error codes: Topics → Opcodes
    and Status Codes)."""
    text = str(getattr(exc, "text", "") or exc)
    if exc.code == 30013:
        return (f"I could not {doing}: the server has 500 channels, the most Discord allows. Delete old "
                f"channels (or whole old archive categories) and I will carry on")
    if exc.code == 30005:
        return f"I could not {doing}: the server has 250 roles, the most Discord allows. Delete unused roles"
    if exc.code == 50035 and "category" in text.lower():
        return (f"I could not {doing}: its category is full (Discord allows {CATEGORY_LIMIT} channels a "
                f"category)")
    if exc.code == 50013:
        return (f"I could not {doing}: Discord says I lack a permission there (Manage Channels and Manage Roles "
                f"in that channel or category), or a role I must change sits above my highest role "
                f"(Server Settings → Roles: drag my role above it)")
    if exc.code == 50001:
        return f"I could not {doing}: I cannot see that channel (give me View Channel there)"
    return f"I could not {doing}: Discord refused ({exc.status} {exc.code} {text[:200]})"
