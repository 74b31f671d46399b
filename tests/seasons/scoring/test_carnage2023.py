"""Carnage 2023: Carnage, plus 300 points to a lone board-topper for each centre it leads the
next power by; no bonus on a shared top or a solo (dipvis issue #250; Boston Massacre's
description of the rule)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: 28034, "not awarded for solos"
    ("solo", P.SOLO18, {"Germany": 28034}),
    # conceded to Russia: 28034
    ("conceded", P.CONCEDED, {"Russia": 28034}),
    # Turkey 22, 16 ahead of the next: still 28034, no lead bonus
    ("big solo", P.SOLO22, {"Turkey": 28034}),
    # victory_centres 12: 28034
    ("victory option", P.VICTORY12, {"Germany": 28034}),
    # A4, six 5s tied on top: no bonus; Carnage's 4505 and 1004
    ("7-way", P.DRAW7, {"Austria": 1004, **{p: 4505 for p in P.POWERS[1:]}}),
    # four 6s tied on top: Carnage's numbers
    ("6-way", P.DRAW6, {"Austria": 1000, "England": 5506, "France": 5506, "Germany": 5506, "Italy": 2505,
                        "Russia": 5506, "Turkey": 2505}),
    # A0 E8 F7 G6 I0 R7 T6: England 7008 + 300 × (8 − 7) = 7308
    ("5-way", P.DRAW5, {"Austria": 1000, "England": 7308, "France": 5507, "Germany": 3506, "Italy": 2000,
                        "Russia": 5507, "Turkey": 3506}),
    # 9-9 on top: no bonus
    ("4-way", P.DRAW4, {"Austria": 1000, "England": 6509, "France": 2000, "Germany": 4508, "Italy": 3000,
                        "Russia": 6509, "Turkey": 4508}),
    # 12-12 on top: no bonus
    ("3-way", P.DRAW3, {"Austria": 1000, "England": 6512, "France": 5010, "Germany": 2000, "Italy": 3500,
                        "Russia": 3500, "Turkey": 6512}),
    # 17-17: no bonus
    ("2-way", P.DRAW2, {"Austria": 1000, "England": 2000, "France": 6517, "Germany": 3000, "Italy": 4000,
                        "Russia": 5000, "Turkey": 6517}),
    # France and Turkey 11-11 on top: no bonus
    ("draw leaving a survivor out", P.NON_DIAS, {"Austria": 1000, "England": 5010, "France": 6511, "Germany": 2500,
                                                 "Italy": 2500, "Russia": 4002, "Turkey": 6511}),
    # A3 E4 F14 G4 I3 R3 T3: France 7014 + 300 × (14 − 4) = 10014
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 2503, "England": 5504, "France": 10014, "Germany": 5504,
                                            "Italy": 2503, "Russia": 2503, "Turkey": 2503}),
    # France and Russia 5-5 on top: no bonus
    ("neutral centres", P.NEUTRALS, {"Austria": 3004, "England": 3004, "France": 6505, "Germany": 3004,
                                     "Italy": 3004, "Russia": 6505, "Turkey": 3004}),
    # England 11, next 8: 7011 + 300 × 3 = 7911
    ("tie for second", P.TIE_SECOND, {"Austria": 1000, "England": 7911, "France": 5508, "Germany": 5508,
                                      "Italy": 2000, "Russia": 4007, "Turkey": 3000}),
    # three tied on 10: no bonus
    ("three tied on top", P.TIE_TOP3, {"Austria": 6010, "England": 6010, "France": 6010, "Germany": 1000,
                                       "Italy": 2000, "Russia": 4004, "Turkey": 3000}),
    # 16-16: no bonus
    ("one-centre survivors", P.SMALL, {"Austria": 4501, "England": 6516, "France": 1000, "Germany": 2000,
                                       "Italy": 4501, "Russia": 6516, "Turkey": 3000}),
    # England 7, next 6: 7007 + 300 = 7307
    ("one eliminated", P.ONE_OUT, {"Austria": 1000, "England": 7307, "France": 5506, "Germany": 3005,
                                   "Italy": 5506, "Russia": 3005, "Turkey": 3005}),
    # England 9, France 8: 7009 + 300 = 7309
    ("lead by one", P.BY_ONE, {"Austria": 2002, "England": 7309, "France": 6008, "Germany": 1000, "Italy": 5006,
                               "Russia": 4005, "Turkey": 3004}),
    # Germany 17, Turkey 15: 7017 + 300 × 2 = 7617
    ("uneven 2-way", P.UNEVEN2, {"Austria": 1000, "England": 2000, "France": 3000, "Germany": 7617, "Italy": 4500,
                                 "Russia": 4500, "Turkey": 6015}),
    # France 14, Austria 12: 2014 + 300 × 2 = 2614; Austria 1012
    ("two-player draw", P.FVA_DRAW, {"France": 2614, "Austria": 1012}),
    # France 18: 3034, no bonus
    ("two-player solo", P.FVA_SOLO, {"France": 3034}),
    # dipvis's worked example (A0 1904, E5, F0 1906, G17, I0 1906, R5, T7): "7000 + 17 + (17 - 7) *
    # 300" = 10017 for Germany; Turkey 6007; England, Russia (5000 + 4000)/2 + 5 = 4505; France,
    # Italy (3000 + 2000)/2 = 2500; Austria 1000
    ("dipvis's example", {"centres": P.board(0, 5, 0, 17, 0, 5, 7),
                          "fell": {"Austria": 1904, "France": 1906, "Italy": 1906}, "last_year": 1906},
     {"Austria": 1000, "England": 4505, "France": 2500, "Germany": 10017, "Italy": 2500, "Russia": 4505,
      "Turkey": 6007}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_carnage_2023_by_hand(position, expected):
    expect("carnage2023", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_carnage_2023_is_carnage_plus_the_lead_bonus(game):
    plain, lead = score("carnage", **game), score("carnage2023", **game)
    c = game["centres"]
    top = max(c.values())
    toppers = [p for p in c if c[p] == top]
    bonus = 0.0
    if not game.get("solo") and len(toppers) == 1:
        bonus = 300 * (top - max(v for p, v in c.items() if p != toppers[0]))
    assert sum(lead.values()) == pytest.approx(sum(plain.values()) + bonus)
    assert all(lead[p] == pytest.approx(plain[p] + (bonus if p in toppers else 0)) for p in c)
