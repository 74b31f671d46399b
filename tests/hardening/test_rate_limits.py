"""Rate limits per person, on the service's (virtual) clock: letters, and every command the
console takes; a refusal says when to try again; nothing the clock does passes through them, so
an adjudication is never delayed by them."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console import Console
from service.limits import COMMANDS, LETTERS, MAX_BUCKETS, Limits, Rate, TooFast
from tests.conftest import ALICE, BOB, FakeClock, GUILD, drain_outbox


def test_a_bucket_gives_its_burst_then_one_action_every_period_and_says_when():
    clock = FakeClock()
    limits = Limits(clock, letters=Rate("letter", burst=3, every=20.0))
    for _ in range(3):
        limits.letter(ALICE.user_id)
    with pytest.raises(TooFast, match=r"you can send another letter in 20 s") as refused:
        limits.letter(ALICE.user_id)
    assert refused.value.retry_after == 20
    limits.letter(BOB.user_id)                          # one person's flood is theirs alone
    clock.advance(seconds=8)
    with pytest.raises(TooFast, match=r"another letter in 12 s"):
        limits.letter(ALICE.user_id)
    clock.advance(seconds=12)
    limits.letter(ALICE.user_id)
    with pytest.raises(TooFast):
        limits.letter(ALICE.user_id)
    clock.advance(hours=1)                              # a full bucket never holds more than its burst
    for _ in range(3):
        limits.letter(ALICE.user_id)
    with pytest.raises(TooFast):
        limits.letter(ALICE.user_id)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 5), st.floats(0, 30, allow_nan=False)), max_size=80))
def test_no_one_ever_gets_more_than_the_burst_plus_what_the_time_refills(steps):
    """Property: over any sequence of attempts, a person's accepted actions never exceed the burst
    plus one per period elapsed; refusals name a wait of at least one second."""
    clock = FakeClock()
    start = clock.now
    limits = Limits(clock, commands=Rate("command", burst=4, every=5.0))
    taken = {}
    for user, pause in steps:
        clock.advance(seconds=pause)
        try:
            limits.command(user)
            taken[user] = taken.get(user, 0) + 1
        except TooFast as exc:
            assert exc.retry_after >= 1
        elapsed = (clock.now - start).total_seconds()
        assert all(n <= 4 + elapsed / 5.0 + 1e-9 for n in taken.values())


def test_the_buckets_of_people_who_stopped_are_forgotten_first():
    clock = FakeClock()
    limits = Limits(clock)
    for user in range(1, MAX_BUCKETS + 1):
        limits.command(user)
    clock.advance(minutes=5)                             # all full again
    limits.command(MAX_BUCKETS + 1)
    assert limits.remembered == 1


def test_the_documented_limits_are_generous_for_play_and_stop_a_flood():
    assert LETTERS.burst >= 5 and 60 / LETTERS.every >= 2           # a few letters a minute
    assert COMMANDS.burst >= 20 and 60 / COMMANDS.every >= 20       # dozens of commands a minute
    flood = 300
    assert LETTERS.burst < flood and COMMANDS.burst < flood


async def letters_game(service):
    game = await service.create_game(GUILD, ALICE, "guess")
    await service.join(game.id, ALICE)
    await service.join(game.id, BOB)
    await service.start(game.id, ALICE)
    await drain_outbox(service)
    return await service.game(game.id)


async def test_three_hundred_letters_to_one_seat_are_not_all_queued(service, clock):
    service.limits = Limits(clock)
    game = await letters_game(service)
    sent, refusals = 0, []
    for number in range(300):
        try:
            await service.send_letter(game.id, ALICE, "South", f"letter {number}")
            sent += 1
        except TooFast as exc:
            refusals.append(str(exc))
    assert sent == LETTERS.burst and len(refusals) == 300 - LETTERS.burst
    assert f"you can send another letter in {LETTERS.every:g} s" in refusals[0]
    queued = [m for m in await service.pending_messages(500) if m.target == "seat:South"]
    assert len(queued) == LETTERS.burst
    await service.send_letter(game.id, BOB, "North", "my own letters still go")
    clock.advance(seconds=LETTERS.every)
    await service.send_letter(game.id, ALICE, "South", "one more after the wait")


async def test_a_refused_letter_costs_nothing_and_an_invalid_one_no_token(service, clock):
    service.limits = Limits(clock, letters=Rate("letter", burst=1, every=60.0))
    game = await letters_game(service)
    with pytest.raises(Exception, match="empty"):
        await service.send_letter(game.id, ALICE, "South", "   ")
    await service.send_letter(game.id, ALICE, "South", "the one letter")
    with pytest.raises(TooFast):
        await service.send_letter(game.id, ALICE, "South", "too soon")
    assert len([m for m in await service.pending_messages(50) if "too soon" in m.content]) == 0


async def test_the_console_limits_each_person_and_says_when_to_try_again(service, clock):
    service.limits = Limits(clock, commands=Rate("command", burst=2, every=60.0))
    console = Console(service, write=lambda _: None)
    assert not any("too fast" in line for line in await console.execute("game create guess"))
    assert not any("too fast" in line for line in await console.execute("game list"))
    refused = " ".join(await console.execute("game list"))
    assert "you can send another command in 60 s" in refused
    assert await console.execute("") == [] and await console.execute("# a comment") == []     # not commands
    clock.advance(seconds=60)
    assert not any("too fast" in line for line in await console.execute("as bob"))      # player1's one command
    for _ in range(2):                                 # bob's bucket is his own, full
        assert not any("too fast" in line for line in await console.execute("game list"))
    assert "too fast" in " ".join(await console.execute("game list"))


async def test_a_deadline_adjudicates_while_every_player_is_refused(service, clock):
    """The clock never passes through the limits: with both players' buckets empty, the deadline
    still adjudicates on the clock's round."""
    service.limits = Limits(clock, commands=Rate("command", burst=1, every=3600.0),
                            letters=Rate("letter", burst=1, every=3600.0))
    game = await letters_game(service)
    await service.submit_orders(game.id, ALICE, "guess 2")
    await service.submit_orders(game.id, BOB, "guess 5")
    for person in (ALICE, BOB):
        service.limits.command(person.user_id)
        with pytest.raises(TooFast):
            service.limits.command(person.user_id)
    phase = await service.phase(game.id)
    clock.now = phase.deadline
    clock.advance(seconds=1)
    await service.tick()
    assert (await service.phase(game.id)).seq == phase.seq + 1
