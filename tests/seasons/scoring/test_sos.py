"""Sum of Squares: a solo takes 100; otherwise each power in the draw scores
100 × centres² / Σ(centres² in the draw) (webDiplomacy: "(SC_count^2) / (sum of all players
(SC_count^2))")."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: 100, the rest 0 whatever their centres
    ("solo", P.SOLO18, {"Germany": 100}),
    # conceded to Russia (15): 100
    ("conceded", P.CONCEDED, {"Russia": 100}),
    # Turkey 22: 100
    ("big solo", P.SOLO22, {"Turkey": 100}),
    # victory_centres 12: Germany 100
    ("victory option", P.VICTORY12, {"Germany": 100}),
    # A4 E5 F5 G5 I5 R5 T5: squares 16 + 6×25 = 16 + 150 = 166; Austria 1600/166 = 9.6386,
    # each 5: 2500/166 = 15.0602
    ("7-way", P.DRAW7, {"Austria": 1600 / 166, **{p: 2500 / 166 for p in P.POWERS[1:]}}),
    # A0 E6 F6 G6 I5 R6 T5: 4×36 + 2×25 = 144 + 50 = 194; 6s: 3600/194 = 18.557, 5s: 2500/194 = 12.887
    ("6-way", P.DRAW6, {"England": 3600 / 194, "France": 3600 / 194, "Germany": 3600 / 194, "Russia": 3600 / 194,
                        "Italy": 2500 / 194, "Turkey": 2500 / 194}),
    # A0 E8 F7 G6 I0 R7 T6: 64 + 49 + 36 + 49 + 36 = 234; E 6400/234 = 27.35, F R 4900/234 = 20.94,
    # G T 3600/234 = 15.38
    ("5-way", P.DRAW5, {"England": 6400 / 234, "France": 4900 / 234, "Germany": 3600 / 234,
                        "Russia": 4900 / 234, "Turkey": 3600 / 234}),
    # A0 E9 F0 G8 I0 R9 T8: 81 + 64 + 81 + 64 = 290; 9s 8100/290 = 27.93, 8s 6400/290 = 22.07
    ("4-way", P.DRAW4, {"England": 8100 / 290, "Germany": 6400 / 290, "Russia": 8100 / 290, "Turkey": 6400 / 290}),
    # A0 E12 F10 G0 I0 R0 T12: 144 + 100 + 144 = 388; 12s 14400/388 = 37.11, France 10000/388 = 25.77
    ("3-way", P.DRAW3, {"England": 14400 / 388, "France": 10000 / 388, "Turkey": 14400 / 388}),
    # A0 E0 F17 G0 I0 R0 T17: 289 + 289; 50 each
    ("2-way", P.DRAW2, {"France": 50, "Turkey": 50}),
    # A0 E10 F11 G0 I0 R2 T11, draw E F T: squares over the draw 100 + 121 + 121 = 342;
    # E 10000/342 = 29.24, F T 12100/342 = 35.38; Russia (out of the draw) 0
    ("draw leaving a survivor out", P.NON_DIAS, {"England": 10000 / 342, "France": 12100 / 342,
                                                 "Turkey": 12100 / 342}),
    # A3 E4 F14 G4 I3 R3 T3: 9 + 16 + 196 + 16 + 9 + 9 + 9 = 264; F 19600/264 = 74.24,
    # E G 1600/264 = 6.06, A I R T 900/264 = 3.41
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 900 / 264, "England": 1600 / 264, "France": 19600 / 264,
                                            "Germany": 1600 / 264, "Italy": 900 / 264, "Russia": 900 / 264,
                                            "Turkey": 900 / 264}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): 5×16 + 2×25 = 130; 4s 1600/130 = 12.31, 5s 2500/130 = 19.23
    ("neutral centres", P.NEUTRALS, {"Austria": 1600 / 130, "England": 1600 / 130, "France": 2500 / 130,
                                     "Germany": 1600 / 130, "Italy": 1600 / 130, "Russia": 2500 / 130,
                                     "Turkey": 1600 / 130}),
    # A0 E11 F8 G8 I0 R7 T0: 121 + 64 + 64 + 49 = 298; E 12100/298, F G 6400/298, R 4900/298
    ("tie for second", P.TIE_SECOND, {"England": 12100 / 298, "France": 6400 / 298, "Germany": 6400 / 298,
                                      "Russia": 4900 / 298}),
    # A10 E10 F10 G0 I0 R4 T0: 3×100 + 16 = 316; 10s 10000/316 = 31.65, Russia 1600/316 = 5.06
    ("three tied on top", P.TIE_TOP3, {"Austria": 10000 / 316, "England": 10000 / 316, "France": 10000 / 316,
                                       "Russia": 1600 / 316}),
    # A1 E16 F0 G0 I1 R16 T0: 1 + 256 + 1 + 256 = 514; 16s 25600/514 = 49.81, 1s 100/514 = 0.19
    ("one-centre survivors", P.SMALL, {"Austria": 100 / 514, "England": 25600 / 514, "Italy": 100 / 514,
                                       "Russia": 25600 / 514}),
    # A0 E7 F6 G5 I6 R5 T5: 49 + 36 + 25 + 36 + 25 + 25 = 196; E 4900/196 = 25, F I 3600/196,
    # G R T 2500/196
    ("one eliminated", P.ONE_OUT, {"England": 25, "France": 3600 / 196, "Germany": 2500 / 196, "Italy": 3600 / 196,
                                   "Russia": 2500 / 196, "Turkey": 2500 / 196}),
    # A2 E9 F8 G0 I6 R5 T4: 4 + 81 + 64 + 36 + 25 + 16 = 226
    ("lead by one", P.BY_ONE, {"Austria": 400 / 226, "England": 8100 / 226, "France": 6400 / 226,
                               "Italy": 3600 / 226, "Russia": 2500 / 226, "Turkey": 1600 / 226}),
    # G17 T15: 289 + 225 = 514; G 28900/514 = 56.23, T 22500/514 = 43.77
    ("uneven 2-way", P.UNEVEN2, {"Germany": 28900 / 514, "Turkey": 22500 / 514}),
    # France 14, Austria 12: 196 + 144 = 340; F 19600/340 = 57.65, A 14400/340 = 42.35
    ("two-player draw", P.FVA_DRAW, {"France": 19600 / 340, "Austria": 14400 / 340}),
    # France 18 solo: 100
    ("two-player solo", P.FVA_SOLO, {"France": 100}),
    # webDiplomacy's worked example: 12, 10, 8 and 4 centres (the rest neutral or eliminated):
    # 144 / (144 + 100 + 64 + 16) = 144/324 of the pot, "93" of 210 points; here 44.44 of 100
    ("webDiplomacy's example",
     {"centres": P.board(12, 10, 8, 4, 0, 0, 0), "fell": {"Italy": 1905, "Russia": 1906, "Turkey": 1907}},
     {"Austria": 14400 / 324, "England": 10000 / 324, "France": 6400 / 324, "Germany": 1600 / 324}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_sum_of_squares_by_hand(position, expected):
    expect("sos", position, expected)


def test_webdiplomacy_example_gives_93_of_a_210_point_pot():
    """points.php: "you will receive 93 points (12^2 / (12^2 + 10^2 + 8^2 + 4^2) * 210 = 93)"."""
    points = score("sos", P.board(12, 10, 8, 4, 0, 0, 0), fell={"Italy": 1905, "Russia": 1906, "Turkey": 1907})
    assert int(points["Austria"] * 210 / 100) == 93


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_every_game_is_worth_exactly_100(game):
    points = score("sos", **game)
    assert sum(points.values()) == pytest.approx(100)
    drawn = [p for p in game["centres"] if points[p] > 0]
    # more centres never score less within the draw
    for a in drawn:
        for b in drawn:
            if game["centres"][a] > game["centres"][b]:
                assert points[a] > points[b]
