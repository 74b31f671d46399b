"""What the fake Discord knows: users, guilds, roles, channels, overwrites and messages.

Permission arithmetic follows Discord's documentation, "Permissions → Permission Hierarchy"
and "Permission Overwrites": a member's base permissions are the @everyone role's permissions
OR'ed with those of every role they hold (the owner and administrators hold everything); in a
channel the @everyone overwrite applies first, then all role overwrites together (deny, then
allow), then the member's own overwrite. Without VIEW_CHANNEL nothing else in the channel is
granted, and without SEND_MESSAGES the send-dependent bits (attach, embed, mention everyone)
are denied implicitly.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

# Discord's permission bits (documentation: Permissions → Bitwise Permission Flags).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_ROLES = 1 << 28
ALL = (1 << 51) - 1
SEND_DEPENDENT = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE

# A fresh server's @everyone role as Discord creates it, less MENTION_EVERYONE (which many
# servers remove): members read and write everywhere unless a channel says otherwise.
MEMBER_DEFAULT = (CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS
                  | ATTACH_FILES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS)

GUILD_TEXT, DM, GUILD_CATEGORY = 0, 1, 4
ROLE, MEMBER = 0, 1     # overwrite types

DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count()


def snowflake() -> int:
    """A Discord id: milliseconds since 2015 in the high bits (discord.py reads creation times
    from ids, e.g. to know whether an interaction token has expired), a counter in the low."""
    ms = int(datetime.now(timezone.utc).timestamp() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()


class DiscordError(Exception):
    """A request Discord refuses: HTTP status, JSON error code and Discord's message."""

    def __init__(self, status: int, code: int, message: str):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


def missing_access() -> DiscordError:
    return DiscordError(403, 50001, "Missing Access")


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": self.bot, "public_flags": 0, "flags": 0}


@dataclass
class Overwrite:
    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass
class Channel:
    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None
    topic: str | None = None
    position: int = 0
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    recipient: int | None = None          # DM channels
    messages: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self, users: dict[int, User] | None = None) -> dict[str, Any]:
        if self.type == DM:
            return {"id": str(self.id), "type": DM, "last_message_id": None,
                    "recipients": [users[self.recipient].to_json()] if users else []}
        return {"id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
                "position": self.position, "parent_id": str(self.parent_id) if self.parent_id else None,
                "topic": self.topic, "nsfw": False, "rate_limit_per_user": 0, "flags": 0,
                "permission_overwrites": [o.to_json() for o in self.overwrites.values()]}


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, list[int]] = field(default_factory=dict)     # user id -> role ids
    channels: list[int] = field(default_factory=list)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]          # @everyone has the guild's id

    def base_permissions(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL
        if user_id not in self.members:
            return 0
        perms = self.everyone.permissions
        for role_id in self.members[user_id]:
            perms |= self.roles[role_id].permissions
        return ALL if perms & ADMINISTRATOR else perms

    def channel_permissions(self, user_id: int, channel: Channel) -> int:
        perms = self.base_permissions(user_id)
        if perms == ALL:
            return ALL
        everyone = channel.overwrites.get(self.id)
        if everyone is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in self.members.get(user_id, []):
            overwrite = channel.overwrites.get(role_id)
            if overwrite is not None and overwrite.type == ROLE:
                allow |= overwrite.allow
                deny |= overwrite.deny
        perms = (perms & ~deny) | allow
        mine = channel.overwrites.get(user_id)
        if mine is not None and mine.type == MEMBER:
            perms = (perms & ~mine.deny) | mine.allow
        if not perms & VIEW_CHANNEL:
            return 0
        if not perms & SEND_MESSAGES:
            perms &= ~SEND_DEPENDENT
        return perms

    def member_json(self, user: User) -> dict[str, Any]:
        return {"user": user.to_json(), "roles": [str(r) for r in self.members[user.id]], "nick": None,
                "avatar": None, "joined_at": "2026-01-01T00:00:00+00:00", "premium_since": None,
                "deaf": False, "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None}


_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")


@dataclass(frozen=True)
class Pings:
    """Who a message notifies, given its content and `allowed_mentions`."""

    users: frozenset[int]
    roles: frozenset[int]
    everyone: bool

    @classmethod
    def of(cls, content: str, allowed: dict[str, Any] | None) -> "Pings":
        # Documentation (Message → Allowed Mentions): with no allowed_mentions object every
        # mention in the content notifies; `parse` lists the types parsed from content, and
        # `users`/`roles` list the only ids of that type that may notify.
        users = {int(u) for u in _USER_MENTION.findall(content or "")}
        roles = {int(r) for r in _ROLE_MENTION.findall(content or "")}
        everyone = "@everyone" in (content or "") or "@here" in (content or "")
        if allowed is None:
            return cls(frozenset(users), frozenset(roles), everyone)
        parse = set(allowed.get("parse", []))
        allowed_users = {int(u) for u in allowed.get("users", [])}
        allowed_roles = {int(r) for r in allowed.get("roles", [])}
        return cls(frozenset(u for u in users if "users" in parse or u in allowed_users),
                   frozenset(r for r in roles if "roles" in parse or r in allowed_roles),
                   everyone and "everyone" in parse)
