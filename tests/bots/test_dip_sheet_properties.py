"""Property tests of the Diplomacy bot over positions and seeds chosen by hypothesis: whatever the
position (any Diplomacy variant, any phase of a played game), the seed and the level, the sheet is
coherent — a support names an order its unit was given, no convoy carries an army to its own
province, no retreat goes into a standoff, every line is exactly what `check_orders` returns —
and every order the `/hint` text shows is a line the order parser accepts as it stands, so a
player can paste it into the sheet."""
from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.diplomacy.parser import parse_order
from engine.variant import get_variant
from service.bots import Hint
from tests.bots.dip_positions import diplomacy_variants, positions
from tests.bots.test_dip_sheet_coherence import incoherence

VARIANTS = diplomacy_variants()
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions_and_seats(draw):
    key = draw(st.sampled_from(VARIANTS))
    games = positions(key)
    state = games[draw(st.integers(0, len(games) - 1))]
    variant = get_variant(key)
    seats = variant.seats_to_act(state)
    seat = draw(st.sampled_from(sorted(seats))) if seats else None
    return key, state, seat


@SETTINGS
@given(positions_and_seats(), st.sampled_from(["easy", "normal"]), st.integers(0, 2**32 - 1))
def test_any_position_and_seed_gives_a_coherent_sheet(where, level, seed):
    key, state, seat = where
    if seat is None:
        return
    variant = get_variant(key)
    lines = [line for line, _ in variant.bot_orders(state, seat, random.Random(seed), level)]
    assert not incoherence(variant, state, seat, lines), incoherence(variant, state, seat, lines)


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(positions_and_seats(), st.integers(0, 2**32 - 1))
def test_the_search_level_gives_a_coherent_sheet(where, seed):
    key, state, seat = where
    if seat is None:
        return
    variant = get_variant(key)
    lines = [line for line, _ in variant.bot_orders(state, seat, random.Random(seed), "hard")]
    assert not incoherence(variant, state, seat, lines), incoherence(variant, state, seat, lines)


@SETTINGS
@given(positions_and_seats(), st.sampled_from(["easy", "normal"]), st.integers(0, 2**32 - 1))
def test_every_order_the_hint_shows_parses_as_it_stands(where, level, seed):
    """`/hint` shows each order between backticks; each one, pasted into a sheet, is accepted
    unchanged (the parser's own syntax, not a paraphrase of it)."""
    key, state, seat = where
    if seat is None:
        return
    variant = get_variant(key)
    pairs = variant.bot_orders(state, seat, random.Random(seed), level)
    text = Hint(seat, variant.phase_label(state), level, tuple(pairs)).describe()
    shown = re.findall(r"^• `([^`]+)`", text, flags=re.M)
    assert len(shown) == min(len(pairs), len([p for p in text.splitlines() if p.startswith("• ")]))
    dmap = variant.game_map(state)
    for line in shown:
        assert variant.check_orders(state, seat, [line]) == [line], line
        if variant.check_extra_order(state, seat, line) is None:
            assert parse_order(line, dmap, state["phase"]).text() == line
