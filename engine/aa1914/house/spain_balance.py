"""House rule 4.17 "Spain Hangs in the Balance".

Spain is a ninth, neutral power. At the end of Spain's turn its alignment tracker moves (the
arithmetic in `spain_shift`, France's standing `spain pay N` in standing.py); at 6 points Spain
joins Germany (the Central Powers) or France (the Entente). "Once Spain joins a side, up to three
units per turn may be deployed directly in Spain."
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..context import TurnContext
from ..grammar import OrderWord, Standing
from ..units import UNIT_TYPES
from .base import NOT_MINE, HouseRule

SPAIN_JOINS_AT = 6     # "If Spain's alignment reaches 6 points in favor of Germany ... of France"
SPAIN_DEPLOY = 3       # "Once Spain joins a side, up to three units per turn may be deployed directly in Spain."


@dataclass(frozen=True)
class SpainPay(Standing):
    """France: `spain pay 2` — IPCs France adds to a lost diplomacy roll ("If France loses the roll,
    it may pay up to 2 IPCs to add to its roll"), decided in advance and kept until changed."""

    amount: int

    def text(self) -> str:
        return f"spain pay {self.amount}"

    def kept_as(self) -> str:
        return "spain_pay"

    def keep(self, state: dict, power: str) -> None:
        if power != "France":
            raise IllegalOrder("only France pays to sway Spain (house rule 4.17)")
        state["spain_pay"] = self.amount


def read_spain(rest: str, board: Board) -> SpainPay:
    match = re.fullmatch(r"pay\s+(\d)", rest.strip(), re.I)
    if not match or int(match.group(1)) > 2:
        raise UnreadableOrder("write `spain pay 0`, `spain pay 1` or `spain pay 2`")
    return SpainPay(int(match.group(1)))


def spain_shift(in_spain: int, outside: int, ipcs_in_hand: int, german_die: int, french_die: int,
                french_paid: int) -> float:
    """End of Spain's turn: land units in Spain, plus half those outside, minus the IPCs in
    Spain's hand, plus half the German die, minus the French die (and what France paid to add to
    it). Positive moves the tracker towards Germany. The seed's example:
    "10 - 7 + 3/2 - 2 - 1 = 1,5 points towards Germany"."""
    return in_spain + outside / 2 - ipcs_in_hand + german_die / 2 - french_die - french_paid


def leaning(points: float) -> str:
    """The tracker in words: positive is towards Germany, negative towards France."""
    if not points:
        return "to neither side (0 points)"
    return f"{abs(points):g} point{'s' if abs(points) != 1 else ''} towards {'Germany' if points > 0 else 'France'}"


def sway_spain(turn: TurnContext) -> None:
    position = turn.position
    land = [u for u in position.units if u.owner == "Spain" and u.spec.is_land]
    in_spain = sum(1 for u in land if u.where == "Spain")
    german, french = turn.roll(2)
    paid = 0
    if french < german:   # "If France loses the roll, it may pay up to 2 IPCs to add to its roll."
        paid = min(position.extra.get("spain_pay", 0), 2, position.treasury["France"])
        position.treasury["France"] -= paid
    shift = spain_shift(in_spain, len(land) - in_spain, position.treasury["Spain"], german, french, paid)
    position.extra["spain_track"] = position.extra.get("spain_track", 0) + shift
    position.log.append({"round": position.round, "power": "Spain", "battle": "Spain", "who": "Germany/France",
                         "step": "diplomacy in Madrid", "target": 0, "dice": [german, french]})
    turn.report.append(f"🇪🇸 Spain's alignment moves {leaning(shift)} (Germany rolls {german}, France {french}"
                       + (f" and pays {paid}" if paid else "") + f"): Spain now leans {leaning(position.extra['spain_track'])}"
                       f"; at {SPAIN_JOINS_AT} points either way it joins that side.")
    track = position.extra["spain_track"]
    if abs(track) >= SPAIN_JOINS_AT:
        patron = "Germany" if track > 0 else "France"
        for u in position.units:
            if u.owner == "Spain":
                position.give(u, patron)
        for name, holder in position.control.items():
            if holder == "Spain":
                position.control[name] = patron
        position.treasury[patron] += position.treasury["Spain"]
        position.treasury["Spain"] = 0
        position.collapsed["Spain"] = "joined"
        position.extra["spain_joined"] = patron
        for rule in turn.house:
            rule.power_leaves(turn, "Spain", patron)
        turn.report.append(f"🇪🇸 Spain enters the war on the side of {patron}: its units and territories "
                           f"fall under {patron}'s control.")


class SpainBalance(HouseRule):
    key = "spain_balance"
    standing_orders = (SpainPay,)
    words = (OrderWord(("spain",), "spain pay", read_spain, "France: `spain pay 0|1|2`", "France's `spain pay N`"),)

    def end_turn(self, turn: TurnContext) -> None:
        if turn.power == "Spain":
            sway_spain(turn)

    def limited_placement(self, turn: TurnContext, kind: str, where: str, n: int) -> str | None:
        if not (turn.position.extra.get("spain_joined") == turn.power and where == "Spain" and not UNIT_TYPES[kind].is_sea):
            return NOT_MINE
        if turn.position.control.get("Spain") != turn.power:
            return f"{turn.power} does not control Spain"
        return None if turn.progress.placed.get(where, 0) + n <= SPAIN_DEPLOY else f"Spain takes {SPAIN_DEPLOY} units a turn"


RULE = SpainBalance()
