"""C-Diplo 80: a solo takes 80; otherwise 1 per centre + 25 / 14 / 7 for the first three places
by centres, tied places sharing their points, and no participation point (dipvis)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: 80, the rest 0
    ("solo", P.SOLO18, {"Germany": 80}),
    # conceded to Russia: 80
    ("conceded", P.CONCEDED, {"Russia": 80}),
    # Turkey 22: 80
    ("big solo", P.SOLO22, {"Turkey": 80}),
    # victory_centres 12: Germany 80
    ("victory option", P.VICTORY12, {"Germany": 80}),
    # A4 E5 F5 G5 I5 R5 T5: six 5s share places 1–6: (25+14+7)/6 = 7.667 → 12.667; Austria 4
    ("7-way", P.DRAW7, {"Austria": 4, **{p: 5 + 46 / 6 for p in P.POWERS[1:]}}),
    # A0 E6 F6 G6 I5 R6 T5: four 6s share 1–4: 46/4 = 11.5 → 17.5; Italy, Turkey 5; Austria 0
    ("6-way", P.DRAW6, {"England": 17.5, "France": 17.5, "Germany": 17.5, "Italy": 5, "Russia": 17.5, "Turkey": 5}),
    # A0 E8 F7 G6 I0 R7 T6: England 8 + 25 = 33; France, Russia 7 + (14+7)/2 = 17.5; Germany,
    # Turkey 6
    ("5-way", P.DRAW5, {"England": 33, "France": 17.5, "Germany": 6, "Russia": 17.5, "Turkey": 6}),
    # A0 E9 F0 G8 I0 R9 T8: England, Russia 9 + (25+14)/2 = 28.5; Germany, Turkey 8 + 7/2 = 11.5
    ("4-way", P.DRAW4, {"England": 28.5, "Germany": 11.5, "Russia": 28.5, "Turkey": 11.5}),
    # A0 E12 F10 G0 I0 R0 T12: England, Turkey 12 + 19.5 = 31.5; France 10 + 7 = 17
    ("3-way", P.DRAW3, {"England": 31.5, "France": 17, "Turkey": 31.5}),
    # A0 E0 F17 G0 I0 R0 T17: 17 + 19.5 = 36.5 each; the five on 0 share place 3: 7/5 = 1.4
    ("2-way", P.DRAW2, {"Austria": 1.4, "England": 1.4, "France": 36.5, "Germany": 1.4, "Italy": 1.4,
                        "Russia": 1.4, "Turkey": 36.5}),
    # A0 E10 F11 G0 I0 R2 T11, draw E F T (not read): France, Turkey 11 + 19.5 = 30.5; England
    # 10 + 7 = 17; Russia 2
    ("draw leaving a survivor out", P.NON_DIAS, {"England": 17, "France": 30.5, "Russia": 2, "Turkey": 30.5}),
    # A3 E4 F14 G4 I3 R3 T3: France 14 + 25 = 39; England, Germany 4 + 10.5 = 14.5; the 3s 3
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 3, "England": 14.5, "France": 39, "Germany": 14.5,
                                            "Italy": 3, "Russia": 3, "Turkey": 3}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): France, Russia 5 + 19.5 = 24.5; the 4s 4 + 7/5 = 5.4;
    # total 49 + 27 = 76, 80 less the 4 neutral centres
    ("neutral centres", P.NEUTRALS, {"Austria": 5.4, "England": 5.4, "France": 24.5, "Germany": 5.4, "Italy": 5.4,
                                     "Russia": 24.5, "Turkey": 5.4}),
    # A0 E11 F8 G8 I0 R7 T0: England 11 + 25 = 36; France, Germany 8 + 10.5 = 18.5; Russia 7
    ("tie for second", P.TIE_SECOND, {"England": 36, "France": 18.5, "Germany": 18.5, "Russia": 7}),
    # A10 E10 F10 G0 I0 R4 T0: three share 1–3: 46/3 = 15.333 → 25.333; Russia 4
    ("three tied on top", P.TIE_TOP3, {"Austria": 10 + 46 / 3, "England": 10 + 46 / 3, "France": 10 + 46 / 3,
                                       "Russia": 4}),
    # A1 E16 F0 G0 I1 R16 T0: England, Russia 16 + 19.5 = 35.5; Austria, Italy 1 + 3.5 = 4.5
    ("one-centre survivors", P.SMALL, {"Austria": 4.5, "England": 35.5, "Italy": 4.5, "Russia": 35.5}),
    # A0 E7 F6 G5 I6 R5 T5: England 7 + 25 = 32; France, Italy 6 + 10.5 = 16.5; the 5s 5
    ("one eliminated", P.ONE_OUT, {"England": 32, "France": 16.5, "Germany": 5, "Italy": 16.5, "Russia": 5,
                                   "Turkey": 5}),
    # A2 E9 F8 G0 I6 R5 T4: England 9 + 25 = 34; France 8 + 14 = 22; Italy 6 + 7 = 13; Russia 5,
    # Turkey 4, Austria 2
    ("lead by one", P.BY_ONE, {"Austria": 2, "England": 34, "France": 22, "Italy": 13, "Russia": 5, "Turkey": 4}),
    # G17 T15 (2 neutral): Germany 17 + 25 = 42; Turkey 15 + 14 = 29; the five on 0 share place 3: 1.4
    ("uneven 2-way", P.UNEVEN2, {"Austria": 1.4, "England": 1.4, "France": 1.4, "Germany": 42, "Italy": 1.4,
                                 "Russia": 1.4, "Turkey": 29}),
    # France 14, Austria 12: 14 + 25 = 39 and 12 + 14 = 26
    ("two-player draw", P.FVA_DRAW, {"France": 39, "Austria": 26}),
    # France 18: 80
    ("two-player solo", P.FVA_SOLO, {"France": 80}),
    # WDD's first example board (4 0 9 7 7 3 4) under C-Diplo 80: France 9 + 25 = 34; Germany,
    # Italy 7 + 10.5 = 17.5; Austria 4, England 0, Russia 3, Turkey 4; total 80
    ("WDD example 1 board", {"centres": P.board(4, 0, 9, 7, 7, 3, 4)},
     {"Austria": 4, "France": 34, "Germany": 17.5, "Italy": 17.5, "Russia": 3, "Turkey": 4}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_c_diplo_80_by_hand(position, expected):
    expect("cdiplo80", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_a_game_is_worth_80_less_its_neutral_centres(game):
    """The centres owned + 25 + 14 + 7: 80 when all 34 are owned; a solo 80."""
    points = score("cdiplo80", **game)
    expected = 80 if game.get("solo") else sum(game["centres"].values()) + 46
    assert sum(points.values()) == pytest.approx(expected)
