"""A vote that ends the game (a draw, a concession) at the service: the voter confirms first and
nothing is recorded until then; every seat the bot plays votes by the bots' rule when a person
raises the motion, told as the bot's vote; a lone person never ends a game for bots who would
play on (docs/bots.md "How a bot votes"; service/votes.py)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from service import Actor, ServiceError
from service.errors import MESSAGE_MAX
from service.models import encode_state
from service.text import game_status
from service.votes import UnconfirmedVote
from tests.aa_helpers import V as AA
from tests.conftest import ALICE, BOB, GUILD, drain_outbox

BOTS = ("Austria", "France", "Germany", "Italy", "Russia", "Turkey")


@pytest.fixture(autouse=True)
def _variants():
    register_all()


def public(messages) -> str:
    return "\n".join(m.content for m in messages if m.target == "game")


async def set_position(service, game_id: int, change) -> None:
    phase = await service.phase(game_id)
    state = dict(phase.state)
    change(state)
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(state), phase.id))


async def england_and_six_bots(service):
    game = await service.create_game(GUILD, ALICE, "classic", bots=",".join(BOTS))
    await service.join(game.id, ALICE, "England")
    return await service.start(game.id, ALICE)


async def to_fall_1901(service, game_id: int) -> None:
    await service.tick()                                         # the bots order Spring 1901
    await service.mark_ready(game_id, ALICE, confirm=True)      # England holds: adjudicated
    await service.tick()
    assert (await service.phase(game_id)).label.startswith("Fall 1901")


async def test_a_draw_needs_confirming_and_nothing_is_recorded_before(service):
    game = await england_and_six_bots(service)
    await drain_outbox(service)
    with pytest.raises(UnconfirmedVote) as asked:
        await service.vote(game.id, ALICE, "draw")
    text = asked.value.describe("press Confirm")
    assert f"game #{game.id} ends at once (Spring 1901 Movement) in a draw: nobody wins" in text
    assert "The secret seed is revealed" in text and "This cannot be undone" in text
    assert "It passes when all 7 seats vote for it" in text
    assert "• Austria, France, Germany, Italy, Russia, Turkey (bots): against — 12 supply centres are still " \
           "neutral: the opening's land grab is not over, so every seat can still win" in text
    assert "it cannot pass in this phase" in text and "Nothing is recorded until you confirm: press Confirm" in text
    assert await service.votes(game.id) == [] and public(await drain_outbox(service)) == ""
    assert not [e for e in await service.store.events(game.id) if e["kind"] in ("vote", "bot_vote")]


async def test_six_bots_refuse_a_draw_in_fall_1901_and_the_motion_waits(service):
    """One keystroke ended such a game: "1 of 1 seats" passed it. Now every bot seat votes, and
    in the opening no bot can be said to be out of it."""
    game = await england_and_six_bots(service)
    await to_fall_1901(service, game.id)
    await drain_outbox(service)
    tally = await service.vote(game.id, ALICE, "draw", confirm=True)
    assert tally.electorate == ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    assert tally.yes == ("England",) and tally.against == BOTS and tally.bots == BOTS
    assert not tally.passed and not tally.can_pass
    assert (await service.game(game.id)).status == "active"
    told = public(await drain_outbox(service))
    assert "🗳️ **England** votes to end the game in a draw." in told
    assert "🤖 The bot seats vote by their rule:" in told and "• **Austria**, **France**, **Germany**, **Italy**, " \
                                                           "**Russia**, **Turkey** (bots): against — " in told
    assert "1 of 7 seats vote to end the game in a draw; all 7 needed. For: England. Against, by the bots' " \
           "rule: the bot seats Austria, France, Germany, Italy, Russia, Turkey, so it cannot pass" in told
    bot_votes = [e for e in await service.store.events(game.id) if e["kind"] == "bot_vote"]
    assert sorted(e["payload"]["seat"] for e in bot_votes) == list(BOTS)
    assert all(e["actor_id"] is None and not e["payload"]["yes"] for e in bot_votes)
    # the bots voted once: England's second confirmation repeats nothing
    await service.vote(game.id, ALICE, "draw", confirm=True)
    assert len([e for e in await service.store.events(game.id) if e["kind"] == "bot_vote"]) == 6
    assert "Against, by the bots' rule" in await game_status(service, await service.game(game.id))


async def test_bots_that_can_no_longer_win_accept_and_the_draw_names_them(service):
    game = await england_and_six_bots(service)

    def late(state):
        centres = sorted(state["owners"]) + sorted({"bel", "bul", "den", "gre", "hol", "nwy", "por", "rum", "ser",
                                                    "spa", "swe", "tun"})
        counts = {"England": 16, "France": 5, "Germany": 5, "Italy": 4, "Austria": 2, "Russia": 1, "Turkey": 1}
        owners, index = {}, 0
        for power, n in counts.items():
            owners.update({c: power for c in centres[index:index + n]})
            index += n
        state["owners"] = owners
    await set_position(service, game.id, late)
    await drain_outbox(service)
    with pytest.raises(UnconfirmedVote) as asked:
        await service.vote(game.id, ALICE, "draw")
    assert "Your vote would carry it: the game ends at once." in asked.value.describe("x")
    tally = await service.vote(game.id, ALICE, "draw", confirm=True)
    assert tally.passed and set(tally.yes) == {"England", *BOTS}
    over = await service.game(game.id)
    assert over.status == "finished" and over.winners == ()
    told = public(await drain_outbox(service))
    assert "• **France** (bot): for — accepts: France can reach at most 13 supply centres" in told
    assert "all players agreed to a draw (the bot seats Austria, France, Germany, Italy, Russia, Turkey by the " \
           "bots' rule)" in told and "Seed revealed" in told


async def aa_game(service, bots=("Austria-Hungary", "Ottoman Empire")):
    """A&A: Germany is Alice's; its allies are bot seats; each Allied power has a person."""
    game = await service.create_game(GUILD, ALICE, "aa1914", bots=",".join(bots))
    people = {}
    for index, seat in enumerate(AA.seats({})):
        if seat in bots:
            continue
        people[seat] = ALICE if seat == "Germany" else Actor(200 + index, name=seat)
        await service.join(game.id, people[seat], seat)
    return await service.start(game.id, ALICE), people


