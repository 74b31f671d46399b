"""A&A league mode: sealed bids for sides, who plays which side, and the bid placement convention
(engine/tournaments/bids.py, engine/aa1914/league_bid.py)."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.aa1914.board import standard_board
from engine.aa1914.league_bid import (BidPlacement, BidUnit, apply_bid, check_bid_placement,
                                      parse_bid_placement)
from engine.aa1914.model import GameState
from engine.aa1914.setup import initial_state
from engine.tournaments import BidError, BidPlacementError, SealedBids

SIDES = ("Central Powers", "Allies")


@pytest.fixture(scope="module")
def start():
    return initial_state(standard_board(), {})


def sealed(*bids):
    s = SealedBids(("ann", "bob"), SIDES)
    for player, side, ipcs in bids:
        s = s.submit(player, side, ipcs)
    return s


# ---------------------------------------------------------------- secret until both are in

def test_bids_are_secret_until_both_are_in():
    one = sealed(("ann", "Central Powers", 8))
    assert one.waiting_for == ("bob",)
    assert one.view("ann").own.ipcs == 8 and one.view("ann").revealed is None
    assert one.view("bob").own is None and one.view("bob").other_in and one.view("bob").revealed is None
    with pytest.raises(BidError, match="secret until both are in"):
        one.reveal()
    with pytest.raises(BidError, match="secret"):
        one.resolve(random.Random(1))
    both = one.submit("bob", "central", 5)
    assert both.complete and dict(both.view("ann").revealed)["bob"].ipcs == 5


def test_a_bid_may_change_until_the_other_arrives_then_it_is_final():
    s = sealed(("ann", "Allies", 3), ("ann", "Central Powers", 9))
    assert s.view("ann").own.side == "Central Powers" and s.view("ann").own.ipcs == 9
    s = s.submit("bob", "Allies", 0)
    with pytest.raises(BidError, match="no longer change"):
        s.submit("ann", "Allies", 1)


@pytest.mark.parametrize("player, side, ipcs, words", [
    ("cat", "Allies", 1, "only the two players"), ("ann", "Entente", 1, "not a side"),
    ("ann", "Allies", -2, "0 or more"), ("ann", "Allies", "ten", "whole number"),
    ("ann", "Allies", 1.5, "whole number"), ("ann", "Allies", 10_000, "at most")])
def test_a_bad_bid_is_refused_and_changes_nothing(player, side, ipcs, words):
    s = sealed()
    with pytest.raises(BidError, match=words):
        s.submit(player, side, ipcs)
    assert s.bids == ()


def test_sealed_bids_survive_json():
    s = sealed(("ann", "Allies", 4))
    assert SealedBids.from_json(json.loads(json.dumps(s.to_json()))) == s


# ---------------------------------------------------------------- who plays which side

def test_the_lower_ask_for_the_same_side_takes_it_with_its_bid():
    outcome = sealed(("ann", "Central Powers", 12), ("bob", "Central Powers", 7)).resolve(random.Random(1))
    assert outcome.side_of("bob") == "Central Powers" and outcome.side_of("ann") == "Allies"
    assert (outcome.bid_side, outcome.bid_ipcs, outcome.bidder, outcome.coin_flip) == ("Central Powers", 7, "bob",
                                                                                        False)


def test_different_sides_each_get_theirs_and_only_the_lower_ask_is_paid():
    outcome = sealed(("ann", "Central Powers", 10), ("bob", "Allies", 2)).resolve(random.Random(1))
    assert outcome.side_of("ann") == "Central Powers" and outcome.side_of("bob") == "Allies"
    assert (outcome.bid_side, outcome.bid_ipcs, outcome.bidder) == ("Allies", 2, "bob")


def test_equal_asks_are_decided_by_the_seeded_coin():
    s = sealed(("ann", "Central Powers", 6), ("bob", "Central Powers", 6))
    winners = {s.resolve(random.Random(seed)).bidder for seed in range(20)}
    assert winners == {"ann", "bob"}
    assert s.resolve(random.Random(3)) == s.resolve(random.Random(3))
    assert s.resolve(random.Random(3)).coin_flip


# ---------------------------------------------------------------- the placement convention

def test_a_placement_within_the_convention_gives_the_units_and_the_ipcs(start):
    placement = parse_bid_placement("infantry Berlin; 1 artillery in Vienna\nGermany cruiser SZ 5, 2 IPCs to Germany",
                                    start)
    placed = check_bid_placement(start, "Central Powers", 20, placement)
    assert [(u.owner, u.type, u.where) for u in placed.units] == [
        ("Germany", "infantry", "Berlin"), ("Austria-Hungary", "artillery", "Vienna"), ("Germany", "cruiser", "SZ 5")]
    assert placed.ipcs == (("Germany", 2),) and placed.spent == 3 + 4 + 9 + 2 and placed.unspent == 2
    assert [u.id for u in placed.units] == [start["next_id"], start["next_id"] + 1, start["next_id"] + 2]
    assert placed.lines()[-1] == "2 IPCs of the bid not used (lost)"


def test_applying_a_bid_puts_the_units_on_the_board_and_the_ipcs_in_the_treasury(start):
    before = copy.deepcopy(start)
    placed = check_bid_placement(start, "Allies", 9, parse_bid_placement("infantry Paris, 6 ipc Russia", start))
    after = apply_bid(start, placed)
    assert start == before
    assert after["treasury"]["Russia"] == start["treasury"]["Russia"] + 6
    assert after["units"][-1] == {"id": start["next_id"], "type": "infantry", "owner": "France", "where": "Paris",
                                  "damaged": False}
    assert after["next_id"] == start["next_id"] + 1
    GameState.from_json(after, standard_board())          # still a state the rules read


@pytest.mark.parametrize("text, side, bid, words", [
    ("tank Berlin", "Central Powers", 10, "tanks cannot be bought before round 4"),
    ("destroyer SZ 5", "Central Powers", 10, "not a unit of this game"),
    ("infantry Paris", "Central Powers", 10, "not held by the Central Powers"),
    ("Germany infantry Vienna", "Central Powers", 10, "Vienna is not Germany's"),
    ("infantry Kamerun", "Central Powers", 10, "no ground unit there"),
    ("cruiser SZ 9", "Central Powers", 10, "had a ship at the start"),
    ("infantry SZ 5", "Central Powers", 10, "not at sea"),
    ("infantry Berlin, artillery Berlin", "Central Powers", 10, "at most one extra unit"),
    ("battleship SZ 5", "Central Powers", 10, "the bid is 10 IPCs; this placement costs 12"),
    ("3 IPCs France", "Central Powers", 10, "France is not of the Central Powers"),
    ("France infantry Paris", "Central Powers", 10, "France is not of the Central Powers"),
])
def test_a_placement_that_breaks_the_convention_is_refused_by_name(start, text, side, bid, words):
    with pytest.raises(BidPlacementError, match=words):
        check_bid_placement(start, side, bid, parse_bid_placement(text, start))


def test_a_house_unit_may_be_bid_when_its_option_is_on():
    start = initial_state(standard_board(), {"destroyers": True})
    placed = check_bid_placement(start, "Central Powers", 5, parse_bid_placement("destroyer SZ 5", start))
    assert placed.units[0].type == "destroyer"


def test_a_ship_in_a_zone_two_allies_share_must_name_its_power(start):
    shared = copy.deepcopy(start)
    shared["units"].append({"id": shared["next_id"], "type": "cruiser", "owner": "France", "where": "SZ 9",
                            "damaged": False})
    shared["next_id"] += 1
    with pytest.raises(BidPlacementError, match="British Empire and France both have ships there; name the power"):
        check_bid_placement(shared, "Allies", 9, parse_bid_placement("cruiser SZ 9", shared))
    placed = check_bid_placement(shared, "Allies", 9, parse_bid_placement("France cruiser SZ 9", shared))
    assert placed.units[0].owner == "France"


def test_a_bid_is_placed_only_before_the_first_turn(start):
    later = dict(start, round=2)
    with pytest.raises(BidPlacementError, match="before the game's first turn"):
        check_bid_placement(later, "Allies", 3, BidPlacement((BidUnit("infantry", "Paris"),)))


@pytest.mark.parametrize("text, words", [("", "names no unit"), ("2 infantry Berlin", "at most one"),
                                         ("zeppelin Berlin", "no unit type"), ("infantry Atlantis", "not a place"),
                                         ("4 IPCs Narnia", "not a power")])
def test_an_unreadable_placement_is_refused_by_name(start, text, words):
    with pytest.raises(BidPlacementError, match=words):
        parse_bid_placement(text, start)


@given(st.text(max_size=80))
def test_any_text_as_a_placement_is_read_or_refused_cleanly(text):
    state = initial_state(standard_board(), {})
    try:
        placement = parse_bid_placement(text, state)
        check_bid_placement(state, "Allies", 30, placement)
    except BidPlacementError:
        pass
