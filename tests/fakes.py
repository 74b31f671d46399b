"""Offline stand-ins for discord.py objects, for calling command callbacks directly."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace


@dataclass
class FakeAuthor:
    id: int
    display_name: str = "player"
    admin: bool = False

    @property
    def guild_permissions(self):
        return SimpleNamespace(administrator=self.admin)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    bot: bool = False
    dms: list = field(default_factory=list)

    async def send(self, content=None, file=None, **_):
        self.dms.append(content)


@dataclass
class FakeContext:
    """Enough of `commands.Context` for our callbacks: author, guild, channel, send."""

    author: FakeAuthor
    guild_id: int = 1000
    channel_id: int = 5000
    sent: list = field(default_factory=list)
    files: list = field(default_factory=list)
    # Behaves as a slash command (replies in place, ephemeral where private); None: a prefix command.
    interaction: object = field(default_factory=lambda: SimpleNamespace(kind="slash"))
    command: object = None          # set by `invoke`, as discord.py sets it before the callback

    @property
    def guild(self):
        return SimpleNamespace(id=self.guild_id, me=SimpleNamespace(id=1), get_member=lambda _id: None,
                               get_channel=lambda _id: None)

    @property
    def channel(self):
        return SimpleNamespace(id=self.channel_id)

    async def send(self, content=None, file=None, ephemeral=False, **_):
        self.sent.append(content)
        if file is not None:
            self.files.append(file)

    @property
    def text(self) -> str:
        return "\n".join(str(s) for s in self.sent)


async def invoke(cog, command, ctx, *args, **kwargs):
    """Call a command's callback as discord.py would, routing errors to the cog's handler."""
    ctx.command = command
    try:
        await command.callback(cog, ctx, *args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the cog's one error handler decides
        await cog.cog_command_error(ctx, exc)
    return ctx.text
