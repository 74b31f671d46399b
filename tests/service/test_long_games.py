"""Long games at the service level, with an injected clock: substitutes and the seat's
history, votes instead of GM fiat, the seated GM's pause cap, rollback with the same dice,
alliance/press rooms and spectators, and the archive's final summary."""
import pytest

from engine.catalog import register_all

from service import BadInput, BadState, Forbidden
from service.archive import pack_export, read_export
from service.rooms import alliances_of, split_table_settings
from service.seats import seats_text
from service.text import game_rules, game_status
from service.votes import UnconfirmedVote, two_thirds
from tests.conftest import ALICE, BOB, CAROL, GUILD, drain_outbox
from service.models import Actor

DAVE = Actor(4, name="dave")


@pytest.fixture(autouse=True)
def _all_variants():
    register_all()


async def _started(service, gm=ALICE, players=(ALICE, BOB), variant="guess", **options):
    game = await service.create_game(GUILD, gm, variant, options={"players": len(players), **options}
                                     if variant == "guess" else options, phase_hours=48)
    for player in players:
        await service.join(game.id, player)
    return await service.start(game.id, gm)


def _public(messages):
    return " ".join(m.content for m in messages if m.target == "game")


# ---------------------------------------------------------------------- 2. substitutes
async def test_a_player_offers_the_seat_and_a_substitute_takes_it(service):
    """"`/game advertise` posts an open-seat notice with a Join button; the seat history
    (who held it, from which phase) is kept and shown"."""
    game = await _started(service)
    await drain_outbox(service)
    assert await service.leave(game.id, BOB) == "South"
    messages = await drain_outbox(service)
    offer = [m for m in messages if m.target == "game" and m.buttons]
    assert offer and offer[0].buttons == (("join", "South"),)       # the Join button rides on the notice
    assert "They play on until a substitute takes it" in offer[0].content
    assert list((await service.game(game.id)).substitute_wanted) == ["South"]
    change = await service.take_seat(game.id, CAROL, "South", GUILD)
    assert (change.seat, change.previous, change.holder) == ("South", BOB.user_id, CAROL.user_id)
    after = await service.game(game.id)
    assert after.holder("South") == CAROL.user_id and not after.seat("South").leaving
    told = await drain_outbox(service)
    assert f"<@{CAROL.user_id}> takes over **South**" in _public(told)
    assert any(m.target == f"user:{BOB.user_id}" and "no longer see its channel" in m.content for m in told)
    welcome = [m for m in told if m.target == "seat:South"]
    assert welcome and "Welcome" in welcome[0].content and "Round 1" in welcome[0].content
    history = await service.seat_history(game.id)
    south = [h for h in history if h.seat == "South"]
    assert [(h.user_id, h.from_label) for h in south] == [(BOB.user_id, "Round 1"), (CAROL.user_id, "Round 1")]
    shown = seats_text(after, history)
    assert f"**South**: <@{CAROL.user_id}> since Round 1" in shown and f"before: <@{BOB.user_id}>" in shown
    assert f"Round 1: <@{CAROL.user_id}> took over South" in await _key_events(service, game.id)


async def _key_events(service, game_id):
    game = await service.game(game_id)
    async with service.db.transaction() as tx:
        return await service.parts.ending.key_events(tx, game)


async def test_a_playing_seat_is_never_taken_without_consent(service):
    """"the GM can replace a seat holder who consents or who is in civil disorder" —
    and nobody else."""
    game = await _started(service)
    with pytest.raises(BadState, match="has not agreed"):
        await service.assign_seat(game.id, ALICE, "South", CAROL.user_id, GUILD)
    with pytest.raises(BadState):
        await service.take_seat(game.id, CAROL, "South", GUILD)
    with pytest.raises(Forbidden):
        await service.assign_seat(game.id, BOB, "North", CAROL.user_id, GUILD)     # only the GM assigns
    with pytest.raises(BadState, match="every seat is held"):
        await service.advertise(game.id, ALICE)
    assert (await service.game(game.id)).holder("South") == BOB.user_id            # nothing changed
    await service.leave(game.id, BOB)
    with pytest.raises(BadState, match="already offered"):
        await service.leave(game.id, BOB)
    await service.leave(game.id, BOB, cancel=True)                                 # changes their mind
    with pytest.raises(BadState, match="has not agreed"):
        await service.assign_seat(game.id, ALICE, "South", CAROL.user_id, GUILD)


