"""Movement under the Tournament Rules (seed 001, "MOVEMENT").

Land: "Land units that begin their turn in friendly territories can generally move up to two
territories, but they may move only one space when entering a hostile or neutral territory.
Also, they must end their movement if they either enter a contested territory or enter any
friendly minor aligned power's territory for the first time." "Land units that begin their
turn in contested territories can only be moved to an adjacent territory. That territory must
have at the beginning of the turn either been controlled by the moving power or contained
units belonging to that power."
Sea: "All sea units that begin their turn in a sea zone that has a friendly naval base have
their movement range extended by one sea zone." "Sea units must end their movement when they
enter a sea zone containing an active enemy minefield."
"""
from __future__ import annotations

from typing import Mapping

from engine.errors import IllegalOrder

from .board import Board
from .context import TurnContext
from .grammar import MoveOrder
from .position import BoardUnit
from .state import US, friendly
from .units import UNIT_TYPES, unit_name

SUEZ = ("SZ 19", "SZ 28")


def territory_status(turn: TurnContext, name: str) -> str:
    """At the start of the turn: 'friendly', 'hostile', 'neutral' or 'contested' (RULES.md 4.1)."""
    if name in turn.start.contested:
        return "contested"
    t = turn.board.territories[name]
    owner = turn.start.control.get(name)
    if owner == "Spain" and turn.power != "Spain":
        return "closed"           # 4.17: neutral Spain's territories are closed to the warring powers
    if owner is None:
        if t.minor and t.minor not in turn.position.extra["mobilized_minors"]:
            patron = turn.position.aligned(t)
            if patron is None:
                return "neutral"
            return "friendly" if friendly(turn.board, patron, turn.power) else "hostile"
        return "neutral"
    if owner == turn.power or friendly(turn.board, owner, turn.power):
        return "friendly" if turn.power != US or owner == US or turn.position.us_at_war else "closed"
    return "hostile"


def friendly_base_zones(board: Board, power: str, control: Mapping[str, str | None], contested: set[str]) -> set[str]:
    """Zones served by a naval base "in a territory that is either controlled by you or a friendly
    power or is contested and was originally controlled by you or a friendly power" (at the start
    of the turn: `control` and `contested` as they were then)."""
    zones = set()
    for name, t in board.territories.items():
        if not t.naval_base:
            continue
        owner = control.get(name)
        if name in contested:
            owner = t.original_owner
        if owner is not None and (owner == power or friendly(board, owner, power)):
            zones.update(t.naval_base)
    return zones


def enemy_minefield(turn: TurnContext, zone: str) -> bool:
    owner = turn.board.territories[zone].minefield
    if owner is None or not turn.position.at_war(turn.power, owner):
        return False
    # the field is active while a base serving it is held by its owner's side (or contested
    # and originally theirs); errata: "if the territory that shares a naval base with a mined
    # sea zone is contested, only ships that belong to enemies of the original controlling
    # power have to roll for mines"
    for name, t in turn.board.territories.items():
        if zone in t.naval_base:
            holder = turn.position.control.get(name)
            if name in turn.start.contested:
                holder = t.original_owner
            if holder is not None and friendly(turn.board, holder, owner):
                return True
    return False


def enemy_warships(turn: TurnContext, zone: str) -> bool:
    """Enemy ships that stop movement: not submarines or transports (RULES.md 2.8, 2.9)."""
    return any(turn.position.at_war(turn.power, u.owner) and u.type in ("battleship", "cruiser")
               for u in turn.position.units_in(zone))


def may_still_move(turn: TurnContext, unit: dict) -> bool:
    """Not moved yet this turn, and no house rule keeps it where it is (4.14: units that joined an
    ally's attack sit out their power's next turn)."""
    return unit.id not in turn.progress.done_moving and not any(rule.sits_out(turn, unit) for rule in turn.house)


def pick_units(turn: TurnContext, order: MoveOrder, owner: str | None = None) -> list[BoardUnit]:
    """The power's (or an ally's) units at the start of the path that match and can still move."""
    start = order.path[0]
    owner = owner or turn.power
    chosen = []
    for kind, count in order.units:
        pool = [u for u in turn.position.units_in(start) if u.owner == owner and u.type == kind
                and may_still_move(turn, u)]
        if order.damaged:
            pool = [u for u in pool if u.damaged]
        else:
            pool.sort(key=lambda u: u.damaged)
        if len(pool) < count:
            have = len(pool)
            raise IllegalOrder(f"{owner} has {have} {unit_name(kind)} in {start} that can still move, not {count}")
        chosen.extend(pool[:count])
    return chosen


