"""Running games at the service level with an injected clock: the no-show policy (excused misses,
civil disorder, returning) and fixed-time deadlines."""
from datetime import datetime, timedelta, timezone

import pytest

from service import BadInput, Forbidden
from service.models import GameInfo
from service.policy import deadline_from
from service.text import game_rules, game_status
from tests.conftest import ALICE, BOB, GUILD


async def _started(service, **policy):
    game = await service.create_game(GUILD, ALICE, "guess", phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    if policy:
        await service.set_policy(game.id, ALICE, **policy)
    return await service.start(game.id, ALICE)


async def _public(service):
    messages = await service.pending_messages(200)
    for m in messages:
        await service.mark_delivered(m.id)
    return [m.content for m in messages if m.target == "game"]


async def test_an_excused_miss_extends_the_deadline_once_and_is_told(service, clock):
    """"a number of excused misses per player (each miss extends the deadline once by a
    set time and is logged publicly)"."""
    game = await _started(service)                       # default: 1 excused miss, 24h
    await service.submit_orders(game.id, BOB, "guess 5")
    await _public(service)
    clock.advance(hours=48, seconds=1)
    await service.tick()
    phase = await service.phase(game.id)
    assert phase.seq == 0 and phase.deadline == game_deadline(game, clock, 48 + 24)
    told = await _public(service)
    assert any("No orders yet from **North** (miss 1 of 1 excused)" in t for t in told)
    clock.advance(hours=24)
    await service.tick()                                   # once only: now it is adjudicated
    assert (await service.phase(game.id)).seq == 1
    assert (await service.game(game.id)).seat("North").misses == 1


def game_deadline(game, clock, hours):
    return datetime.fromisoformat(game.started_at) + timedelta(hours=hours)


async def test_past_its_excused_misses_a_seat_falls_into_civil_disorder_and_comes_back(service, clock):
    """"then civil disorder for that seat ... then the seat is advertised as open for a
    substitute. Returning players resume from civil disorder by giving orders"."""
    game = await _started(service, excused_misses=0)
    await service.submit_orders(game.id, BOB, "guess 5")
    await _public(service)
    clock.advance(hours=48, seconds=1)
    await service.tick()
    assert (await service.phase(game.id)).seq == 1          # no extension: adjudicated at once
    told = " ".join(await _public(service))
    assert "**North** sent no orders" in told and "civil disorder" in told and "open for a substitute" in told
    assert (await service.game(game.id)).seat("North").civil_disorder
    # a seat in civil disorder does not hold up the others
    await service.submit_orders(game.id, BOB, "guess 2")
    _, moved = await service.mark_ready(game.id, BOB)
    assert moved is not None and moved.seq == 2
    await service.submit_orders(game.id, ALICE, "guess 4")
    assert not (await service.game(game.id)).seat("North").civil_disorder
    assert any("**North** is back from civil disorder" in t for t in await _public(service))


async def test_policy_is_the_gms_and_is_checked(service):
    game = await _started(service)
    with pytest.raises(Forbidden):
        await service.set_policy(game.id, BOB, excused_misses=3)
    with pytest.raises(BadInput, match="not an IANA time zone"):
        await service.set_policy(game.id, ALICE, deadline_time="21:00", time_zone="Mars/Olympus")
    with pytest.raises(BadInput, match="not a time of day"):
        await service.set_policy(game.id, ALICE, deadline_time="teatime")
    with pytest.raises(BadInput, match="0 to 10"):
        await service.set_policy(game.id, ALICE, excused_misses=11)
    assert (await service.game(game.id)).deadline_time is None          # nothing changed
    changed = await service.set_policy(game.id, ALICE, excused_misses=2, deadline_time="9", time_zone="Europe/Paris")
    assert changed.excused_misses == 2 and changed.deadline_time == "09:00" and changed.time_zone == "Europe/Paris"
    assert "deadlines at 09:00 Europe/Paris" in await game_status(service, changed)
    assert "2 excused missed phase(s)" in game_rules(changed)


def _game(**fields) -> GameInfo:
    base = dict(id=1, guild_id=1, name="g", variant="guess", options={}, status="active", creator_id=1, seed_hash="",
                phase_hours=24.0, reminder_hours=(), category_id=None, channel_id=None, current_phase=None,
                paused_remaining=None, winners=(), created_at="", started_at=None, ended_at=None)
    base.update(fields)
    return GameInfo(**base)


def test_fixed_time_deadlines_keep_the_rhythm():
    """"deadlines fall at a fixed time of day in a named IANA time zone (e.g. every day 21:00
    Europe/Paris), and phases that resolve early keep the rhythm"."""
    game = _game(deadline_time="21:00", time_zone="Europe/Paris")
    paris_21 = datetime(2026, 11, 23, 20, 0, tzinfo=timezone.utc)             # 21:00 in Paris (CET)
    assert deadline_from(game, paris_21) == paris_21 + timedelta(days=1)
    early = datetime(2026, 11, 23, 14, 0, tzinfo=timezone.utc)               # resolved early, 15:00 Paris
    assert deadline_from(game, early) == paris_21 + timedelta(days=1)        # not 6 hours: next day 21:00
    spring = datetime(2027, 3, 27, 20, 0, tzinfo=timezone.utc)              # clocks go forward that night
    assert deadline_from(game, spring) == datetime(2027, 3, 28, 19, 0, tzinfo=timezone.utc)   # still 21:00
    plain = _game()
    assert deadline_from(plain, early) == early + timedelta(hours=24)


async def test_the_gm_sets_the_policy_through_discord(service):
    """The policy commands through the cogs on the fake Discord: `/game policy`, time-zone
    suggestions, refusal for a player who is not the GM, and the policy in `/game status`."""
    from tests.discord_world import README_PERMISSIONS, open_world, started_game
    async with open_world(service, bot_permissions=README_PERMISSIONS) as world:
        alice, bob = world.players[:2]
        game_id = await started_game(world, "rx07", "Rhythm")
        public = world.public_channel(game_id)
        zones = [c["value"] for c in await world.harness.autocomplete(alice, public, "gm policy", "time_zone", "paris")]
        assert zones == ["Europe/Paris"]
        done = await world.slash(alice, "gm policy", channel=public, excused=2, deadline_time="21:00",
                                 time_zone="Europe/Paris")
        assert "deadlines at 21:00 Europe/Paris" in done.text and "2 excused" in done.text, done.text
        refused = await world.slash(bob, "gm policy", channel=public, excused=5)
        assert "GM" in refused.text or "game master" in refused.text.lower(), refused.text
        status = await world.slash(bob, "game status", channel=public, game_id=game_id, full=True)
        assert "2 excused missed phase(s)" in status.text
        raised = await world.slash(alice, "gm policy", channel=public, pause_cap=500)   # alice also plays
        assert "lower its pause cap" in raised.text, raised.text
        lowered = await world.slash(alice, "gm policy", channel=public, pause_cap=72)
        assert "pauses for at most 72h" in lowered.text, lowered.text
        await world.harness.wait_message(public, "rules of play", timeout=5)
        assert not world.fake.refusals