async def test_a_lone_german_cannot_concede_for_bot_allies_who_stand_level(service):
    """Germany alone conceded for the whole Central Powers. The concession needs every seat of
    the side, and the bots refuse while their side leads or stands level on a count."""
    game, _ = await aa_game(service)
    with pytest.raises(UnconfirmedVote) as asked:
        await service.vote(game.id, ALICE, "concede")
    text = asked.value.describe("x")
    assert "the Central Powers concede and the win is recorded for the Allies (Russia, France, British Empire, " \
           "Italy, United States)" in text
    assert "It passes when all 3 seats vote for it: Austria-Hungary, Germany, Ottoman Empire." in text
    assert "• Austria-Hungary, Ottoman Empire (bots): against — the Central Powers stand level with the Allies" in text
    tally = await service.vote(game.id, ALICE, "concede", confirm=True)
    assert tally.motion == "concede:Central Powers" and tally.yes == ("Germany",)
    assert tally.against == ("Austria-Hungary", "Ottoman Empire") and not tally.passed
    assert (await service.game(game.id)).status == "active"


async def test_bot_allies_concede_when_the_enemy_leads_on_every_count(service):
    game, people = await aa_game(service)
    await service.vote(game.id, ALICE, "concede", confirm=True)            # refused by both bots
    withdrawn = await service.vote(game.id, ALICE, "concede", withdraw=True)
    assert withdrawn.yes == () and withdrawn.against == ()                  # lapsed, bots' votes with it
    assert "the motion lapses" in public(await drain_outbox(service))
    await set_position(service, game.id, lambda state: state["control"].update(Vienna="Russia"))
    tally = await service.vote(game.id, ALICE, "concede", confirm=True)     # raised again: the bots vote again
    assert tally.passed
    over = await service.game(game.id)
    assert over.status == "finished" and set(over.winners) == {"Russia", "France", "British Empire", "Italy",
                                                               "United States"}
    told = public(await drain_outbox(service))
    assert "concedes: the Allies lead the Central Powers on every count (enemy capitals held 1 to 0" in told
    assert "Central Powers conceded (the bot seats Austria-Hungary, Ottoman Empire by the bots' rule)" in told


async def test_a_person_taking_a_bot_seat_votes_in_its_place(service):
    game = await service.create_game(GUILD, ALICE, "rx07", bots="Central")
    await service.join(game.id, ALICE, "Entente")
    game = await service.start(game.id, ALICE)
    tally = await service.vote(game.id, ALICE, "draw", confirm=True)
    assert tally.against == ("Central",) and not tally.can_pass
    await service.advertise(game.id, ALICE, "Central")         # the GM offers the bot's seat
    await service.take_seat(game.id, BOB, "Central", GUILD)
    tally = (await service.votes(game.id))[0]
    assert tally.against == () and tally.to_vote == ("Central",)            # the bot's no went with it
    assert (await service.vote(game.id, BOB, "draw", confirm=True)).passed


async def test_bots_do_not_vote_on_pausing_and_the_tally_says_so(service):
    game = await england_and_six_bots(service)
    tally = await service.vote(game.id, ALICE, "pause")                     # no confirmation: a pause ends nothing
    assert tally.passed and tally.electorate == ("England",)
    assert "(bot seats do not vote on this: Austria, France, Germany, Italy, Russia, Turkey)" in tally.describe()


TEXT = st.one_of(st.text(max_size=30), st.sampled_from(["draw", " DRAW ", "concede", "rollback", "extend", "x" * 10_000,
                                                       "\x00\ud800", "draw confirm"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(motion=TEXT, hours=st.one_of(st.none(), st.floats(allow_nan=True), st.integers(-10, 10 ** 30)),
       withdraw=st.booleans(), confirm=st.booleans(), phase=st.one_of(st.none(), st.integers(-5, 2 ** 70)))
async def test_random_votes_never_crash_and_an_unconfirmed_one_changes_nothing(service, motion, hours, withdraw,
                                                                               confirm, phase):
    if not hasattr(service, "_fuzzed"):
        register_all()
        service._fuzzed = (await england_and_six_bots(service)).id
    game_id = service._fuzzed
    before = await service.db.fetchall("SELECT * FROM votes WHERE game_id=?", (game_id,))
    try:
        await service.vote(game_id, ALICE, motion, hours, withdraw, phase_seq=phase, confirm=confirm)
    except UnconfirmedVote as asked:
        assert await service.db.fetchall("SELECT * FROM votes WHERE game_id=?", (game_id,)) == before
        assert len(asked.describe("x")) < 2000
    except ServiceError as refusal:
        assert str(refusal) and len(str(refusal)) <= MESSAGE_MAX
