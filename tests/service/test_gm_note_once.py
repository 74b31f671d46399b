"""A note for the game master is posted once per `dedupe_hours`, however many processes notice the
same thing at the same moment (a delivery failing for every process of a cluster): the check that
it was already noted is made inside the write that notes it, and writers take turns."""
import asyncio

from db import database_for
from service import GameService
from tests.conftest import ALICE, BOB, GUILD


async def test_two_processes_noting_the_same_thing_at_once_post_it_once(database_target, clock):
    target = await database_target()
    first_db, second_db = await database_for(target).connect(), await database_for(target).connect()
    try:
        first = GameService(first_db, clock=clock, seed_source=lambda: "testseed")
        second = GameService(second_db, clock=clock, seed_source=lambda: "testseed")
        game = await first.create_game(GUILD, ALICE, "guess")
        await first.join(game.id, BOB)
        text = "The game channel is gone: results go to the players' direct messages."
        await asyncio.gather(*(service.note_gm(game.id, text) for service in (first, second, first, second)))
        notes = [m for m in await first.pending_messages(500) if m.target == "gm" and m.content == text]
        assert len(notes) == 1
        clock.advance(hours=7)                      # past the default six hours: worth saying again
        await second.note_gm(game.id, text)
        notes = [m for m in await first.pending_messages(500) if m.target == "gm" and m.content == text]
        assert len(notes) == 2
    finally:
        await first_db.close()
        await second_db.close()