async def test_the_gm_gives_a_seat_in_civil_disorder_to_a_substitute(service, clock):
    game = await _started(service)
    await service.set_policy(game.id, ALICE, excused_misses=0)
    await service.submit_orders(game.id, ALICE, "guess 3")
    clock.advance(hours=49)
    await service.tick()
    assert (await service.game(game.id)).seat("South").civil_disorder
    told = [m for m in await drain_outbox(service) if m.buttons]
    assert told[0].buttons == (("join", "South"),) and "civil disorder" in told[0].content   # advertised at once
    assert await service.advertise(game.id, ALICE) == ["South"]
    notice = [m for m in await drain_outbox(service) if m.buttons]
    assert "in civil disorder" in notice[-1].content and notice[-1].buttons == (("join", "South"),)
    change = await service.assign_seat(game.id, ALICE, "South", CAROL.user_id, GUILD)
    seat = (await service.game(game.id)).seat("South")
    assert change.previous == BOB.user_id and seat.user_id == CAROL.user_id
    assert not seat.civil_disorder and seat.misses == 0                            # a clean slate
    assert f"The GM seated <@{CAROL.user_id}> as **South**" in _public(await drain_outbox(service))


# ---------------------------------------------------------------------- 3. votes
async def test_two_thirds_of_the_seats_pause_and_resume(service):
    """"players vote to pause, extend (e.g. 2/3 of seats)"."""
    assert [two_thirds(n) for n in (1, 2, 3, 4, 7)] == [1, 2, 2, 3, 5]
    game = await _started(service, gm=DAVE, players=(ALICE, BOB, CAROL))
    tally = await service.vote(game.id, ALICE, "pause")
    assert not tally.passed and tally.needed == 2 and (await service.game(game.id)).status == "active"
    assert "1 of 3 seats vote to pause the game; 2 needed" in _public(await drain_outbox(service))
    with pytest.raises(Forbidden, match="only players"):
        await service.vote(game.id, DAVE, "pause")            # the GM holds no seat: no vote
    with pytest.raises(BadInput, match="not a motion"):
        await service.vote(game.id, ALICE, "surrender everything")
    tally = await service.vote(game.id, BOB, "pause")
    paused = await service.game(game.id)
    assert tally.passed and paused.status == "paused" and paused.paused_until is not None
    assert "by the players' vote" in _public(await drain_outbox(service))
    await service.vote(game.id, ALICE, "resume")
    await service.vote(game.id, CAROL, "resume")
    assert (await service.game(game.id)).status == "active"


async def test_a_vote_to_extend_moves_the_deadline_and_votes_are_per_phase(service):
    game = await _started(service, gm=DAVE, players=(ALICE, BOB, CAROL))
    before = (await service.phase(game.id)).deadline
    await service.vote(game.id, ALICE, "extend", 12)
    withdrawn = await service.vote(game.id, ALICE, "extend", 12, withdraw=True)
    assert withdrawn.yes == ()
    await service.vote(game.id, ALICE, "extend", 12)
    assert [t.motion for t in await service.votes(game.id)] == ["extend:12"]
    await service.vote(game.id, BOB, "extend", 12)
    phase = await service.phase(game.id)
    assert (phase.deadline - before).total_seconds() == 12 * 3600
    assert await service.votes(game.id) == []                  # carried out: the motion is spent
    await service.vote(game.id, ALICE, "pause")
    for player, guess in ((ALICE, 1), (BOB, 2), (CAROL, 3)):
        await service.submit_orders(game.id, player, f"guess {guess}")
        await service.mark_ready(game.id, player)
    assert (await service.phase(game.id)).seq == 1 and await service.votes(game.id) == []   # a new phase starts afresh


async def test_draws_need_every_seat_and_only_diplomacy_has_them(service):
    """"draw (Diplomacy) and concede"."""
    guess = await _started(service)
    with pytest.raises(BadState, match="has no draws"):
        await service.vote(guess.id, ALICE, "draw")
    game = await _started(service, gm=CAROL, players=(ALICE, BOB), variant="rx07")
    with pytest.raises(UnconfirmedVote, match="Nothing is recorded until you confirm"):
        await service.vote(game.id, ALICE, "draw")            # a draw ends the game: confirmed first
    assert await service.votes(game.id) == []
    first = await service.vote(game.id, ALICE, "draw", confirm=True)
    assert not first.passed and first.needed == 2
    await service.vote(game.id, BOB, "draw", confirm=True)
    over = await service.game(game.id)
    assert over.status == "finished" and over.winners == ()
    messages = await drain_outbox(service)
    assert "all players agreed to a draw" in _public(messages) and "Seed revealed" in _public(messages)
    assert any(m.target == "archive" for m in messages)       # the archive follows every ending


async def test_a_side_concedes_and_the_other_side_wins(service):
    game = await _started(service, gm=CAROL, players=(ALICE, BOB), variant="rx07")
    seat = (await service.game(game.id)).seats_of(BOB.user_id)[0]
    tally = await service.vote(game.id, BOB, "concede", confirm=True)
    over = await service.game(game.id)
    assert tally.passed and over.status == "finished"
    assert over.winners == tuple(s.seat for s in over.seats if s.seat != seat)
    assert f"{seat} conceded" in _public(await drain_outbox(service))


