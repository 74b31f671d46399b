"""House rule 3.2 "Submarine Warfare": the first submarine in every area causes 2 IPCs of damage."""
import random

from engine.aa1914.rules import submarine_warfare_loss
from tests.aa_random_play import V


def test_first_submarine_costs_two():
    """3.2 "The first Submarine in every area that is open to Submarine Warfare now causes 2 IPCs
    of damage. Each subsequent Submarine in that specific area deals 1 IPC of damage." """
    assert submarine_warfare_loss(0, True, True) == 0
    assert submarine_warfare_loss(1, True, True) == 2
    assert submarine_warfare_loss(3, True, True) == 4
    assert submarine_warfare_loss(3, True, False) == 3 and submarine_warfare_loss(3, False, False) is None


def test_first_sub_costs_2_in_each_zone():
    """3.2: "The first Submarine in every area that is open to Submarine Warfare now causes 2 IPCs
    of damage. Each subsequent Submarine in that specific area deals 1 IPC of damage." Every sea
    zone is an area: one sub in each of SZ 2, 7 and 8 costs 6 (docs/rulings.md)."""
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import clear, place
    state = V.initial_state(V.parse_options({"sub_warfare_first_2": True, "usw_flat": True}), random.Random(1))
    state["usw_declared"] = True
    clear(state, "SZ 2", "SZ 7", "SZ 8")
    for zone in ("SZ 2", "SZ 7", "SZ 8"):
        place(state, "Germany", "submarine", zone)
    before = state["treasury"]["British Empire"]
    after = Turn(V.board_of(state), state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] - before == 30 - 6
