"""A GM ends a running game with a result they decide (`/gm end`): a draw among the powers still
on the board or among named seats, a win for a seat or a side. The GM is told first what it does
and nothing changes until they confirm; the game ends as any game ends (the channel told, the
seed revealed, the final summary, the scores), recorded as `gm_decision` and never rated — the
reply and `/profile` say so — while a league counts the decided result (docs/tournaments.md)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console import Console
from engine.catalog import register_all
from service import BadInput, ServiceError
from service.commands.gm import ended
from service.commands.spec import Ask
from service.decisions import read_decision, typed_from_code
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD, drain_outbox
from tests.seasons.helpers import PEOPLE, SEVEN, rx07


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def classic_of_seven(service, gm=CAROL):
    """Seven people; `gm` created it and holds no seat."""
    game = await service.create_game(GUILD, gm, "classic")
    for person, power in zip(PEOPLE, SEVEN):
        await service.join(game.id, person, power)
    return await service.start(game.id, gm)


async def test_nothing_changes_until_the_gm_confirms(service):
    game = await classic_of_seven(service)
    await drain_outbox(service)
    asked = await service.end_by_decision(game.id, CAROL, "draw England, France")
    assert not asked.confirmed and (await service.game(game.id)).status == "active"
    text = ended(asked, Ask(CAROL, {}, game))
    assert "a draw among England and France" in text and "**not rated**" in text
    assert f"`/gm end game_id:{game.id} result:draw England, France confirm:True`" in text
    assert await drain_outbox(service) == []


async def test_a_decided_draw_ends_the_game_unrated_with_its_scores(service):
    game = await classic_of_seven(service)
    done = await service.end_by_decision(game.id, CAROL, "draw England, France", confirm=True)
    assert done.confirmed
    over = await service.game(game.id)
    assert over.status == "finished" and set(over.winners) == {"England", "France"}
    said = "\n".join(m.content for m in await drain_outbox(service))
    assert "the GM ended it by decision: a draw among England and France" in said
    assert "Seed revealed" in said and "Not rated" in said
    assert "ended by the GM's decision, a draw among England and France (not rated)" in said   # the summary
    scores = await service.seasons.scores(game.id, GUILD)
    assert "GM decision in 1901: a draw of England, France; scored, not rated" in scores.replace("\n", " "), scores
    # scored as any end: draw-size scoring shares the points between England and France
    dss = scores.split("Draw-Size Scoring (dss)")[1].split("\n\n")[0]
    assert "Eng 50" in dss and "Fra 50" in dss and "Ger 0" in dss, dss
    england = await service.seasons.profile(GUILD, PEOPLE[1].user_id)
    text = england.text(own=True)
    assert "GM decision: drew" in text and "Not rated: abandoned, GM decisions." in text, text
    assert england.ratings == ()


async def test_ratings_skip_a_game_the_gm_decided(service):
    decided = await rx07(service, ALICE, BOB)
    await service.end_by_decision(decided.id, ADMIN, "win Entente", confirm=True)
    profile = await service.seasons.profile(GUILD, ALICE.user_id)
    assert profile.ratings == ()                       # the only game was decided: no rating at all
    assert "GM decision" in profile.text(own=True)


async def test_a_confirmation_shown_before_the_game_moved_on_changes_nothing(service):
    """The Confirm button acts in the phase the GM was shown; pressed later it is refused."""
    game = await classic_of_seven(service)
    asked = await service.end_by_decision(game.id, CAROL, "draw England, France")
    assert typed_from_code(game, asked.code) == "draw England, France"
    await service.force_adjudicate(game.id, CAROL)
    with pytest.raises(ServiceError, match="has moved on to Fall 1901"):
        await service.end_by_decision(game.id, CAROL, typed_from_code(game, asked.code), confirm=True,
                                      phase_seq=asked.seq)
    assert (await service.game(game.id)).status == "active"


async def test_a_decisions_code_reads_back_as_the_same_result(service):
    game = await service.create_game(GUILD, CAROL, "aa1914")
    for said in ("draw", "win Central Powers", "win Italy", "draw Germany, Russia"):
        decision = read_decision(game, said)
        assert read_decision(game, typed_from_code(game, decision.code(game))) == decision
    with pytest.raises(BadInput):
        typed_from_code(game, "w99")


async def test_a_side_wins_in_axis_and_allies_words(service):
    game = await service.create_game(GUILD, CAROL, "aa1914")
    decision = read_decision(game, "win central powers")
    assert decision.kind == "win" and decision.side == "Central Powers" and len(decision.winners) >= 3


@pytest.mark.parametrize("said, why", [
    ("", "the result is"), ("peace", "the result is"), ("win", "a win names one seat"),
    ("win England, France", "for several seats decide a draw"), ("draw England", "a draw needs two seats"),
    ("draw England, Narnia", "has no seat `Narnia`"),
])
async def test_a_result_that_cannot_be_read_is_refused_and_changes_nothing(service, said, why):
    game = await classic_of_seven(service)
    with pytest.raises(ServiceError, match=why):
        await service.end_by_decision(game.id, CAROL, said, confirm=True)
    assert (await service.game(game.id)).status == "active"


async def test_random_words_are_read_or_refused_precisely(service):
    game = await service.create_game(GUILD, CAROL, "aa1914")

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.one_of(st.text(max_size=60), st.builds(lambda k, t: f"{k} {t}", st.sampled_from(["draw", "win", "Win"]),
                                                     st.text(max_size=40))))
    def read(text):
        try:
            decision = read_decision(game, text)
        except BadInput:
            return
        assert decision.kind in ("draw", "win") and set(decision.winners) <= {s.seat for s in game.seats}
    read()


async def test_only_an_unseated_gm_of_a_running_game_decides(service):
    game = await classic_of_seven(service)
    with pytest.raises(ServiceError, match="only the game master"):
        await service.end_by_decision(game.id, BOB, "draw", confirm=True)
    seated = await rx07(service, ALICE, BOB)
    with pytest.raises(ServiceError, match="not yours to decide"):
        await service.end_by_decision(seated.id, ALICE, "win Entente", confirm=True)
    forming = await service.create_game(GUILD, CAROL, "classic")
    with pytest.raises(ServiceError, match="has not started"):
        await service.end_by_decision(forming.id, CAROL, "draw", confirm=True)
    await service.end_by_decision(game.id, CAROL, "draw", confirm=True)
    with pytest.raises(ServiceError, match="already finished"):
        await service.end_by_decision(game.id, CAROL, "draw", confirm=True)


async def test_the_console_ends_a_game_by_decision_in_its_own_words(service, tmp_path):
    console = Console(service, tmp_path, write=lambda _: None)
    lines = ["as carol", "game create classic name=Table"]
    for person, power in zip(PEOPLE, SEVEN):
        lines += [f"as {person.name}", f"game join 1 {power}"]
    lines += ["as carol", "game start 1"]
    for line in lines:
        await console.execute(line)
    asked = "\n".join(await console.execute("gm end 1 win England"))
    assert "a win for England" in asked and "`gm end 1 win England confirm`" in asked, asked
    assert (await service.game(1)).status == "active"
    done = "\n".join(await console.execute("gm end 1 win England confirm"))
    assert "is over by your decision: a win for England" in done and "Not rated" in done
    assert (await service.game(1)).winners == ("England",)


async def test_the_gm_ends_a_game_by_decision_on_discord(service):
    """Through the fake Discord with README's permissions: the GM is asked to confirm (to them
    alone, with a Confirm button), then the game ends, the channel is told and the game is
    archived; not rated."""
    from tests.discord_world import README_PERMISSIONS, open_world, started_game
    from tests.fake_discord import button_id

    async with open_world(service, bot_permissions=README_PERMISSIONS, players=3) as world:
        alice, bob, carol = world.players
        game_id = await started_game(world, "classic", "Stalled")      # alice (the GM) holds seats
        refused = await world.slash(alice, "gm end", game_id=game_id, result="draw")
        assert "not yours to decide" in refused.text and refused.replies[-1]["_visible_to"] == alice.id
        # a server admin who holds no seat decides it
        asked = await world.slash(world.owner, "gm end", game_id=game_id, result="win England")
        assert "a win for England" in asked.text and "**not rated**" in asked.text
        assert asked.replies[-1]["_visible_to"] == world.owner.id
        assert (await service.game(game_id)).status == "active"
        prompt = asked.replies[-1]
        pressed = await world.harness.click(world.owner, prompt, button_id(prompt, "Confirm: end the game"))
        assert "is over by your decision: a win for England" in pressed.text and "Not rated" in pressed.text
        assert not pressed.replies or all(m["_visible_to"] == world.owner.id for m in pressed.replies)
        assert (await service.game(game_id)).winners == ("England",)
        again = await world.slash(world.owner, "gm end", game_id=game_id, result="draw", confirm=True)
        assert "already finished" in again.text and again.replies[-1]["_visible_to"] == world.owner.id
        told = await world.harness.wait_message(world.public_channel(game_id), "the GM ended it by decision")
        assert "a win for England" in told["content"] and "Not rated" in told["content"]
        await world.harness.wait_message(world.public_channel(game_id), "Final summary")
        scores = await world.slash(bob, "game scores", game_id=game_id)
        assert "GM decision" in scores.text and "won by England" in scores.text
        assert not world.fake.refusals and world.fake.ignored_ephemeral == []


async def test_a_league_counts_the_decided_result_without_a_rating(service):
    await service.seasons.leagues.create(GUILD, ADMIN, "Spring", channel_id=4242)
    game = await service.create_game(GUILD, CAROL, "rx07", options={"league": "Spring"})
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    await service.start(game.id, CAROL)
    await service.end_by_decision(game.id, CAROL, "win Central", confirm=True)
    table = await service.seasons.leagues.standings(GUILD, "spring")
    assert [(r.player, r.points, r.games) for r in table.standings.rows] == [(BOB.user_id, 1.0, 1),
                                                                            (ALICE.user_id, 0.0, 1)]
    assert (await service.seasons.profile(GUILD, BOB.user_id)).ratings == ()
