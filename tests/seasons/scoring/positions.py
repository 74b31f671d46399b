"""Finished games every scoring system is tested on, and a hypothesis strategy for random ones.

Each position is the keyword arguments of `engine.scoring.score` (without the system). The
hand-worked points live in each system's own test file, next to the arithmetic; the centres are
repeated there in the comment (A E F G I R T = Austria, England, France, Germany, Italy, Russia,
Turkey; 0 = eliminated, with the year it fell).
"""
from __future__ import annotations

import pytest
from hypothesis import assume, strategies as st

from engine.scoring import score

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def board(a: int, e: int, f: int, g: int, i: int, r: int, t: int) -> dict[str, int]:
    return dict(zip(POWERS, (a, e, f, g, i, r, t)))


def game(centres: dict[str, int], **kw) -> dict:
    return {"centres": centres, **kw}


# --- solos -------------------------------------------------------------------------------
# Germany reaches 18; Austria fell 1905, Turkey 1907; the solo came in 1910.
SOLO18 = game(board(0, 4, 5, 18, 3, 4, 0), solo="Germany", fell={"Austria": 1905, "Turkey": 1907}, last_year=1910)
# The survivors concede to Russia on 15 centres in 1912; Turkey fell 1906.
CONCEDED = game(board(3, 5, 6, 2, 3, 15, 0), solo="Russia", conceded=True, fell={"Turkey": 1906}, last_year=1912)
# Turkey on 22 in 1911; Austria fell 1903, Germany and Italy 1908, Russia 1909.
SOLO22 = game(board(0, 6, 6, 0, 0, 0, 22), solo="Turkey",
              fell={"Austria": 1903, "Germany": 1908, "Italy": 1908, "Russia": 1909}, last_year=1911)
# The game's victory_centres option is 12: Germany wins on 12 in 1906; Austria fell 1904.
VICTORY12 = game(board(0, 5, 6, 12, 4, 3, 4), solo="Germany", victory=12, fell={"Austria": 1904}, last_year=1906)

# --- draws of every size (the draw names nobody: every survivor is in it) ---------------------
# 7-way: nobody eliminated, six powers tied on top with 5.
DRAW7 = game(board(4, 5, 5, 5, 5, 5, 5), last_year=1904)
# 6-way: Austria fell 1905; four tied on 6, two on 5.
DRAW6 = game(board(0, 6, 6, 6, 5, 6, 5), fell={"Austria": 1905}, last_year=1908)
# 5-way: Austria fell 1904, Italy 1906; England tops alone with 8.
DRAW5 = game(board(0, 8, 7, 6, 0, 7, 6), fell={"Austria": 1904, "Italy": 1906}, last_year=1909)
# 4-way: Austria fell 1903, France 1905, Italy 1907; tied 9-9 on top and 8-8 behind.
DRAW4 = game(board(0, 9, 0, 8, 0, 9, 8), fell={"Austria": 1903, "France": 1905, "Italy": 1907}, last_year=1910)
# 3-way: Austria fell 1903, Germany 1905, Italy and Russia together in 1906; 12-12 on top.
DRAW3 = game(board(0, 12, 10, 0, 0, 0, 12),
             fell={"Austria": 1903, "Germany": 1905, "Italy": 1906, "Russia": 1906}, last_year=1911)
# 2-way: 17-17; Austria fell 1902, England 1904, Germany 1905, Italy 1906, Russia 1907.
DRAW2 = game(board(0, 0, 17, 0, 0, 0, 17),
             fell={"Austria": 1902, "England": 1904, "Germany": 1905, "Italy": 1906, "Russia": 1907}, last_year=1912)

# --- draws with something more ---------------------------------------------------------------
# A draw of England, France and Turkey that leaves Russia (2 centres) out; Austria fell 1904,
# Germany and Italy 1906.
NON_DIAS = game(board(0, 10, 11, 0, 0, 2, 11), draw=("England", "France", "Turkey"),
                fell={"Austria": 1904, "Germany": 1906, "Italy": 1906}, last_year=1909)
# 7-way, France tops alone on 14; four tied on 3.
LONE_TOP = game(board(3, 4, 14, 4, 3, 3, 3), last_year=1906)
# Ended in 1902 with 4 centres still neutral (30 of 34 owned).
NEUTRALS = game(board(4, 4, 5, 4, 4, 5, 4), total=34, last_year=1902)
# 4-way: England 11 alone on top, France and Germany tied second on 8; Austria fell 1906,
# Italy 1907, Turkey 1908. The order is also given as a list.
TIE_SECOND = game(board(0, 11, 8, 8, 0, 7, 0), eliminated=["Austria", "Italy", "Turkey"],
                  fell={"Austria": 1906, "Italy": 1907, "Turkey": 1908}, last_year=1909)
