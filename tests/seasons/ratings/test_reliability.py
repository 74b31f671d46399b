"""Reliability over the last ten owed order phases, with Diplicity's thresholds: missed / owed
≤ 0.1 high; ≥ 0.5 with at least two misses low; otherwise medium; fewer than ten phases owed
(and not low) new. Excused misses count; phases in a GM's pause are not owed."""
import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import RatingError
from engine.ratings import OrderPhase, Reliability, reliability

GAVE = "gave"
MISSED = "missed"


def phases(*marks: str, excused: bool = False) -> list[OrderPhase]:
    return [OrderPhase(f"phase {i}", owed=True, missed=m == MISSED, excused=excused and m == MISSED)
            for i, m in enumerate(marks)]


# The cases of Diplicity's own test (`TestScoreCommitment`), newest first there, oldest first here.
DIPLICITY = [
    ("nothing yet", [], "new", 0.0, 0, 0),
    ("nine phases", [GAVE] * 9, "new", 0.0, 0, 9),
    ("ten given", [GAVE] * 10, "high", 0.0, 0, 10),
    ("one miss in ten", [GAVE] * 9 + [MISSED], "high", 0.1, 1, 10),
    ("two misses in ten", [GAVE] * 8 + [MISSED] * 2, "medium", 0.2, 2, 10),
    ("four misses in ten", [GAVE] * 6 + [MISSED] * 4, "medium", 0.4, 4, 10),
    ("five misses in ten", [GAVE] * 5 + [MISSED] * 5, "low", 0.5, 5, 10),
    ("a single miss", [MISSED], "new", 1.0, 1, 1),
    ("two misses of two", [MISSED] * 2, "low", 1.0, 2, 2),
    ("two of three", [MISSED, GAVE, MISSED], "low", 2 / 3, 2, 3),
    ("old misses drop out", [MISSED] * 5 + [GAVE] * 10, "high", 0.0, 0, 10),
]


@pytest.mark.parametrize("marks,level,ratio,misses,owed", [c[1:] for c in DIPLICITY], ids=[c[0] for c in DIPLICITY])
def test_diplicity_thresholds(marks, level, ratio, misses, owed):
    got = reliability(phases(*marks))
    assert (got.level, got.misses, got.owed) == (level, misses, owed)
    assert got.ratio == pytest.approx(ratio)


def test_excused_misses_still_count():
    got = reliability(phases(*([GAVE] * 5 + [MISSED] * 5), excused=True))
    assert got == Reliability(0.5, "low", 5, 10, excused=5)
    assert got.describe() == "low: 5 of the last 10 phases missed (5 excused)"


def test_phases_in_a_gm_pause_are_not_owed():
    """Ten phases given, and three missed while the GM had paused the game: high."""
    paused = [OrderPhase(f"paused {i}", owed=True, missed=True, paused=True) for i in range(3)]
    got = reliability(phases(*[GAVE] * 5) + paused + phases(*[GAVE] * 5))
    assert (got.level, got.misses, got.owed) == ("high", 0, 10)


def test_phases_with_nothing_to_order_are_not_owed():
    idle = [OrderPhase(f"idle {i}", owed=False) for i in range(4)]
    got = reliability(phases(*[GAVE] * 9) + idle + phases(MISSED))
    assert (got.level, got.misses, got.owed) == ("high", 1, 10)


def test_only_the_last_ten_owed_phases_count():
    got = reliability(phases(*([MISSED] * 3 + [GAVE] * 7 + [MISSED] * 3)))
    # the window is G G G G G G G M M M: 3 of 10
    assert (got.level, got.misses, got.owed, got.ratio) == ("medium", 3, 10, 0.3)


@pytest.mark.parametrize("level,high,medium", [("high", True, True), ("medium", False, True),
                                               ("low", False, False), ("new", False, False)])
def test_who_meets_a_commitment_requirement(level, high, medium):
    figure = Reliability(0.0, level, 0, 10)
    assert figure.meets("high") is high and figure.meets("medium") is medium


def test_an_unknown_requirement_is_refused():
    with pytest.raises(RatingError, match="high or medium, not `low`"):
        Reliability(0.0, "high", 0, 10).meets("low")


def test_the_figure_in_words():
    assert reliability(phases(*[GAVE] * 8 + [MISSED] * 2)).describe() == "medium: 2 of the last 10 phases missed"
    assert reliability([]).describe() == "new: no order phases yet"


@pytest.mark.parametrize("phase,message", [
    (OrderPhase("Spring 1901", owed=False, missed=True), "Spring 1901: a phase with no orders owed cannot be missed"),
    (OrderPhase("Fall 1901", owed=True, excused=True), "Fall 1901: an excused phase is an excused miss"),
    ("Spring 1902", "an order phase, not 'Spring 1902'"),
])
def test_phases_that_cannot_be_read_are_refused(phase, message):
    with pytest.raises(RatingError, match=message):
        reliability([phase])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()), max_size=40))
def test_any_valid_list_gives_a_level(flags):
    items = [OrderPhase(str(i), owed=owed, missed=owed and missed, excused=owed and missed and excused, paused=paused)
             for i, (owed, missed, excused, paused) in enumerate(flags)]
    got = reliability(items)
    assert 0 <= got.ratio <= 1 and 0 <= got.misses <= got.owed <= 10
    assert got.level in ("high", "medium", "low", "new")
