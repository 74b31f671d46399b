"""OpenTribute: a solo scores 340; otherwise 34 + 3 per centre, minus 1 per centre behind the
board-topper, who collects the tribute; n tied toppers get 1/n² of it each; eliminated powers 0
(Windy City Weasels, "OpenTribute Variant")."""
import pytest
from hypothesis import given, settings

from engine.scoring import score
from tests.seasons.scoring import positions as P
from tests.seasons.scoring.positions import expect, finished_games

CASES = [
    # A0 E4 F5 G18 I3 R4 T0, Germany solos: "the soloist receives 340 points (10×34)"
    ("solo", P.SOLO18, {"Germany": 340}),
    # conceded to Russia: 340
    ("conceded", P.CONCEDED, {"Russia": 340}),
    # Turkey 22: 340
    ("big solo", P.SOLO22, {"Turkey": 340}),
    # victory_centres 12: Germany 340 (the board still has 34 centres)
    ("victory option", P.VICTORY12, {"Germany": 340}),
    # A4 + six 5s: six toppers on 5; tribute from Austria 5 − 4 = 1; each topper 34 + 15 + 1/36;
    # Austria 34 + 12 − 1 = 45
    ("7-way", P.DRAW7, {"Austria": 45, **{p: 49 + 1 / 36 for p in P.POWERS[1:]}}),
    # A0 E6 F6 G6 I5 R6 T5: four toppers on 6; tribute 6 (Austria) + 1 + 1 = 8; toppers
    # 34 + 18 + 8/16 = 52.5; Italy, Turkey 34 + 15 − 1 = 48; Austria 0
    ("6-way", P.DRAW6, {"England": 52.5, "France": 52.5, "Germany": 52.5, "Italy": 48, "Russia": 52.5, "Turkey": 48}),
    # A0 E8 F7 G6 I0 R7 T6: England alone on 8; tribute 8 + 8 + 1 + 1 + 2 + 2 = 22; England
    # 34 + 24 + 22 = 80 (= 10 × 8); France, Russia 34 + 21 − 1 = 54; Germany, Turkey 34 + 18 − 2 = 50
    ("5-way", P.DRAW5, {"England": 80, "France": 54, "Germany": 50, "Russia": 54, "Turkey": 50}),
    # A0 E9 F0 G8 I0 R9 T8: toppers England, Russia on 9; tribute 1 + 1 + 3×9 = 29; each 34 + 27 +
    # 29/4 = 68.25; Germany, Turkey 34 + 24 − 1 = 57
    ("4-way", P.DRAW4, {"England": 68.25, "Germany": 57, "Russia": 68.25, "Turkey": 57}),
    # A0 E12 F10 G0 I0 R0 T12: tribute 2 + 4×12 = 50; toppers 34 + 36 + 50/4 = 82.5; France
    # 34 + 30 − 2 = 62
    ("3-way", P.DRAW3, {"England": 82.5, "France": 62, "Turkey": 82.5}),
    # F17 T17: tribute 5×17 = 85; toppers 34 + 51 + 85/4 = 106.25
    ("2-way", P.DRAW2, {"France": 106.25, "Turkey": 106.25}),
    # A0 E10 F11 G0 I0 R2 T11 (the draw is not read): tribute 1 + 9 + 3×11 = 43; France, Turkey
    # 34 + 33 + 43/4 = 77.75; England 34 + 30 − 1 = 63; Russia 34 + 6 − 9 = 31
    ("draw leaving a survivor out", P.NON_DIAS, {"England": 63, "France": 77.75, "Russia": 31, "Turkey": 77.75}),
    # A3 E4 F14 G4 I3 R3 T3: tribute 2×10 + 4×11 = 64; France 34 + 42 + 64 = 140 (= 10 × 14);
    # England, Germany 34 + 12 − 10 = 36; the 3s 34 + 9 − 11 = 32
    ("lone topper in a 7-way", P.LONE_TOP, {"Austria": 32, "England": 36, "France": 140, "Germany": 36,
                                            "Italy": 32, "Russia": 32, "Turkey": 32}),
    # A4 E4 F5 G4 I4 R5 T4 (30 owned): toppers France, Russia; tribute 5×1 = 5; each 34 + 15 +
    # 5/4 = 50.25; the 4s 34 + 12 − 1 = 45
    ("neutral centres", P.NEUTRALS, {"Austria": 45, "England": 45, "France": 50.25, "Germany": 45, "Italy": 45,
                                     "Russia": 50.25, "Turkey": 45}),
    # A0 E11 F8 G8 I0 R7 T0: tribute 3 + 3 + 4 + 3×11 = 43; England 34 + 33 + 43 = 110; France,
    # Germany 34 + 24 − 3 = 55; Russia 34 + 21 − 4 = 51
    ("tie for second", P.TIE_SECOND, {"England": 110, "France": 55, "Germany": 55, "Russia": 51}),
    # A10 E10 F10 G0 I0 R4 T0: three toppers; tribute 6 + 3×10 = 36; each 34 + 30 + 36/9 = 68;
    # Russia 34 + 12 − 6 = 40
    ("three tied on top", P.TIE_TOP3, {"Austria": 68, "England": 68, "France": 68, "Russia": 40}),
    # A1 E16 F0 G0 I1 R16 T0: tribute 15 + 15 + 3×16 = 78; toppers 34 + 48 + 78/4 = 101.5;
    # Austria, Italy 34 + 3 − 15 = 22
    ("one-centre survivors", P.SMALL, {"Austria": 22, "England": 101.5, "Italy": 22, "Russia": 101.5}),
    # A0 E7 F6 G5 I6 R5 T5: tribute 1 + 1 + 3×2 + 7 = 15; England 34 + 21 + 15 = 70; France, Italy
    # 34 + 18 − 1 = 51; Germany, Russia, Turkey 34 + 15 − 2 = 47
    ("one eliminated", P.ONE_OUT, {"England": 70, "France": 51, "Germany": 47, "Italy": 51, "Russia": 47,
                                   "Turkey": 47}),
    # A2 E9 F8 G0 I6 R5 T4: tribute 1 + 3 + 4 + 5 + 7 + 9 = 29; England 34 + 27 + 29 = 90; France
    # 34 + 24 − 1 = 57; Italy 34 + 18 − 3 = 49; Russia 34 + 15 − 4 = 45; Turkey 34 + 12 − 5 = 41;
    # Austria 34 + 6 − 7 = 33
    ("lead by one", P.BY_ONE, {"Austria": 33, "England": 90, "France": 57, "Italy": 49, "Russia": 45, "Turkey": 41}),
    # G17 T15 (2 neutral): tribute 2 + 5×17 = 87; Germany 34 + 51 + 87 = 172; Turkey 34 + 45 − 2 = 77
    ("uneven 2-way", P.UNEVEN2, {"Germany": 172, "Turkey": 77}),
    # France 14, Austria 12: tribute 2; France 34 + 42 + 2 = 78; Austria 34 + 36 − 2 = 68
    ("two-player draw", P.FVA_DRAW, {"France": 78, "Austria": 68}),
    # France 18: 340
    ("two-player solo", P.FVA_SOLO, {"France": 340}),
]


@pytest.mark.parametrize("position,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_opentribute_by_hand(position, expected):
    expect("opentribute", position, expected)


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_published_simplifications_hold_once_every_centre_is_owned(game):
    """"Once all neutrals have been claimed … Lone board-toppers: 10 × centers; Non-topping
    survivors: 34 + 4 × centers – toppercenters; Eliminated players: 0"."""
    points = score("opentribute", **game)
    c = game["centres"]
    if game.get("solo"):
        assert points[game["solo"]] == 340 and sum(points.values()) == 340
        return
    top = max(c.values())
    toppers = [p for p in c if c[p] == top]
    for p, n in c.items():
        if n == 0:
            assert points[p] == 0
        elif p not in toppers:
            assert points[p] == 34 + 4 * n - top
        elif len(toppers) == 1 and sum(c.values()) == 34:
            assert points[p] == 10 * n
    assert all(points[t] >= points[p] for t in toppers for p in c)