async def test_a_seated_gms_pause_is_capped_and_ends_by_itself(service, clock):
    """"the GM's pause is capped (e.g. 7 days) when the GM holds a seat"."""
    game = await _started(service)                        # ALICE is GM and plays North
    paused = await service.pause(game.id, ALICE)
    assert paused.status == "paused" and (paused.paused_until - clock()).total_seconds() == 7 * 24 * 3600
    assert "who holds a seat" in _public(await drain_outbox(service))
    assert "the pause ends by itself" in await game_status(service, paused)
    clock.advance(hours=7 * 24 + 1)
    await service.tick()
    assert (await service.game(game.id)).status == "active"
    assert "the pause reached its limit of 168h" in _public(await drain_outbox(service))
    free = await _started(service, gm=DAVE)                # a GM with no seat pauses without a cap
    assert (await service.pause(free.id, DAVE)).paused_until is None


async def test_the_pause_cap_is_a_policy_a_seated_gm_can_only_lower(service):
    game = await _started(service)
    with pytest.raises(Forbidden, match="lower its pause cap"):
        await service.set_policy(game.id, ALICE, pause_cap_hours=300)
    lowered = await service.set_policy(game.id, ALICE, pause_cap_hours=72)
    assert lowered.pause_cap_hours == 72
    assert "pauses for at most 72h" in game_rules(lowered)
    with pytest.raises(BadInput):
        await service.set_policy(game.id, ALICE, pause_cap_hours=-1)


async def test_every_gm_action_is_told_in_the_game_channel(service):
    """"every GM action is logged publicly in the game channel"."""
    game = await _started(service, gm=DAVE, players=(ALICE, BOB))
    await drain_outbox(service)
    await service.extend(game.id, DAVE, 5)
    await service.pause(game.id, DAVE)
    await service.resume(game.id, DAVE)
    await service.set_policy(game.id, DAVE, excused_misses=2)
    await service.force_adjudicate(game.id, DAVE)
    await service.rollback(game.id, DAVE)
    told = _public(await drain_outbox(service))
    for words in ("extended the deadline", "is paused by the GM", "resumes (the GM", "changed the game's rules",
                  "forced by the GM", "was undone by the GM"):
        assert words in told, words


# ---------------------------------------------------------------------- 4. rollback
async def test_rollback_reopens_the_phase_with_its_orders_and_rolls_the_same_dice(service):
    """"re-adjudication uses the same committed seed, so the dice are the same unless
    orders change; the rollback is announced and recorded in the export"."""
    game = await _started(service, gm=DAVE)
    await service.submit_orders(game.id, ALICE, "guess 2")
    await service.submit_orders(game.id, BOB, "guess 5")
    await service.force_adjudicate(game.id, DAVE)
    first = await service.phase(game.id)
    roll = first.state["last_roll"]
    with pytest.raises(Forbidden):
        await service.rollback(game.id, ALICE)             # not the GM
    assert await service.rollback(game.id, DAVE) is None   # a GM with no seat acts alone
    reopened = await service.phase(game.id)
    assert reopened.seq == 0 and reopened.adjudicated_at is None and reopened.deadline is not None
    assert list((await service.orders(game.id, ALICE)).lines) == ["guess 2"]
    told = _public(await drain_outbox(service))
    assert "The adjudication of **Round 1** was undone by the GM" in told and "same rolls" in told
    await service.force_adjudicate(game.id, DAVE)
    assert (await service.phase(game.id)).state["last_roll"] == roll      # same seed, same phase: same die
    export = await service.export(game.id, DAVE)
    assert export["rollbacks"] and export["rollbacks"][0]["reopened_label"] == "Round 1"
    with pytest.raises(BadState, match="nothing to undo"):
        fresh = await _started(service, gm=DAVE)
        await service.rollback(fresh.id, DAVE)


async def test_a_seated_gm_rolls_back_only_with_the_players_vote(service):
    game = await _started(service, players=(ALICE, BOB, CAROL))       # ALICE is GM and plays
    await service.force_adjudicate(game.id, ALICE)
    tally = await service.rollback(game.id, ALICE)
    assert tally is not None and not tally.passed and (await service.phase(game.id)).seq == 1
    await service.vote(game.id, BOB, "rollback")
    assert (await service.phase(game.id)).seq == 0                     # 2 of 3 with the GM's
    players_only = await _started(service, players=(ALICE, BOB, CAROL))
    await service.force_adjudicate(players_only.id, ALICE)
    await service.vote(players_only.id, BOB, "rollback")
    tally = await service.vote(players_only.id, CAROL, "rollback")
    assert tally.waiting_for_gm and not tally.passed                   # the GM must agree too
    assert "it also needs the GM" in tally.describe()


