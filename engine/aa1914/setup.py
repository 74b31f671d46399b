"""The starting position: the out-of-box setup (TripleA data), then the Tournament Rules'
"Setup Changes" (seed 001)."""
from __future__ import annotations

from .board import Board
from .house.registry import house_rules

# "Remove the following units from the OOB setup"
TOURNAMENT_REMOVALS = [
    ("British Empire", "infantry", "Rhodesia", 1), ("British Empire", "infantry", "British East Africa", 1),
    ("France", "infantry", "French West Africa", 1),
    ("France", "battleship", "SZ 15", 1), ("France", "transport", "SZ 15", 1),
    ("Germany", "infantry", "Togoland", 1), ("Germany", "infantry", "Kamerun", 1),
    ("Italy", "infantry", "Somaliland", 1),
]
# "Add the following units to the setup"
TOURNAMENT_ADDITIONS = [
    ("Russia", "infantry", "Sevastopol", 3), ("Russia", "infantry", "Livonia", 3),
    ("France", "cruiser", "SZ 15", 1), ("British Empire", "cruiser", "SZ 9", 1),
]


def starting_stacks(board: Board, tournament: bool = True) -> dict[tuple[str, str, str], int]:
    """(owner, type, territory) -> count."""
    stacks: dict[tuple[str, str, str], int] = {}
    for u in board.data["starting_units"]:
        key = (u["owner"], u["type"], u["where"])
        stacks[key] = stacks.get(key, 0) + u["count"]
    if tournament:
        for owner, kind, where, n in TOURNAMENT_REMOVALS:
            key = (owner, kind, where)
            if stacks.get(key, 0) < n:
                raise ValueError(f"setup data has no {n} {kind} of {owner} in {where} to remove")
            stacks[key] -= n
            if not stacks[key]:
                del stacks[key]
        for owner, kind, where, n in TOURNAMENT_ADDITIONS:
            key = (owner, kind, where)
            stacks[key] = stacks.get(key, 0) + n
    return stacks


def initial_state(board: Board, options: dict) -> dict:
    stacks = starting_stacks(board, options.get("tournament_setup", True))
    rules = house_rules(options)
    for rule in rules:
        rule.setup_units(stacks)
    units = []
    for (owner, kind, where), n in sorted(stacks.items()):
        for _ in range(n):
            units.append({"id": len(units) + 1, "type": kind, "owner": owner, "where": where, "damaged": False})
    control = {name: t.original_owner for name, t in board.territories.items() if not t.sea}
    return {
        "variant": "aa1914", "options": dict(options), "round": 1, "turn": 0,
        "control": control, "units": units, "next_id": len(units) + 1,
        "treasury": dict(board.data["starting_ipcs"]), "collapsed": {}, "unclaimed_treasury": {},
        "us_at_war": False, "usw_declared": False, "mobilized_minors": [], "entered_minors": [],
        "loss_orders": {}, "winner": None, "log": [],
        "phase": first_phase(options),
        **{name: value for rule in rules for name, value in rule.setup_state().items()},
    }


# The house rules' pre-game phases, in the order they are played: the auction of the neutral
# minors (4.9/4.10) comes before the reserves are deployed (4.3); then round 1.
PREGAME = ("auction", "reserves")


def first_phase(options: dict, after: str | None = None) -> str:
    """The first pre-game phase the game's options add (after `after`), else the first turn."""
    wanted = {phase for rule in house_rules(options) for phase in rule.phases}
    later = PREGAME[PREGAME.index(after) + 1:] if after in PREGAME else PREGAME
    return next((phase for phase in later if phase in wanted), "turn")
