"""House rule 4.15 "Concentrated Attacks": `concentrate <territory> on <power>`.

"The minimum number of units you will be fighting will be that power's units plus 25% of ALL other
remaining units"; "If you roll 4 or more, you add 25% of ALL other remaining units". Which
defenders fight is chosen just before the land battle (`land_defenders`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..combat import Roll
from ..context import TurnContext
from ..grammar import OrderWord, place_named, power_named
from ..ledger import log_rolls, loss_order
from ..position import BoardUnit
from .base import BREAKTHROUGH, HouseRule, OrderHandler


@dataclass(frozen=True)
class Concentrate:
    """`concentrate Picardy on France`."""

    where: str
    target: str

    def text(self) -> str:
        return f"concentrate {self.where} on {self.target}"


def read_concentrate(rest: str, board: Board) -> Concentrate:
    match = re.fullmatch(r"(.+?)\s+on\s+(.+)", rest, re.I)
    if not match:
        raise UnreadableOrder("write `concentrate <territory> on <power>`")
    power = power_named(board, match.group(2))
    return Concentrate(place_named(board, match.group(1)), power)


@dataclass
class ConcentrationMemo:
    targets: dict[str, str] = field(default_factory=dict)      # territory -> the power attacked there


def quarter(n: int) -> int:
    """25 % of a number of units, rounded to the nearest unit (halves up)."""
    return int(n / 4 + 0.5)


def concentrated_defence(target: int, others: int, die: int) -> tuple[int, int]:
    """4.15: the defenders who fight: (the target power's units, units of the other powers).
    "The minimum number of units you will be fighting will be that power's units plus 25% of ALL
    other remaining units" and "If you roll 4 or more, you add 25% of ALL other remaining units"."""
    joined = quarter(others) * (2 if die >= 4 else 1)
    return target, min(others, joined)


def concentrated_defenders(turn: TurnContext, name: str, enemy: list[BoardUnit]) -> list[BoardUnit]:
    """4.15: only the chosen power's units and 25 % of the others (another 25 % on a 4+) fight;
    "if the attacker managed to score more hits than there are defending units, the remaining
    hits are not transferred over to the defending units that did not participate"."""
    target = RULE.memo_of(turn).targets.get(name)
    if target is None:
        return enemy
    die = turn.rng.randint(1, 6)
    log_rolls(turn, name, [Roll("attacker", "concentrated attack", 3, [die])])
    chosen = [u for u in enemy if u.owner == target]
    others = [u for u in enemy if u.owner != target]
    _, joined = concentrated_defence(len(chosen), len(others), die)
    # the defenders that join are the ones their owners would give up first: each owner's
    # standing `casualties` order (docs/rulings.md, 4.15)
    rankings = {owner: {t: i for i, t in enumerate(loss_order(turn, owner))} for owner in {u.owner for u in others}}
    others.sort(key=lambda u: (rankings[u.owner].get(u.type, 99), u.id))
    turn.report.append(f"🎯 Concentrated attack on {target} in {name}: die {die}; {len(chosen)} {target} units "
                       f"and {joined} of {len(others)} other defenders fight.")
    return chosen + others[:joined]


def concentrate(turn: TurnContext, order: Concentrate) -> None:
    if not any(u.owner == order.target for u in turn.position.units_in(order.where)):
        raise IllegalOrder(f"{order.target} has no units in {order.where} to concentrate on")
    if not turn.position.at_war(turn.power, order.target):
        raise IllegalOrder(f"{turn.power} is not at war with {order.target}")
    RULE.memo_of(turn).targets[order.where] = order.target


class ConcentratedAttacks(HouseRule):
    key = "concentrated_attacks"
    orders = {Concentrate: OrderHandler(BREAKTHROUGH, concentrate)}
    memo = ConcentrationMemo
    words = (OrderWord(("concentrate",), "concentrate", read_concentrate, "`concentrate Picardy on France`"),)

    def land_defenders(self, turn: TurnContext, name: str, enemy: list[BoardUnit]) -> list[BoardUnit]:
        return concentrated_defenders(turn, name, enemy)


RULE = ConcentratedAttacks()
