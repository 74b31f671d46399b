"""`/profile` at the service: ratings per family with games and the provisional mark, reliability,
finished games with result and score, current games — a running anonymous game's seat only to
its own player — on lines a phone shows whole; and `/game centres` as a table and as CSV, its
summaries computed once for a game older than them."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from service import ServiceError
from service.seasons import fits
from tests.conftest import ALICE, BOB, CAROL, GUILD
from tests.seasons.helpers import concede, everyone_ready, rx07


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def test_a_profile_after_a_won_game(service):
    game = await rx07(service)
    await everyone_ready(service, game.id)
    await concede(service, game.id, BOB)
    profile = await service.seasons.profile(GUILD, ALICE.user_id, BOB.user_id)
    text = profile.text(own=False)
    assert fits(text), [line for line in text.splitlines() if len(line) > 40]
    assert f"👤 Profile of <@{ALICE.user_id}>" in text
    assert " WWI rx07 1532 · #1 of 2" in text and "  1 game, provisional" in text
    assert "Reliability: new" in text and " 1 order phase so far (10 make a figure)" in text
    assert f" #{game.id} World War I Diplomacy (rx07)" in text or f" #{game.id} " in text
    assert "  Entente · won · 1 (winloss)" in text
    assert "Not rated: abandoned, GM decisions." in text


async def test_a_running_anonymous_games_seat_is_shown_to_its_player_alone(service):
    open_game = await rx07(service, ALICE, CAROL)
    hidden = await service.create_game(GUILD, BOB, "france_austria", name="Masks", options={"anonymous": True})
    await service.join(hidden.id, ALICE, "France")
    await service.join(hidden.id, BOB, "Austria")
    await service.start(hidden.id, BOB)
    own = (await service.seasons.profile(GUILD, ALICE.user_id, ALICE.user_id)).text(own=True)
    assert f"#{hidden.id} Masks · France" in own and f"#{open_game.id} " in own and "Playing now: 2" in own
    seen = (await service.seasons.profile(GUILD, ALICE.user_id, CAROL.user_id)).text(own=False)
    assert "Masks" not in seen and "France" not in seen and "Playing now: 1" in seen
    public = (await service.seasons.profile(GUILD, ALICE.user_id, None)).text(own=False)
    assert "Masks" not in public
    await service.abandon(hidden.id, BOB)                 # over: who played is no secret any more
    after = (await service.seasons.profile(GUILD, ALICE.user_id, CAROL.user_id)).text(own=False)
    assert "Masks" in after and "France · abandoned" in after


async def test_the_centres_table_and_csv_of_a_game(service, db):
    game = await rx07(service)
    for _ in range(3):
        await everyone_ready(service, game.id)
    table = await service.seasons.centres(game.id, GUILD)
    assert [label for label, _ in table.rows][0] == "Start" and "1914" in [label for label, _ in table.rows]
    assert fits(table.text()) and "Year  Aus Eng Fra Ger Ita Rus Tur" in table.text()
    assert table.csv().splitlines()[0] == "year,Austria,England,France,Germany,Italy,Russia,Turkey"
    async with db.transaction() as conn:                 # a game older than the summaries
        await conn.execute("DELETE FROM phase_summaries")
    again = await service.seasons.centres(game.id, GUILD)
    assert again.rows == table.rows
    rows = await db.fetchall("SELECT COUNT(*) AS n FROM phase_summaries WHERE game_id=?", (game.id,))
    assert rows[0]["n"] == len(await service.store.phases(game.id, decode=False))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=st.one_of(st.integers(), st.text(max_size=6), st.none(), st.floats()),
       guild=st.one_of(st.integers(), st.none()))
async def test_hostile_numbers_are_refused_by_name(service, game_id, guild):
    for call in (service.seasons.scores, service.seasons.centres):
        try:
            await call(game_id, guild)
        except ServiceError:
            pass
    try:
        await service.seasons.profile(guild, game_id, None)
    except ServiceError:
        pass
