"""Every house option's rule object, and the composition of those a game was created with.

The order below is the order hooks run in, and it is part of the rules: where two options act at
the same point of a turn, the earlier one acts first (Spain's deployment before a staging factory
before a corner of the empire when placing; freighters before factories when collecting income), so
that dice are rolled and reports written in one fixed order.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Mapping

from ..grammar import OrderWord
from ..rules import Rules
from ..units import HOUSE_UNITS, UNIT_TYPES
from . import (aerial_combat, armored_cars, armored_trains, artillery_neutralization, artillery_trucks,
               auction_by_alliance, auction_by_power, breaking_through, coastal_artillery, concentrated_attacks,
               counter_battery, deploy_reserves, destroyers, every_corner, fighting_by_numbers, freighters_raiders,
               italian_dilemma, more_production, multinational_attacks, munich_reinforcements, naval_costs,
               restricted_sub_warfare, spain_balance, starting_naval_changes, sub_changes, sub_warfare_first_2,
               supply_chain, swiss_alps, tanks_now, trucks, usw_flat)
from .base import HouseRule, OrderHandler
from .catalog import HOUSE_KEYS, not_enabled

HOUSE_RULES: dict[str, HouseRule] = {module.RULE.key: module.RULE for module in (
    spain_balance, freighters_raiders, more_production, every_corner,
    italian_dilemma, deploy_reserves, multinational_attacks,
    trucks, artillery_trucks, armored_cars, coastal_artillery, destroyers, armored_trains,
    naval_costs, aerial_combat, restricted_sub_warfare, usw_flat, fighting_by_numbers, sub_warfare_first_2,
    starting_naval_changes, sub_changes, artillery_neutralization, swiss_alps, munich_reinforcements,
    supply_chain, counter_battery, auction_by_power, auction_by_alliance, tanks_now, breaking_through,
    concentrated_attacks,
)}

# The order words the options add, each marked with its option (orders.ORDER_WORDS reads them all).
HOUSE_WORDS: tuple[OrderWord, ...] = tuple(replace(word, option=rule.key) for rule in HOUSE_RULES.values()
                                           for word in rule.words)

# The standing orders the options add (kept in the state until changed: standing.py), and whose.
STANDING_OPTIONS: dict[type, str] = {kind: rule.key for rule in HOUSE_RULES.values() for kind in rule.standing_orders}


def _switched_on(options: Mapping[str, object] | None) -> tuple[tuple[str, object], ...]:
    return tuple(sorted((k, v) for k, v in (options or {}).items() if k in HOUSE_KEYS))


def house_rules(options: Mapping[str, object] | None) -> tuple[HouseRule, ...]:
    """The rule objects of the options switched on, in hook order."""
    return _house_rules(_switched_on(options))


@lru_cache(maxsize=64)
def _house_rules(items: tuple[tuple[str, object], ...]) -> tuple[HouseRule, ...]:
    on = {k for k, v in items if v is True}
    return tuple(rule for key, rule in HOUSE_RULES.items() if key in on)


def order_handlers(options: Mapping[str, object] | None) -> dict[type, OrderHandler]:
    """Every house order with the step it is carried out in: the option's own handler where the
    game uses the option, else the one refusal that names the option."""
    return _order_handlers(_switched_on(options))


@lru_cache(maxsize=64)
def _order_handlers(items: tuple[tuple[str, object], ...]) -> dict[type, OrderHandler]:
    on = {rule.key for rule in _house_rules(items)}
    return {kind: handler if rule.key in on else OrderHandler(handler.step, _refusal(rule.key))
            for rule in HOUSE_RULES.values() for kind, handler in rule.orders.items()}


def _refusal(option: str):
    def refuse(turn, order) -> None:
        raise not_enabled(option)
    return refuse


def rules_for(options: Mapping[str, object] | None) -> Rules:
    """The numbers a game plays by: the Tournament Rules', changed by each option's `numbers`."""
    return _rules(_switched_on(options))


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, object], ...]) -> Rules:
    rules = _house_rules(items)
    costs = {name: u.cost for name, u in UNIT_TYPES.items()}
    fields: dict[str, object] = {}
    for rule in rules:
        for name, value in rule.numbers.items():
            if name == "costs":
                costs.update(value)
            else:
                fields[name] = value
    bought = {unit for rule in rules for unit in rule.units}
    return Rules(costs=tuple(costs.items()), house_units=tuple(u for u in HOUSE_UNITS if u in bought),
                 options=items, **fields)
