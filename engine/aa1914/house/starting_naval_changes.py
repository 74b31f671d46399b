"""House rule 3.2 "Starting Naval Unit Changes": the historical fleets, applied to the Tournament
Rules' setup when the game is created."""
from __future__ import annotations

from .base import HouseRule

# 3.2 "Starting Naval Unit Changes", as (power, removed, added): a replacement is one entry, so
# when its removal is impossible (the Tournament setup already took that ship) it is skipped whole.
STARTING_NAVAL_CHANGES = [
    ("Russia", [("battleship", "SZ 12", 1)], [("submarine", "SZ 12", 1), ("cruiser", "SZ 12", 1)]),
    ("Russia", [("cruiser", "SZ 21", 1)], [("submarine", "SZ 21", 1)]),
    ("Germany", [("submarine", "SZ 7", 2)], []),
    ("Germany", [], [("battleship", "SZ 10", 2), ("transport", "SZ 10", 1)]),
    ("France", [], [("submarine", "SZ 15", 2)]),
    ("France", [("battleship", "SZ 15", 1)], [("cruiser", "SZ 15", 1)]),
    ("France", [("battleship", "SZ 16", 1)], [("submarine", "SZ 16", 1)]),
    ("France", [("transport", "SZ 16", 1)], []),
    ("British Empire", [], [("battleship", "SZ 4", 1), ("cruiser", "SZ 4", 1), ("submarine", "SZ 4", 1)]),
    ("British Empire", [], [("battleship", "SZ 9", 1), ("submarine", "SZ 9", 1)]),
    ("British Empire", [], [("submarine", "SZ 19", 1)]),
    ("Ottoman Empire", [("cruiser", "SZ 20", 1)], []),
    ("Italy", [], [("submarine", "SZ 17", 1)]),
    ("United States", [], [("battleship", "SZ 1", 1), ("cruiser", "SZ 1", 1)]),
]


def apply_starting_naval_changes(stacks: dict[tuple[str, str, str], int]) -> list[str]:
    """Change the starting stacks in place; returns the changes skipped (and why)."""
    skipped = []
    for power, removed, added in STARTING_NAVAL_CHANGES:
        if any(stacks.get((power, kind, zone), 0) < n for kind, zone, n in removed):
            skipped.append(f"{power}: {removed} not in the setup (the Tournament Rules changed it)")
            continue
        for kind, zone, n in removed:
            stacks[(power, kind, zone)] -= n
            if not stacks[(power, kind, zone)]:
                del stacks[(power, kind, zone)]
        for kind, zone, n in added:
            stacks[(power, kind, zone)] = stacks.get((power, kind, zone), 0) + n
    return skipped


class StartingNavalChanges(HouseRule):
    key = "starting_naval_changes"

    def setup_units(self, stacks: dict[tuple[str, str, str], int]) -> None:
        apply_starting_naval_changes(stacks)


RULE = StartingNavalChanges()
