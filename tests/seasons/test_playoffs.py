"""Two-game matches with sides swapped, and the playoff of the top 8: 1 v 8 … 4 v 5, the higher
seed through a level match (engine/tournaments/matches.py, playoffs.py)."""
from __future__ import annotations

import json
import random

import pytest

from engine.tournaments import (Bracket, GameOutcome, PlayoffError, SealedBids, TournamentError, TwoGameMatch,
                                advance, playoff_bracket)
from engine.tournaments.playoffs import bracket_positions

CP, AL = "Central Powers", "Allies"


def match(a="ann", b="bob", a_side=CP, ask=6):
    bids = SealedBids((a, b), (CP, AL)).submit(a, a_side, ask).submit(b, a_side, ask + 3)
    return TwoGameMatch((a, b), bids.resolve(random.Random(1)))


# ---------------------------------------------------------------- two-game matches

def test_the_second_game_swaps_sides_and_the_bid_goes_with_the_side():
    m = match()
    assert m.sides(1) == {"ann": CP, "bob": AL} and m.sides(2) == {"ann": AL, "bob": CP}
    assert m.bid_for(1) == (CP, 6, "ann") and m.bid_for(2) == (CP, 6, "bob")
    with pytest.raises(TournamentError, match="games 1 and 2"):
        m.sides(3)


def test_the_player_with_more_points_takes_the_match():
    m = match()
    result = m.result([GameOutcome(CP, 9), GameOutcome(AL, 12)])     # ann wins both
    assert result.points == (2.0, 0.0) and result.winner == "ann" and result.decided_by == "games"
    drawn_then_won = m.result([GameOutcome(None), GameOutcome(CP, 7)])
    assert drawn_then_won.points == (0.5, 1.5) and drawn_then_won.winner == "bob"


def test_a_win_each_goes_to_the_quicker_win_else_the_match_is_drawn():
    m = match()
    quicker = m.result([GameOutcome(CP, 8), GameOutcome(CP, 11)])     # ann won game 1 in 8 rounds
    assert quicker.points == (1.0, 1.0) and quicker.winner == "ann" and quicker.decided_by == "quicker win"
    level = m.result([GameOutcome(CP, 8), GameOutcome(CP, 8)])
    assert level.winner is None and level.complete
    assert m.result([GameOutcome(None), GameOutcome(None)]).winner is None


def test_a_match_after_one_game_is_not_finished():
    result = match().result([GameOutcome(AL, 5)])
    assert result.points == (0.0, 1.0) and result.winner is None and not result.complete


def test_a_game_won_by_no_side_of_the_match_is_refused():
    with pytest.raises(TournamentError, match="not a side"):
        match().result([GameOutcome("Entente")])


# ---------------------------------------------------------------- the bracket

def test_the_top_eight_meet_one_v_eight_four_v_five_two_v_seven_three_v_six():
    assert bracket_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    bracket = playoff_bracket([f"s{i}" for i in range(1, 11)])
    firsts = [(m.high[0], m.low[0]) for m in bracket.matches if m.round == 1]
    assert firsts == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert "s9" not in bracket.seeds and len(bracket.pending()) == 4


def test_winners_advance_until_there_is_a_champion_and_one_and_two_meet_only_in_the_final():
    bracket = playoff_bracket([f"s{i}" for i in range(1, 9)])
    for slot, winner in [(1, "s1"), (2, "s5"), (3, "s2"), (4, "s3")]:
        bracket = advance(bracket, 1, slot, winner)
    semis = [(m.high, m.low) for m in bracket.matches if m.round == 2]
    assert semis == [((1, "s1"), (5, "s5")), ((2, "s2"), (3, "s3"))]
    bracket = advance(advance(bracket, 2, 1, "s1"), 2, 2, "s3")
    final = bracket.match(3, 1)
    assert (final.high, final.low) == ((1, "s1"), (3, "s3"))
    bracket = advance(bracket, 3, 1, "s3")
    assert bracket.champion == "s3" and bracket.pending() == ()


def test_a_level_match_sends_the_higher_seed_through():
    bracket = playoff_bracket(["ann", "x2", "x3", "x4", "x5", "x6", "x7", "bob"])
    level = match("ann", "bob").result([GameOutcome(CP, 8), GameOutcome(CP, 8)])
    assert level.winner is None
    bracket = advance(bracket, 1, 1, level)
    assert bracket.match(1, 1).winner == "ann" and bracket.match(1, 1).decided_by == "higher seed"
    quicker = match("x4", "x5").result([GameOutcome(AL, 6), GameOutcome(AL, 9)])    # x5 won in 6 rounds
    bracket = advance(bracket, 1, 2, quicker)
    assert bracket.match(1, 2).winner == "x5" and bracket.match(1, 2).decided_by == "quicker win"


def test_missing_seeds_are_byes_for_the_top_seeds():
    bracket = playoff_bracket(["a", "b", "c", "d", "e", "f"])
    assert bracket.size == 8
    assert [(m.winner, m.decided_by) for m in bracket.matches if m.round == 1][::2] == [("a", "bye"), ("b", "bye")]
    assert [m.players for m in bracket.pending()] == [("d", "e"), ("c", "f")]
    small = playoff_bracket(["a", "b", "c"])
    assert small.size == 4 and [m.players for m in small.pending()] == [("b", "c")]
    assert playoff_bracket(["a", "b"]).pending()[0].players == ("a", "b")


def test_a_result_for_a_match_not_being_played_is_refused():
    bracket = playoff_bracket(list("abcdefgh"))
    with pytest.raises(PlayoffError, match="players are not known yet"):
        advance(bracket, 2, 1, "a")
    with pytest.raises(PlayoffError, match="does not play"):
        advance(bracket, 1, 1, "b")
    with pytest.raises(PlayoffError, match="has not finished"):
        advance(bracket, 1, 1, match("a", "h").result([GameOutcome(CP)]))
    with pytest.raises(PlayoffError, match="not of round 1 match 1"):
        advance(bracket, 1, 1, match("a", "b").result([GameOutcome(CP), GameOutcome(CP)]))
    done = advance(bracket, 1, 1, "h")
    with pytest.raises(PlayoffError, match="it is decided"):
        advance(done, 1, 1, "a")
    with pytest.raises(PlayoffError, match="no match 9"):
        done.match(1, 9)


@pytest.mark.parametrize("ranked, size, words", [(["a"], 8, "at least 2"), (["a", "b", "a"], 8, "twice"),
                                                 (list("abcdef"), 6, "2, 4, 8, 16")])
def test_a_bracket_that_cannot_be_drawn_is_refused(ranked, size, words):
    with pytest.raises(PlayoffError, match=words):
        playoff_bracket(ranked, size)


def test_a_bracket_survives_json():
    bracket = advance(advance(playoff_bracket(list("abcdefg")), 1, 2, "e"), 1, 3, "b")
    assert Bracket.from_json(json.loads(json.dumps(bracket.to_json()))) == bracket
