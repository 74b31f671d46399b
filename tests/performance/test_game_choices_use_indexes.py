"""The game autocomplete and the clock's idle round read through indexes, so
their cost does not grow with the number of games (the figures are in bench/games_autocomplete.py;
here: what they offer, and that the queries use the indexes)."""
from __future__ import annotations

import json
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from cogs.common import DispatchCog
from service.clock import GameClock
from service.game_choices import LIMIT, game_choices
from tests.storage.plans import plan as query_plan, reads_through, uses_index

AT = "2026-11-01T12:00:00+00:00"
HERE, THERE = 1000, 2000


async def add_games(db, rows) -> None:
    """rows: (id, guild, name, status)."""
    await db.conn.executemany(
        "INSERT INTO games (id, guild_id, name, variant, options, status, creator_id, seed, seed_hash, "
        "phase_hours, created_at) VALUES (?,?,?, 'guess', '{}', ?, 1, 's', 'h', 48, ?)",
        [(g, guild, name, status, AT) for g, guild, name, status in rows])
    await db.conn.commit()


async def plan(db, sql: str, params: tuple) -> str:
    """The plan's steps in SQLite's words, on either database (tests/storage/plans.py)."""
    return " | ".join(await query_plan(db, sql, params))


async def many(db) -> None:
    rows = []
    for g in range(1, 301):
        status = "finished" if g % 3 == 0 else "abandoned" if g % 11 == 0 else "paused" if g % 7 == 0 else "active"
        rows.append((g, HERE if g % 2 else THERE, "Spring Cup " + str(g) if g % 5 == 0 else f"Game {g}", status))
    await add_games(db, rows)


def numbers(choices) -> list[int]:
    return [game_id for _, game_id in choices]


async def test_only_open_games_of_this_server_at_most_25(service, db):
    await many(db)
    for typed in ("", "1", "12", "#7", "game", "GAME 1", "cup", "spring cup 25", "zzz", "%", "_", "\\"):
        found = numbers(await game_choices(service, HERE, typed))
        assert len(found) <= LIMIT
        rows = {r["id"]: r for r in await db.fetchall("SELECT id, guild_id, status FROM games", ())}
        assert all(rows[g]["guild_id"] == HERE for g in found), typed
        assert all(rows[g]["status"] in ("forming", "active", "paused") for g in found), typed
        assert len(set(found)) == len(found)
    assert len(await game_choices(service, HERE, "")) == LIMIT       # many open games: the first 25


async def test_matching_by_number_name_start_and_part_of_the_name(service, db):
    await many(db)
    newest = numbers(await game_choices(service, HERE, ""))
    assert newest == sorted(newest, reverse=True) and newest[0] == 299
    # a number: the game itself first, then the numbers it starts (#1, #10-#19, #100-#199)
    assert numbers(await game_choices(service, HERE, "1"))[:6] == [1, 13, 17, 19, 101, 103]
    assert numbers(await game_choices(service, HERE, "#29"))[0] == 29
    assert 3 not in numbers(await game_choices(service, HERE, "3"))     # finished: nothing to pick
    # the start of the name, in either case; then a part of it
    assert numbers(await game_choices(service, HERE, "game 13")) == [13, 131, 133, 137, 139]
    assert {25, 205} <= set(numbers(await game_choices(service, HERE, "spring cup 2")))
    assert set(numbers(await game_choices(service, HERE, "cup 5"))) == {5}      # #55 was abandoned
    assert await game_choices(service, HERE, "zzz") == []
    assert await game_choices(service, HERE, "%") == [] and await game_choices(service, HERE, "_") == []
    label = (await game_choices(service, HERE, "7"))[0][0]
    assert label == "#7 Game 7 (paused)"


async def test_the_cog_offers_the_servers_games_and_in_dms_the_callers(service, db):
    await many(db)
    await db.conn.execute("INSERT INTO seats (game_id, seat, user_id) VALUES (2, 'North', 42)")
    await db.conn.commit()
    cog = SimpleNamespace(service=service)
    here = await DispatchCog.game_autocomplete(cog, SimpleNamespace(guild_id=HERE, user=SimpleNamespace(id=42)), "1")
    assert [c.value for c in here][:2] == [1, 13] and len(here) <= LIMIT
    dm = await DispatchCog.game_autocomplete(cog, SimpleNamespace(guild_id=None, user=SimpleNamespace(id=42)), "")
    assert [(c.name, c.value) for c in dm] == [("#2 Game 2 (active)", 2)]


