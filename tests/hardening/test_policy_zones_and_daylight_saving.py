"""`/gm policy` takes only real IANA zones (with a did-you-mean); fixed-time
deadlines leave at least half a phase of real elapsed time across a daylight-saving change; a
pause taken while the host's clock is behind keeps no more than the phase had."""
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from service.errors import BadInput
from service.policy import deadline_from, zone_names, zone_of
from tests.conftest import ADMIN as ADMIN_GM, ALICE, BOB, GUILD   # the admin: a GM who holds no seat

NEW_YORK = ZoneInfo("America/New_York")


async def forming(service):
    game = await service.create_game(GUILD, ALICE, "guess", phase_hours=48)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    return game


@pytest.mark.parametrize("name, reason", [
    ("Europe", "is a region of the time zone database, not a zone: name a place in it, e.g. `Europe/"),
    ("x" * 300, "is not an IANA time zone"),
    ("posixrules", "is not an IANA time zone"),
    ("Factory", "is not an IANA time zone"),
    ("localtime", "is not an IANA time zone"),
    ("posix/Europe/Paris", "did you mean `Europe/Paris`"),
    ("../../etc/passwd", "is not an IANA time zone"),
    ("Europe/Pariss", "did you mean `Europe/Paris`"),
    ("New York", "did you mean `America/New_York`"),
    ("\ud800", "is not an IANA time zone"),
])
async def test_only_real_zone_names_are_taken_with_a_did_you_mean(service, name, reason):
    game = await forming(service)
    with pytest.raises(BadInput, match=reason) as refusal:
        await service.set_policy(game.id, ALICE, deadline_time="21:00", time_zone=name)
    assert len(str(refusal.value)) < 300
    assert (await service.game(game.id)).time_zone is None          # nothing changed


async def test_a_zone_in_any_letter_case_is_stored_by_its_name(service):
    game = await forming(service)
    changed = await service.set_policy(game.id, ALICE, deadline_time="21:00", time_zone=" america/new_york ")
    assert changed.time_zone == "America/New_York"
    assert "Factory" not in zone_names() and "localtime" not in zone_names() and "UTC" in zone_names()


def test_fixed_time_deadlines_leave_half_a_phase_of_real_time_across_new_yorks_spring_change():
    """Every opening, each 5 minutes of the two days around 14 March 2027 (02:00 EST → 03:00
    EDT), for deadlines at each quarter hour of the day and 2 h phases: the deadline is at least
    1 h (half a phase) of real time away, at the chosen wall-clock time, and the first such."""
    start = datetime(2027, 3, 13, 5, 0, tzinfo=timezone.utc)
    for quarter in range(96):
        at = f"{quarter // 4:02d}:{quarter % 4 * 15:02d}"
        game = SimpleNamespace(deadline_time=at, time_zone="America/New_York", phase_hours=2.0)
        for step in range(0, 48 * 12):
            opened = start + timedelta(minutes=5 * step)
            deadline = deadline_from(game, opened)
            assert deadline - opened >= timedelta(hours=1), (at, opened)
            assert deadline - opened <= timedelta(hours=26), (at, opened)
            local = deadline.astimezone(NEW_YORK)
            if local.strftime("%H:%M") != at:         # 02:xx does not exist on the 14th: one hour later
                assert local.date().isoformat() == "2027-03-14" and at.startswith("02:")
            earlier = deadline - timedelta(days=1)
            assert earlier - opened < timedelta(hours=1) or earlier.astimezone(NEW_YORK).strftime("%H:%M") != at


async def test_a_phase_opened_just_before_the_change_gets_its_hour(service, clock):
    """01:30 EST on the morning of the change, deadlines at 03:00: that is only 30 minutes of real
    time later (the clock jumps from 02:00 to 03:00), so the deadline is the next day's 03:00."""
    game = await service.create_game(GUILD, ALICE, "guess", phase_hours=2)
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.set_policy(game.id, ALICE, deadline_time="03:00", time_zone="America/New_York")
    clock.now = datetime(2027, 3, 14, 6, 30, tzinfo=timezone.utc)              # 01:30 EST
    await service.start(game.id, ALICE)
    phase = await service.phase(game.id)
    assert phase.deadline == datetime(2027, 3, 15, 7, 0, tzinfo=timezone.utc)   # 03:00 EDT next day
    assert zone_of("America/New_York").key == "America/New_York"


async def test_a_pause_while_the_clock_is_behind_keeps_only_the_phases_own_time(service, clock):
    game = await forming(service)
    await service.start(game.id, ALICE)
    opened = clock.now
    clock.now = opened - timedelta(hours=72)          # the host's clock was set back three days
    await service.pause(game.id, ADMIN_GM)
    clock.now = opened + timedelta(hours=1)           # set right again, then resumed
    await service.resume(game.id, ADMIN_GM)
    phase = await service.phase(game.id)
    assert phase.deadline - clock.now == timedelta(hours=48)


async def test_a_pause_keeps_what_was_left(service, clock):
    game = await forming(service)
    await service.start(game.id, ALICE)
    clock.advance(hours=30)
    await service.pause(game.id, ADMIN_GM)
    clock.advance(hours=100)
    await service.resume(game.id, ADMIN_GM)
    assert (await service.phase(game.id)).deadline - clock.now == timedelta(hours=18)

