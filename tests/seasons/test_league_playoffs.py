"""A playoff of the top 8 in two-game matches: seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 from a ranked list
or a league's table, each round's matches created as their players become known, winners
advancing as matches end (a level match, or one that could not finish, to the higher seed), the
bracket posted where the playoff was set up, every line fitting a phone."""
import re

import pytest

from engine.catalog import register_all
from service import Actor
from service.errors import BadInput, Forbidden, NotFound
from service.seasons import fits
from tests.conftest import ADMIN, ALICE, GUILD, drain_outbox
from tests.seasons.helpers import concede

CHANNEL = 888
PLAYERS = tuple(Actor(500 + n, name=f"p{n}") for n in range(1, 9))        # seed n is PLAYERS[n - 1]
BY_ID = {p.user_id: p for p in PLAYERS}


@pytest.fixture(autouse=True)
def _variants():
    register_all()


def as_a_phone_shows_it(text: str) -> str:
    """Discord's markup as shown: bold marks gone, a mention as a long member name (24 letters)."""
    return re.sub(r"<@\d+>", "@" + "n" * 23, text.replace("**", ""))


async def play_match(service, match_id: int, winner: Actor) -> None:
    """Both ask 0 for the Allies (a coin decides), then the loser concedes both games."""
    match = await service.matches.match(match_id)
    a, b = (BY_ID[p] for p in match.players)
    loser = b if winner is a else a
    await service.matches.bid(GUILD, a, "Allies", 0, match_id)
    await service.matches.bid(GUILD, b, "Allies", 0, match_id)
    for number in (1, 2):
        if number == 2:
            await service.matches.ready(GUILD, a, match_id)
            await service.matches.ready(GUILD, b, match_id)
        game = await service.matches.start(match_id, GUILD)
        await concede(service, game.id, loser)


async def test_eight_seeds_play_down_to_a_champion(service):
    news = await service.playoffs.create(GUILD, ADMIN, [p.user_id for p in PLAYERS], channel_id=CHANNEL)
    assert "First-round matches: #1 (QF1), #2 (QF2), #3 (QF3), #4 (QF4)" in news.text
    matches = {m.playoff[1:]: m for m in [await service.matches.match(n) for n in (1, 2, 3, 4)]}
    assert [matches[(1, slot)].players for slot in (1, 2, 3, 4)] == [
        (501, 508), (504, 505), (502, 507), (503, 506)]                    # 1v8, 4v5, 2v7, 3v6
    assert fits(as_a_phone_shows_it(news.text.split("\n\n", 1)[1])), news.text
    await play_match(service, 1, PLAYERS[0])                # seed 1 beats seed 8
    await play_match(service, 2, PLAYERS[4])                # seed 5 beats seed 4
    posted = [m.content for m in await drain_outbox(service) if m.target == f"channel:{CHANNEL}"]
    assert any("New match #5 (SF1): <@501> v <@505>" in text for text in posted), posted
    assert fits(as_a_phone_shows_it(posted[-1]).split("\n\n", 1)[1])
    await play_match(service, 3, PLAYERS[1])
    await play_match(service, 4, PLAYERS[2])
    await play_match(service, 5, PLAYERS[4])                # seed 5 reaches the final
    await play_match(service, 6, PLAYERS[2])
    final = await service.matches.match(7)
    assert final.playoff == (1, 3, 1) and final.players == (503, 505)     # the higher seed first
    await play_match(service, 7, PLAYERS[2])
    bracket = await service.playoffs.bracket(GUILD)
    assert "🏆 Champion: <@503>" in bracket and "F · #7 · 2–0, more points" in bracket
    assert "▶5 <@505>" in bracket and fits(as_a_phone_shows_it(bracket)), bracket
    assert await service.playoffs.bracket(GUILD, 1) == bracket


async def test_an_abandoned_playoff_match_goes_to_the_higher_seed(service):
    await service.playoffs.create(GUILD, ADMIN, [p.user_id for p in PLAYERS], channel_id=CHANNEL)
    await service.matches.bid(GUILD, PLAYERS[3], "Allies", 0, 2)
    await service.matches.bid(GUILD, PLAYERS[4], "Allies", 0, 2)
    game = await service.matches.start(2, GUILD)
    await service.abandon(game.id, ADMIN)
    bracket = await service.playoffs.bracket(GUILD)
    assert "QF2 · #2 · the higher seed" in bracket and "▶4 <@504>" in bracket, bracket


@pytest.mark.parametrize("actor, seeds, error, words", [
    (ADMIN, PLAYERS[:5], BadInput, "a playoff seeds the top 8, and you named 5 players .*: 3 short"),
    (ADMIN, PLAYERS[:7] + PLAYERS[:1], BadInput, "<@501> is named twice"),
    (ALICE, PLAYERS, Forbidden, "only a server admin or a member with the organiser role"),
])
async def test_a_playoff_that_cannot_be_seeded_is_refused_and_nothing_is_made(service, actor, seeds, error, words):
    with pytest.raises(error, match=words):
        await service.playoffs.create(GUILD, actor, [p.user_id for p in seeds], channel_id=CHANNEL)
    with pytest.raises(NotFound, match="no playoff yet"):
        await service.playoffs.bracket(GUILD)


async def test_a_league_table_seeds_the_playoff(service):
    await service.seasons.leagues.create(GUILD, ADMIN, "Spring", families="aa1914")
    for player in PLAYERS[:6]:
        await service.seasons.leagues.join(GUILD, player, "Spring")
    with pytest.raises(BadInput, match="the league Spring's table ranks 6 players: 2 short"):
        await service.playoffs.create(GUILD, ADMIN, league="Spring")
    for player in PLAYERS[6:]:
        await service.seasons.leagues.join(GUILD, player, "Spring")
    news = await service.playoffs.create(GUILD, ADMIN, league="Spring")
    assert "from the league Spring's table" in news.text and "Top 8 of the league Spring" in news.text
    with pytest.raises(BadInput, match="not both"):
        await service.playoffs.create(GUILD, ADMIN, [p.user_id for p in PLAYERS], league="Spring")
