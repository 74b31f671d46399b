"""House rule 4.16 "The Italian Dilemma".

Italy starts neutral and both alliances bargain for it (the negotiation phases and the tribute
are in italy.py). Attacking neutral Italy makes it join the other alliance; from turn 3 a neutral
Italy may attack one alliance (joining the other) or both (its own war). "it may decide to defect
if the deal is not honored ... Defection can only occur once": Italy's `defect`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import IllegalOrder

from ..board import ALLIANCES, Board, board_for
from ..context import TurnContext
from ..grammar import OrderWord
from ..italy import ITALY, new_italy, opposite, pay_tribute
from .base import STANDING, HouseRule, OrderHandler


@dataclass(frozen=True)
class Defect:
    """Italy: `defect` — change sides once when a deal is not honoured."""

    def text(self) -> str:
        return "defect"


@dataclass
class ItalyMemo:
    at_start: str | None = None          # Italy's standing when the turn began
    attacked: set[str] = field(default_factory=set)    # alliances a neutral Italy attacked this turn


def read_defect(rest: str, board: Board) -> Defect | None:
    return None if rest.strip() else Defect()


def italy_reacts(turn: TurnContext, dest: str) -> None:
    italy = turn.position.extra.get("italy")
    if not italy:
        return
    holder = turn.position.control.get(dest)
    before = italy["status"]
    if turn.power != ITALY:
        side = turn.board.side_of(turn.power)
        if holder == ITALY and before == "neutral" and side in ALLIANCES:
            italy["status"] = opposite(side)
            turn.report.append(f"🇮🇹 {turn.power} attacks neutral Italy: Italy joins the {italy['status']}.")
    elif RULE.memo_of(turn).at_start in ("neutral", "alone") and holder not in (None, ITALY):
        # judged as at the start of the turn: a neutral Italy's every move into an alliance's
        # territory is an attack, even after a first attack has already made it join the other
        side = board_for(turn.position.options, "neutral").side_of(holder)
        if side not in ALLIANCES:
            return
        if turn.position.round < 3:
            raise IllegalOrder("a neutral Italy may attack the alliances from turn 3 (house rule 4.16)")
        attacked = RULE.memo_of(turn).attacked
        attacked.add(side)
        italy["status"] = "alone" if len(attacked) == 2 or before == "alone" else opposite(side)
        turn.report.append(f"🇮🇹 Italy attacks the {side}: " + (
            "Italy is at war with both alliances." if italy["status"] == "alone" else f"it joins the {italy['status']}."))
    if italy["status"] != before:
        italy["deal"] = None
        turn.board = board_for(turn.position.options, italy["status"])


def defect(turn: TurnContext, order: Defect) -> None:
    italy = turn.position.extra.get("italy")
    if turn.power != ITALY or not italy:
        raise IllegalOrder("only Italy defects, and only in the Italian Dilemma (option `italian_dilemma`)")
    if turn.position.round < 4 or not italy["broken"] or italy["defected"] or italy["status"] not in (
            "Central Powers", "Allies"):
        raise IllegalOrder("Italy may defect once, from turn 4, after its deal was not honoured")
    italy.update(status=opposite(italy["status"]), defected=True, deal=None, broken=False)
    turn.board = board_for(turn.position.options, italy["status"])
    turn.report.append(f"🇮🇹 Italy defects and joins the {italy['status']}.")


class ItalianDilemma(HouseRule):
    key = "italian_dilemma"
    orders = {Defect: OrderHandler(STANDING, defect)}
    memo = ItalyMemo
    words = (OrderWord(("defect",), "defect", read_defect, "Italy: `defect`"),)

    def setup_state(self) -> dict:
        return {"italy": new_italy()}        # neutral, with no deal yet

    def begin_turn(self, turn: TurnContext) -> None:
        self.memo_of(turn).at_start = turn.position.extra.get("italy", {}).get("status")
        if turn.power == ITALY:
            pay_tribute(turn.position, turn.report)

    def on_enter_land(self, turn: TurnContext, dest: str) -> None:
        italy_reacts(turn, dest)


RULE = ItalianDilemma()