def after_mines(turn: TurnContext, order: MoveOrder) -> tuple[MoveOrder, str | None]:
    """A landing some of whose cargo went down with a transport a mine sank this turn goes on
    with the units left aboard: errata "If you are planning an amphibious assault or
    reinforcement, but some of your ships hit mines while attempting to deliver the units, you
    may call off the landing" — *may*: calling it off is the player's `call off <territory> if
    mined`, so without it the survivors land (docs/rulings.md). Returns the order as it goes on
    and the line that tells so (None: nothing was lost, and the order stands as given). When
    nothing is left aboard, the order fails saying that a mine sank the transport."""
    zone, dest = order.path[0], order.path[-1]
    lost = turn.progress.mine_cargo.get(zone)
    if turn.rng is None or not lost or turn.board.territories[dest].sea:
        return order, None
    aboard = {kind: sum(1 for u in turn.position.units_in(zone) if u.owner == turn.power and u.type == kind
                        and u.aboard is not None and may_still_move(turn, u))
              for kind, _ in order.units}
    if all(aboard[kind] >= n for kind, n in order.units) or any(
            n - aboard[kind] > lost.get(kind, 0) for kind, n in order.units):
        return order, None              # nothing short, or short of more than the mines took
    left = tuple((kind, min(n, aboard[kind])) for kind, n in order.units if aboard[kind])
    asked = ", ".join(f"{n} {unit_name(kind)}" for kind, n in order.units)
    if not left:
        sunk = turn.progress.mined_transports.get(zone, 1)
        raise IllegalOrder(f"{'a mine' if sunk == 1 else 'mines'} sank the transport{'s' if sunk > 1 else ''} "
                           f"carrying them in {zone}: none of the {asked} is left aboard to land in {dest}")
    going = ", ".join(f"{n} {unit_name(kind)}" for kind, n in left)
    return (MoveOrder(left, order.path, order.damaged),
            f"💣 A mine sank part of the landing in {zone}: {going} of the {asked} land in {dest}.")


def check_path(turn: TurnContext, order: MoveOrder, units: list[BoardUnit]) -> str:
    """Validate the path for these units; returns the kind of move ('land', 'load', 'unload',
    'sea', 'air'). Raises OrderError naming the broken rule."""
    path = order.path
    check_steps(turn, path)
    domains = {u.spec.domain for u in units}
    if len(domains) > 1:
        raise IllegalOrder("move land, air and sea units in separate orders")
    domain = domains.pop()
    if domain == "air":
        return _check_air(turn, path)
    if domain == "sea":
        return _check_sea(turn, path, units)
    for rule in turn.house:                 # units of a house option that move on its own terms
        kind = rule.check_move(turn, path, units)
        if kind is not None:
            return kind
    return _check_land(turn, path, units)


def check_steps(turn: TurnContext, path: tuple[str, ...]) -> None:
    """Each step of a path joins neighbours and enters no impassable space; ships pass Suez only
    while their side controls Egypt (RULES.md 4.5)."""
    board = turn.board
    for a, b in zip(path, path[1:]):
        if not board.adjacent(a, b):
            raise IllegalOrder(f"{a} and {b} do not border each other")
        if board.territories[b].impassable or b in turn.rules.extra_impassable:
            raise IllegalOrder(f"{b} is impassable")
        if {a, b} == set(SUEZ) and not _suez_open(turn):
            raise IllegalOrder("the Suez Canal is closed: your side does not control Egypt")


def check_entry(turn: TurnContext, entered: tuple[str, ...] | list[str]) -> list[str]:
    """The status of each land territory entered (see `territory_status`); refuses territories
    closed to this power: neutral Spain (4.17) and, for a neutral United States, its allies'."""
    status = [territory_status(turn, p) for p in entered]
    if "closed" in status:
        closed = entered[status.index("closed")]
        if turn.start.control.get(closed) == "Spain":
            raise IllegalOrder(f"{closed} belongs to neutral Spain: no power may enter it (house rule 4.17)")
        raise IllegalOrder("the neutral United States may not enter territories of other Allied powers")
    if turn.power == "Spain" and "hostile" in status:
        raise IllegalOrder("neutral Spain enters only its own territories and neutral ones (house rule 4.17)")
    return status


