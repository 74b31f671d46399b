"""House rule 3.2 "Starting Naval Unit Changes": the historical fleets."""
from engine.aa1914.house.starting_naval_changes import STARTING_NAVAL_CHANGES
from engine.aa1914.setup import starting_stacks
from tests.aa_helpers import B, state_with


def test_starting_naval_changes():
    """3.2 e.g. "Russia: Replace Sea Zone 12 Battleship with 1 Submarine and 1 Cruiser" ...
    "United States: Add 1 Battleship and 1 Cruiser in Sea Zone 1" """
    plain = starting_stacks(B, True)
    state = state_with(starting_naval_changes=True)
    count = lambda st, p, t, z: sum(1 for u in st["units"] if (u["owner"], u["type"], u["where"]) == (p, t, z))  # noqa: E731
    assert count(state, "Russia", "battleship", "SZ 12") == plain[("Russia", "battleship", "SZ 12")] - 1
    assert count(state, "Russia", "submarine", "SZ 12") == plain.get(("Russia", "submarine", "SZ 12"), 0) + 1
    assert count(state, "Germany", "submarine", "SZ 7") == 0
    assert count(state, "Germany", "battleship", "SZ 10") == plain.get(("Germany", "battleship", "SZ 10"), 0) + 2
    assert count(state, "United States", "battleship", "SZ 1") == plain.get(("United States", "battleship", "SZ 1"), 0) + 1
    # the Tournament setup already replaced France's SZ 15 battleship by a cruiser: that change is skipped
    assert count(state, "France", "cruiser", "SZ 15") == 1 and count(state, "France", "submarine", "SZ 15") == 2
    assert len(STARTING_NAVAL_CHANGES) == 14
