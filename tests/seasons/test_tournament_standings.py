"""Tournament standings: best-N rounds, and each tie-break in its documented order
(engine/tournaments/standings.py)."""
from __future__ import annotations

import pytest

from engine.tournaments import BoardResult, BoardScore, StandingsError, round_standings, tournament_standings


def board(round_, number, *scores):
    return BoardResult(round_, number, tuple(BoardScore(p, pts, sc) for p, pts, sc in scores))


def table(standings):
    return [(r.player, r.score, r.decided_by) for r in standings.rows]


def test_the_tournament_score_adds_the_best_rounds_and_drops_the_rest():
    results = [board(1, 1, ("a", 10, 5), ("b", 30, 9)), board(2, 1, ("a", 25, 8), ("b", 22, 7)),
               board(3, 1, ("a", 20, 7), ("b", 0, 0))]
    standings = tournament_standings(results, ["a", "b"], counted_rounds=2)
    assert table(standings) == [("b", 52, None), ("a", 45, None)]
    assert standings.row("a").counted == (25, 20) and standings.row("a").dropped == (10,)
    assert tournament_standings(results, ["a", "b"]).ranked == ("a", "b")     # all rounds: 55 v 52


def test_a_registered_player_without_a_finished_board_scores_zero():
    standings = tournament_standings([board(1, 1, ("a", 3, 3))], ["z", "a"])
    assert table(standings) == [("a", 3, None), ("z", 0, None)]
    assert standings.row("z").rounds == 0


def test_two_boards_in_one_round_count_the_better():
    results = [board(1, 1, ("a", 10, 4)), board(1, 2, ("a", 30, 9))]
    row = tournament_standings(results).row("a")
    assert row.score == 30 and row.rounds == 1


def test_a_tie_on_points_goes_to_the_better_best_board():
    results = [board(1, 1, ("a", 20, 5), ("x", 0, 0)), board(1, 2, ("b", 25, 5)),
               board(2, 1, ("a", 20, 5)), board(2, 2, ("b", 15, 5))]
    assert table(tournament_standings(results, ["a", "b"])) [:2] == [("b", 40, None), ("a", 40, "best board")]


def test_then_head_to_head_on_the_boards_they_shared():
    results = [board(1, 1, ("a", 10, 4), ("b", 20, 6)), board(2, 1, ("a", 20, 6), ("c", 10, 4)),
               board(2, 2, ("b", 10, 4))]
    standings = tournament_standings(results, ["a", "b", "c"])
    assert table(standings)[:2] == [("b", 30, None), ("a", 30, "head-to-head")]


def test_then_centres_then_dropped_rounds_then_registration():
    centres = [board(1, 1, ("a", 10, 4)), board(1, 2, ("b", 10, 6))]
    assert table(tournament_standings(centres, ["a", "b"])) == [("b", 10, None), ("a", 10, "centres")]
    dropped = [board(1, 1, ("a", 10, 4)), board(1, 2, ("b", 10, 4)), board(2, 1, ("a", 1, 0)),
               board(2, 2, ("b", 3, 0))]
    assert table(tournament_standings(dropped, ["a", "b"], counted_rounds=1)) == [
        ("b", 10, None), ("a", 10, "dropped rounds")]
    level = [board(1, 1, ("a", 10, 4)), board(1, 2, ("b", 10, 4))]
    assert table(tournament_standings(level, ["b", "a"])) == [("b", 10, None), ("a", 10, "registration")]


def test_points_that_differ_only_by_float_rounding_tie():
    results = [board(1, 1, ("a", 0.1, 1)), board(2, 1, ("a", 0.2, 1)), board(1, 2, ("b", 0.3, 1))]
    standings = tournament_standings(results, ["b", "a"])
    assert standings.rows[1].decided_by is not None


def test_round_standings_rank_the_round_by_points_then_centres():
    results = [board(1, 1, ("a", 10, 3), ("b", 10, 5), ("c", 30, 9)), board(2, 1, ("a", 50, 9))]
    assert table(round_standings(results, 1, ["a", "b", "c"])) == [
        ("c", 30, None), ("b", 10, None), ("a", 10, "centres")]
    assert round_standings(results, 2).ranked == ("a",)


def test_the_top_of_the_standings_feeds_the_top_board():
    results = [board(1, b, *((f"p{b}{i}", 10 * i + b, i) for i in range(7))) for b in (1, 2)]
    ranked = tournament_standings(results).ranked
    assert ranked[:3] == ("p26", "p16", "p25")


@pytest.mark.parametrize("results, words", [
    ([board(1, 1, ("a", 1, 1)), board(1, 1, ("b", 1, 1))], "given twice"),
    ([board(1, 1, ("a", 1, 1), ("a", 2, 2))], "scores a player twice"),
    ([board(1, 1, ("a", float("nan"), 1))], "not a number"),
])
def test_results_that_cannot_be_ranked_are_refused(results, words):
    with pytest.raises(StandingsError, match=words):
        tournament_standings(results)


def test_at_least_one_round_counts():
    with pytest.raises(StandingsError, match="at least one round"):
        tournament_standings([], counted_rounds=0)