def _suez_open(turn: TurnContext) -> bool:
    holder = turn.position.control.get("Egypt")
    return holder is not None and friendly(turn.board, holder, turn.power)


def _check_air(turn: TurnContext, path: tuple[str, ...]) -> str:
    if len(path) - 1 > UNIT_TYPES["fighter"].move:
        raise IllegalOrder("fighters move at most 2 spaces")
    if turn.board.territories[path[-1]].sea:
        raise IllegalOrder("a fighter must end its move in a territory with your land units, not at sea")
    return "air"


def _check_sea(turn: TurnContext, path: tuple[str, ...], units: list[BoardUnit]) -> str:
    board = turn.board
    if not all(board.territories[p].sea for p in path):
        raise IllegalOrder("ships move only through sea zones")
    bonus = 1 if path[0] in turn.start.base_zones else 0
    for u in units:
        allowance = u.spec.move + bonus
        if len(path) - 1 > allowance:
            raise IllegalOrder(f"a {unit_name(u.type)} starting in {path[0]} moves at most {allowance} sea zones"
                             + ("" if bonus else " (one more from a friendly naval base)"))
    for zone in path[1:-1]:
        if enemy_minefield(turn, zone):
            raise IllegalOrder(f"ships must stop on entering the mined {zone}")
        if enemy_warships(turn, zone):
            raise IllegalOrder(f"enemy warships in {zone} stop your ships there")
    return "sea"


def _check_land(turn: TurnContext, path: tuple[str, ...], units: list[BoardUnit]) -> str:
    board = turn.board
    start, dest = path[0], path[-1]
    at_sea = board.territories[start].sea
    if at_sea:
        if len(path) != 2 or board.territories[dest].sea:
            raise IllegalOrder("land units at sea can only be unloaded into an adjacent territory")
        if any(u.aboard is None for u in units):
            raise IllegalOrder("those land units are not aboard a transport")
        return "unload"
    if board.territories[dest].sea:
        if len(path) != 2:
            raise IllegalOrder("land units board a transport in an adjacent sea zone")
        if turn.power == US and not turn.position.us_at_war:
            raise IllegalOrder("the United States may not load transports before it is at war")
        return "load"
    if any(board.territories[p].sea for p in path):
        raise IllegalOrder("land units cannot cross the sea on their own: use a transport")
    status = check_entry(turn, path[1:])
    if start in turn.start.contested:
        # "Land units that begin their turn in contested territories can only be moved to an adjacent
        # territory ... controlled by the moving power or contained units belonging to that power"
        if len(path) != 2:
            raise IllegalOrder(f"units that begin the turn in contested {start} move only one territory")
        if turn.start.control.get(dest) != turn.power and dest not in turn.start.own_units:
            raise IllegalOrder(f"from contested {start} units may only move to a territory you controlled "
                             "or had units in at the start of the turn")
        return "land"
    if len(path) - 1 > 2:
        raise IllegalOrder("land units move at most two territories")
    if len(path) == 3:
        if status[1] in ("hostile", "neutral") or status[0] in ("hostile", "neutral"):
            raise IllegalOrder("land units move only one territory when entering a hostile or neutral territory")
        if status[0] == "contested":
            raise IllegalOrder(f"land units must end their movement on entering contested {path[1]}")
        if first_entry_to_friendly_minor(turn, path[1]):
            raise IllegalOrder(f"land units must stop on first entering friendly minor {path[1]}")
    return "land"


def first_entry_to_friendly_minor(turn: TurnContext, name: str) -> bool:
    """Seed 001: land units "must end their movement if they ... enter any friendly minor aligned
    power's territory for the first time": the first time *this power* enters it in the game.
    Entries count from the end of the turn they happen in, so every order of that turn stops
    there (docs/rulings.md)."""
    t = turn.board.territories[name]
    return (t.minor is not None and turn.position.aligned(t) is not None
            and friendly(turn.board, turn.position.aligned(t), turn.power)
            and name not in turn.position.extra.get("minor_entries", {}).get(turn.power, ()))
