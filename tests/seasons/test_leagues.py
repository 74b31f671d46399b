"""Leagues through the service: an organiser creates one (a server admin, or a member with the
server's organiser role); players join and leave; a game created with `league=<name>` counts when
it ends — its seat holders join, the standings are queued to the league's channel in the game's
own transaction — and counts no more once deleted; a player who left keeps their points;
abandoned games count by the league's rule; a closed league's table is frozen and refuses new
games. Every refusal changes nothing."""
import pytest

from engine.catalog import register_all
from service import Actor, BadInput, BadState, Forbidden, NotFound
from service.seasons import fits
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD
from tests.seasons.helpers import concede, rx07

ORGANISERS = 777          # the server's organiser role


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def league(service, name="Spring", **kwargs):
    return await service.seasons.leagues.create(GUILD, ADMIN, name, channel_id=4242, **kwargs)


async def league_game(service, name="Spring", entente=ALICE, central=BOB, winner=None):
    """An rx07 game of the league, conceded to `winner`'s side (default: the Entente wins)."""
    game = await service.create_game(GUILD, entente, "rx07", options={"league": name})
    await service.join(game.id, entente, "Entente")
    await service.join(game.id, central, "Central")
    await service.start(game.id, entente)
    loser = central if (winner or entente) == entente else entente
    await concede(service, game.id, loser)
    return game.id


async def posts(service, target="channel:4242"):
    return [m for m in await service.pending_messages(200) if m.target == target]


async def test_a_counted_game_moves_the_standings_and_posts_them(service):
    await league(service)
    game_id = await league_game(service)
    table = await service.seasons.leagues.standings(GUILD, "spring")
    assert [(r.player, r.points, r.games) for r in table.standings.rows] == [(ALICE.user_id, 1.0, 1),
                                                                            (BOB.user_id, 0.0, 1)]
    text = table.text()
    assert fits("\n".join(line for line in text.splitlines() if "<@" not in line)), text
    assert f"**1.** <@{ALICE.user_id}>" in text and " 1 pts · 1 game · avg 1" in text
    posted = await posts(service)
    assert len(posted) == 1 and posted[0].game_id == game_id
    said = " ".join(posted[0].content.split())
    assert f"after game #{game_id}" in said and f"<@{ALICE.user_id}>" in said
    members = {m.player for m in table.standings.rows}
    assert members == {ALICE.user_id, BOB.user_id}            # the seat holders joined by playing


async def test_a_deleted_game_counts_no_more(service):
    await league(service)
    first = await league_game(service)
    second = await league_game(service, winner=BOB)
    assert (await service.seasons.leagues.standings(GUILD)).standings.row(BOB.user_id).points == 1.0
    await service.delete_game(second, ADMIN, GUILD)
    table = await service.seasons.leagues.standings(GUILD)
    assert table.games == 1 and table.standings.row(BOB.user_id).points == 0.0
    posted = await posts(service)
    assert posted[-1].game_id == first and f"after game #{second} was deleted" in " ".join(posted[-1].content.split())


async def test_a_player_who_left_keeps_their_points(service):
    await league(service)
    await service.seasons.leagues.join(GUILD, CAROL)
    await league_game(service)
    await service.seasons.leagues.leave(GUILD, ALICE)
    table = await service.seasons.leagues.standings(GUILD)
    assert table.standings.row(ALICE.user_id).points == 1.0
    assert table.standings.row(CAROL.user_id).games == 0          # a member without games shows with 0
    with pytest.raises(BadState, match="not in the league"):
        await service.seasons.leagues.leave(GUILD, ALICE)


async def test_abandoned_games_count_by_the_leagues_rule(service):
    await league(service, "Strict")
    await league(service, "Lenient", abandoned="zero")
    for name in ("Strict", "Lenient"):
        game = await service.create_game(GUILD, ALICE, "rx07", options={"league": name})
        await service.join(game.id, ALICE, "Entente")
        await service.join(game.id, BOB, "Central")
        await service.start(game.id, ALICE)
        await service.abandon(game.id, ALICE)
    strict = await service.seasons.leagues.standings(GUILD, "strict")
    lenient = await service.seasons.leagues.standings(GUILD, "lenient")
    assert strict.games == 0 and strict.standings.rows == ()
    assert lenient.games == 1 and lenient.standings.row(ALICE.user_id).games == 1


