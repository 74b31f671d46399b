"""Legal orders under every house option: each option alone, the bot (normal) orders every seat
through the first round, and the hard level under all the unit and combat options at once —
`Variant.bot_orders` itself refuses (raises) a sheet a player's submission would be refused for,
so a game that plays through is a game of legal sheets."""
from __future__ import annotations

import random

import pytest

from engine.aa1914.house.catalog import HOUSE_OPTIONS
from engine.catalog import register_all
from engine.errors import OptionError
from engine.variant import get_variant
from tests.aa_random_play import COMBOS, play_random_phases

register_all()
V = get_variant("aa1914")


def alone(key: str) -> dict | None:
    try:
        return V.parse_options({key: True})
    except OptionError:
        return None                     # an option that needs another one with it


def bots(level: str):
    def lines(state, seat, rng):
        pairs = V.bot_orders(state, seat, random.Random(rng.random()), level)
        assert all(why.strip() for _, why in pairs)
        return [line for line, _ in pairs]
    return lines


@pytest.mark.parametrize("key", [spec.key for spec in HOUSE_OPTIONS])
def test_the_bot_orders_legally_under_each_house_option_alone(key):
    options = alone(key)
    if options is None:
        pytest.skip(f"{key} is only played with another option")
    state = V.initial_state(options, random.Random(5))
    played = play_random_phases(state, random.Random(5), bots("normal"), 12)
    assert played != state


@pytest.mark.parametrize("combo", [1, 2])
def test_the_hard_level_orders_legally_under_many_options_at_once(combo):
    options = V.parse_options(COMBOS[combo])
    state = V.initial_state(options, random.Random(combo))
    played = play_random_phases(state, random.Random(combo), bots("hard"), 9)
    assert played != state
