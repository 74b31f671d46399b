"""A map after every turn, delayed under load but never dropped: the map posted with a turn's
results is never refused by a full worker pool (a map a player asks for may be); results whose
map is not drawn in time go out saying so, and the map follows as its own message, once."""
import asyncio
import threading
from collections import Counter

import pytest

from service import maps
from service.delivery import MAP_FOLLOWS, deliver_pending
from service.errors import BadState
from service.workers import BACKGROUND, ProcessPool
from tests.conftest import ADMIN, ALICE, BOB, GUILD, drain_outbox

TURNS = 12           # adjudications delivered at once: far more than one worker and two places in line take


@pytest.fixture
async def pool(service):
    service.cpu = ProcessPool(workers=1, threads=True, max_waiting=2)
    yield service.cpu
    service.cpu.close()


async def turns_played(service, count: int = TURNS) -> list[int]:
    """`count` games of the toy variant, each with one turn adjudicated (results in the outbox)."""
    await service.set_guild_settings(GUILD, ADMIN, max_games_per_user=100)
    games = []
    for number in range(count):
        game = await service.create_game(GUILD, ALICE, "guess", name=f"Load {number}", options={"target": 9})
        await service.join(game.id, ALICE)
        await service.join(game.id, BOB)
        await service.start(game.id, ALICE)
        games.append(game.id)
    await drain_outbox(service)                   # the starts were told before the turns were played
    for game_id in games:
        await service.submit_orders(game_id, ALICE, "guess 3")
        await service.submit_orders(game_id, BOB, "guess 4")
        await service.mark_ready(game_id, ALICE)
        await service.mark_ready(game_id, BOB)
    return games


class Posted:
    """What the bot posted: each message's text and the pictures sent with it."""

    def __init__(self):
        self.sent = []

    async def __call__(self, destination, delivery):
        pictures = [delivery.filename, *(name for _, name in delivery.extras)] if delivery.png else []
        self.sent.append((delivery.message, destination.text, pictures))

    def results_maps(self) -> Counter:
        return Counter(name for _, _, pictures in self.sent for name in pictures if name.endswith("-phase-1.png"))


def hold_the_workers(pool: ProcessPool) -> tuple[threading.Event, list[asyncio.Future]]:
    """Replay-like background work that fills the one worker and both places in line."""
    gate = threading.Event()
    held = [asyncio.ensure_future(pool.run(gate.wait, 60, priority=BACKGROUND)) for _ in range(3)]
    return gate, held


async def test_every_turn_gets_its_map_when_more_turns_resolve_than_the_pool_takes(service, pool):
    games = await turns_played(service)
    posted = Posted()
    assert await deliver_pending(service, posted) > TURNS
    assert posted.results_maps() == Counter({f"game-{g}-phase-1.png": 1 for g in games})
    assert not any(MAP_FOLLOWS in text for _, text, _ in posted.sent)


async def test_a_full_pool_refuses_a_map_asked_for_but_never_the_map_after_a_turn(service, pool, monkeypatch):
    games = await turns_played(service)
    gate, held = hold_the_workers(pool)
    await asyncio.sleep(0)
    assert pool.waiting == 2
    with pytest.raises(BadState, match="already waiting"):       # /map while the workers are full
        await maps.phase_map(service, games[0])

    # the results may not wait for the workers: they go out now, saying the map follows
    monkeypatch.setattr(maps, "RESULTS_MAP_WAIT", 0)
    posted = Posted()
    await deliver_pending(service, posted)
    results = [(m, text) for m, text, _ in posted.sent if "adjudicated" in text]
    assert len(results) == TURNS and all(MAP_FOLLOWS in text for _, text in results)
    assert posted.results_maps() == Counter()
    assert pool.waiting >= TURNS                 # every owed map took its place in line: none refused
    follow = [m for m in await service.pending_messages(100) if "drawn late" in m.content]
    assert sorted(m.game_id for m in follow) == games

    # the workers free up; the maps follow, each once, when their messages are tried again
    gate.set()
    await asyncio.gather(*held)
    monkeypatch.setattr(maps, "RESULTS_MAP_WAIT", 60)
    service.clock.advance(minutes=1)
    await deliver_pending(service, posted)
    assert posted.results_maps() == Counter({f"game-{g}-phase-1.png": 1 for g in games})
    assert await service.pending_messages(100) == []
    late = [text for m, text, pictures in posted.sent if pictures and "drawn late" in text]
    assert len(late) == TURNS and "the map of **Round 1** and its results" in late[0]


async def test_a_map_whose_drawing_fails_follows_once_it_can_be_drawn(service, pool, monkeypatch):
    games = await turns_played(service, 2)
    real = maps.draw_results
    failing = {"left": 2}             # the drawing fails for the prefetch and for the results post

    def flaky(*args):
        if failing["left"]:
            failing["left"] -= 1
            raise RuntimeError("renderer hiccup")
        return real(*args)
    monkeypatch.setattr(maps, "draw_results", flaky)
    posted = Posted()
    await deliver_pending(service, posted)
    assert sum(MAP_FOLLOWS in text for _, text, _ in posted.sent) >= 1
    service.clock.advance(minutes=1)
    await deliver_pending(service, posted)
    assert posted.results_maps() == Counter({f"game-{g}-phase-1.png": 1 for g in games})
    assert await service.pending_messages(100) == []


async def test_a_map_that_cannot_be_drawn_is_retried_like_a_job_and_the_gm_told(service, pool, monkeypatch):
    from service.delivery import MAX_ATTEMPTS

    [game_id] = await turns_played(service, 1)
    real = maps.draw_results

    def broken(*args):
        raise RuntimeError("renderer broken")
    monkeypatch.setattr(maps, "draw_results", broken)
    posted = Posted()
    for _ in range(MAX_ATTEMPTS + 2):
        await deliver_pending(service, posted)
        service.clock.advance(minutes=11)
    follow = [m for m in await service.pending_messages(100) if "drawn late" in m.content]
    assert len(follow) == 1                                  # never given up
    told = [text for _, text, _ in posted.sent if "post a turn's map" in text]
    assert len(told) == 1 and "I try again every 10 minutes" in told[0]
    monkeypatch.setattr(maps, "draw_results", real)          # the cause is fixed: the map is posted, once
    await deliver_pending(service, posted)
    assert posted.results_maps() == Counter({f"game-{game_id}-phase-1.png": 1})
    assert await service.pending_messages(100) == []
