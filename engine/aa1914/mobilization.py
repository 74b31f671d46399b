"""Mobilization (RULES.md 1.4): units bought this turn are placed — land units and fighters in the
capital (the British Empire also in India), ships in a sea zone of one of the power's own naval
bases not enemy-held this turn — where the `place` orders say, the rest at the first legal place.

The house options add places with limits of their own (`limited_placement`: 4.17 Spain, 4.11's
staging factory, 4.6), problems of their own units (`placement_problem`) and units that must be
placed by order (`check_unplaced`). Each `place` order is carried out on its own
(`TurnContext.carry_out`), so one that turns out impossible fails as an order.
"""
from __future__ import annotations

from engine.errors import IllegalOrder, OrderError

from .context import TurnContext
from .house.base import NOT_MINE
from .grammar import Place
from .units import UNIT_TYPES, unit_name


def mobilize(turn: TurnContext, places: list[Place]) -> None:
    """The `place` orders in the order written, then the units still unplaced."""
    turn.progress.to_place = dict(turn.progress.bought)
    for order in places:
        turn.carry_out(lambda o: place(turn, o), order)
    refunded = place_the_rest(turn)
    mobilized = {kind: n - refunded.get(kind, 0) for kind, n in turn.progress.bought.items() if n > refunded.get(kind, 0)}
    if mobilized:
        turn.report.append(f"🏭 {turn.power} mobilizes " + ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in mobilized.items()) + ".")


def place(turn: TurnContext, order: Place) -> None:
    """One `place` order: every unit it names, or (refused) none of them."""
    for kind, n in order.units:
        if turn.progress.to_place.get(kind, 0) < n:
            raise IllegalOrder(f"{turn.power} bought {turn.progress.to_place.get(kind, 0)} {unit_name(kind)} to place, not {n}")
        problem = NOT_MINE
        if order.where not in standard_placements(turn) and not UNIT_TYPES[kind].is_sea:
            # the house rules' places with limits of their own (4.17 Spain, 4.11, 4.6)
            problem = next((p for p in (rule.limited_placement(turn, kind, order.where, n)
                                        for rule in turn.house) if p != NOT_MINE), NOT_MINE)
        if problem == NOT_MINE:
            problem = placement_problem(turn, kind, order.where)
        for rule in turn.rules_of(kind):
            problem = rule.placement_problem(turn, kind, order.where, n, problem)
        if problem:
            raise IllegalOrder(problem)
        turn.progress.placed[order.where] = turn.progress.placed.get(order.where, 0) + n
        turn.progress.to_place[kind] -= n
        for _ in range(n):
            turn.position.add_unit(kind, turn.power, order.where)


def place_the_rest(turn: TurnContext) -> dict[str, int]:
    """RULES.md 1.4: units bought and given no place go to the first legal place — one unit at a
    time, so a limit per place (4.2: "No more than 2 Merchant Raiders may be in the same sea
    zone") sends the next unit to the next place instead of refunding them all. Units that fit
    nowhere are refunded; returns how many of each kind."""
    refunded: dict[str, int] = {}
    for kind, n in list(turn.progress.to_place.items()):
        if not n:
            continue
        turn.progress.to_place[kind] = 0
        owners = turn.rules_of(kind)
        try:
            for rule in owners:
                rule.check_unplaced(turn, kind, n)
        except OrderError as exc:
            if turn.rng is None:
                raise
            refund(turn, kind, n, exc.reason)
            refunded[kind] = n
            continue
        placed = 0
        while placed < n:
            where = next((w for w in placement_options(turn, kind)
                          if all(rule.may_place_unasked(turn, kind, w, 1) for rule in owners)), None)
            if where is None:
                break
            turn.position.add_unit(kind, turn.power, where)
            placed += 1
        if placed < n:
            refund(turn, kind, n - placed, "no place to mobilize them")
            refunded[kind] = n - placed
    return refunded


def refund(turn: TurnContext, kind: str, n: int, why: str) -> None:
    amount = turn.rules.cost(kind) * n
    turn.position.treasury[turn.power] += amount
    turn.report.append(f"↩️ {n} {kind.replace('_', ' ')} not mobilized ({why}): {amount} IPCs refunded.")


def placement_options(turn: TurnContext, kind: str) -> list[str]:
    board, spec = turn.board, UNIT_TYPES[kind]
    if not spec.is_sea:
        return [p for p in land_placements(turn) if placement_problem(turn, kind, p) is None]
    zones = []
    for name, t in board.territories.items():
        if t.naval_base and t.original_owner == turn.power:
            zones += [z for z in t.naval_base if placement_problem(turn, kind, z) is None]
    return zones


def standard_placements(turn: TurnContext) -> list[str]:
    """Unlimited places for land units: the capital; India for the British Empire; Munich for
    Germany with house rule 4.5."""
    extra = [t for power, t in turn.rules.extra_mobilization if power == turn.power]
    return [turn.board.capital_of(turn.power)] + (["India"] if turn.power == "British Empire" else []) + extra


def land_placements(turn: TurnContext) -> list[str]:
    """Every place land units may go: the standard ones and the house rules' (a staging
    factory, 4.11)."""
    return standard_placements(turn) + [p for rule in turn.house for p in rule.land_placements(turn)]


def placement_problem(turn: TurnContext, kind: str, where: str) -> str | None:
    board, spec = turn.board, UNIT_TYPES[kind]
    if spec.is_sea:
        bases = [n for n, t in board.territories.items() if where in t.naval_base and t.original_owner == turn.power
                 and turn.position.control.get(n) == turn.power and n not in turn.start.enemy_held]
        if not bases:
            return f"ships are placed in a sea zone of one of {turn.power}'s own naval bases, not {where}"
        return None
    allowed = land_placements(turn)
    if where not in allowed:
        return f"{unit_name(kind)} is placed in {' or '.join(allowed)}, not {where}"
    holder = turn.position.control.get(where)
    if holder != turn.power and not (holder is None and turn.position.is_contested(where)
                                     and board.territories[where].original_owner == turn.power):
        return f"{turn.power} does not control {where}"
    return None
