"""Tribute: a solo scores 100; otherwise 1 per centre, the powers in the draw share 66, and each
pays the board-topper 1 point per centre it has over 6, never more than its share of the 66;
tied toppers split the tribute (Windy City Weasels; World Diplomacy Wiki)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

S7 = 66 / 7          # a 7-way draw's share: 9.4286 ("7-way Draw 9.4 pts")

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: "A Solo = 100 points. Nobody else scores anything."
    ("solo", P.SOLO18, {"Germany": 100}),
    # conceded to Russia: 100
    ("conceded", P.CONCEDED, {"Russia": 100}),
    # Turkey 22: 100
    ("big solo", P.SOLO22, {"Turkey": 100}),
    # victory_centres 12: Germany 100
    ("victory option", P.VICTORY12, {"Germany": 100}),
    # A4 + six 5s, 7-way: share 66/7 = 9.4286; the top (5) is not over 6: no tribute;
    # Austria 4 + 9.4286, the 5s 5 + 9.4286; total 34 + 66 = 100
    ("7-way", P.DRAW7, {"Austria": 4 + S7, **{p: 5 + S7 for p in P.POWERS[1:]}}),
    # A0 E6 F6 G6 I5 R6 T5, 6-way: share 11; top 6, nothing over 6: 6s 17, 5s 16
    ("6-way", P.DRAW6, {"England": 17, "France": 17, "Germany": 17, "Italy": 16, "Russia": 17, "Turkey": 16}),
    # A0 E8 F7 G6 I0 R7 T6, 5-way: share 13.2; England tops with 8: 2 from each of 4 payers;
    # England 8 + 13.2 + 8 = 29.2; France, Russia 7 + 13.2 − 2 = 18.2; Germany, Turkey 17.2
    ("5-way", P.DRAW5, {"England": 29.2, "France": 18.2, "Germany": 17.2, "Russia": 18.2, "Turkey": 17.2}),
    # A0 E9 F0 G8 I0 R9 T8, 4-way: share 16.5; top 9: 3 from Germany and Turkey each, 6 split by
    # the two toppers; England, Russia 9 + 16.5 + 3 = 28.5; Germany, Turkey 8 + 16.5 − 3 = 21.5
    ("4-way", P.DRAW4, {"England": 28.5, "Germany": 21.5, "Russia": 28.5, "Turkey": 21.5}),
    # A0 E12 F10 G0 I0 R0 T12, 3-way: share 22; top 12: France pays 6, 3 to each topper;
    # England, Turkey 12 + 22 + 3 = 37; France 10 + 22 − 6 = 26
    ("3-way", P.DRAW3, {"England": 37, "France": 26, "Turkey": 37}),
    # F17 T17, 2-way: share 33; nobody but the toppers in the draw, so no payer: 17 + 33 = 50 each
    ("2-way", P.DRAW2, {"France": 50, "Turkey": 50}),
    # A0 E10 F11 G0 I0 R2 T11, draw E F T: share 66/3 = 22; top 11: England pays 5, 2.5 to each
    # topper: England 10 + 22 − 5 = 27, France, Turkey 11 + 22 + 2.5 = 35.5; Russia, out of the
    # draw, keeps its 2 and pays nothing
    ("draw leaving a survivor out", P.NON_DIAS, {"England": 27, "France": 35.5, "Russia": 2, "Turkey": 35.5}),
    # A3 E4 F14 G4 I3 R3 T3, 7-way: share 9.4286; France 14 → 8 over 6, less than the share: six
    # payers give 8; France 14 + 9.4286 + 48 = 71.4286; England, Germany 4 + 9.4286 − 8 = 5.4286;
    # the 3s 4.4286
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 3 + S7 - 8, "England": 4 + S7 - 8, "France": 14 + S7 + 48,
                                            "Germany": 4 + S7 - 8, "Italy": 3 + S7 - 8, "Russia": 3 + S7 - 8,
                                            "Turkey": 3 + S7 - 8}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned), 7-way: no tribute (top 5); total 30 + 66 = 96
    ("neutral centres", P.NEUTRALS, {"Austria": 4 + S7, "England": 4 + S7, "France": 5 + S7, "Germany": 4 + S7,
                                     "Italy": 4 + S7, "Russia": 5 + S7, "Turkey": 4 + S7}),
    # A0 E11 F8 G8 I0 R7 T0, 4-way: share 16.5; top 11: 5 each from France, Germany, Russia;
    # England 11 + 16.5 + 15 = 42.5; France, Germany 8 + 16.5 − 5 = 19.5; Russia 18.5
    ("tie for second", P.TIE_SECOND, {"England": 42.5, "France": 19.5, "Germany": 19.5, "Russia": 18.5}),
    # A10 E10 F10 G0 I0 R4 T0, 4-way: share 16.5; top 10: Russia pays 4, split three ways (1.333);
    # toppers 10 + 16.5 + 4/3 = 27.833; Russia 4 + 16.5 − 4 = 16.5
    ("three tied on top", P.TIE_TOP3, {"Austria": 26.5 + 4 / 3, "England": 26.5 + 4 / 3, "France": 26.5 + 4 / 3,
                                       "Russia": 16.5}),
    # A1 E16 F0 G0 I1 R16 T0, 4-way: share 16.5; top 16 → 10 each from Austria and Italy;
    # England, Russia 16 + 16.5 + 10 = 42.5; Austria, Italy 1 + 16.5 − 10 = 7.5
    ("one-centre survivors", P.SMALL, {"Austria": 7.5, "England": 42.5, "Italy": 7.5, "Russia": 42.5}),
    # A0 E7 F6 G5 I6 R5 T5, 6-way: share 11; top 7 → 1 from each of 5 payers; England
    # 7 + 11 + 5 = 23; France, Italy 6 + 11 − 1 = 16; Germany, Russia, Turkey 15
    ("one eliminated", P.ONE_OUT, {"England": 23, "France": 16, "Germany": 15, "Italy": 16, "Russia": 15,
                                   "Turkey": 15}),
    # A2 E9 F8 G0 I6 R5 T4, 6-way: share 11; top 9 → 3 from each of 5 payers; England 9 + 11 + 15
    # = 35; France 16, Italy 14, Russia 13, Turkey 12, Austria 2 + 11 − 3 = 10
    ("lead by one", P.BY_ONE, {"Austria": 10, "England": 35, "France": 16, "Italy": 14, "Russia": 13, "Turkey": 12}),
    # G17 T15 (2 neutral), 2-way: share 33; top 17 → 11 from Turkey; Germany 17 + 33 + 11 = 61;
    # Turkey 15 + 33 − 11 = 37
    ("uneven 2-way", P.UNEVEN2, {"Germany": 61, "Turkey": 37}),
    # France 14, Austria 12: share 33; France 14 → 8 from Austria: 14 + 33 + 8 = 55, 12 + 33 − 8 = 37
    ("two-player draw", P.FVA_DRAW, {"France": 55, "Austria": 37}),
    # France 18: 100
    ("two-player solo", P.FVA_SOLO, {"France": 100}),
    # "Tribute paid cannot exceed the draw size score": France 17 of a 7-way (3 3 17 3 3 3 2):
    # 17 − 6 = 11 > 9.4286, so each pays 9.4286 — all of its share; France 17 + 7 × 9.4286 = 83;
    # the 3s keep 3, Turkey 2
    ("tribute capped at the share", {"centres": P.board(3, 3, 17, 3, 3, 3, 2)},
     {"Austria": 3, "England": 3, "France": 83, "Germany": 3, "Italy": 3, "Russia": 3, "Turkey": 2}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_tribute_by_hand(position, expected):
    expect("tribute", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_tribute_only_moves_points(game):
    """A drawn game is worth the centres owned + 66 (100 with every centre owned); a solo 100."""
    points = score("tribute", **game)
    expected = 100 if game.get("solo") else sum(game["centres"].values()) + 66
    assert sum(points.values()) == pytest.approx(expected)
    assert all(v >= -1e-9 for v in points.values())
