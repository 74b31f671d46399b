"""Carnage: a solo takes all 28,034; otherwise places by centres, the eliminated ranked by when
they fell (later is better), score 7000 … 1000, tied places splitting their points, plus 1 per
centre (World Diplomacy Wiki; the webDiplomacy and Liberty Cup worked examples)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: 7000+6000+…+1000 = 28000, + 34 = 28034; the rest 0
    ("solo", P.SOLO18, {"Germany": 28034}),
    # conceded to Russia: "This is true whether they got 18 centers, 20 centers, or were conceded
    # the solo by a vote" (Boston Massacre): 28034
    ("conceded", P.CONCEDED, {"Russia": 28034}),
    # Turkey 22: still 28034
    ("big solo", P.SOLO22, {"Turkey": 28034}),
    # victory_centres 12: Germany 28034
    ("victory option", P.VICTORY12, {"Germany": 28034}),
    # A4 E5 F5 G5 I5 R5 T5: six 5s share places 1–6: (7000+6000+5000+4000+3000+2000)/6 = 4500,
    # + 5 = 4505; Austria 7th 1000 + 4 = 1004
    ("7-way", P.DRAW7, {"Austria": 1004, **{p: 4505 for p in P.POWERS[1:]}}),
    # A0(1905) E6 F6 G6 I5 R6 T5: four 6s share 1–4: 22000/4 = 5500 + 6 = 5506; Italy, Turkey
    # share 5–6: 5000/2 = 2500 + 5 = 2505; Austria 7th 1000
    ("6-way", P.DRAW6, {"Austria": 1000, "England": 5506, "France": 5506, "Germany": 5506, "Italy": 2505,
                        "Russia": 5506, "Turkey": 2505}),
    # A0(1904) E8 F7 G6 I0(1906) R7 T6: England 7008; France, Russia (6000+5000)/2 + 7 = 5507;
    # Germany, Turkey (4000+3000)/2 + 6 = 3506; Italy fell later: 6th 2000; Austria 7th 1000
    ("5-way", P.DRAW5, {"Austria": 1000, "England": 7008, "France": 5507, "Germany": 3506, "Italy": 2000,
                        "Russia": 5507, "Turkey": 3506}),
    # A0(1903) E9 F0(1905) G8 I0(1907) R9 T8: England, Russia 6500 + 9 = 6509; Germany, Turkey
    # (5000+4000)/2 + 8 = 4508; Italy 3000, France 2000, Austria 1000
    ("4-way", P.DRAW4, {"Austria": 1000, "England": 6509, "France": 2000, "Germany": 4508, "Italy": 3000,
                        "Russia": 6509, "Turkey": 4508}),
    # A0(1903) E12 F10 G0(1905) I0(1906) R0(1906) T12: England, Turkey 6500 + 12 = 6512; France
    # 5000 + 10 = 5010; Italy and Russia fell in the same year: share 4–5: 3500; Germany 2000;
    # Austria 1000
    ("3-way", P.DRAW3, {"Austria": 1000, "England": 6512, "France": 5010, "Germany": 2000, "Italy": 3500,
                        "Russia": 3500, "Turkey": 6512}),
    # F17 T17, fallen A 1902, E 1904, G 1905, I 1906, R 1907: 6500 + 17 = 6517 each; Russia 5000,
    # Italy 4000, Germany 3000, England 2000, Austria 1000
    ("2-way", P.DRAW2, {"Austria": 1000, "England": 2000, "France": 6517, "Germany": 3000, "Italy": 4000,
                        "Russia": 5000, "Turkey": 6517}),
    # A0(1904) E10 F11 G0(1906) I0(1906) R2 T11, draw E F T (not read): France, Turkey 6511;
    # England 5010; Russia 4000 + 2 = 4002; Germany, Italy share 5–6: 2500; Austria 1000
    ("draw leaving a survivor out", P.NON_DIAS, {"Austria": 1000, "England": 5010, "France": 6511, "Germany": 2500,
                                                 "Italy": 2500, "Russia": 4002, "Turkey": 6511}),
    # A3 E4 F14 G4 I3 R3 T3: France 7014; England, Germany 5500 + 4 = 5504; the four 3s share
    # 4–7: (4000+3000+2000+1000)/4 = 2500 + 3 = 2503
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 2503, "England": 5504, "France": 7014, "Germany": 5504,
                                            "Italy": 2503, "Russia": 2503, "Turkey": 2503}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): France, Russia 6500 + 5 = 6505; the five 4s share 3–7:
    # 15000/5 = 3000 + 4 = 3004
    ("neutral centres", P.NEUTRALS, {"Austria": 3004, "England": 3004, "France": 6505, "Germany": 3004,
                                     "Italy": 3004, "Russia": 6505, "Turkey": 3004}),
    # A0(1906) E11 F8 G8 I0(1907) R7 T0(1908), order also given as a list: England 7011; France,
    # Germany 5500 + 8 = 5508; Russia 4007; Turkey 3000, Italy 2000, Austria 1000
    ("tie for second", P.TIE_SECOND, {"Austria": 1000, "England": 7011, "France": 5508, "Germany": 5508,
                                      "Italy": 2000, "Russia": 4007, "Turkey": 3000}),
    # A10 E10 F10 G0(1905) I0(1906) R4 T0(1907): three share 1–3: 18000/3 = 6000 + 10 = 6010;
    # Russia 4004; Turkey 3000, Italy 2000, Germany 1000
    ("three tied on top", P.TIE_TOP3, {"Austria": 6010, "England": 6010, "France": 6010, "Germany": 1000,
                                       "Italy": 2000, "Russia": 4004, "Turkey": 3000}),
    # A1 E16 F0(1904) G0(1905) I1 R16 T0(1906): England, Russia 6516; Austria, Italy share 3–4:
    # 4500 + 1 = 4501; Turkey 3000, Germany 2000, France 1000
    ("one-centre survivors", P.SMALL, {"Austria": 4501, "England": 6516, "France": 1000, "Germany": 2000,
                                       "Italy": 4501, "Russia": 6516, "Turkey": 3000}),
    # A0(1909) E7 F6 G5 I6 R5 T5: England 7007; France, Italy 5506; Germany, Russia, Turkey share
    # 4–6: 9000/3 = 3000 + 5 = 3005; Austria 1000 (last place although it fell last)
    ("one eliminated", P.ONE_OUT, {"Austria": 1000, "England": 7007, "France": 5506, "Germany": 3005,
                                   "Italy": 5506, "Russia": 3005, "Turkey": 3005}),
    # A2 E9 F8 G0 I6 R5 T4: no ties: 7009, 6008, 5006, 4005, 3004, 2002 and Germany 1000
    ("lead by one", P.BY_ONE, {"Austria": 2002, "England": 7009, "France": 6008, "Germany": 1000, "Italy": 5006,
                               "Russia": 4005, "Turkey": 3004}),
    # G17 T15; eliminated as a list A, E, F, (I, R): Germany 7017, Turkey 6015; Italy and Russia
    # share 3–4: 4500; France 3000, England 2000, Austria 1000
    ("uneven 2-way", P.UNEVEN2, {"Austria": 1000, "England": 2000, "France": 3000, "Germany": 7017, "Italy": 4500,
                                 "Russia": 4500, "Turkey": 6015}),
    # France 14, Austria 12 (two powers: places 2000 and 1000): 2014 and 1012
    ("two-player draw", P.FVA_DRAW, {"France": 2014, "Austria": 1012}),
    # France 18: 2000 + 1000 + 34 = 3034
    ("two-player solo", P.FVA_SOLO, {"France": 3034}),
    # webDiplomacy forum example 1: "Russia: 18; 28,034 … Austria: 0(1st); 0"
    ("published example: solo", {"centres": P.board(0, 3, 6, 4, 0, 18, 3), "solo": "Russia",
                                 "eliminated": ["Austria", "Italy"]}, {"Russia": 28034}),
    # example 2: "Russia: 14; 7014 Turkey: 7; 6007 France: 6; 5006 Germany: 4; 4004 England: 3; 3003
    # Italy: 0(2nd); 2000 Austria: 0(1st); 1000"
    ("published example: ranks", {"centres": P.board(0, 3, 6, 4, 0, 14, 7), "eliminated": ["Austria", "Italy"]},
     {"Austria": 1000, "England": 3003, "France": 5006, "Germany": 4004, "Italy": 2000, "Russia": 7014,
      "Turkey": 6007}),
    # example 3: "England: 8; 6508 Russia: 8; 6508 France: 7; 5007 Turkey: 6; 4006 Italy: 4; 3004
    # Austria: 1; 2001 Germany: 0; 1000"
    ("published example: shared top", {"centres": P.board(1, 8, 7, 0, 4, 8, 6)},
     {"Austria": 2001, "England": 6508, "France": 5007, "Germany": 1000, "Italy": 3004, "Russia": 6508,
      "Turkey": 4006}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_carnage_by_hand(position, expected):
    expect("carnage", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_a_game_is_worth_28000_and_the_centres_owned(game):
    """The places add up to 28,000 whatever the ties; 1 per centre on top; a solo takes 28,034."""
    points = score("carnage", **game)
    expected = 28034 if game.get("solo") else 28000 + sum(game["centres"].values())
    assert sum(points.values()) == pytest.approx(expected)


@settings(max_examples=100, deadline=None)
@given(finished_games())
def test_more_centres_never_score_less(game):
    points = score("carnage", **game)
    if not game.get("solo"):
        c = game["centres"]
        assert all(points[a] >= points[b] for a in c for b in c if c[a] > c[b])
