"""`/game list` a page at a time: the asker's own open games first, then the newest; at most
20 a page; every open game on exactly one page; read through the index of open games, so a page
costs the same however many games the server has (figures: bench/game_list.py)."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console import Console
from service import Actor
from service.errors import BadInput
from service.game_list import COUNTED_AHEAD, PER_PAGE, game_list_page, game_list_text
from service.models import CONSOLE_GUILD
from tests.conftest import ADMIN, ALICE, BOB, GUILD
from tests.storage.plans import plan as query_plan, reads_through


async def many_games(service, count: int, alice_in: set[int] = frozenset(), guild: int = GUILD) -> list[int]:
    """`count` open games of the toy variant, made by Bob and four others in turn; Alice holds a
    seat in those numbered (1-based) in `alice_in`."""
    await service.set_guild_settings(guild, ADMIN, max_games_per_user=100, max_games_per_server=10_000)
    made = []
    for number in range(1, count + 1):
        maker = BOB if number % 5 == 0 else Actor(500 + number % 5)
        game = await service.create_game(guild, maker, "guess", name=f"Game {number}")
        if number in alice_in:
            await service.join(game.id, ALICE)
        made.append(game.id)
    return made


async def test_page_one_has_your_games_first_then_the_newest_twenty_at_most(service):
    made = await many_games(service, 45, alice_in={3, 30})
    first = await game_list_page(service, GUILD, ALICE.user_id)
    assert [g.id for g in first.games][:2] == [made[29], made[2]]          # hers, newest first
    assert [g.id for g in first.games][2:] == sorted(set(made) - {made[2], made[29]}, reverse=True)[:PER_PAGE - 2]
    assert len(first.games) == PER_PAGE and (first.total, first.pages, first.more) == (45, 3, False)
    text = game_list_text(first)
    lines = text.splitlines()
    assert lines[0] == "**Open games** · 45 · page 1 of 3 · ⭐ yours first"
    assert lines[1].startswith(f"⭐ #{made[29]} **Game 30** · Guess the Die · forming · 1/2 seated")
    assert lines[-1] == "Older: `/game list page:2`. Details: `/game status <number>`."
    assert len(lines) == PER_PAGE + 2 and max(len(line) for line in lines) < 90      # a phone's line or two
    last = await game_list_page(service, GUILD, ALICE.user_id, 3)
    assert len(last.games) == 5 and "Older" not in game_list_text(last)
    with pytest.raises(BadInput, match="only 3 pages"):
        await game_list_page(service, GUILD, ALICE.user_id, 4)
    with pytest.raises(BadInput, match="page must be a whole number"):
        await game_list_page(service, GUILD, ALICE.user_id, "two")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(0, 47), hers=st.sets(st.integers(1, 47), max_size=6), data=st.data())
def test_every_open_game_is_on_exactly_one_page(tmp_path_factory, count, hers, data):
    import asyncio

    from db import Database
    from service import GameService
    from tests.conftest import FakeClock

    closed = data.draw(st.sets(st.integers(1, max(1, count)), max_size=4), label="abandoned")

    async def check():
        db = await Database(tmp_path_factory.mktemp("db") / "list.sqlite3").connect()
        try:
            service = GameService(db, clock=FakeClock(), seed_source=lambda: "s")
            made = await many_games(service, count, alice_in={n for n in hers if n <= count})
            for number in closed:
                if number <= count:
                    await service.abandon(made[number - 1], ADMIN)
            open_ids = [g for n, g in enumerate(made, 1) if n not in closed]
            seen, page = [], 1
            while True:
                listing = await game_list_page(service, GUILD, ALICE.user_id, page)
                assert len(listing.games) <= PER_PAGE
                seen += [g.id for g in listing.games]
                if listing.last:
                    break
                page += 1
            assert sorted(seen) == sorted(open_ids) and len(seen) == len(set(seen))
            mine = [g for n, g in enumerate(made, 1) if n in hers and n not in closed]
            assert seen[:len(mine)] == sorted(mine, reverse=True)
        finally:
            await db.close()
    asyncio.run(check())


async def test_the_count_stops_a_few_pages_ahead_of_the_page_shown(service):
    await many_games(service, PER_PAGE * (COUNTED_AHEAD + 1) + 3)
    first = await game_list_page(service, GUILD, ALICE.user_id)
    assert first.more and first.pages == COUNTED_AHEAD + 1
    assert game_list_text(first).startswith(f"**Open games** · {PER_PAGE * (COUNTED_AHEAD + 1):,}+ · page 1 of "
                                            f"{COUNTED_AHEAD + 1}+")
    far = await game_list_page(service, GUILD, ALICE.user_id, COUNTED_AHEAD + 2)
    assert not far.more and len(far.games) == 3 and far.last


async def test_a_page_is_read_through_the_index_of_open_games(service):
    """The cost stays flat: the page's query walks the partial index of open games by number
    from its top (no sort of the server's games), and the count is bounded."""
    await many_games(service, 3, alice_in={1})
    sent = []
    service.db.trace = lambda sql, params: sent.append((sql, params))     # every statement the repositories run
    await game_list_page(service, GUILD, ALICE.user_id)
    service.db.trace = None
    plans = [await query_plan(service.db, sql, params)         # SQLite's words on either database
             for sql, params in sent if sql.startswith("SELECT * FROM games WHERE guild_id=?") or "COUNT(*)" in sql]
    page_plan = next(p for p in plans if reads_through(p, "games_open_id"))
    assert not any("TEMP B-TREE" in step for step in page_plan), page_plan
    assert len(plans) == 1 or all("SCAN games" not in step for plan in plans for step in plan), plans


async def test_the_console_twin_pages_the_same_list(service):
    await service.set_guild_settings(CONSOLE_GUILD, ADMIN, max_games_per_user=100)
    console = Console(service, write=lambda _: None)
    for number in range(PER_PAGE + 2):
        await console.execute(f"game create guess name=Table{number}")
    first = "\n".join(await console.execute("game list"))
    assert "page 1 of 2" in first and "Older: `game list 2`. Details: `game status NUMBER`." in first
    second = "\n".join(await console.execute("game list 2"))
    assert "page 2 of 2" in second and "**Table0**" in second and "Older" not in second
    assert "only 2 pages" in "\n".join(await console.execute("game list 3"))
