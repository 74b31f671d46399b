"""League standings: points (or average), games, and the tie-breaks in their documented order
(engine/tournaments/league.py)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tournaments import GamePoints, LeagueGame, LeagueRules, StandingsError, league_standings


def game(gid, *results):
    return LeagueGame(gid, tuple(GamePoints(*r) for r in results))


def table(standings):
    return [(r.player, r.points, r.decided_by) for r in standings.rows]


def test_most_points_first_with_games_and_average():
    games = [game(1, ("a", 1), ("b", 0)), game(2, ("a", 0.5), ("c", 0.5)), game(3, ("c", 1), ("b", 0))]
    standings = league_standings(games, ["a", "b", "c"])
    assert table(standings) == [("a", 1.5, None), ("c", 1.5, "join order"), ("b", 0, None)]
    row = standings.row("c")
    assert (row.games, row.average, row.best) == (2, 0.75, 1)


def test_equal_points_from_fewer_games_rank_higher():
    games = [game(1, ("a", 1), ("b", 0)), game(2, ("b", 1), ("c", 0)), game(3, ("b", 0), ("c", 1))]
    assert table(league_standings(games, ["b", "a", "c"])) == [("a", 1, None), ("c", 1, "average"),
                                                              ("b", 1, "average")]


def test_then_the_best_game_then_head_to_head():
    best = [game(1, ("a", 2)), game(2, ("a", 2)), game(3, ("b", 3)), game(4, ("b", 1))]
    assert table(league_standings(best, ["a", "b"])) == [("b", 4, None), ("a", 4, "best game")]
    h2h = [game(1, ("a", 3), ("b", 1)), game(2, ("b", 3), ("c", 0)), game(3, ("a", 1), ("c", 0))]
    assert table(league_standings(h2h, ["b", "a"]))[:2] == [("a", 4, None), ("b", 4, "head-to-head")]


def test_then_centres_then_join_order():
    centres = [game(1, ("a", 10, 3), ("b", 10, 7))]
    assert table(league_standings(centres, ["a", "b"])) == [("b", 10, None), ("a", 10, "centres")]
    level = [game(1, ("a", 10, 3)), game(2, ("b", 10, 3))]
    assert table(league_standings(level, ["b", "a"])) == [("b", 10, None), ("a", 10, "join order")]


def test_ranking_by_average_puts_players_short_of_games_after_the_rest():
    games = [game(1, ("a", 3), ("b", 1)), game(2, ("b", 2)), game(3, ("c", 1)), game(4, ("c", 1))]
    standings = league_standings(games, ["a", "b", "c"], LeagueRules(rank_by="average", min_games=2))
    assert [r.player for r in standings.rows] == ["b", "c", "a"]
    assert [r.qualified for r in standings.rows] == [True, True, False]


def test_only_the_best_games_count_when_the_league_says_so():
    games = [game(i, ("a", p)) for i, p in enumerate([1, 5, 3, 0])]
    row = league_standings(games, rules=LeagueRules(best=2)).row("a")
    assert (row.points, row.games, row.dropped) == (8, 2, 2)


def test_a_player_who_left_keeps_their_points_and_members_without_games_show_zero():
    standings = league_standings([game(1, ("gone", 1), ("b", 0))], members=["b", "new"])
    assert [r.player for r in standings.rows] == ["gone", "b", "new"]
    assert standings.row("new").games == 0


@pytest.mark.parametrize("games, words", [
    ([game(1, ("a", 1)), game(1, ("b", 1))], "counted twice"),
    ([game(1, ("a", 1), ("a", 0))], "twice"),
    ([game(1, ("a", "1"))], "not a number"),
])
def test_games_that_cannot_be_counted_are_refused(games, words):
    with pytest.raises(StandingsError, match=words):
        league_standings(games)


@pytest.mark.parametrize("rules, words", [(dict(rank_by="wins"), "ranks by points or average"),
                                          (dict(best=0), "at least one game"),
                                          (dict(min_games=-1), "cannot be negative")])
def test_league_rules_that_make_no_sense_are_refused(rules, words):
    with pytest.raises(StandingsError, match=words):
        LeagueRules(**rules)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 12), count=st.integers(0, 40),
       rank_by=st.sampled_from(["points", "average"]))
def test_any_season_ranks_every_player_once_in_a_total_order(seed, players, count, rank_by):
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    games = [game(i, *((p, rng.choice([0, 0.5, 1]), rng.randrange(5)) for p in rng.sample(names, 2)))
             for i in range(count)]
    standings = league_standings(games, names, LeagueRules(rank_by=rank_by))
    assert sorted(standings.ranked) == sorted(names)
    assert [r.place for r in standings.rows] == list(range(1, players + 1))
    again = league_standings(list(reversed(games)), names, LeagueRules(rank_by=rank_by))
    assert again.ranked == standings.ranked          # the order of the games does not matter
