"""`/league …`: a server's leagues. Words, checks and answers: `service.commands.leagues`; what
only Discord has is here — the asker's roles (the organiser role), a role named by its name, and
the channel the standings go to, checked first for the permissions the bot needs there."""
from __future__ import annotations

from typing import Any

from discord.ext import commands

from service.errors import BadInput

from .common import DispatchCog, reply
from .declared import declared, declared_group
from .permissions import LABELS

POSTING = ("view_channel", "send_messages")        # what the bot needs where it posts standings


def member_roles(ctx: commands.Context) -> list[int]:
    """The asker's roles (the organiser check reads them)."""
    return [role.id for role in getattr(ctx.author, "roles", ()) or ()]


def standings_channel(ctx: commands.Context, given: str | None) -> str | None:
    """The channel the standings go to (`<#id>`, else where the command is typed), checked: it
    exists in this server and the bot may post there, else BadInput naming what is missing."""
    text = str(given or "").strip()
    channel: Any = ctx.channel
    if text:
        digits = text[2:-1] if text.startswith("<#") and text.endswith(">") else text
        channel = ctx.guild.get_channel(int(digits)) if digits.isdigit() else None
        if channel is None:
            raise BadInput(f"channel: no channel `{text[:40]}` on this server (type # and pick one)")
    me = ctx.guild.me
    if channel is not None and me is not None and hasattr(channel, "permissions_for"):
        held = channel.permissions_for(me)
        missing = [LABELS[name] for name in POSTING if not getattr(held, name)]
        if missing:
            raise BadInput(f"I cannot post the standings in <#{channel.id}>: I lack {', '.join(missing)} there. "
                           f"Give me them in that channel, or name another with `channel:`; nothing was created")
    return f"<#{channel.id}>" if channel is not None else None


def role_of(ctx: commands.Context, given: str) -> str:
    """A role named by its mention, number or name, as the service reads it (`<@&id>` or `off`)."""
    text = str(given or "").strip()
    if text.lower() in ("off", "none", "no") or text.startswith("<@&") or text.isdigit():
        return text
    found = [r for r in ctx.guild.roles if r.name.lower() == text.lstrip("@").lower()]
    if not found:
        raise BadInput(f"role: no role called `{text[:40]}` on this server")
    return f"<@&{found[0].id}>"


class LeagueCog(DispatchCog, name="Leagues"):
    """A season of games: created, joined, its standings (`service.commands.leagues`)."""

    @declared_group("league")
    async def league(self, ctx: commands.Context) -> None:
        await reply(ctx, "League commands: `/league create`, `/league join`, `/league leave`, `/league standings`, "
                         "`/league export`, `/league close`, `/league organisers`. See `/help`.", ephemeral=True)

    @declared("league create", league)
    async def create(self, ctx: commands.Context, name: str, scoring: str | None = None, families: str | None = None,
                     ends: str | None = None, rank: str | None = None, best: int | None = None,
                     minimum: int | None = None, abandoned: str | None = None, channel: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name, scoring=scoring, families=families, ends=ends, rank=rank, best=best,
                                  minimum=minimum, abandoned=abandoned, channel=standings_channel(ctx, channel),
                                  roles=member_roles(ctx))

    @declared("league organisers", league)
    async def organisers(self, ctx: commands.Context, role: str) -> None:
        await self.run_and_answer(ctx, role=role_of(ctx, role))

    @declared("league join", league)
    async def join(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    @declared("league leave", league)
    async def leave(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    @declared("league standings", league)
    async def standings(self, ctx: commands.Context, name: str | None = None, page: int | None = None) -> None:
        await self.run_and_answer(ctx, name=name, page=page)

    @declared("league export", league)
    async def export(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name)

    @declared("league close", league)
    async def close(self, ctx: commands.Context, name: str | None = None) -> None:
        await self.run_and_answer(ctx, name=name, roles=member_roles(ctx))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LeagueCog(bot, bot.service))


__all__ = ["LeagueCog", "member_roles", "role_of", "standings_channel"]
