"""A server on the fake Discord with the real bot in it: the setting of the end-to-end tests."""
from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot import build_bot
from cogs.permissions import REQUIRED
from engine.catalog import register_all
from service import Actor
from service.workers import ProcessPool
from tests.fake_discord import (ADMINISTRATOR, MEMBER_DEFAULT, BotHarness, Channel, FakeDiscord, Guild,
                                Interaction, User)

README_PERMISSIONS = REQUIRED.value


@dataclass
class World:
    fake: FakeDiscord
    harness: BotHarness
    guild: Guild
    owner: User
    players: list[User]
    general: Channel
    service: Any
    extra: dict = field(default_factory=dict)

    async def slash(self, user: User, path: str, channel: Channel | None = None, **options) -> Interaction:
        return await self.harness.slash(user, channel or self.general, path, **options)

    async def say(self, user: User, channel: Channel, text: str) -> list[dict]:
        return await self.harness.say(user, channel, text)

    def channel(self, name: str) -> Channel:
        return self.fake.channel_named(self.guild, name)

    def seat_channel(self, game_id: int, seat: str) -> Channel:
        return self.fake.channels[self._seat_channel_id(game_id, seat)]

    def _seat_channel_id(self, game_id: int, seat: str) -> int:
        for channel in self.fake.channels.values():
            if channel.name == f"{game_id}-{seat.lower().replace(' ', '-')}":
                return channel.id
        raise KeyError(seat)

    def public_channel(self, game_id: int) -> Channel:
        for channel in self.fake.channels.values():
            if channel.name.startswith(f"game-{game_id}-"):
                return channel
        raise KeyError(game_id)

    def dms(self, user: User) -> list[str]:
        channel = self.fake.dm_channel(user)
        return [m["content"] for m in channel.messages] if channel else []


async def make_world(service, bot_permissions: int = ADMINISTRATOR, players: int = 2,
                     latency: float = 0.0, everyone: int = MEMBER_DEFAULT) -> World:
    register_all()
    service.cpu = ProcessPool(threads=True)     # off the event loop, as in production
    fake = await FakeDiscord(latency=latency).start()
    owner = fake.add_user("owner")
    guild = fake.add_guild("Western Front", owner, everyone=everyone, bot_permissions=bot_permissions)
    people = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave", "erin", "frank", "gina",
                                               "hal")[:players]]
    for person in people:
        fake.add_member(guild, person)
    harness = BotHarness(fake, lambda: build_bot(service, "!"))
    await harness.start()
    return World(fake, harness, guild, owner, people, fake.channel_named(guild, "general"), service)


async def close_world(world: World) -> None:
    await world.harness.close()
    await world.fake.stop()
    world.service.cpu.close()


@asynccontextmanager
async def open_world(service, *args: Any, **settings: Any):
    """`async with open_world(service, …) as world:` — `make_world` for the block, closed after it
    whatever the block raised (the bot, the fake Discord and the service's worker pool)."""
    world = await make_world(service, *args, **settings)
    try:
        yield world
    finally:
        await close_world(world)


async def started_game(world: World, variant: str = "rx07", name: str = "War", **options: Any) -> int:
    """Create, seat (players in turn) and start a game through slash commands; returns its number."""
    created = await world.slash(world.players[0], "game create", variant=variant, name=name, **options)
    assert "Created game" in created.text, created.text
    game_id = int(created.text.split("#", 1)[1].split()[0])
    game = await world.service.game(game_id)
    for index, _ in enumerate(game.seats):
        player = world.players[index % len(world.players)]
        joined = await world.slash(player, "game join", game_id=game_id)
        assert "take" in joined.text.lower(), joined.text       # "… takes" or, anonymous, "You take"
    started = await world.slash(world.players[0], "game start", game_id=game_id)
    assert "has started" in started.text, (started.text, world.fake.refusals)
    return game_id


async def everyone_ready(world, game_id: int) -> None:
    """Every seat marks ready as it is (through the service): the phase is adjudicated."""
    game = await world.service.game(game_id)
    for seat in game.seats:
        user = next(p for p in world.players if p.id == seat.user_id)
        await world.service.mark_ready(game_id, Actor(user.id, False, user.name), True, seat.seat, confirm=True)


async def first_movement_card(world: World, central_orders: str, entente_orders: str,
                              name: str = "Verdun") -> tuple[int, Channel, int, dict]:
    """A two-player rx07 game whose Fall 1914 movement is adjudicated with these orders, said in the
    seat channels; returns the game, its public channel, how many messages it held before the
    results, and the turn card posted with them."""
    entente_player, central_player = world.players[:2]
    game_id = await started_game(world, "rx07", name)
    public = world.public_channel(game_id)
    central, entente = world.seat_channel(game_id, "Central"), world.seat_channel(game_id, "Entente")
    marker = len(public.messages)
    await world.say(central_player, central, central_orders)
    await world.say(entente_player, entente, entente_orders)
    await world.slash(central_player, "ready", channel=central, confirm=True)
    await world.slash(entente_player, "ready", channel=entente, confirm=True)
    card = await world.harness.wait_message(public, "Fall 1914 Movement** adjudicated", after=marker, timeout=10)
    return game_id, public, marker, card
