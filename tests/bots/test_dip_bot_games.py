"""The bot contract and the Diplomacy bot, checked by playing.

Random rx07 games with bots in every seat never produce an order a player's sheet would be
refused for, never crash, and end (rule 7 or the year cap); the same seed gives the same
orders; a variant without a bot refuses clearly."""
from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from engine.diplomacy.bot.search import regret_matching
from engine.diplomacy.game import DiplomacyGame
from engine.diplomacy.rx07 import Rx07Variant
from engine.errors import IllegalOrder
from engine.variant import Bot, NoBot, get_variant, register_bot, variants

register_all()
RX07 = get_variant("rx07")
LEVELS = ("easy", "normal", "hard")


def play(variant, seed: int, levels: dict[str, str], last_year: int, check_purity: bool = False,
         options: dict | None = None):
    """Bots order every seat each phase until the game ends or `last_year` is over. Every sheet
    is checked exactly as a player's would be. Returns the final state and the result."""
    rng = random.Random(seed)
    state = variant.initial_state(variant.parse_options(options or {}), rng)
    result = None
    phases = 0
    while state["year"] <= last_year:
        orders = {}
        for seat in variant.seats_to_act(state):
            before = copy.deepcopy(state) if check_purity else None
            pairs = variant.bot_orders(state, seat, random.Random(rng.random()), levels[seat])
            if check_purity:
                assert state == before, "the bot changed the state it was given"
            lines = [line for line, _ in pairs]
            assert variant.check_orders(state, seat, lines) == lines
            for line, reason in pairs:
                assert reason and "\n" not in reason, (line, reason)
            orders[seat] = lines
        result = variant.adjudicate(state, orders, rng)
        state = result.state
        phases += 1
        assert phases < 200
        if result.finished:
            break
    return state, result


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), entente=st.sampled_from(LEVELS), central=st.sampled_from(LEVELS))
def test_bots_in_every_rx07_seat_give_legal_orders_and_the_game_ends(seed, entente, central):
    # to 1918: Italy's coin flip, the dated openings, Russia's civil disorder and the American army
    state, result = play(RX07, seed, {"Entente": entente, "Central": central}, last_year=1918)
    assert result.finished or state["year"] == 1919


def test_a_long_rx07_game_between_normal_bots_is_played_out_legally():
    # who wins, and when, is the ladder's business (bench/bot_ladder.py), not a test's
    state, result = play(RX07, 7, {"Entente": "normal", "Central": "normal"}, last_year=1930, check_purity=True)
    assert result.finished or state["year"] == 1931
    if result.finished:
        assert RX07.victory(state) or not result.winners


def test_the_same_seed_gives_the_same_orders_and_reasons():
    state = RX07.initial_state({}, random.Random(3))
    for level in LEVELS:
        first = RX07.bot_orders(state, "Central", random.Random(42), level)
        again = RX07.bot_orders(copy.deepcopy(state), "Central", random.Random(42), level)
        assert first == again and first


def test_the_search_level_says_it_searched():
    state = RX07.initial_state({}, random.Random(3))
    pairs = RX07.bot_orders(state, "Entente", random.Random(5), "hard")
    assert pairs and all("[search: " in reason for _, reason in pairs)


def test_every_diplomacy_variant_has_the_bot():
    for key, variant in variants().items():
        if not isinstance(variant, DiplomacyGame):
            continue
        assert variant.bot_levels() == LEVELS
        seats = variant.seats(variant.parse_options({}))
        play(variant, 11, {seat: ("normal", "hard", "easy")[i % 3] for i, seat in enumerate(seats)}, last_year=
             variant.initial_state(variant.parse_options({}), random.Random(0))["year"] + 2)


def test_the_search_adjudicates_by_the_game_s_rulebook_edition():
    classic = get_variant("classic")
    seats = classic.seats(classic.parse_options({"edition": "2000"}))
    state, _ = play(classic, 3, {seat: "hard" for seat in seats}, last_year=1902, options={"edition": "2000"})
    assert state["options"]["edition"] == "2000"


def test_a_variant_without_a_bot_refuses_clearly():
    from tests.toy_variant import GuessVariant      # A&A 1914 has a bot too
    toy = GuessVariant()
    state = toy.initial_state({}, random.Random(1))
    assert toy.bot_levels() == ()
    with pytest.raises(NoBot, match="has no bot yet"):
        toy.bot_orders(state, toy.seats({})[0], random.Random(1))


class _Careless(Bot):
    """A bot that orders one unit twice: the contract must catch it, not pass it on."""

    levels = ("normal",)

    def orders(self, variant, state, seat, rng, level):
        return [("A Par - Bur", "first"), ("A Par - Pic", "second")]


class _CarelessRx07(Rx07Variant):
    key = "careless_rx07"


def test_a_bot_s_sheet_is_checked_like_a_player_s():
    register_bot(_CarelessRx07, _Careless())
    variant = _CarelessRx07()
    state = variant.initial_state({}, random.Random(1))
    with pytest.raises(IllegalOrder):
        variant.bot_orders(state, "Entente", random.Random(1))
    assert RX07.bot() is not variant.bot()      # the nearest family's bot wins


def test_unknown_levels_and_seats_are_refused_by_name():
    state = RX07.initial_state({}, random.Random(1))
    with pytest.raises(NoBot, match="plays at easy, normal, hard, not `brutal`"):
        RX07.bot_orders(state, "Entente", random.Random(1), "brutal")
    with pytest.raises(NoBot, match="no seat `Italy`"):
        RX07.bot_orders(state, "Italy", random.Random(1))


def test_a_seat_with_nothing_to_order_gets_an_empty_sheet():
    state = RX07.initial_state({}, random.Random(1))
    state["phase"], state["season"] = "retreat", "fall"
    assert RX07.bot_orders(state, "Central", random.Random(1)) == []


def test_the_bot_and_its_inputs_cross_to_a_worker_process():
    """The service runs bots in its process pool: everything passed must pickle."""
    state = RX07.initial_state({}, random.Random(1))
    bot, rng = pickle.loads(pickle.dumps((RX07.bot(), random.Random(9))))
    assert bot.orders(RX07, state, "Entente", rng, "normal") == RX07.bot().orders(
        RX07, state, "Entente", random.Random(9), "normal")


def test_regret_matching_finds_the_mixed_equilibrium_and_drops_dominated_plans():
    rock_paper_scissors = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    mix = regret_matching(rock_paper_scissors, 3000)
    assert all(abs(p - 1 / 3) < 0.05 for p in mix)
    dominated = [[1, 1], [0, 0], [2, 2]]
    mix = regret_matching(dominated, 500)
    assert mix[2] > 0.9