async def test_closing_freezes_the_table_and_refuses_new_games(service):
    await league(service)
    await league_game(service)
    closed = await service.seasons.leagues.close(GUILD, ADMIN, "Spring")
    assert closed.league.closed and "closed" in closed.text()
    with pytest.raises(BadState, match="is closed"):
        await service.create_game(GUILD, ALICE, "rx07", options={"league": "Spring"})
    assert len(await service.list_games(GUILD, include_over=True)) == 1       # nothing created
    table = await service.seasons.leagues.standings(GUILD, "Spring")
    assert table.standings.row(ALICE.user_id).points == 1.0
    with pytest.raises(BadState, match="was closed"):
        await service.seasons.leagues.close(GUILD, ADMIN, "Spring")


async def test_refusals_change_nothing(service):
    leagues = service.seasons.leagues
    with pytest.raises(Forbidden, match="organiser role"):
        await leagues.create(GUILD, ALICE, "Spring")
    with pytest.raises(BadInput, match="unknown scoring system `dsss`"):
        await leagues.create(GUILD, ADMIN, "Spring", scoring="dsss")
    with pytest.raises(BadInput, match="families: `chess`"):
        await leagues.create(GUILD, ADMIN, "Spring", families="chess")
    with pytest.raises(BadInput, match="one word"):
        await leagues.create(GUILD, ADMIN, "Spring League")
    assert await leagues.listing(GUILD) == []
    await league(service, families="rx07")
    with pytest.raises(BadState, match="already has a league called Spring"):
        await leagues.create(GUILD, ADMIN, "SPRING")
    await leagues.join(GUILD, CAROL)
    with pytest.raises(BadState, match="already in the league"):
        await leagues.join(GUILD, CAROL)
    with pytest.raises(NotFound, match="no league called `Autumn`"):
        await service.create_game(GUILD, ALICE, "rx07", options={"league": "Autumn"})
    with pytest.raises(BadInput, match="counts rx07 games, not classic"):
        await service.create_game(GUILD, ALICE, "classic", options={"league": "Spring"})
    assert await service.list_games(GUILD, include_over=True) == []
    with pytest.raises(Forbidden):
        await leagues.close(GUILD, BOB, "Spring")
    assert not (await leagues.standings(GUILD)).league.closed


async def test_the_organiser_role_lets_its_members_organise(service):
    organisers = service.seasons.organisers
    with pytest.raises(Forbidden, match="server administrator"):
        await organisers.set_role(GUILD, ALICE, str(ORGANISERS))
    assert await organisers.set_role(GUILD, ADMIN, f"<@&{ORGANISERS}>") == ORGANISERS
    made = await service.seasons.leagues.create(GUILD, ALICE, "Spring", roles=(ORGANISERS,))
    assert made.name == "Spring" and made.scoring == "dss"
    with pytest.raises(Forbidden, match=f"<@&{ORGANISERS}>"):
        await service.seasons.leagues.create(GUILD, BOB, "Autumn", roles=(1,))


async def test_a_league_game_takes_the_leagues_scoring(service):
    await league(service, "Open", scoring="sos")
    game = await service.create_game(GUILD, ALICE, "classic", options={"league": "Open"})
    assert (await service.seasons.settings_of(game.id)).scoring == "sos"
    with pytest.raises(BadInput, match="scores by sos"):
        await service.create_game(GUILD, ALICE, "classic", options={"league": "Open", "scoring": "dss"})


async def test_standings_page_past_twenty_players(service):
    await league(service)
    for index in range(45):
        await service.seasons.leagues.join(GUILD, Actor(5000 + index))
    table = await service.seasons.leagues.standings(GUILD)
    first, third = table.text(), table.text(3)
    assert "Page 1 of 3 · next:" in first and "`/league standings name:Spring page:2`" in first
    assert f"<@{5000 + 44}>" in third and f"<@{5000}>" not in third
    with pytest.raises(BadInput, match="a number from 1 to 3"):
        table.text(4)
