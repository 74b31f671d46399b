"""Seeding tournament rounds: nobody meets again, nobody plays a seat twice, preferences as far as
they go, left-over players wait fairly or play with bots (engine/tournaments/seeding.py)."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.tournaments import (SHAPES, Fill, PreferenceError, SeedingError, SeededRound, meetings, parse_preferences,
                                seed_final_round, seed_round, seats_played, top_board)
from engine.tournaments.assignment import min_cost_assignment
from engine.tournaments.shapes import (AA1914_POWERS, AA1914_SIDES, AA1914_TEAMS, CLASSIC, RX07, BoardShape,
                                       Preferences)


def play_rounds(players, shape, rounds, seed=1, **kw):
    rng = random.Random(seed)
    done: list[SeededRound] = []
    for _ in range(rounds):
        done.append(seed_round(players, shape, rng, previous=done, **kw))
    return done


def pairs_meeting_again(rounds):
    """Pairs on one board of the last round who shared a board before it."""
    before = meetings(rounds[:-1])
    return [(a, b) for board in rounds[-1].boards for a, b in itertools.combinations(board.players, 2)
            if before[frozenset((a, b))]]


def assert_well_formed(round_, players, shape):
    seen = Counter(round_.players) + Counter(round_.waiting)
    assert all(n == 1 for n in seen.values()), "a player placed twice"
    assert set(seen) == set(players)
    for board in round_.boards:
        assert tuple(p.seat for p in board.places) == shape.seat_names
    assert [b.number for b in round_.boards] == list(range(1, len(round_.boards) + 1))


# ---------------------------------------------------------------- the 49-player event

def test_a_49_player_event_has_no_repeat_meetings_in_rounds_two_and_three():
    players = [f"p{i}" for i in range(49)]
    rounds = play_rounds(players, CLASSIC, 3, seed=7)
    for r in rounds:
        assert_well_formed(r, players, CLASSIC)
        assert len(r.boards) == 7 and not r.waiting
    assert pairs_meeting_again(rounds[:2]) == []
    assert pairs_meeting_again(rounds) == []
    assert rounds[1].repeat_meetings == () and rounds[2].repeat_meetings == ()


def test_nobody_plays_a_power_twice_over_three_rounds_when_it_can_be_avoided():
    players = list(range(49))
    rounds = play_rounds(players, CLASSIC, 3, seed=3)
    played = seats_played(rounds)
    assert all(n == 1 for seats in played.values() for n in seats.values())
    assert all(r.repeated_seats == () for r in rounds)


def test_seeding_is_the_same_for_the_same_seed():
    players = list(range(30))
    a = play_rounds(players, CLASSIC, 3, seed=11, effort=0.2)
    b = play_rounds(players, CLASSIC, 3, seed=11, effort=0.2)
    assert [r.to_json() for r in a] == [r.to_json() for r in b]


# ---------------------------------------------------------------- preferences

def test_a_board_gets_every_first_choice_when_the_first_choices_differ():
    players = list("abcdefg")
    prefs = dict(zip(players, ["FGIRTEA", "gfa", "A", "RT", "E", "TR", "IAE"]))
    (round_,) = play_rounds(players, CLASSIC, 1, preferences=prefs)
    seats = {p.player: p.seat for p in round_.boards[0].places}
    assert seats == {"a": "France", "b": "Germany", "c": "Austria", "d": "Russia", "e": "England",
                     "f": "Turkey", "g": "Italy"}
    assert round_.missed_preferences == ()


def test_players_wanting_the_same_power_are_put_on_different_boards():
    """Two players want each power first: only two boards with one of each pair honour them all."""
    players = list(range(14))
    prefs = {p: "AEFGIRT"[p % 7] for p in players}
    for seed in range(5):
        (round_,) = play_rounds(players, CLASSIC, 1, seed=seed, preferences=prefs)
        assert round_.missed_preferences == (), seed
        for board in round_.boards:
            assert all(prefs[p.player] == CLASSIC.seat(p.seat).letter for p in board.places)


def test_a_repeated_power_is_avoided_before_a_preference_is_honoured():
    players = list("abcdefg")
    first = play_rounds(players, CLASSIC, 1, preferences={"a": "F"})
    assert first[0].boards[0].seat_of("a") == "France"
    second = seed_round(players, CLASSIC, random.Random(2), previous=first, preferences={"a": "F"})
    assert second.boards[0].seat_of("a") != "France"
    assert second.repeated_seats == ()
    assert ("a", second.boards[0].seat_of("a"), 1) in second.missed_preferences


def test_preference_lists_read_as_dipvis_writes_them():
    assert parse_preferences("fgirtea", CLASSIC).order == ("France", "Germany", "Italy", "Russia", "Turkey",
                                                          "England", "Austria")
    assert parse_preferences("F, G", CLASSIC).order == ("France", "Germany")
    assert parse_preferences("", CLASSIC) == Preferences()
    prefs = parse_preferences("TR", CLASSIC)
    assert (prefs.rank("Turkey"), prefs.rank("Russia"), prefs.rank("France"), prefs.rank("Italy")) == (0, 1, 2, 2)
    assert parse_preferences("ce", RX07).order == ("Central", "Entente")
    assert parse_preferences("GORA", AA1914_POWERS).letters(AA1914_POWERS) == "GORA"


@pytest.mark.parametrize("text, words", [("FGF", "appears twice"), ("FX", "`X` is not a seat"),
                                         ("FGIRTEAFGIRTEAF", "at most 7")])
def test_a_bad_preference_list_is_refused_by_name(text, words):
    with pytest.raises(PreferenceError, match=words):
        parse_preferences(text, CLASSIC)


@given(st.text(max_size=40))
def test_any_text_as_a_preference_list_is_read_or_refused_cleanly(text):
    try:
        prefs = parse_preferences(text, CLASSIC)
    except PreferenceError:
        return
    assert len(set(prefs.order)) == len(prefs.order) <= 7


# ---------------------------------------------------------------- players left over

def test_left_over_players_wait_and_are_reported():
    players = list(range(10))
    (round_,) = play_rounds(players, CLASSIC, 1)
    assert len(round_.boards) == 1 and len(round_.waiting) == 3
    assert_well_formed(round_, players, CLASSIC)


def test_who_waited_does_not_wait_again_while_others_have_not():
    players = list(range(10))
    rounds = play_rounds(players, CLASSIC, 3, seed=4)
    first, second = set(rounds[0].waiting), set(rounds[1].waiting)
    assert not first & second
    third = set(rounds[2].waiting)
    assert len(third) == 3 and not third & (first | second)     # 4 players have never waited


def test_volunteers_wait_first():
    (round_,) = play_rounds(list(range(9)), CLASSIC, 1, volunteers={8, 5})
    assert set(round_.waiting) == {5, 8}


def test_bots_fill_the_empty_seats_spread_over_the_boards():
    players = list(range(10))
    (round_,) = play_rounds(players, CLASSIC, 1, fill=Fill.BOTS)
    assert round_.waiting == () and len(round_.boards) == 2
    assert sorted(len(b.players) for b in round_.boards) == [5, 5]
    for board in round_.boards:
        assert len(board.bots) == 2 and all(p.is_bot for p in board.places if p.seat in board.bots)
    assert_well_formed(round_, players, CLASSIC)


def test_too_few_players_is_refused_with_what_to_do():
    with pytest.raises(SeedingError, match="needs 7 players; 5 registered.*fill=bots"):
        seed_round(list(range(5)), CLASSIC, random.Random(1))
    with pytest.raises(SeedingError, match="at least 2"):
        seed_round([1], CLASSIC, random.Random(1), fill="bots")


def test_a_player_registered_twice_is_refused():
    with pytest.raises(SeedingError, match="registered twice"):
        seed_round([1, 2, 3, 4, 5, 6, 7, 1], CLASSIC, random.Random(1))


def test_keeping_apart_someone_not_registered_is_refused():
    with pytest.raises(SeedingError, match="player 99 is to be kept apart but is not registered"):
        seed_round(list(range(7)), CLASSIC, random.Random(1), keep_apart=[(1, 99)])


def test_players_kept_apart_are_not_seated_together():
    players = list(range(14))
    for seed in range(6):
        (round_,) = play_rounds(players, CLASSIC, 1, seed=seed, keep_apart=[(0, 1), (2, 3)])
        assert round_.board_of(0) != round_.board_of(1) and round_.board_of(2) != round_.board_of(3)


# ---------------------------------------------------------------- other families' boards

def test_two_player_boards_meet_new_opponents_and_swap_sides():
    players = list(range(8))
    rounds = play_rounds(players, RX07, 2, seed=5)
    assert len(rounds[0].boards) == 4
    assert pairs_meeting_again(rounds) == []
    played = seats_played(rounds)
    assert all(set(seats) == {"Entente", "Central"} for seats in played.values())


def test_axis_and_allies_boards_of_eight_powers_sides_and_teams():
    rounds = play_rounds(list(range(16)), AA1914_POWERS, 2)
    assert [len(b.players) for b in rounds[1].boards] == [8, 8]
    # two boards of 8 again: the fewest meetings is 4 + 4 from each earlier board, 2 × 2 × C(4, 2)
    assert len(pairs_meeting_again(rounds)) == 24
    (sides,) = play_rounds(list(range(6)), AA1914_SIDES, 1)
    assert [b.players for b in sides.boards] and all(len(b.places) == 2 for b in sides.boards)
    (teams,) = play_rounds(list(range(9)), AA1914_TEAMS, 1)
    assert len(teams.boards) == 2 and len(teams.waiting) == 1
    assert {s.side for s in AA1914_TEAMS.seats} == {"Central Powers", "Allies"}
    assert sorted(p for s in AA1914_TEAMS.seats for p in s.powers) == sorted(AA1914_POWERS.seat_names)


def test_the_axis_and_allies_boards_name_the_maps_powers_and_alliances():
    from engine.aa1914.board import standard_board
    board = standard_board()
    assert AA1914_POWERS.seat_names == board.turn_order
    assert {s.name: s.side for s in AA1914_POWERS.seats} == {p: board.side_of(p) for p in board.turn_order}
    assert {s.name: s.powers for s in AA1914_SIDES.seats} == board.sides


def test_every_board_shape_matches_its_variants_seats():
    from engine.catalog import register_all, variants
    register_all()
    for key in ("classic", "rx07", "france_austria", "england_turkey", "aa1914"):
        assert SHAPES[key].seat_names == tuple(variants()[key].seats({})), key


# ---------------------------------------------------------------- top board and final round

def test_the_top_board_takes_the_top_seven_and_the_leader_chooses_first():
    ranked = list("abcdefghij")
    prefs = {"a": "F", "b": "FG", "c": "GF", "d": "A"}
    board = top_board(ranked, CLASSIC, random.Random(1), preferences=prefs)
    assert set(board.players) == set("abcdefg")
    assert board.seat_of("a") == "France" and board.seat_of("b") == "Germany"
    assert board.seat_of("c") not in ("France", "Germany") and board.seat_of("d") == "Austria"


def test_the_leader_does_not_take_a_power_played_before_when_another_is_free():
    ranked = list("abcdefg")
    earlier = play_rounds(ranked, CLASSIC, 1, preferences={"a": "F"})
    board = top_board(ranked, CLASSIC, random.Random(1), previous=earlier, preferences={"a": "FG"})
    assert board.seat_of("a") != "France"
    assert all(seats_played(earlier)[p][board.seat_of(p)] == 0 for p in ranked)


def test_a_final_round_puts_the_top_board_first_and_seeds_the_rest():
    ranked = list(range(16))
    final = seed_final_round(ranked, CLASSIC, random.Random(3))
    assert set(final.boards[0].players) == set(range(7))
    assert len(final.boards) == 2 and len(final.waiting) == 2
    assert_well_formed(final, ranked, CLASSIC)
    with pytest.raises(SeedingError, match="needs 7 players"):
        top_board(list(range(6)), CLASSIC, random.Random(1))


def test_a_seeded_round_survives_json():
    (round_,) = play_rounds(list(range(12)), CLASSIC, 1, fill="bots")
    back = SeededRound.from_json(json.loads(json.dumps(round_.to_json())))
    assert back.boards == round_.boards and back.waiting == round_.waiting


# ---------------------------------------------------------------- properties

@given(st.lists(st.lists(st.integers(0, 30), min_size=4, max_size=4), min_size=4, max_size=4))
def test_the_assignment_is_the_cheapest(matrix):
    best = min(sum(matrix[i][p[i]] for i in range(4)) for p in itertools.permutations(range(4)))
    seats = min_cost_assignment(matrix)
    assert sorted(seats) == [0, 1, 2, 3] and sum(matrix[i][seats[i]] for i in range(4)) == best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(sorted(SHAPES)), count=st.integers(0, 30), rounds=st.integers(1, 3),
       fill=st.sampled_from(["wait", "bots"]), seed=st.integers(0, 10_000), data=st.data())
def test_any_event_seats_every_player_at_most_once_a_round(shape, count, rounds, fill, seed, data):
    board_shape: BoardShape = SHAPES[shape]
    players = [f"p{i}" for i in range(count)]
    letters = board_shape.letters
    prefs = {p: data.draw(st.permutations(letters).map(lambda xs: "".join(xs)))[:data.draw(st.integers(0, len(letters)))]
             for p in players if data.draw(st.booleans())}
    rng = random.Random(seed)
    done: list[SeededRound] = []
    for _ in range(rounds):
        try:
            round_ = seed_round(players, board_shape, rng, previous=done, preferences=prefs, fill=fill, effort=0.1)
        except SeedingError:
            assert count < (2 if fill == "bots" else board_shape.size)
            return
        assert_well_formed(round_, players, board_shape)
        if fill == "bots":
            assert round_.waiting == ()
            assert all(len(b.players) >= count // len(round_.boards) for b in round_.boards)
        else:
            assert len(round_.waiting) == count % board_shape.size
            assert all(not b.bots for b in round_.boards)
        done.append(round_)
