"""The clock on Discord: runs `GameClock` and turns each outbox destination into a Discord send."""
from __future__ import annotations

import asyncio
import io
import logging

import discord
from discord.ext import commands

from service.clock import GameClock
from service.delivery import Delivery, Destination, DestinationUnavailable, Undeliverable

from .common import chunks

log = logging.getLogger("dispatch.clock")


class DeliveryCog(commands.Cog, name="Clock"):
    def __init__(self, bot: commands.Bot, service):
        self.bot = bot
        self.service = service
        self.clock = GameClock(service, self.send)
        self._task: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="dispatch-clock")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        # A deadline that passed while the bot was down is due now: the first round adjudicates it.
        await self.bot.wait_until_ready()
        await self.clock.run()

    async def send(self, destination: Destination, delivery: Delivery) -> None:
        try:
            target = await self._messageable(destination)
            mentions = (discord.AllowedMentions(everyone=False, roles=False,
                                                users=[discord.Object(destination.ping_user)])
                        if destination.ping_user else discord.AllowedMentions.none())
            text = destination.text
            if destination.ping_user and f"<@{destination.ping_user}>" not in text:
                text = f"<@{destination.ping_user}> {text}"
            parts = chunks(text)
            for index, part in enumerate(parts):
                file = None
                if index == len(parts) - 1 and destination.with_map and delivery.png is not None:
                    file = discord.File(io.BytesIO(delivery.png), filename=delivery.filename)
                await target.send(part, file=file, allowed_mentions=mentions)
        except (discord.NotFound, discord.Forbidden) as exc:
            raise DestinationUnavailable(f"{exc.status} {exc.code} {exc.text}") from None
        except discord.HTTPException as exc:
            if 400 <= exc.status < 500 and exc.status != 429:
                raise Undeliverable(f"Discord refused the message: {exc.status} {exc.code} {exc.text}") from None
            raise

    async def _messageable(self, destination: Destination) -> discord.abc.Messageable:
        if destination.kind == "user":
            user = self.bot.get_user(destination.id) or await self.bot.fetch_user(destination.id)
            return user
        channel = self.bot.get_channel(destination.id)
        if channel is None:
            channel = await self.bot.fetch_channel(destination.id)
        return channel


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DeliveryCog(bot, bot.service))