async def test_a_finished_game_cannot_be_rolled_back(service):
    game = await _started(service, gm=CAROL, players=(ALICE, BOB), variant="rx07")
    await service.vote(game.id, BOB, "concede", confirm=True)
    with pytest.raises(BadState):
        await service.rollback(game.id, CAROL)


# ---------------------------------------------------------------------- 5. rooms, 6. spectators
def test_table_settings_are_read_and_checked():
    assert split_table_settings({"press": "off", "audience": "players", "x": 1}) == ({"x": 1}, False, "players")
    with pytest.raises(BadInput, match="press"):
        split_table_settings({"press": "maybe"})
    with pytest.raises(BadInput, match="audience"):
        split_table_settings({"audience": "everyone"})


async def test_alliances_get_rooms_only_in_axis_and_allies(service):
    """"for A&A, each alliance (Central Powers, Allies) gets a private channel"."""
    aa = await service.create_game(GUILD, ALICE, "aa1914")
    rooms = alliances_of(aa)
    assert set(rooms) == {"Central Powers", "Allies"} and "Germany" in rooms["Central Powers"]
    assert "Central Powers" in game_rules(aa) and "alliance channels" in game_rules(aa)
    rx = await service.create_game(GUILD, ALICE, "rx07")
    assert alliances_of(rx) == {}


async def test_press_channels_are_checked_before_anything_is_made(service):
    """"players can open a private press channel with chosen seats (`/press open`), or
    the game is created with press off"."""
    game = await _started(service, players=(ALICE, BOB, CAROL))
    _, members = await service.check_press(game.id, ALICE, "South", GUILD)
    assert members == ("North", "South")
    with pytest.raises(Forbidden):
        await service.check_press(game.id, DAVE, "South", GUILD)
    with pytest.raises(BadInput, match="no seat `Mars`"):
        await service.check_press(game.id, ALICE, "South, Mars", GUILD)
    with pytest.raises(BadInput, match="another player"):
        await service.check_press(game.id, ALICE, "North", GUILD)
    await service.add_press_room(game.id, ALICE, members, 555)
    with pytest.raises(BadState, match="already have a press channel"):
        await service.check_press(game.id, BOB, "North", GUILD)
    quiet = await service.create_game(GUILD, ALICE, "guess", options={"press": "off"})
    await service.join(quiet.id, ALICE)
    await service.join(quiet.id, BOB)
    await service.start(quiet.id, ALICE)
    with pytest.raises(BadState, match="press off"):
        await service.check_press(quiet.id, ALICE, "South", GUILD)
    assert "no press channels" in game_rules(await service.game(quiet.id))


async def test_spectating_needs_a_players_only_audience(service):
    """"a Spectator role per game ... that can read the public channel and maps"."""
    open_game = await _started(service)
    with pytest.raises(BadState, match="open to everyone"):
        await service.check_spectate(open_game.id, DAVE, GUILD)
    closed = await _started(service, audience="players")
    with pytest.raises(BadState, match="you play in game"):
        await service.check_spectate(closed.id, ALICE, GUILD)
    with pytest.raises(BadState, match="no Spectator role"):     # the console start makes no role
        await service.check_spectate(closed.id, DAVE, GUILD)
    assert "players and spectators" in await game_status(service, closed)


# ---------------------------------------------------------------------- 7. archive
async def test_the_end_of_a_game_queues_the_archive_with_a_final_summary(service):
    """"the final summary (winner, victory points or pieces, key events) is posted with
    the full export and the seed"."""
    game = await _started(service, gm=DAVE, loaded=True)
    await service.leave(game.id, BOB)
    await service.take_seat(game.id, CAROL, "South", GUILD)
    for _ in range(3):
        await service.submit_orders(game.id, ALICE, "guess 6")
        await service.force_adjudicate(game.id, DAVE)
    over = await service.game(game.id)
    assert over.status == "finished" and over.winners == ("North",)
    archive = [m for m in await drain_outbox(service) if m.target == "archive"]
    assert len(archive) == 1
    summary = archive[0].content
    seed = (await service.export(game.id))["game"]["seed"]
    for words in ("Final summary", "won by North", "Standing at the end", "North 3",
                  f"<@{CAROL.user_id}> took over South", f"`{seed}`", "archived read-only"):
        assert words in summary, words
    packed = pack_export(await service.export(game.id))
    assert read_export(packed)["seat_history"]
    await service.mark_archived(game.id)
    assert (await service.game(game.id)).archived_at is not None
