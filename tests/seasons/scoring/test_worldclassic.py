"""World Classic: a solo scores 420 and the others 0; otherwise 10 per centre, 30 for surviving,
48 to the board-topper (shared when tied), and 1 point per year survived to an eliminated power
(World Diplomacy Wiki; dipvis)."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: 420; survival and years count only "in a non solo
    # game", so everyone else 0
    ("solo", P.SOLO18, {"Germany": 420}),
    # conceded to Russia: 420
    ("conceded", P.CONCEDED, {"Russia": 420}),
    # Turkey 22: 420
    ("big solo", P.SOLO22, {"Turkey": 420}),
    # victory_centres 12: Germany 420
    ("victory option", P.VICTORY12, {"Germany": 420}),
    # A4 + six 5s: six toppers share 48 (8 each): 50 + 30 + 8 = 88; Austria 40 + 30 = 70
    ("7-way", P.DRAW7, {"Austria": 70, **{p: 88 for p in P.POWERS[1:]}}),
    # A0(1905) E6 F6 G6 I5 R6 T5: four toppers, 12 each: 60 + 30 + 12 = 102; Italy, Turkey 80;
    # Austria survived 1901–1904: 4
    ("6-way", P.DRAW6, {"Austria": 4, "England": 102, "France": 102, "Germany": 102, "Italy": 80, "Russia": 102,
                        "Turkey": 80}),
    # A0(1904) E8 F7 G6 I0(1906) R7 T6: England 80 + 30 + 48 = 158; France, Russia 100;
    # Germany, Turkey 90; Austria 3 years, Italy 5
    ("5-way", P.DRAW5, {"Austria": 3, "England": 158, "France": 100, "Germany": 90, "Italy": 5, "Russia": 100,
                        "Turkey": 90}),
    # A0(1903) E9 F0(1905) G8 I0(1907) R9 T8: England, Russia 90 + 30 + 24 = 144; Germany, Turkey
    # 110; Austria 2, France 4, Italy 6
    ("4-way", P.DRAW4, {"Austria": 2, "England": 144, "France": 4, "Germany": 110, "Italy": 6, "Russia": 144,
                        "Turkey": 110}),
    # A0(1903) E12 F10 G0(1905) I0(1906) R0(1906) T12: England, Turkey 120 + 30 + 24 = 174;
    # France 130; Austria 2, Germany 4, Italy and Russia 5
    ("3-way", P.DRAW3, {"Austria": 2, "England": 174, "France": 130, "Germany": 4, "Italy": 5, "Russia": 5,
                        "Turkey": 174}),
    # F17 T17, A 1902, E 1904, G 1905, I 1906, R 1907: 170 + 30 + 24 = 224 each; 1, 3, 4, 5, 6
    ("2-way", P.DRAW2, {"Austria": 1, "England": 3, "France": 224, "Germany": 4, "Italy": 5, "Russia": 6,
                        "Turkey": 224}),
    # A0(1904) E10 F11 G0(1906) I0(1906) R2 T11 (the draw is not read; Russia survived):
    # France, Turkey 110 + 30 + 24 = 164; England 130; Russia 20 + 30 = 50; Austria 3; G, I 5
    ("draw leaving a survivor out", P.NON_DIAS, {"Austria": 3, "England": 130, "France": 164, "Germany": 5,
                                                 "Italy": 5, "Russia": 50, "Turkey": 164}),
    # A3 E4 F14 G4 I3 R3 T3: France 140 + 30 + 48 = 218; England, Germany 70; the 3s 60
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 60, "England": 70, "France": 218, "Germany": 70,
                                            "Italy": 60, "Russia": 60, "Turkey": 60}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): France, Russia 50 + 30 + 24 = 104; the 4s 70
    ("neutral centres", P.NEUTRALS, {"Austria": 70, "England": 70, "France": 104, "Germany": 70, "Italy": 70,
                                     "Russia": 104, "Turkey": 70}),
    # A0(1906) E11 F8 G8 I0(1907) R7 T0(1908): England 110 + 30 + 48 = 188; France, Germany 110;
    # Russia 100; Austria 5, Italy 6, Turkey 7
    ("tie for second", P.TIE_SECOND, {"Austria": 5, "England": 188, "France": 110, "Germany": 110, "Italy": 6,
                                      "Russia": 100, "Turkey": 7}),
    # A10 E10 F10 G0(1905) I0(1906) R4 T0(1907): toppers 100 + 30 + 16 = 146; Russia 70;
    # Germany 4, Italy 5, Turkey 6
    ("three tied on top", P.TIE_TOP3, {"Austria": 146, "England": 146, "France": 146, "Germany": 4, "Italy": 5,
                                       "Russia": 70, "Turkey": 6}),
    # A1 E16 F0(1904) G0(1905) I1 R16 T0(1906): England, Russia 160 + 30 + 24 = 214; Austria,
    # Italy 10 + 30 = 40; France 3, Germany 4, Turkey 5
    ("one-centre survivors", P.SMALL, {"Austria": 40, "England": 214, "France": 3, "Germany": 4, "Italy": 40,
                                       "Russia": 214, "Turkey": 5}),
    # A0(1909) E7 F6 G5 I6 R5 T5: England 70 + 30 + 48 = 148; France, Italy 90; the 5s 80;
    # Austria survived 1901–1908: 8
    ("one eliminated", P.ONE_OUT, {"Austria": 8, "England": 148, "France": 90, "Germany": 80, "Italy": 90,
                                   "Russia": 80, "Turkey": 80}),
    # A2 E9 F8 G0(1905) I6 R5 T4: England 90 + 30 + 48 = 168; France 110; Italy 90; Russia 80;
    # Turkey 70; Austria 50; Germany 4
    ("lead by one", P.BY_ONE, {"Austria": 50, "England": 168, "France": 110, "Germany": 4, "Italy": 90, "Russia": 80,
                               "Turkey": 70}),
    # G17 T15, A 1903, E 1904, F 1905, I and R 1906: Germany 170 + 30 + 48 = 248; Turkey 180;
    # 2, 3, 4, 5, 5
    ("uneven 2-way", P.UNEVEN2, {"Austria": 2, "England": 3, "France": 4, "Germany": 248, "Italy": 5, "Russia": 5,
                                 "Turkey": 180}),
    # France 14, Austria 12: 140 + 30 + 48 = 218; 120 + 30 = 150
    ("two-player draw", P.FVA_DRAW, {"France": 218, "Austria": 150}),
    # France 18: 420
    ("two-player solo", P.FVA_SOLO, {"France": 420}),
    # dipvis's worked example (Austria fell 1904; E5 F4 G8 I4 R5 T8): "self.austria: 3,
    # self.england: 30 + 10 * 5, … self.germany: 30 + 10 * 8 + 48/2"
    ("dipvis's example", {"centres": P.board(0, 5, 4, 8, 4, 5, 8), "fell": {"Austria": 1904}, "last_year": 1904},
     {"Austria": 3, "England": 80, "France": 70, "Germany": 134, "Italy": 70, "Russia": 80, "Turkey": 134}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_world_classic_by_hand(position, expected):
    expect("worldclassic", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_a_drawn_game_adds_up_by_its_parts(game):
    """10 per centre owned + 30 per survivor + the 48 board-top bonus + the eliminated's years."""
    points = score("worldclassic", **game)
    c = game["centres"]
    if game.get("solo"):
        assert sum(points.values()) == 420
        return
    years = sum(y - game["first_year"] for y in game["fell"].values())
    survivors = sum(1 for n in c.values() if n)
    assert sum(points.values()) == pytest.approx(10 * sum(c.values()) + 30 * survivors + 48 + years)
