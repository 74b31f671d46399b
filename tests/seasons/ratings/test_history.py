"""Ratings are a function of the ordered history: recomputed from it they give the same numbers,
game by game (`apply_game`) or all at once (`rate`); a deleted game recomputes only its family;
a history the ratings cannot read is refused by name."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import RatingError
from engine.ratings import (FAMILIES, FinishedGame, Holder, Ratings, SeatResult, apply_game, family_of, rate,
                            rating_changes)
from tests.seasons.ratings.games import finished, person, random_history, seat


def replay(history) -> Ratings:
    ratings = Ratings()
    for game in history:
        ratings = apply_game(ratings, game)
    return ratings


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_game_by_game_equals_the_full_recompute(seed):
    history = random_history(seed, 400)
    assert replay(history) == rate(history)
    assert rate(history) == rate(list(history))        # and recomputing again gives the same numbers


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 60))
def test_any_history_recomputes_to_the_same_ratings(seed, games):
    history = random_history(seed, games, players=12)
    full = rate(history)
    assert replay(history) == full
    assert all(math.isfinite(r.rating) for r in full)


def test_rating_changes_are_what_apply_game_applies():
    history = random_history(7, 120)
    before = rate(history[:-1])
    changes = rating_changes(before, history[-1])
    after = apply_game(before, history[-1])
    for player, delta in changes.items():
        family = history[-1].family
        assert after.get(player, family).rating == before.get(player, family).rating + delta


def test_a_deleted_game_recomputes_only_its_family():
    history = random_history(11, 300)
    gone = next(g for g in history if g.family == "rx07" and g.rated)
    kept = [g for g in history if g is not gone]
    patched = rate(history).with_family("rx07", rate(kept, families=["rx07"]))
    assert list(patched) == list(rate(kept))


def test_games_must_come_in_finishing_order():
    late = finished("1", [seat("a", 1, person("a")), seat("b", 0, person("b"))], at="2026-11-02T00:00:00+00:00")
    early = finished("2", [seat("a", 1, person("a")), seat("b", 0, person("b"))], at="2026-11-01T00:00:00+00:00")
    with pytest.raises(RatingError, match="game 2 finished at 2026-11-01T00:00:00\\+00:00, before game 1"):
        rate([late, early])
    with pytest.raises(RatingError, match="before game 1"):
        apply_game(rate([late]), early)


def test_the_same_game_twice_is_refused():
    game = finished("1", [seat("a", 1, person("a")), seat("b", 0, person("b"))])
    with pytest.raises(RatingError, match="game 1 is already in the ratings"):
        apply_game(apply_game(Ratings(), game), game)


def test_variant_families():
    assert [family_of(v) for v in ("classic", "france_austria", "england_turkey", "rx07", "aa1914")] == \
        ["classic", "classic", "classic", "rx07", "aa1914"]
    assert FAMILIES == ("classic", "rx07", "aa1914")
    with pytest.raises(RatingError, match="variant `guess` has no rating family"):
        family_of("guess")


def game_with(**changes) -> FinishedGame:
    base = dict(game="9", family="classic", finished="2026-11-01T00:00:00+00:00", ending="draw",
                seats=(SeatResult("France", (Holder(10, player="a"),), 50.0),
                       SeatResult("Austria", (Holder(10, player="b"),), 50.0)))
    return FinishedGame(**{**base, **changes})


def one_seat(**changes) -> tuple[SeatResult, SeatResult]:
    return (SeatResult(**{"seat": "France", "holders": (Holder(10, player="a"),), "points": 50.0, **changes}),
            SeatResult("Austria", (Holder(10, player="b"),), 50.0))


REFUSED = [
    ("an unknown family", game_with(family="chess"), "game 9: unknown family `chess`"),
    ("an unknown ending", game_with(ending="timeout"), "game 9: unknown ending `timeout`"),
    ("no finish time", game_with(finished=""), "`finished` is the ISO-8601 time"),
    ("one seat", game_with(seats=(SeatResult("France", (Holder(1, player="a"),), 1.0),)), "at least two seats"),
    ("a seat twice", game_with(seats=(SeatResult("France", (Holder(1, player="a"),), 1.0),) * 2),
     "a seat is listed twice"),
    ("negative points", game_with(seats=one_seat(points=-1.0)), "seat France: points are a number, 0 or more"),
    ("points that are not a number", game_with(seats=one_seat(points=float("nan"))), "points are a number"),
    ("nobody held the seat", game_with(seats=one_seat(holders=())), "nobody is listed as holding the seat"),
    ("a holder both person and bot", game_with(seats=one_seat(holders=(Holder(3, player="a", bot="easy"),))),
     "a person or a bot, not both"),
    ("an unknown bot level", game_with(seats=one_seat(holders=(Holder(3, bot="expert"),))),
     "unknown bot level `expert`"),
    ("negative phases", game_with(seats=one_seat(holders=(Holder(-1, player="a"),))),
     "phases held are a whole number, 0 or more"),
    ("an empty player id", game_with(seats=one_seat(holders=(Holder(3, player=""),))), "a non-empty id"),
]


@pytest.mark.parametrize("game,message", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_history_the_ratings_cannot_read_is_refused(game, message):
    with pytest.raises(RatingError, match=message):
        rate([game])
    with pytest.raises(RatingError, match=message):
        apply_game(Ratings(), game)


def test_not_a_finished_game_is_refused():
    with pytest.raises(RatingError, match="a finished game, not"):
        rate([{"game": 1}])


def test_an_unknown_family_asked_of_the_ratings():
    with pytest.raises(RatingError, match="unknown family `go`"):
        Ratings().get("alice", "go")
    with pytest.raises(RatingError, match="unknown family"):
        rate([], families=["go"])
