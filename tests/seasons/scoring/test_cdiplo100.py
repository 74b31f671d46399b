"""C-Diplo 100: a solo takes 100; otherwise 1 point for playing + 1 per centre + 38 / 14 / 7 for
the first three places by centres, tied places sharing their points (WDD, Toby Harris)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: "scores 100 points. The other player score no point."
    ("solo", P.SOLO18, {"Germany": 100}),
    # conceded to Russia on 15: scored as the solo
    ("conceded", P.CONCEDED, {"Russia": 100}),
    # Turkey 22: 100
    ("big solo", P.SOLO22, {"Turkey": 100}),
    # victory_centres 12: Germany 100
    ("victory option", P.VICTORY12, {"Germany": 100}),
    # A4 E5 F5 G5 I5 R5 T5: six tied on 5 share places 1–6: (38+14+7+0+0+0)/6 = 9.8333,
    # so 1 + 5 + 9.8333 = 15.8333; Austria 7th: 1 + 4 = 5; total 6×15.8333 + 5 = 100
    ("7-way", P.DRAW7, {"Austria": 5, **{p: 1 + 5 + 59 / 6 for p in P.POWERS[1:]}}),
    # A0 E6 F6 G6 I5 R6 T5: the four 6s share places 1–4: 59/4 = 14.75 → 1 + 6 + 14.75 = 21.75;
    # Italy and Turkey places 5–6: 1 + 5 = 6; Austria 1 + 0 = 1
    ("6-way", P.DRAW6, {"Austria": 1, "England": 21.75, "France": 21.75, "Germany": 21.75, "Italy": 6,
                        "Russia": 21.75, "Turkey": 6}),
    # A0 E8 F7 G6 I0 R7 T6: England 1 + 8 + 38 = 47; France, Russia share 2–3: (14+7)/2 = 10.5 →
    # 18.5; Germany, Turkey 1 + 6 = 7; Austria, Italy 1
    ("5-way", P.DRAW5, {"Austria": 1, "England": 47, "France": 18.5, "Germany": 7, "Italy": 1, "Russia": 18.5,
                        "Turkey": 7}),
    # A0 E9 F0 G8 I0 R9 T8: England, Russia share 1–2: (38+14)/2 = 26 → 1 + 9 + 26 = 36;
    # Germany, Turkey share 3–4: 7/2 = 3.5 → 1 + 8 + 3.5 = 12.5; the eliminated 1
    ("4-way", P.DRAW4, {"Austria": 1, "England": 36, "France": 1, "Germany": 12.5, "Italy": 1, "Russia": 36,
                        "Turkey": 12.5}),
    # A0 E12 F10 G0 I0 R0 T12: England, Turkey 1 + 12 + 26 = 39; France 1 + 10 + 7 = 18; others 1
    ("3-way", P.DRAW3, {"Austria": 1, "England": 39, "France": 18, "Germany": 1, "Italy": 1, "Russia": 1,
                        "Turkey": 39}),
    # A0 E0 F17 G0 I0 R0 T17: Diplomaticon's "[(38+14)/2] + 17 + 1 = 44pts" each; the five on 0
    # share place 3–7: 7/5 = 1.4 → 1 + 0 + 1.4 = 2.4
    ("2-way", P.DRAW2, {"Austria": 2.4, "England": 2.4, "France": 44, "Germany": 2.4, "Italy": 2.4, "Russia": 2.4,
                        "Turkey": 44}),
    # A0 E10 F11 G0 I0 R2 T11, draw E F T (C-Diplo ignores who is in the draw): France, Turkey
    # 1 + 11 + 26 = 38; England 1 + 10 + 7 = 18; Russia 4th 1 + 2 = 3; the eliminated 1
    ("draw leaving a survivor out", P.NON_DIAS, {"Austria": 1, "England": 18, "France": 38, "Germany": 1, "Italy": 1,
                                                 "Russia": 3, "Turkey": 38}),
    # A3 E4 F14 G4 I3 R3 T3: France 1 + 14 + 38 = 53; England, Germany 1 + 4 + 10.5 = 15.5; the 3s 4
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 4, "England": 15.5, "France": 53, "Germany": 15.5,
                                            "Italy": 4, "Russia": 4, "Turkey": 4}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): France, Russia 1 + 5 + 26 = 32; the five 4s share place 3:
    # 7/5 = 1.4 → 6.4; total 64 + 32 = 96, 100 less the 4 neutral centres
    ("neutral centres", P.NEUTRALS, {"Austria": 6.4, "England": 6.4, "France": 32, "Germany": 6.4, "Italy": 6.4,
                                     "Russia": 32, "Turkey": 6.4}),
    # A0 E11 F8 G8 I0 R7 T0: England 1 + 11 + 38 = 50; France, Germany 1 + 8 + 10.5 = 19.5;
    # Russia 1 + 7 = 8; the eliminated 1
    ("tie for second", P.TIE_SECOND, {"Austria": 1, "England": 50, "France": 19.5, "Germany": 19.5, "Italy": 1,
                                      "Russia": 8, "Turkey": 1}),
    # A10 E10 F10 G0 I0 R4 T0: three share 1–3: 59/3 = 19.667 → 1 + 10 + 19.667 = 30.667;
    # Russia 1 + 4 = 5; the eliminated 1
    ("three tied on top", P.TIE_TOP3, {"Austria": 11 + 59 / 3, "England": 11 + 59 / 3, "France": 11 + 59 / 3,
                                       "Germany": 1, "Italy": 1, "Russia": 5, "Turkey": 1}),
    # A1 E16 F0 G0 I1 R16 T0: England, Russia 1 + 16 + 26 = 43; Austria, Italy share 3–4:
    # 7/2 = 3.5 → 1 + 1 + 3.5 = 5.5; the eliminated 1
    ("one-centre survivors", P.SMALL, {"Austria": 5.5, "England": 43, "France": 1, "Germany": 1, "Italy": 5.5,
                                       "Russia": 43, "Turkey": 1}),
    # A0 E7 F6 G5 I6 R5 T5: England 1 + 7 + 38 = 46; France, Italy 1 + 6 + 10.5 = 17.5;
    # Germany, Russia, Turkey 1 + 5 = 6; Austria 1
    ("one eliminated", P.ONE_OUT, {"Austria": 1, "England": 46, "France": 17.5, "Germany": 6, "Italy": 17.5,
                                   "Russia": 6, "Turkey": 6}),
    # A2 E9 F8 G0 I6 R5 T4: England 1 + 9 + 38 = 48; France 1 + 8 + 14 = 23; Italy 1 + 6 + 7 = 14;
    # Russia 6, Turkey 5, Austria 3, Germany 1
    ("lead by one", P.BY_ONE, {"Austria": 3, "England": 48, "France": 23, "Germany": 1, "Italy": 14, "Russia": 6,
                               "Turkey": 5}),
    # G17 T15 (2 neutral): Germany 1 + 17 + 38 = 56; Turkey 1 + 15 + 14 = 30; the five on 0 share
    # place 3: 1 + 1.4 = 2.4
    ("uneven 2-way", P.UNEVEN2, {"Austria": 2.4, "England": 2.4, "France": 2.4, "Germany": 56, "Italy": 2.4,
                                 "Russia": 2.4, "Turkey": 30}),
    # France 14, Austria 12: 1 + 14 + 38 = 53 and 1 + 12 + 14 = 27 (there is no third place)
    ("two-player draw", P.FVA_DRAW, {"France": 53, "Austria": 27}),
    # France 18: 100
    ("two-player solo", P.FVA_SOLO, {"France": 100}),
    # WDD's first example: "Austia 4 c. 1+4=5, England 0 c. 1+0=1, France 9 c. 1+9+38=48, Germany 7
    # c. 1+7+(14+7)/2=18.5, Italy 7 c. 18.5, Russia 3 c. 1+3=4, Turkey 4 c. 1+4=5, Total 34 c. 100"
    ("WDD example 1", {"centres": P.board(4, 0, 9, 7, 7, 3, 4)},
     {"Austria": 5, "England": 1, "France": 48, "Germany": 18.5, "Italy": 18.5, "Russia": 4, "Turkey": 5}),
    # WDD's second example: "Austria 5 c. 1+5+(7)/2=9.5, England 9 c. 48, France 4 c. 5, Germany 5
    # c. 9.5, Italy 3 c. 4, Russia 1 c. 2, Turkey 7 c. 1+7+14=22"
    ("WDD example 2", {"centres": P.board(5, 9, 4, 5, 3, 1, 7)},
     {"Austria": 9.5, "England": 48, "France": 5, "Germany": 9.5, "Italy": 4, "Russia": 2, "Turkey": 22}),
    # Diplomaticon: three tied on 11: "[(38+14+7)/3] + 11 + 1 = 32 pts (rounded-up)", 31.667
    # unrounded; the 1-centre Italy 4th: 2; the eliminated 1
    ("Diplomaticon's 3-way tie", {"centres": P.board(11, 11, 11, 0, 1, 0, 0)},
     {"Austria": 12 + 59 / 3, "England": 12 + 59 / 3, "France": 12 + 59 / 3, "Germany": 1, "Italy": 2,
      "Russia": 1, "Turkey": 1}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_c_diplo_100_by_hand(position, expected):
    expect("cdiplo100", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_a_game_is_worth_100_less_its_neutral_centres(game):
    """7 participation points + the centres owned + 38 + 14 + 7: 100 when all 34 are owned."""
    points = score("cdiplo100", **game)
    if game.get("solo"):
        assert sorted(points.values()) == [0] * 6 + [100]
    else:
        assert sum(points.values()) == pytest.approx(7 + sum(game["centres"].values()) + 59)
