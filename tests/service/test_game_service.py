"""The game service: the actions every front end (Discord, console, tests) shares."""
import json

import pytest

from service import BadInput, BadState, Forbidden, NotFound
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD


async def started(service, **options):
    game = await service.create_game(GUILD, ALICE, "guess", options=options, phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    return await service.start(game.id, ALICE)


async def test_create_join_start(service):
    game = await service.create_game(GUILD, ALICE, "guess", name="Friday")
    assert game.status == "forming" and [s.seat for s in game.seats] == ["North", "South"]
    assert await service.join(game.id, BOB, "south") == "South"
    assert await service.join(game.id, ALICE) == "North"
    game = await service.start(game.id, ALICE)
    assert game.status == "active"
    phase = await service.phase(game.id)
    assert phase.seq == 0 and phase.label == "Round 1"
    assert phase.deadline is not None


async def test_join_errors(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    with pytest.raises(NotFound, match="no seat `Atlantis`"):
        await service.join(game.id, BOB, "Atlantis")
    await service.join(game.id, BOB, "North")
    with pytest.raises(BadState, match="taken"):
        await service.join(game.id, CAROL, "North")
    with pytest.raises(BadState, match="already hold"):
        await service.join(game.id, BOB, "North")
    with pytest.raises(NotFound):
        await service.join(12345, BOB)


async def test_unknown_variant_and_option(service):
    with pytest.raises(BadInput, match="no game called `chess`"):
        await service.create_game(GUILD, ALICE, "chess")
    with pytest.raises(BadInput, match="unknown option"):
        await service.create_game(GUILD, ALICE, "guess", options={"nukes": "on"})
    with pytest.raises(BadInput, match="one of 2, 3, 4"):
        await service.create_game(GUILD, ALICE, "guess", options={"players": "9"})
    with pytest.raises(BadInput, match="hours"):
        await service.create_game(GUILD, ALICE, "guess", phase_hours=-3)


async def test_only_gm_starts_and_only_full_games(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    with pytest.raises(Forbidden, match="game master"):
        await service.start(game.id, BOB)
    with pytest.raises(BadState, match="open seats: South"):
        await service.start(game.id, ALICE)
    await service.join(game.id, BOB)
    # a server admin is a GM of every game
    assert (await service.start(game.id, ADMIN)).status == "active"


async def test_orders_only_from_seated_player(service):
    game = await started(service)
    with pytest.raises(Forbidden, match="not seated as South"):
        await service.submit_orders(game.id, ALICE, "guess 3", seat="South")
    with pytest.raises(Forbidden, match="no seat"):
        await service.submit_orders(game.id, CAROL, "guess 3")
    # not even the GM (admin) orders for a seat
    with pytest.raises(Forbidden):
        await service.submit_orders(game.id, ADMIN, "guess 3", seat="North")


async def test_bad_order_changes_nothing(service):
    game = await started(service)
    await service.submit_orders(game.id, ALICE, "guess 2")
    with pytest.raises(BadInput, match="(?s)no order was saved.*guess N"):
        await service.submit_orders(game.id, ALICE, "guess seven")
    sheet = await service.orders(game.id, ALICE)
    assert sheet.lines == ("guess 2",)


async def test_all_ready_adjudicates_once(service, db):
    game = await started(service, loaded=True)
    await service.submit_orders(game.id, ALICE, "GUESS 6")
    await service.submit_orders(game.id, BOB, "guess 1")
    seat, moved = await service.mark_ready(game.id, ALICE)
    assert seat == "North" and moved is None
    _, moved = await service.mark_ready(game.id, BOB)
    assert moved is not None and moved.seq == 1
    assert moved.state["scores"] == {"North": 1, "South": 0}
    first = await service.phase(game.id, 0)
    assert "North guessed 6 and scores" in first.report
    # a retry of the same phase is a no-op
    assert await service.adjudicate(game.id, first.id) is None
    rows = await db.fetchall("SELECT seq FROM phases WHERE game_id=?", (game.id,))
    assert [r["seq"] for r in rows] == [0, 1]


async def test_deadline_adjudicates_missing_orders(service, clock):
    game = await started(service, loaded=True)
    await service.set_policy(game.id, ALICE, excused_misses=0)       # no excused miss (tests/service/test_no_shows_and_deadlines.py)
    await service.submit_orders(game.id, BOB, "guess 5")
    clock.advance(hours=47)
    assert await service.tick() >= 1          # the 24h and 1h reminders
    assert (await service.phase(game.id)).seq == 0
    clock.advance(hours=1, seconds=1)
    await service.tick()
    phase = await service.phase(game.id)
    assert phase.seq == 1 and phase.state["scores"]["South"] == 1
    assert "No guess: North" in (await service.phase(game.id, 0)).report
    assert await service.tick() == 0          # nothing is due twice


async def test_reminders_go_to_seats_not_ready(service, clock):
    game = await started(service)
    await service.submit_orders(game.id, BOB, "guess 5")
    await service.mark_ready(game.id, BOB)
    for m in await service.pending_messages(100):
        await service.mark_delivered(m.id)
    clock.advance(hours=24, seconds=1)
    await service.tick()
    messages = await service.pending_messages()
    assert [m.target for m in messages] == ["seat:North"]
    assert "no orders yet" in messages[0].content and "<t:" in messages[0].content


async def test_game_finishes_and_reveals_seed(service):
    game = await started(service, loaded=True, target=1)
    await service.submit_orders(game.id, ALICE, "guess 6")
    await service.mark_ready(game.id, ALICE)
    await service.mark_ready(game.id, BOB)
    game = await service.game(game.id)
    assert game.status == "finished" and game.winners == ("North",)
    texts = [m.content for m in await service.pending_messages(100)]
    assert any("Seed revealed: `testseed`" in t for t in texts)
    with pytest.raises(BadState, match="is over"):
        await service.submit_orders(game.id, ALICE, "guess 1")


async def test_pause_resume_extend(service, clock):
    game = await started(service)
    await service.pause(game.id, ADMIN)      # a GM who holds no seat: no cap on the pause
    with pytest.raises(BadState, match="paused"):
        await service.submit_orders(game.id, ALICE, "guess 1")
    clock.advance(hours=500)
    await service.tick()
    assert (await service.phase(game.id)).seq == 0   # no deadline runs while paused
    await service.resume(game.id, ALICE)
    phase = await service.phase(game.id)
    assert phase.deadline == clock.now + __import__("datetime").timedelta(hours=48)
    new = await service.extend(game.id, ALICE, 12)
    assert (await service.phase(game.id)).deadline == new
    with pytest.raises(Forbidden):
        await service.extend(game.id, BOB, 12)
    with pytest.raises(BadInput):
        await service.extend(game.id, ALICE, "soon")


async def test_abandon_and_export(service):
    game = await started(service)
    await service.submit_orders(game.id, ALICE, "guess 4")
    data = await service.export(game.id, ALICE)
    assert "seed" not in data["game"] and data["complete"] is False
    assert data["phases"][0]["orders"]["North"]["lines"] == ["guess 4"]   # her own orders
    json.dumps(data)
    await service.abandon(game.id, ALICE)
    data = await service.export(game.id)
    assert data["game"]["seed"] == "testseed" and data["game"]["status"] == "abandoned"
    assert data["complete"] is True and data["phases"][0]["orders"]["North"]["lines"] == ["guess 4"]
    kinds = [e["kind"] for e in data["events"]]
    assert kinds[:3] == ["created", "joined", "joined"] and kinds[-1] == "abandoned"


async def test_event_log_is_append_only(service, db):
    await service.create_game(GUILD, ALICE, "guess")
    with pytest.raises(Exception, match="append-only"):
        async with db.transaction() as conn:
            await conn.execute("DELETE FROM events")
    assert await db.fetchone("SELECT COUNT(*) AS n FROM events") is not None


async def test_corrupt_orders_row_gives_clear_error(service, db):
    game = await started(service)
    phase = await service.phase(game.id)
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO orders (phase_id, seat, lines) VALUES (?, 'North', '{oops')",
                           (phase.id,))
    with pytest.raises(BadState, match="orders of North are damaged"):
        await service.orders(game.id, ALICE)


async def test_guild_settings(service):
    with pytest.raises(Forbidden):
        await service.set_guild_settings(GUILD, ALICE, phase_hours=24)
    settings = await service.set_guild_settings(GUILD, ADMIN, phase_hours=24, reminder_hours=[2, 12])
    assert settings["phase_hours"] == 24.0 and settings["reminder_hours"] == [12, 2]
    game = await service.create_game(GUILD, ALICE, "guess")
    assert game.phase_hours == 24.0 and game.reminder_hours == (12, 2)
