"""Property: every order set the rules accept is adjudicated without an exception,
in random games with random option sets — the orders of the house options included (supplies
sent where units go, placements, attacks), since an order can turn out impossible only once the
dice have spoken (the units that were to receive supplies die)."""
import random

import pytest

from engine.errors import RulesError
from tests.aa_random_play import V, accepted, phase_lines, play_random_phases, random_lines, random_options


def turn_lines(state, seat, rng):
    """Random moves and purchases, then orders that depend on how the moves end: supplies sent to
    where units went (4.7), placements, an attack."""
    lines = random_lines(state, seat, rng)
    board = V.board_of(state)
    goals = [line.split(" - ")[-1] for line in lines if line.startswith("move")]
    options = state.get("options", {})
    if options.get("supply_chain"):
        for goal in rng.sample(goals, min(3, len(goals))):
            lines.append(f"supply {goal} {rng.randint(1, 4)}")
    bought = [line.split()[2] for line in lines if line.startswith("buy")]
    capital = board.capital_of(seat)
    if bought and capital and rng.random() < 0.5:
        lines.append(f"place 1 {bought[0]} {capital}")
    if goals and rng.random() < 0.3:
        lines.append(f"attack {rng.choice(goals)}")
    return lines


@pytest.mark.parametrize("seed", range(100, 116))
def test_every_accepted_order_set_is_adjudicated(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    if rng.random() < 0.5:
        options = V.parse_options({**options, "supply_chain": True})
    state = V.initial_state(options, random.Random(seed))

    def lines_for(state, seat, rng):
        lines = turn_lines(state, seat, rng) if state.get("phase", "turn") == "turn" else phase_lines(state, seat, rng)
        try:
            return accepted(state, seat, lines)
        except RulesError:
            return []
    play_random_phases(state, rng, lines_for, 30)
