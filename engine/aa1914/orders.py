"""The orders a power gives, read through one table of order words.

`ORDER_WORDS` is the Tournament Rules' words (grammar.CORE_WORDS) and every house option's
(`HouseRule.words`, in registry order); `parse_order` reads a line with the word its first word
names. Every word is read whatever options a game uses — an order of an option the game does not
use is refused by the turn, naming the option (`catalog.not_enabled`) — but the fallback error for
a line no word reads, and `/help`, name only the words of the rules in force (`words_in_force`).

The order values are defined beside their words (grammar.py, house/<option>.py) and gathered here
for readers outside the rules (the map, the service).
"""
from __future__ import annotations

import difflib
from typing import Mapping, Union

from engine.errors import OrderError, UnreadableOrder

from .board import Board
from .grammar import (CORE_WORDS, MAX_LENGTH, Attack, Buy, CallOff, Counts, DeclareUSW, LossOrder, MoveOrder,
                      OrderWord, Place, SeaDecision, Submerge, parse_counts, unit_list)
from .house.artillery_neutralization import Neutralize
from .house.armored_trains import TrainsReact
from .house.breaking_through import Breakthrough
from .house.coastal_artillery import AttackBattery
from .house.concentrated_attacks import Concentrate
from .house.counter_battery import CounterBattery
from .house.italian_dilemma import Defect
from .house.more_production import BuildFactory
from .house.multinational_attacks import AllyJoin
from .house.registry import HOUSE_WORDS
from .house.spain_balance import SpainPay
from .house.sub_changes import SubTargets
from .house.supply_chain import SendSupplies, SupplyUse
from .house.trucks import TruckMove

Order = Union[Buy, MoveOrder, Place, Attack, SeaDecision, LossOrder, Submerge, CallOff, DeclareUSW, Breakthrough,
              Concentrate, BuildFactory, Neutralize, SubTargets, AllyJoin, CounterBattery, TrainsReact, TruckMove,
              AttackBattery, SendSupplies, SupplyUse, SpainPay, Defect]

ORDER_WORDS: tuple[OrderWord, ...] = CORE_WORDS + HOUSE_WORDS

# first word -> the words it may start, tried in turn: an option's longer phrase (`attack battery`,
# `break through`) before the Tournament Rules' (`attack`, `break off`)
_BY_VERB: dict[str, list[OrderWord]] = {}
for _word in HOUSE_WORDS + CORE_WORDS:
    for _verb in _word.verbs:
        _BY_VERB.setdefault(_verb, []).append(_word)


def words_in_force(options: Mapping[str, object] | None = None) -> tuple[OrderWord, ...]:
    """The order words of a game with these options (None: every word there is)."""
    if options is None:
        return ORDER_WORDS
    return tuple(w for w in ORDER_WORDS if w.option is None or options.get(w.option) is True)


def parse_order(text: str, board: Board, options: Mapping[str, object] | None = None) -> Order:
    """The order a line says. `options`: the game's, so that a line no word reads is told the
    words of the rules in force (None: all of them)."""
    line = " ".join((text or "").split())
    if not line:
        raise UnreadableOrder("empty order")
    if len(line) > MAX_LENGTH:
        raise UnreadableOrder(f"an order is at most {MAX_LENGTH} characters", line[:40] + "…")
    try:
        return _read(line, board, options)
    except OrderError as exc:
        if exc.line is None:
            raise exc.at_line(line) from None
        raise


def _read(line: str, board: Board, options: Mapping[str, object] | None) -> Order:
    verb, _, rest = line.partition(" ")
    verb = verb.lower()
    for word in _BY_VERB.get(verb, ()):
        order = word.read(rest, board)
        if order is not None:
            return order
    raise UnreadableOrder(unknown_order(verb, options))


def unknown_order(verb: str, options: Mapping[str, object] | None = None) -> str:
    """The refusal of a line no order word reads: the words of the rules in force, and the closest
    one to what was written."""
    words = words_in_force(options)
    phrases = [w.phrase for w in words]
    text = "orders start with " + ", ".join(phrases[:-1]) + " or " + phrases[-1]
    spelt = {v: w.verbs[0] for w in words for v in w.verbs}      # any way of writing it -> its usual one
    close = difflib.get_close_matches(verb, list(spelt), n=1, cutoff=0.75)
    if close and close[0] != verb:
        text += f"; did you mean `{spelt[close[0]]}`?"
    return text


def orders_help(options: Mapping[str, object]) -> tuple[str, list[str]]:
    """`/help`'s order examples: the Tournament Rules' words, then one line per house option in
    force with its words."""
    core = "Orders: " + ", ".join(w.help for w in CORE_WORDS) + "."
    lines: dict[str, list[str]] = {}
    for word in words_in_force(options):
        if word.option is not None:
            lines.setdefault(word.option, []).append(word.help)
    return core, [", ".join(helps) for helps in lines.values()]


__all__ = ["ORDER_WORDS", "Order", "OrderWord", "Counts", "parse_order", "parse_counts", "unit_list",
           "words_in_force", "unknown_order", "orders_help", "Attack", "Buy", "CallOff", "DeclareUSW", "LossOrder",
           "MoveOrder", "Place", "SeaDecision", "Submerge", "Breakthrough", "Concentrate", "BuildFactory",
           "Neutralize", "SubTargets", "AllyJoin", "CounterBattery", "TrainsReact", "TruckMove", "AttackBattery",
           "SendSupplies", "SupplyUse", "SpainPay", "Defect"]
