"""Random play-throughs: whatever orders players give, checked orders never crash a turn and the
state stays consistent (treasuries never negative, every unit on the map, unique ids)."""
import random

import pytest

from tests.aa_random_play import COMBOS, V, accepted, play_random_phases, random_lines


@pytest.mark.parametrize("options", COMBOS, ids=["tournament", "house-units-and-rules", "spain-italy"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_turns_never_crash(options, seed):
    rng = random.Random(seed)
    state = V.initial_state(V.parse_options(options), rng)

    def lines_for(state, seat, rng):
        if state.get("phase", "turn") == "turn":
            return accepted(state, seat, random_lines(state, seat, rng))
        if state["phase"] == "italy_demands":
            return accepted(state, seat, ["demand lump 3"])
        if state["phase"] == "italy_responses":
            return accepted(state, seat, [rng.choice(["accept", "refuse", "offer 2"])])
        return None
    play_random_phases(state, rng, lines_for, 20)