# 4-way: three tied on top with 10; Germany fell 1905, Italy 1906, Turkey 1907.
TIE_TOP3 = game(board(10, 10, 10, 0, 0, 4, 0), fell={"Germany": 1905, "Italy": 1906, "Turkey": 1907}, last_year=1908)
# 4-way: 16-16 with two one-centre survivors; France fell 1904, Germany 1905, Turkey 1906.
SMALL = game(board(1, 16, 0, 0, 1, 16, 0), fell={"France": 1904, "Germany": 1905, "Turkey": 1906}, last_year=1910)
# 6-way: Austria fell 1909 (the one eliminated power); England tops alone on 7.
ONE_OUT = game(board(0, 7, 6, 5, 6, 5, 5), fell={"Austria": 1909}, last_year=1910)
# 6-way: England leads France by one (9 to 8); Germany fell 1905.
BY_ONE = game(board(2, 9, 8, 0, 6, 5, 4), fell={"Germany": 1905}, last_year=1907)
# 2-way with two centres still neutral: Germany 17, Turkey 15; the order of eliminations given
# as a list with Italy and Russia falling together (1906); the years too.
UNEVEN2 = game(board(0, 0, 0, 17, 0, 0, 15), total=34, eliminated=["Austria", "England", "France", ("Italy", "Russia")],
               fell={"Austria": 1903, "England": 1904, "France": 1905, "Italy": 1906, "Russia": 1906}, last_year=1913)

# --- the two-player variants (France vs Austria: 34 centres, 18 to win) ----------------------
FVA_DRAW = game({"France": 14, "Austria": 12}, total=34, last_year=1908)
FVA_SOLO = game({"France": 18, "Austria": 10}, total=34, solo="France", last_year=1909)


# --- random finished games (the hypothesis tests) -------------------------------------------
@st.composite
def finished_games(draw, powers: tuple[str, ...] = POWERS, total: int = 34, victory: int = 18):
    """A random finished game that every centre-count system must score: centres adding up to
    at most `total`, a solo (reached, or conceded) or a draw of survivors, and the year each
    eliminated power fell."""
    n = len(powers)
    kind = draw(st.sampled_from(["solo", "conceded", "draw"]))
    counts = [0] * n
    if kind == "solo":
        winner = draw(st.integers(0, n - 1))
        counts[winner] = draw(st.integers(victory, total))
        rest = draw(st.lists(st.sampled_from([i for i in range(n) if i != winner]), max_size=total - counts[winner]))
        for i in rest:
            counts[i] += 1
        assume(all(c < counts[winner] for i, c in enumerate(counts) if i != winner))
    else:
        owned = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=total))
        for i in owned:
            counts[i] += 1
        top = max(counts)
        assume(top < victory or counts.count(top) > 1)
        winner = draw(st.sampled_from([i for i in range(n) if counts[i] > 0])) if kind == "conceded" else None
    centres = dict(zip(powers, counts))
    first = 1901
    last = draw(st.integers(first, first + 20))
    fell = {p: draw(st.integers(first, last)) for p in powers if centres[p] == 0}
    kw = {"centres": centres, "fell": fell, "first_year": first, "last_year": last, "total": total,
          "victory": victory}
    if winner is not None:
        kw["solo"] = powers[winner]
        kw["conceded"] = kind == "conceded"
    else:
        survivors = [p for p in powers if centres[p] > 0]
        named = draw(st.lists(st.sampled_from(survivors), unique=True, max_size=len(survivors)))
        kw["draw"] = tuple(named)
    if fell and draw(st.booleans()):
        years = sorted(set(fell.values()))
        kw["eliminated"] = [tuple(sorted(p for p in fell if fell[p] == y)) for y in years]
    return kw


def expect(system: str, position: dict, expected: dict[str, float]) -> None:
    """`system`'s points for `position` are `expected` (powers missing from `expected` score 0),
    to within float rounding of the hand arithmetic."""
    got = score(system, **position)
    assert list(got) == list(position["centres"])
    want = {p: expected.get(p, 0.0) for p in position["centres"]}
    assert got == pytest.approx(want, abs=1e-9), got
