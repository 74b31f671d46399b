"""No combination of house options may raise: random option sets × random legal orders for several
phases; every phase adjudicates, and the state keeps its invariants."""
import random

import pytest

from engine.errors import RulesError
from tests.aa_random_play import V, accepted, phase_lines, play_random_phases, random_options


@pytest.mark.parametrize("seed", range(12))
def test_random_option_sets_never_raise(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    state = V.initial_state(options, random.Random(seed))

    def lines_for(state, seat, rng):
        lines = phase_lines(state, seat, rng)
        try:
            return accepted(state, seat, lines)
        except RulesError:
            return []
    play_random_phases(state, rng, lines_for, 40)
