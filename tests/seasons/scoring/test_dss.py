"""Draw-Size Scoring: a solo takes 100; otherwise the powers in the draw split 100 equally
(webDiplomacy: "the points are split equally between every surviving player")."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

THIRD = 100 / 3
SIXTH = 100 / 6
SEVENTH = 100 / 7

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: the whole 100, everyone else 0
    ("solo", P.SOLO18, {"Germany": 100}),
    # conceded to Russia on 15: a concession is scored as a solo
    ("conceded", P.CONCEDED, {"Russia": 100}),
    # Turkey 22: 100
    ("big solo", P.SOLO22, {"Turkey": 100}),
    # victory_centres 12, Germany on 12: 100
    ("victory option", P.VICTORY12, {"Germany": 100}),
    # A4 E5 F5 G5 I5 R5 T5: 7-way, 100 / 7 = 14.2857 each, centres do not matter
    ("7-way", P.DRAW7, {p: SEVENTH for p in P.POWERS}),
    # A0 E6 F6 G6 I5 R6 T5: 6-way, 100 / 6 = 16.667; Austria 0
    ("6-way", P.DRAW6, {p: SIXTH for p in P.POWERS if p != "Austria"}),
    # A0 E8 F7 G6 I0 R7 T6: 5-way, 100 / 5 = 20
    ("5-way", P.DRAW5, {"England": 20, "France": 20, "Germany": 20, "Russia": 20, "Turkey": 20}),
    # A0 E9 F0 G8 I0 R9 T8: 4-way, 100 / 4 = 25
    ("4-way", P.DRAW4, {"England": 25, "Germany": 25, "Russia": 25, "Turkey": 25}),
    # A0 E12 F10 G0 I0 R0 T12: 3-way, 100 / 3 = 33.33 each, France's 10 as good as 12
    ("3-way", P.DRAW3, {"England": THIRD, "France": THIRD, "Turkey": THIRD}),
    # A0 E0 F17 G0 I0 R0 T17: 2-way, 50 each
    ("2-way", P.DRAW2, {"France": 50, "Turkey": 50}),
    # A0 E10 F11 G0 I0 R2 T11, draw E F T: 100 / 3 each; Russia survived but is out of the draw: 0
    ("draw leaving a survivor out", P.NON_DIAS, {"England": THIRD, "France": THIRD, "Turkey": THIRD}),
    # A3 E4 F14 G4 I3 R3 T3: 7-way, the topper still 100 / 7
    ("lone topper in a 7-way", P.LONE_TOP, {p: SEVENTH for p in P.POWERS}),
    # 30 of 34 centres owned, 7-way: 100 / 7 (neutral centres change nothing)
    ("neutral centres", P.NEUTRALS, {p: SEVENTH for p in P.POWERS}),
    # A0 E11 F8 G8 I0 R7 T0: 4-way, 25 each
    ("tie for second", P.TIE_SECOND, {"England": 25, "France": 25, "Germany": 25, "Russia": 25}),
    # A10 E10 F10 G0 I0 R4 T0: 4-way, 25 each
    ("three tied on top", P.TIE_TOP3, {"Austria": 25, "England": 25, "France": 25, "Russia": 25}),
    # A1 E16 F0 G0 I1 R16 T0: 4-way, a one-centre survivor gets 25 like the 16s
    ("one-centre survivors", P.SMALL, {"Austria": 25, "England": 25, "Italy": 25, "Russia": 25}),
    # A0 E7 F6 G5 I6 R5 T5: 6-way, 16.667 each
    ("one eliminated", P.ONE_OUT, {p: SIXTH for p in P.POWERS if p != "Austria"}),
    # A2 E9 F8 G0 I6 R5 T4: 6-way, 16.667 each
    ("lead by one", P.BY_ONE, {p: SIXTH for p in P.POWERS if p != "Germany"}),
    # G17 T15, 2 centres neutral: 2-way, 50 each
    ("uneven 2-way", P.UNEVEN2, {"Germany": 50, "Turkey": 50}),
    # France vs Austria 14-12, drawn: 50 each
    ("two-player draw", P.FVA_DRAW, {"France": 50, "Austria": 50}),
    # France vs Austria, France 18: 100
    ("two-player solo", P.FVA_SOLO, {"France": 100}),
    # A1 E16 F0 G0 I1 R16 T0 with a draw of England and Russia only: 50 each, the 1s get 0
    ("2-way draw of 4 survivors", {**P.SMALL, "draw": ("England", "Russia")}, {"England": 50, "Russia": 50}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_draw_size_scoring_by_hand(position, expected):
    expect("dss", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_every_game_is_worth_exactly_100(game):
    points = score("dss", **game)
    assert sum(points.values()) == pytest.approx(100)
    assert all(v >= 0 for v in points.values())


@settings(max_examples=60, deadline=None)
@given(finished_games(powers=("France", "Austria")))
def test_two_player_games_are_worth_100_too(game):
    assert sum(score("dss", **game).values()) == pytest.approx(100)
