"""The clock on Discord: runs `GameClock` and turns each outbox destination into a Discord send."""
from __future__ import annotations

import asyncio
import io
import logging

import discord
from discord.ext import commands

from service.clock import LONGEST_SLEEP, GameClock
from service.delivery import Delivery, Destination, DestinationUnavailable, Undeliverable, nonce


from engine.variant import get_variant
from service import ServiceError
from service.models import OrderSheet
from service.reports import message_parts

from .common import UPLOAD_LIMIT
from .permissions import missing_permissions
from .rooms import ArchiveIncomplete, archive_game, retire_spectator_role, sync_access
from .cards import CardButton, turn_card
from .seating import join_view
from .sheet import sheet_view


log = logging.getLogger("dispatch.clock")


class DeliveryCog(commands.Cog, name="Clock"):
    def __init__(self, bot: commands.Bot, service):
        self.bot = bot
        self.service = service
        # in a cluster the clock also looks for work the other processes queued every poll
        self.clock = GameClock(service, self.send, longest_sleep=service.node.poll or LONGEST_SLEEP)
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
            if destination.kind == "access":
                await sync_access(self._guild(delivery), delivery.game, await self.service.rooms(delivery.game.id))
                return
            if destination.kind == "archive":
                await self._archive(delivery)
                return
            target = await self._messageable(destination)
            mentions = (discord.AllowedMentions(everyone=False, roles=False,
                                                users=[discord.Object(destination.ping_user)])
                        if destination.ping_user else discord.AllowedMentions.none())
            text = destination.text
            if destination.ping_user and f"<@{destination.ping_user}>" not in text:
                text = f"<@{destination.ping_user}> {text}"
            joins = [arg for kind, arg in delivery.message.buttons if kind == "join"]
            menus = [int(arg) for kind, arg in delivery.message.buttons if kind == "menus"]
            files = ([discord.File(io.BytesIO(delivery.png), filename=delivery.filename)]
                     + [discord.File(io.BytesIO(png), filename=name) for png, name in delivery.extras]
                     if destination.with_map and delivery.png is not None else [])
            cards = [int(arg) for kind, arg in delivery.message.buttons if kind == "card"]
            if cards and destination.kind == "channel":
                # a phase's outcome as one card: the maps (unless they follow, drawn late), the
                # results and its buttons
                await target.send(view=turn_card(delivery.game.id, cards[0], text, [f.filename for f in files],
                                                 over=delivery.game.status in ("finished", "abandoned")),
                                  files=files, allowed_mentions=mentions, nonce=nonce(delivery, destination))
                return
            view = join_view(delivery.game.id, joins) if joins else None
            if menus and destination.kind == "channel" and delivery.message.target.startswith("seat:"):
                view = await brief_menus(self.service, delivery.game, delivery.message.target[5:], menus[0])
            await send_in_parts(target, text, mentions, files, view,
                                nonces=lambda part: nonce(delivery, destination, part))
        except (discord.NotFound, discord.Forbidden) as exc:
            raise DestinationUnavailable(f"{exc.status} {exc.code} {exc.text}") from None
        except discord.HTTPException as exc:
            if 400 <= exc.status < 500 and exc.status != 429:
                raise Undeliverable(f"Discord refused the message: {exc.status} {exc.code} {exc.text}") from None
            raise

    def _guild(self, delivery: Delivery) -> discord.Guild:
        guild = self.bot.get_guild(delivery.game.guild_id)
        if guild is None:
            raise DestinationUnavailable(f"I am no longer in the server of game #{delivery.game.id}")
        return guild

    async def _archive(self, delivery: Delivery) -> None:
        """The end of a game: channels to the archive (read-only), then the final summary with the
        whole record in the game channel."""
        game = delivery.game
        guild = self._guild(delivery)
        public = guild.get_channel(game.channel_id) if game.channel_id else None
        problem = None
        missing = missing_permissions(guild.me.guild_permissions, ("view_channel", "manage_channels", "manage_roles"))
        if missing:
            problem = f"I lack {', '.join(missing)} in this server, so I could not archive the game's channels"
        else:
            try:
                public = await archive_game(guild, game, await self.service.rooms(game.id),
                                            await self.service.former_players(game.id))
                await retire_spectator_role(guild, game)
            except ArchiveIncomplete as exc:
                problem = str(exc)
        if public is None:
            raise DestinationUnavailable("the game channel is gone")
        if not await self.service.summary_posted(game.id):      # the summary goes out whatever else failed
            _, packed = await self.service.export_file(game.id)     # packed in a thread, off the loop
            text, file = delivery.text, None
            if len(packed) <= UPLOAD_LIMIT:
                file = discord.File(io.BytesIO(packed), filename=f"game-{game.id}.json.gz")
            else:
                text += "\n(The record is over Discord's 10 MiB: the console's `game export` writes it to a file.)"
            if problem:
                text += (f"\n⚠️ Not everything could be archived yet: {problem}. I try again by myself with "
                         f"growing pauses; a server admin can fix the cause meanwhile.")
            await send_in_parts(public, text, discord.AllowedMentions.none(), file,
                                nonces=lambda part: nonce(delivery, delivery.route[0], part))
            await self.service.mark_summary_posted(game.id)
        if problem:
            raise ArchiveIncomplete(problem)        # the outbox retries it: the archive resumes where it stopped
        await self.service.mark_archived(game.id)

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
    bot.add_dynamic_items(CardButton)        # a turn card's buttons keep working after a restart


async def brief_menus(service, game, seat: str, seq: int) -> discord.ui.View | None:
    """A brief's sheet buttons and menus (a retreat, builds, removals), made for its phase: a
    press after the phase moved on is answered with the current sheet (`answer_if_stale`)."""
    try:
        phase = await service.phase(game.id, seq)
    except ServiceError:
        return None
    groups = get_variant(game.variant).choice_groups(phase.state, seat)
    return sheet_view(game.id, seq, OrderSheet(seat, (), False, None, None), groups) if groups else None


async def send_in_parts(target: discord.abc.Messageable, text: str, mentions: discord.AllowedMentions,
                        file: discord.File | list[discord.File] | None = None,
                        view: discord.ui.View | None = None, nonces=None) -> None:
    """A text over Discord's 2,000 characters in several messages; the file(s) and the buttons go
    with the last, under everything they belong to. `nonces(part)`: each part's Discord nonce
    (the outbox's: the same on every attempt, so a part posted before a crash is not posted again)."""
    parts = message_parts(text)
    files = file if isinstance(file, list) else [file] if file is not None else []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        await target.send(part, allowed_mentions=mentions, **({"files": files} if last and files else {}),
                          **({"view": view} if last and view is not None else {}),
                          **({"nonce": nonces(index)} if nonces is not None else {}))
