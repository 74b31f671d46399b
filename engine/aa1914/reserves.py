"""House rule 4.3 "Deploy the Reserves": a secret placement before round 1.

"every power except the USA is allowed to purchase and place units on the map equal to their
starting IPC value ... Units must be placed in areas where there are already units belonging to
this power. The territory in which units are added may not have more than twice the original
number of units ... Each power may only add a maximum of 2 Transport Ships and 2 Trucks ...
Fighters may be purchased, but only one may be added per territory ... each player will secretly
write down his unit placements. Every unit will then be placed one player at a time based on
the revealed notes."
"""
from __future__ import annotations

from engine.errors import IllegalOrder, OrderError

from .board import Board
from .house.registry import house_rules, rules_for
from .grammar import Place
from .rules import RESERVE_LIMITS
from .units import HOUSE_UNITS, UNIT_TYPES, unit_name


def check_reserves(board: Board, state: dict, power: str, places: list[Place]) -> None:
    """Raise OrderError if these secret placements break a rule of 4.3."""
    if power == "United States":
        raise IllegalOrder("the United States deploys no reserves; it receives 5 bonus IPCs a turn instead")
    rules = rules_for(state.get("options", {}))
    budget = board.data["starting_ipcs"][power]
    spent, added, per_type, fighters = 0, {}, {}, {}
    original = {}
    for u in state["units"]:
        if u["owner"] == power:
            original[u["where"]] = original.get(u["where"], 0) + 1
    for order in places:
        for kind, n in order.units:
            spec = UNIT_TYPES[kind]
            if kind == "tank":
                raise IllegalOrder(f"tanks are not available before round {rules.tanks_from_round}")
            if kind in HOUSE_UNITS and kind not in rules.house_units:
                raise IllegalOrder(f"{kind.replace('_', ' ')}s are not used in this game")
            if order.where not in original:
                raise IllegalOrder(f"reserves go where {power} already has units, not {order.where}")
            if spec.is_sea != board.territories[order.where].sea:
                raise IllegalOrder(f"a {unit_name(kind)} cannot be placed in {order.where}")
            spent += rules.cost(kind) * n
            added[order.where] = added.get(order.where, 0) + n
            per_type[kind] = per_type.get(kind, 0) + n
            if kind == "fighter":
                fighters[order.where] = fighters.get(order.where, 0) + n
    if spent > budget:
        raise IllegalOrder(f"{power}'s reserves are worth {budget} IPCs (its starting income), not {spent}")
    for where, n in added.items():
        if n > original[where]:
            raise IllegalOrder(f"{where} may receive {original[where]} more unit(s): at most twice its original number")
    for kind, limit in RESERVE_LIMITS.items():
        if per_type.get(kind, 0) > limit:
            raise IllegalOrder(f"at most {limit} {unit_name(kind)}s among the reserves")
    for where, n in fighters.items():
        if n > 1:
            raise IllegalOrder(f"only one fighter may be added in {where}")
    house = house_rules(state.get("options", {}))
    for order in places:
        for kind, n in order.units:
            # the house units' own limits (2.4 a coastal battery, 2.8 an armored train)
            for rule in (rule for rule in house if kind in rule.units):
                problem = rule.reserve_problem(board, state, power, kind, order.where, places)
                if problem:
                    raise IllegalOrder(problem)


def deploy(board: Board, state: dict, orders: dict[str, list[Place]]) -> list[str]:
    """Reveal and place every power's reserves, one power at a time in turn order."""
    report = []
    for power in board.turn_order:
        places = orders.get(power, [])
        try:
            check_reserves(board, state, power, places)
        except OrderError as exc:
            report.append(f"{power}'s reserves are void: {exc.reason}")
            continue
        for order in places:
            for kind, n in order.units:
                for _ in range(n):
                    state["units"].append({"id": state["next_id"], "type": kind, "owner": power,
                                           "where": order.where, "damaged": False})
                    state["next_id"] += 1
        if places:
            report.append(f"🎖️ {power} deploys " + "; ".join(
                f"{', '.join(f'{n} {k}' for k, n in o.units)} in {o.where}" for o in places))
        elif power != "United States":
            report.append(f"{power} deploys no reserves.")
    return report
