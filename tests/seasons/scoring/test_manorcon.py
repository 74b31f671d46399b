"""ManorCon: a solo scores 75 and the others 0.10 per year played; otherwise P = S² + 4S + 16 for
every power, survivors score 100 × P / ΣP and the eliminated 0.10 per year played "including the
year they were eliminated" (diplom.org/manorcon/dipscore.htm).

P by centres, worked once: P(0)=16, P(1)=1+4+16=21, P(2)=4+8+16=28, P(3)=9+12+16=37,
P(4)=16+16+16=48, P(5)=25+20+16=61, P(6)=36+24+16=76, P(7)=49+28+16=93, P(8)=64+32+16=112,
P(9)=81+36+16=133, P(10)=100+40+16=156, P(11)=121+44+16=181, P(12)=144+48+16=208,
P(14)=196+56+16=268, P(15)=225+60+16=301, P(16)=256+64+16=336, P(17)=289+68+16=373.
"""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # Germany solos in 1910: 75. Austria fell 1905: 1901–1905, 5 years, 0.5; Turkey fell 1907:
    # 0.7; the four still alive are "scored as if they have been eliminated in the year of the
    # solo": 1901–1910, 10 years, 1.0
    ("solo", P.SOLO18, {"Austria": 0.5, "England": 1.0, "France": 1.0, "Germany": 75, "Italy": 1.0, "Russia": 1.0,
                        "Turkey": 0.7}),
    # conceded to Russia in 1912: 75; Turkey fell 1906: 0.6; the other five 12 years: 1.2
    ("conceded", P.CONCEDED, {"Austria": 1.2, "England": 1.2, "France": 1.2, "Germany": 1.2, "Italy": 1.2,
                              "Russia": 75, "Turkey": 0.6}),
    # Turkey in 1911: 75; Austria fell 1903: 0.3; Germany, Italy 1908: 0.8; Russia 1909: 0.9;
    # England, France alive: 11 years, 1.1
    ("big solo", P.SOLO22, {"Austria": 0.3, "England": 1.1, "France": 1.1, "Germany": 0.8, "Italy": 0.8,
                            "Russia": 0.9, "Turkey": 75}),
    # victory_centres 12, Germany in 1906: 75; Austria fell 1904: 0.4; the other five 0.6
    ("victory option", P.VICTORY12, {"Austria": 0.4, "England": 0.6, "France": 0.6, "Germany": 75, "Italy": 0.6,
                                     "Russia": 0.6, "Turkey": 0.6}),
    # A4 + six 5s: B = 48 + 6×61 = 414; Austria 4800/414 = 11.59, each 5 6100/414 = 14.73
    ("7-way", P.DRAW7, {"Austria": 4800 / 414, **{p: 6100 / 414 for p in P.POWERS[1:]}}),
    # A0(1905) E6 F6 G6 I5 R6 T5: B = 16 + 4×76 + 2×61 = 16 + 304 + 122 = 442; 6s 7600/442,
    # 5s 6100/442; Austria 5 years: 0.5
    ("6-way", P.DRAW6, {"Austria": 0.5, "England": 7600 / 442, "France": 7600 / 442, "Germany": 7600 / 442,
                        "Italy": 6100 / 442, "Russia": 7600 / 442, "Turkey": 6100 / 442}),
    # A0(1904) E8 F7 G6 I0(1906) R7 T6: B = 16 + 112 + 93 + 76 + 16 + 93 + 76 = 482; Austria 0.4,
    # Italy 0.6
    ("5-way", P.DRAW5, {"Austria": 0.4, "England": 11200 / 482, "France": 9300 / 482, "Germany": 7600 / 482,
                        "Italy": 0.6, "Russia": 9300 / 482, "Turkey": 7600 / 482}),
    # A0(1903) E9 F0(1905) G8 I0(1907) R9 T8: B = 3×16 + 2×133 + 2×112 = 48 + 266 + 224 = 538
    ("4-way", P.DRAW4, {"Austria": 0.3, "England": 13300 / 538, "France": 0.5, "Germany": 11200 / 538, "Italy": 0.7,
                        "Russia": 13300 / 538, "Turkey": 11200 / 538}),
    # A0(1903) E12 F10 G0(1905) I0(1906) R0(1906) T12: B = 4×16 + 2×208 + 156 = 636
    ("3-way", P.DRAW3, {"Austria": 0.3, "England": 20800 / 636, "France": 15600 / 636, "Germany": 0.5, "Italy": 0.6,
                        "Russia": 0.6, "Turkey": 20800 / 636}),
    # F17 T17, A 1902, E 1904, G 1905, I 1906, R 1907: B = 5×16 + 2×373 = 826; 37300/826 = 45.16
    ("2-way", P.DRAW2, {"Austria": 0.2, "England": 0.4, "France": 37300 / 826, "Germany": 0.5, "Italy": 0.6,
                        "Russia": 0.7, "Turkey": 37300 / 826}),
    # A0(1904) E10 F11 G0(1906) I0(1906) R2 T11, draw E F T — ManorCon scores every
    # "non-eliminated player", in the draw or not: B = 3×16 + 156 + 2×181 + 28 = 594
    ("draw leaving a survivor out", P.NON_DIAS, {"Austria": 0.4, "England": 15600 / 594, "France": 18100 / 594,
                                                 "Germany": 0.6, "Italy": 0.6, "Russia": 2800 / 594,
                                                 "Turkey": 18100 / 594}),
    # A3 E4 F14 G4 I3 R3 T3: B = 4×37 + 2×48 + 268 = 148 + 96 + 268 = 512
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 3700 / 512, "England": 4800 / 512, "France": 26800 / 512,
                                            "Germany": 4800 / 512, "Italy": 3700 / 512, "Russia": 3700 / 512,
                                            "Turkey": 3700 / 512}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): B = 5×48 + 2×61 = 362; still 100 between the survivors
    ("neutral centres", P.NEUTRALS, {"Austria": 4800 / 362, "England": 4800 / 362, "France": 6100 / 362,
                                     "Germany": 4800 / 362, "Italy": 4800 / 362, "Russia": 6100 / 362,
                                     "Turkey": 4800 / 362}),
    # A0(1906) E11 F8 G8 I0(1907) R7 T0(1908): B = 3×16 + 181 + 2×112 + 93 = 546
    ("tie for second", P.TIE_SECOND, {"Austria": 0.6, "England": 18100 / 546, "France": 11200 / 546,
                                      "Germany": 11200 / 546, "Italy": 0.7, "Russia": 9300 / 546, "Turkey": 0.8}),
    # A10 E10 F10 G0(1905) I0(1906) R4 T0(1907): B = 3×156 + 48 + 3×16 = 468 + 48 + 48 = 564
    ("three tied on top", P.TIE_TOP3, {"Austria": 15600 / 564, "England": 15600 / 564, "France": 15600 / 564,
                                       "Germany": 0.5, "Italy": 0.6, "Russia": 4800 / 564, "Turkey": 0.7}),
    # A1 E16 F0(1904) G0(1905) I1 R16 T0(1906): B = 2×21 + 2×336 + 3×16 = 42 + 672 + 48 = 762
    ("one-centre survivors", P.SMALL, {"Austria": 2100 / 762, "England": 33600 / 762, "France": 0.4, "Germany": 0.5,
                                       "Italy": 2100 / 762, "Russia": 33600 / 762, "Turkey": 0.6}),
    # A0(1909) E7 F6 G5 I6 R5 T5: B = 16 + 93 + 2×76 + 3×61 = 16 + 93 + 152 + 183 = 444; Austria
    # played 1901–1909: 0.9
    ("one eliminated", P.ONE_OUT, {"Austria": 0.9, "England": 9300 / 444, "France": 7600 / 444,
                                   "Germany": 6100 / 444, "Italy": 7600 / 444, "Russia": 6100 / 444,
                                   "Turkey": 6100 / 444}),
    # A2 E9 F8 G0(1905) I6 R5 T4: B = 28 + 133 + 112 + 16 + 76 + 61 + 48 = 474
    ("lead by one", P.BY_ONE, {"Austria": 2800 / 474, "England": 13300 / 474, "France": 11200 / 474, "Germany": 0.5,
                               "Italy": 7600 / 474, "Russia": 6100 / 474, "Turkey": 4800 / 474}),
    # G17 T15, A 1903, E 1904, F 1905, I and R 1906: B = 373 + 301 + 5×16 = 754
    ("uneven 2-way", P.UNEVEN2, {"Austria": 0.3, "England": 0.4, "France": 0.5, "Germany": 37300 / 754,
                                 "Italy": 0.6, "Russia": 0.6, "Turkey": 30100 / 754}),
    # France 14, Austria 12: B = 268 + 208 = 476 (the board's two values of P)
    ("two-player draw", P.FVA_DRAW, {"France": 26800 / 476, "Austria": 20800 / 476}),
    # France solos in 1909: 75; Austria alive, as if eliminated in 1909: 9 years, 0.9
    ("two-player solo", P.FVA_SOLO, {"France": 75, "Austria": 0.9}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_manorcon_by_hand(position, expected):
    expect("manorcon", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_survivors_share_their_part_of_the_board_score_and_the_eliminated_keep_their_years(game):
    """Survivors: 100 × ΣP(survivors) / B, the eliminated's 16 each staying in B unpaid."""
    points = score("manorcon", **game)
    c, first, last = game["centres"], game["first_year"], game["last_year"]
    for p, fell in game["fell"].items():
        assert points[p] == pytest.approx((fell - first + 1) / 10)
    if game.get("solo"):
        assert points[game["solo"]] == 75
        assert all(points[p] == pytest.approx((last - first + 1) / 10) for p in c if c[p] and p != game["solo"])
    else:
        board = sum(n * n + 4 * n + 16 for n in c.values())
        dead = 16 * sum(1 for n in c.values() if n == 0)
        assert sum(points[p] for p in c if c[p]) == pytest.approx(100 * (board - dead) / board)