@settings(max_examples=60, deadline=None)
@given(typed=st.text(max_size=40))
async def test_random_text_never_crashes(typed):
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from db import Database
    from service import GameService
    with TemporaryDirectory() as folder:
        db = await Database(Path(folder) / "t.sqlite3").connect()
        try:
            await add_games(db, [(1, HERE, "Game 1", "active"), (12, HERE, "Ωmega %_", "forming")])
            found = await game_choices(GameService(db), HERE, typed)
            assert len(found) <= LIMIT and set(numbers(found)) <= {1, 12}
        finally:
            await db.close()


async def test_the_autocomplete_queries_use_the_indexes(service, db):
    from db.games import OPEN as open_
    await many(db)                  # rows to plan for (PostgreSQL plans by the table's statistics)
    assert reads_through(await query_plan(db, f"SELECT id, name, status FROM games WHERE guild_id=? AND {open_} "
                                              f"ORDER BY id DESC LIMIT ?", (HERE, 25)), "games_open_id")
    assert uses_index(await query_plan(
        db, f"SELECT id, name, status FROM games WHERE guild_id=? AND {open_} AND id BETWEEN ? AND ? "
            f"ORDER BY id LIMIT ?", (HERE, 10, 19, 25)), "games_open_id", "guild_id", "id")
    assert uses_index(await query_plan(
        db, f"SELECT id, name, status FROM games WHERE guild_id=? AND {open_} AND lower(name) >= ? AND lower(name) < ? "
            f"ORDER BY lower(name) LIMIT ?", (HERE, "spr", "spr\U0010ffff", 25)), "games_open_name", "guild_id",
        "lower(name)")


async def test_the_store_runs_exactly_those_queries(service, db):
    """The plans above are the plans of the SQL the store really sends."""
    await many(db)
    sent = []
    db.trace = lambda sql, params: sent.append((sql, params))       # every statement the repositories run
    await game_choices(service, HERE, "12")
    await game_choices(service, HERE, "")
    await game_choices(service, HERE, "spr")
    db.trace = None
    listed = [(sql, params) for sql, params in sent if sql.startswith("SELECT id, name, status FROM games")]
    assert len(listed) >= 3
    for sql, params in listed:
        used = await query_plan(db, sql, params)
        assert not any(step.startswith("SCAN games") for step in used), (sql, used)
        assert reads_through(used, "games_open_id") or reads_through(used, "games_open_name"), (sql, used)


async def test_the_clocks_idle_round_reads_through_indexes(service, db):
    """A clock round with nothing due (timers, capped pauses, bots to play, messages owed) and
    the next wake-up never scan the games or the delivered messages."""
    await many(db)
    await db.conn.execute("INSERT INTO outbox (game_id, target, content, created_at, delivered_at) "
                          "VALUES (1, 'game', 'x', ?, ?)", (AT, AT))
    await db.conn.commit()
    sent = []
    db.trace = lambda sql, params: sent.append((sql, params))       # every statement the repositories run

    async def send(destination, delivery):
        raise AssertionError("nothing is due")
    clock = GameClock(service, send, longest_sleep=0)
    await clock.run_once()                     # the first round notes the newest phase
    await clock.run_once()                     # a round with nothing new
    await service.pending_messages(50)
    await service.seconds_to_next_timer()
    db.trace = None
    assert sent
    partial = ("seats_bot", "outbox_undelivered", "outbox_due", "games_pause_end", "reminders_due")
    for sql, params in sent:
        for step in (await plan(db, sql, params)).split(" | "):
            # a scan only of a partial index, which holds just the rows that still need the clock (or
            # SQLite's one constant row: two subqueries read in one statement)
            assert (not step.startswith("SCAN ") or step == "SCAN CONSTANT ROW"
                    or any(f"INDEX {name}" in step for name in partial)), (sql, step)
    json.dumps(sent)   # plain SQL and parameters


async def test_a_command_without_a_number_reads_only_the_callers_games(service, db):
    """`resolve_game` outside a game channel: the caller's open games of this server (seated or
    created), read through the seats' and creators' indexes, not every game of the server."""
    from service.game_choices import own_open_games
    await many(db)
    await db.conn.executemany("INSERT INTO seats (game_id, seat, user_id) VALUES (?, 'North', 42)",
                              [(1,), (2,), (3,), (5,)])                  # 2: another server; 3: finished
    await db.conn.execute("UPDATE games SET creator_id=42 WHERE id IN (7, 13, 9)")   # 9 is finished
    await db.conn.commit()
    sent = []
    db.trace = lambda sql, params: sent.append((sql, params))       # every statement the repositories run
    found = await own_open_games(service, HERE, 42)
    db.trace = None
    assert [g.id for g in found] == [1, 5, 7, 13]
    steps = await query_plan(db, *sent[0])
    assert not any(step.startswith("SCAN") for step in steps), steps
    assert uses_index(steps, "games_open_id", "guild_id", "id"), steps
