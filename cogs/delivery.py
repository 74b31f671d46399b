"""The clock: fire due reminders and deadlines, then post what the service owes to Discord."""
from __future__ import annotations

import io
import logging

import discord
from discord.ext import commands, tasks

from service.delivery import Delivery, Undeliverable, deliver_pending

from .common import chunks

log = logging.getLogger("dispatch.clock")
TICK_SECONDS = 30


class DeliveryCog(commands.Cog, name="Clock"):
    def __init__(self, bot: commands.Bot, service):
        self.bot = bot
        self.service = service

    async def cog_load(self) -> None:
        self.clock.start()

    async def cog_unload(self) -> None:
        self.clock.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def clock(self) -> None:
        # A deadline that passed while the bot was down is due now: tick adjudicates it once.
        try:
            await self.service.tick()
        except Exception:
            log.exception("tick failed")
        await deliver_pending(self.service, self.send)

    @clock.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def send(self, delivery: Delivery) -> None:
        if delivery.channel_id is None:
            raise Undeliverable(f"game #{delivery.message.game_id} has no channel")
        channel = self.bot.get_channel(delivery.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(delivery.channel_id)
            except discord.NotFound:
                raise Undeliverable(f"channel {delivery.channel_id} was deleted") from None
        parts = chunks(delivery.text)
        for index, part in enumerate(parts):
            file = None
            if index == len(parts) - 1 and delivery.png is not None:
                file = discord.File(io.BytesIO(delivery.png), filename=delivery.filename)
            await channel.send(part, file=file)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DeliveryCog(bot, bot.service))
