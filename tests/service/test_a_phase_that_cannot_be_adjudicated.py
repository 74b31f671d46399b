"""The last resort: when the rules engine cannot adjudicate a phase at all, the
service keeps the game as it was and movable — marked as needing attention, its GM told once in
the game channel without the error's text (which may speak of secret battle outcomes) — for
Axis & Allies and for the Diplomacy variants alike; never an error to the player who pressed
/ready and never a failure on every tick."""
import pytest

from engine.catalog import register_all
from engine.errors import IllegalOrder
from engine.variant import get_variant
from service import Actor
from service.text import game_status
from tests.aa_helpers import seat_everyone
from tests.conftest import drain_outbox

SECRET = "Galicia can take 0 more supplies (twice your units there)"


def break_engine(monkeypatch, variant_key: str):
    """The variant's adjudication raises as the supply chain's did before the fix."""
    register_all()
    cls = type(get_variant(variant_key))
    real = cls.adjudicate

    def broken(self, state, orders, rng):
        raise IllegalOrder(SECRET)
    monkeypatch.setattr(cls, "adjudicate", broken)
    return lambda: monkeypatch.setattr(cls, "adjudicate", real)


async def start_rx07(service):
    register_all()
    gm = Actor(300, name="gm")
    game = await service.create_game(1000, gm, "rx07")
    players = {}
    for i, seat in enumerate(get_variant("rx07").seats(game.options)):
        players[seat] = Actor(301 + i, name=seat)
        await service.join(game.id, players[seat], seat)
    await service.start(game.id, gm)
    return game, gm, players


async def test_aa_all_ready_with_a_broken_engine_tells_the_gm_and_changes_nothing(service, monkeypatch):
    game, players = await seat_everyone(service, {"supply_chain": True}, 100)
    gm = players["Italy"]
    phase = await service.phase(game.id)
    seat = (await service.readiness(game.id)).popitem()[0]
    await drain_outbox(service)
    fix = break_engine(monkeypatch, "aa1914")
    await service.submit_orders(game.id, players[seat], "buy 1 infantry")
    assert (await service.mark_ready(game.id, players[seat], confirm=True))[1] is None     # no error to the player
    assert (await service.phase(game.id)).id == phase.id and (await service.phase(game.id)).adjudicated_at is None
    assert (await service.orders(game.id, players[seat])).ready
    assert await service.needs_attention(game.id) == phase.id
    notes = await drain_outbox(service)
    assert [m.target for m in notes] == ["gm"]
    assert "needs attention" in notes[0].content and "IllegalOrder" in notes[0].content
    assert "Galicia" not in notes[0].content and "supplies" not in notes[0].content     # nothing secret
    status = await game_status(service, await service.game(game.id))
    assert "could not be adjudicated and waits for the GM" in status and "/gm adjudicate" in status
    # trying again fails the same way: recorded, but the GM is not told twice
    assert await service.force_adjudicate(game.id, gm) is None
    assert await drain_outbox(service) == []
    # after the fix the GM adjudicates; the mark goes away
    fix()
    moved = await service.force_adjudicate(game.id, gm)
    assert moved is not None and moved.seq == phase.seq + 1
    assert await service.needs_attention(game.id) is None
    assert "waits for the GM" not in await game_status(service, await service.game(game.id))
    events = [e["kind"] for e in (await service.export(game.id))["events"]]
    assert events.count("adjudication_failed") == 2 and "adjudicated" in events


async def test_a_failing_deadline_is_not_retried_on_every_tick(service, clock, monkeypatch):
    game, players = await seat_everyone(service, {}, 200)
    gm = players["Italy"]
    phase = await service.phase(game.id)
    await drain_outbox(service)
    fix = break_engine(monkeypatch, "aa1914")
    clock.advance(hours=24 * 30)
    await service.tick()
    for _ in range(3):
        clock.advance(hours=2)
        await service.tick()
    notes = await drain_outbox(service)
    assert len([m for m in notes if m.target == "gm"]) == 1
    failed = [e for e in (await service.export(game.id))["events"] if e["kind"] == "adjudication_failed"]
    assert len(failed) == 1 and failed[0]["payload"]["reason"] == "deadline"
    assert (await service.phase(game.id)).id == phase.id
    waiting = await service.db.fetchone("SELECT COUNT(*) AS n FROM reminders WHERE game_id=? AND kind='deadline' "
                                        "AND done_at IS NULL", (game.id,))
    assert waiting["n"] == 0                      # the clock waits for the GM
    # the GM gives more time: the new deadline tries again, and (fixed) the game moves on
    fix()
    await service.extend(game.id, gm, 12)
    clock.advance(hours=13)
    await service.tick()
    assert (await service.phase(game.id)).seq == phase.seq + 1


@pytest.mark.parametrize("variant", ["rx07"])
async def test_diplomacy_adjudication_failure_is_caught_the_same_way(service, monkeypatch, variant):
    game, gm, players = await start_rx07(service)
    phase = await service.phase(game.id)
    await drain_outbox(service)
    fix = break_engine(monkeypatch, variant)
    for seat, actor in players.items():
        await service.mark_ready(game.id, actor, confirm=True)
    assert (await service.phase(game.id)).id == phase.id
    assert await service.needs_attention(game.id) == phase.id
    notes = await drain_outbox(service)
    assert [m.target for m in notes] == ["gm"] and "needs attention" in notes[0].content
    fix()
    assert (await service.force_adjudicate(game.id, gm)).seq == phase.seq + 1
    assert await service.needs_attention(game.id) is None
