"""Concurrent rollbacks: "Two concurrent rollbacks undo two adjudications ... A rollback names the
phase it undoes and is refused if the game has moved." Concurrent calls with asyncio.gather,
at the service and through the fake Discord (a GM's double click)."""
import asyncio

import pytest

from engine.catalog import register_all
from service import BadState
from service.models import Actor
from tests.conftest import ALICE, BOB, CAROL, GUILD
from tests.discord_world import README_PERMISSIONS, open_world

DAVE = Actor(4, name="dave")


@pytest.fixture(autouse=True)
def _all_variants():
    register_all()


async def _two_adjudications(service, gm, players):
    game = await service.create_game(GUILD, gm, "guess", options={"players": len(players)}, phase_hours=48)
    for player in players:
        await service.join(game.id, player)
    game = await service.start(game.id, gm)
    for _ in range(2):
        await service.force_adjudicate(game.id, gm)
    assert (await service.phase(game.id)).seq == 2
    return game


async def _outcomes(calls):
    results = await asyncio.gather(*calls, return_exceptions=True)
    unexpected = [r for r in results if isinstance(r, BaseException) and not isinstance(r, BadState)]
    assert not unexpected, unexpected
    return results


async def test_two_concurrent_rollbacks_undo_one_adjudication(service):
    game = await _two_adjudications(service, DAVE, (ALICE, BOB))
    for _ in range(3):
        seq = (await service.phase(game.id)).seq
        if seq == 0:
            break
        results = await _outcomes([service.rollback(game.id, DAVE, seq) for _ in range(2)])
        refused = [r for r in results if isinstance(r, BadState)]
        assert len(refused) == 1 and "has moved since you asked" in str(refused[0]), results
        assert "nothing was changed" in str(refused[0])
        assert (await service.phase(game.id)).seq == seq - 1


async def test_a_rollback_asked_in_an_earlier_phase_is_refused(service):
    game = await _two_adjudications(service, DAVE, (ALICE, BOB))
    with pytest.raises(BadState, match="it is now in Round 3"):
        await service.rollback(game.id, DAVE, 1)
    assert (await service.phase(game.id)).seq == 2


async def test_concurrent_rollback_votes_undo_one_adjudication(service):
    """A seated GM's rollback is a vote: the GM and two players click at once; once it passes,
    the late votes (cast for the phase they saw) are refused instead of starting over."""
    game = await _two_adjudications(service, ALICE, (ALICE, BOB, CAROL))
    results = await _outcomes([service.rollback(game.id, ALICE, 2), service.vote(game.id, BOB, "rollback", phase_seq=2),
                               service.vote(game.id, CAROL, "rollback", phase_seq=2)])
    assert (await service.phase(game.id)).seq == 1
    assert sum(isinstance(r, BadState) for r in results) <= 1
    assert not [v for v in await service.votes(game.id) if v.motion == "rollback"]


async def test_a_double_clicked_rollback_on_discord_undoes_one_adjudication(service):
    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        gm, alice, bob = world.owner, world.players[1], world.players[2]
        world.fake.add_member(world.guild, gm)
        created = await world.slash(gm, "game create", variant="guess", name="Clicks", options="players=2")
        game_id = int(created.text.split("#", 1)[1].split()[0])
        for player in (alice, bob):
            await world.slash(player, "game join", game_id=game_id)
        assert "has started" in (await world.slash(gm, "game start", game_id=game_id)).text
        admin = Actor(gm.id, False, "owner")
        for _ in range(2):
            await service.force_adjudicate(game_id, admin)
        clicks = await asyncio.gather(*(world.slash(gm, "gm rollback", game_id=game_id) for _ in range(2)))
        texts = sorted(c.text for c in clicks)
        assert (await service.phase(game_id)).seq == 1, texts
        assert any("Rolled back" in t for t in texts) and any("has moved since you asked" in t for t in texts), texts
        assert not world.fake.refusals, world.fake.refusals
