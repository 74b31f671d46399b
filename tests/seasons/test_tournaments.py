"""Tournaments through the service: an organiser creates one, players register (and give dipvis
preference lists), `seed` seats a round on boards of the family's size and creates them as games
(players seated, bots on empty seats with fill=bots), started together; round and overall
standings follow the boards as they end, posted to the tournament's channel; a round is seeded
once, in order, after the one before is over; a top board seats the leaders. Every refusal
changes nothing."""
import pytest

from engine.catalog import register_all
from service import Actor, BadInput, BadState, Forbidden, NotFound
from tests.conftest import ADMIN, ALICE, GUILD

PLAYERS = tuple(Actor(900 + i, name=f"p{i}") for i in range(16))


@pytest.fixture(autouse=True)
def _variants():
    register_all()


async def tournament(service, name="Cup", players=14, **kwargs):
    tournaments = service.tournaments
    made = await tournaments.create(GUILD, ADMIN, name, channel_id=5151, **kwargs)
    for player in PLAYERS[:players]:
        await tournaments.join(GUILD, player, name)
    return made


async def draw(service, game_id: int) -> None:
    game = await service.game(game_id)
    for seat in game.seats:
        if seat.user_id is not None:
            await service.vote(game_id, Actor(seat.user_id), "draw", confirm=True)


async def test_fourteen_players_on_two_boards_then_standings(service):
    await tournament(service)
    seeded = await service.tournaments.seed(GUILD, ADMIN, 1)
    assert len(seeded.round.boards) == 2 and seeded.round.waiting == ()
    started = await service.tournaments.start_boards(GUILD, ADMIN)
    assert sorted(g.id for g in started) == sorted(seeded.games)
    for game_id, board in zip(seeded.games, seeded.round.boards):
        game = await service.game(game_id)
        assert game.status == "active" and game.variant == "classic"
        assert {s.seat: s.user_id for s in game.seats} == {p.seat: p.player for p in board.places}
    seating = [m for m in await service.pending_messages(200) if m.target == "channel:5151"]
    assert "round 1: 14 players on 2 boards" in seating[0].content and "**Board 2** · game #" in seating[0].content

    await draw(service, seeded.games[0])
    state = await service.tournaments.state(GUILD)
    overall = state.overall()
    first_board = set(seeded.round.boards[0].players)
    assert {r.player for r in overall.rows[:7]} == first_board          # a 7-way draw: 100/7 each
    assert all(abs(r.score - 100 / 7) < 1e-6 for r in overall.rows[:7])
    post = [m for m in await service.pending_messages(200) if m.target == "channel:5151"][-1]
    assert "round 1, board 1 is over" in post.content and "1 of 2 boards over" in post.content
    with pytest.raises(BadState, match="round 1 is still being played: board 2"):
        await service.tournaments.seed(GUILD, ADMIN, 2)
    await service.abandon(seeded.games[1], ADMIN)           # the round's time limit: scored as it stands
    post = [m for m in await service.pending_messages(200) if m.target == "channel:5151"][-1]
    assert "Round 1 is complete" in post.content and "/tournament seed round:2" in post.content
    second = await service.tournaments.seed(GUILD, ADMIN, 2)
    # 14 players from two boards of 7 on two new boards: some pairs must meet again, and the
    # seating says how many it could not avoid
    assert second.round.number == 2 and second.repeat_meetings > 0
    assert "pair(s) meeting again" in second.text()
    round_one = (await service.tournaments.state(GUILD)).round_table(1)
    assert len(round_one.rows) == 14


async def test_fill_bots_and_left_over_players(service):
    await tournament(service, "Waits", players=9)
    waiting = await service.tournaments.seed(GUILD, ADMIN, 1, "Waits")
    assert len(waiting.round.boards) == 1 and len(waiting.round.waiting) == 2
    assert "⏳ Waiting this round" in waiting.text()
    await tournament(service, "Bots", players=9, fill="bots")
    bots = await service.tournaments.seed(GUILD, ADMIN, 1, "Bots")
    assert sorted(len(b.players) for b in bots.round.boards) == [4, 5]        # spread evenly
    for board, game_id in zip(bots.round.boards, bots.games):
        game = await service.game(game_id)
        assert sum(1 for s in game.seats if s.bot) == 7 - len(board.players)
    assert "🤖 bot" in bots.text() and "5 seats to bots" in bots.text()


async def test_preferences_are_read_as_dipvis_writes_them(service):
    await tournament(service, players=7)
    info, prefs = await service.tournaments.prefs(GUILD, PLAYERS[0], "fgirtea")
    assert prefs.order[:2] == ("France", "Germany")
    with pytest.raises(BadInput, match="`X` is not a seat"):
        await service.tournaments.prefs(GUILD, PLAYERS[0], "FX")
    with pytest.raises(BadState, match="not registered"):
        await service.tournaments.prefs(GUILD, ALICE, "F")
    seeded = await service.tournaments.seed(GUILD, ADMIN, 1)
    assert seeded.round.boards[0].seat_of(PLAYERS[0].user_id) == "France"


async def test_refusals_change_nothing(service):
    tournaments = service.tournaments
    with pytest.raises(Forbidden, match="organiser role"):
        await tournaments.create(GUILD, ALICE, "Cup")
    with pytest.raises(BadInput, match="unknown scoring system"):
        await tournaments.create(GUILD, ADMIN, "Cup", scoring="points")
    with pytest.raises(BadInput, match="family: the board"):
        await tournaments.create(GUILD, ADMIN, "Cup", family="chess")
    with pytest.raises(BadInput, match="scored by winloss"):
        await tournaments.create(GUILD, ADMIN, "Cup", family="rx07", scoring="sos")
    with pytest.raises(NotFound, match="no tournament"):
        await tournaments.join(GUILD, ALICE)
    await tournament(service, players=5)
    with pytest.raises(BadState, match="already registered"):
        await tournaments.join(GUILD, PLAYERS[0])
    with pytest.raises(BadState, match="needs 7 players; 5 registered"):
        await tournaments.seed(GUILD, ADMIN, 1)
    with pytest.raises(Forbidden):
        await tournaments.seed(GUILD, PLAYERS[0], 1)
    with pytest.raises(BadState, match="round 1 of Cup comes first"):
        await tournaments.seed(GUILD, ADMIN, 2)
    assert await service.list_games(GUILD, include_over=True) == []
    for player in PLAYERS[5:7]:
        await tournaments.join(GUILD, player)
    await tournaments.seed(GUILD, ADMIN, 1)
    with pytest.raises(BadState, match="round 1 of Cup is already seeded"):
        await tournaments.seed(GUILD, ADMIN, 1)
    assert len(await service.list_games(GUILD, include_over=True)) == 1
