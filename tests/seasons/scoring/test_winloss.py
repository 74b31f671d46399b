"""Win/loss for two-sided games (rx07's two sides, Axis & Allies, the two-player classic
variants): a win 1, a loss 0, a draw ½ each."""
import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import ScoringError
from engine.scoring import score, winloss
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

RX07 = ("Entente", "Central Powers")
AA = ("Entente", "Central Powers")

CASES = [
    # France vs Austria, France 18 (solo): 1 and 0
    ("FvA solo", P.FVA_SOLO, {"France": 1}),
    # France 14, Austria 12, drawn: ½ each
    ("FvA draw", P.FVA_DRAW, {"France": 0.5, "Austria": 0.5}),
    # Austria wins 18 to 9: Austria 1, France 0
    ("FvA Austria wins", {"centres": {"France": 9, "Austria": 18}, "solo": "Austria", "total": 34},
     {"Austria": 1}),
    # England vs Turkey drawn 10-10: ½ each
    ("EvT draw", {"centres": {"England": 10, "Turkey": 10}, "total": 34}, {"England": 0.5, "Turkey": 0.5}),
    # Turkey wins 20 to 3: 1 and 0
    ("EvT solo", {"centres": {"England": 3, "Turkey": 20}, "solo": "Turkey"}, {"Turkey": 1}),
    # England on 12 conceded the game: 1
    ("EvT conceded", {"centres": {"England": 12, "Turkey": 9}, "solo": "England", "conceded": True},
     {"England": 1}),
    # France wins with 14 under victory_centres 14: 1
    ("FvA victory option", {"centres": {"France": 14, "Austria": 12}, "solo": "France", "victory": 14},
     {"France": 1}),
    # France holds all 34: 1
    ("FvA whole board", {"centres": {"France": 34, "Austria": 0}, "solo": "France", "total": 34}, {"France": 1}),
    # an early draw with neutral centres (5 to 4): ½ each
    ("FvA early draw", {"centres": {"France": 5, "Austria": 4}, "total": 34}, {"France": 0.5, "Austria": 0.5}),
    # the draw named explicitly, both sides: ½ each
    ("draw named", {"centres": {"France": 11, "Austria": 13}, "draw": ("France", "Austria")},
     {"France": 0.5, "Austria": 0.5}),
    # rx07: the variant decides victory (victory=None); the Entente wins on 16 centres: 1
    ("rx07 Entente wins", {"centres": {"Entente": 16, "Central Powers": 18}, "solo": "Entente", "victory": None},
     {"Entente": 1}),
    # rx07: the Central Powers win on 13: 1
    ("rx07 Central Powers win", {"centres": {"Entente": 21, "Central Powers": 13}, "solo": "Central Powers",
                                 "victory": None}, {"Central Powers": 1}),
    # rx07 drawn 17-17: ½ each
    ("rx07 draw", {"centres": {"Entente": 17, "Central Powers": 17}, "victory": None},
     {"Entente": 0.5, "Central Powers": 0.5}),
    # rx07 with every centre to the Entente: 1
    ("rx07 whole board", {"centres": {"Entente": 34, "Central Powers": 0}, "solo": "Entente", "victory": None},
     {"Entente": 1}),
    # the sides keep the caller's order: Central Powers first
    ("order kept", {"centres": {"Central Powers": 15, "Entente": 19}, "solo": "Entente", "victory": None},
     {"Entente": 1}),
    # Axis & Allies through score(): no centres (0 each), victory decided by the variant
    ("A&A through score", {"centres": {"Entente": 0, "Central Powers": 0}, "solo": "Central Powers",
                           "victory": None}, {"Central Powers": 1}),
    # Axis & Allies drawn through score(): ½ each
    ("A&A draw through score", {"centres": {"Entente": 0, "Central Powers": 0}, "victory": None},
     {"Entente": 0.5, "Central Powers": 0.5}),
    # England vs Turkey, England wins 19 to 15: 1
    ("EvT England wins", {"centres": {"England": 19, "Turkey": 15}, "solo": "England"}, {"England": 1}),
    # France vs Austria, Austria conceded the game with fewer centres (8 to 10): 1
    ("FvA conceded to the smaller", {"centres": {"France": 10, "Austria": 8}, "solo": "Austria", "conceded": True},
     {"Austria": 1}),
    # England vs Turkey draw with 30 neutral-left centres (2 to 2): ½ each
    ("EvT opening draw", {"centres": {"England": 2, "Turkey": 2}}, {"England": 0.5, "Turkey": 0.5}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_win_loss_by_hand(position, expected):
    expect("winloss", position, expected)


def test_axis_and_allies_without_centres():
    """A&A: `winloss(sides, winner)`; no winner is a draw."""
    assert winloss(AA, "Entente") == {"Entente": 1.0, "Central Powers": 0.0}
    assert winloss(AA, "Central Powers") == {"Entente": 0.0, "Central Powers": 1.0}
    assert winloss(AA) == {"Entente": 0.5, "Central Powers": 0.5}


def test_win_loss_scores_only_two_sided_games():
    with pytest.raises(ScoringError, match="winloss scores games of 2 sides; this one has 7 powers"):
        score("winloss", P.board(4, 5, 5, 5, 5, 5, 5))


def test_a_draw_of_one_side_is_refused():
    with pytest.raises(ScoringError, match="includes both sides"):
        score("winloss", {"France": 14, "Austria": 12}, draw=("France",))


def test_a_side_with_no_centres_has_lost_not_drawn():
    with pytest.raises(ScoringError, match="Austria holds no supply centre, so the game is not a draw"):
        score("winloss", {"France": 17, "Austria": 0}, fell={"Austria": 1910})


def test_a_winner_who_is_not_a_side_is_refused():
    with pytest.raises(ScoringError, match="`Italy` is not a power of this game"):
        winloss(AA, "Italy")


@settings(max_examples=100, deadline=None)
@given(finished_games(powers=("France", "Austria")).filter(
    lambda g: g.get("solo") or (all(g["centres"].values()) and len(g["draw"]) in (0, 2))))
def test_two_sided_results_sum_to_one(game):
    """A win and a loss, or two halves: 1 in all (the games a two-sided board can end in)."""
    points = score("winloss", **game)
    assert sum(points.values()) == 1
    assert sorted(points.values()) in ([0.0, 1.0], [0.5, 0.5])


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(RX07), st.booleans())
def test_rx07_and_aa_results_sum_to_one(side, drawn):
    points = winloss(RX07, None if drawn else side)
    assert sum(points.values()) == 1
