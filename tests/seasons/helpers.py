"""Games played to their end through the service, for the seasons' tests."""
from __future__ import annotations

from service import Actor
from service.models import encode_state
from tests.conftest import ALICE, BOB, GUILD

SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
NEUTRALS = ("bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser", "spa", "swe", "tun")
PEOPLE = tuple(Actor(300 + i, name=power.lower()) for i, power in enumerate(SEVEN))


async def rx07(service, entente=ALICE, central=BOB, guild: int = GUILD, **options):
    """An rx07 game: `entente` plays the Entente, `central` the Central Powers, started."""
    game = await service.create_game(guild, entente, "rx07", options=options or None)
    await service.join(game.id, entente, "Entente")
    await service.join(game.id, central, "Central")
    return await service.start(game.id, entente)


async def everyone_ready(service, game_id: int) -> None:
    """Every person's seat that acts is marked ready as it stands: the phase is adjudicated."""
    game = await service.game(game_id)
    for seat in (await service.readiness(game_id)):
        holder = game.holder(seat)
        if holder is not None:
            await service.mark_ready(game_id, Actor(holder), True, seat, confirm=True)


async def concede(service, game_id: int, actor) -> None:
    """`actor`'s side concedes the game."""
    await service.vote(game_id, actor, "concede", confirm=True)


async def set_position(service, game_id: int, change) -> None:
    phase = await service.phase(game_id)
    state = dict(phase.state)
    change(state)
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))


async def classic_solo(service, guild: int = GUILD) -> int:
    """A classic game of seven people (victory at 15 centres) that England wins in 1901: every
    unit holds, and at Fall 1901 England owns the twelve neutral centres."""
    game = await service.create_game(guild, PEOPLE[1], "classic", options={"victory_centres": 15})
    for person, power in zip(PEOPLE, SEVEN):
        await service.join(game.id, person, power)
    await service.start(game.id, PEOPLE[1])
    await everyone_ready(service, game.id)                 # Spring 1901: everyone holds

    def england_takes_the_neutrals(state):
        state["owners"] = {**state["owners"], **{c: "England" for c in NEUTRALS}}
    await set_position(service, game.id, england_takes_the_neutrals)
    await everyone_ready(service, game.id)                 # Fall 1901: England owns 15
    return game.id
