"""House rule 4.16 "The Italian Dilemma": a neutral Italy courted by both alliances.

"At the beginning of the game, Italy is neutral to both sides ... If, however, it is attacked by
any power during this turn, it will automatically join the opposing alliance." "Starting on Turn
2, just before Italy begins its turn, there is a negotiation round ... Italy makes a series of
demands ... If only one side agrees to the terms, the negotiation is over, and Italy joins the war
on that side. If both sides are willing to accept the offer, the Entente and the Central Powers
may offer more ... Italy joins the war on the side of the highest bidder." "Starting on Turn 3 ...
It may also decide to unilaterally attack one side or the other ... or BOTH sides". "Beginning on
Turn 4 ... it may decide to defect if the deal is not honored ... Defection can only occur once".
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalOrder

from .board import ALLIANCES, Board
from .grammar import parse_counts
from .position import Position
from .units import unit_name

ITALY = "Italy"
MAX_UNITS = 10            # "A number of military units being handed over (to a maximum of 10 units)"
NEUTRAL_WIN_INCOME = 26   # "Italy will be victorious if it reaches an economic value of 26 IPCs"


@dataclass(frozen=True)
class Demand:
    kind: str                      # 'lump', 'per-turn', 'units', 'territory', 'none'
    amount: int = 0
    units: tuple = ()
    territory: str | None = None
    by_round: int = 0

    def text(self) -> str:
        if self.kind == "none":
            return "no demands"
        if self.kind == "units":
            return "demand units " + ", ".join(f"{n} {unit_name(t)}" for t, n in self.units)
        if self.kind == "territory":
            return f"demand territory {self.territory} by {self.by_round}"
        return f"demand {self.kind} {self.amount}"


@dataclass(frozen=True)
class Response:
    accept: bool
    offer: int = 0

    def text(self) -> str:
        if not self.accept:
            return "refuse"
        return f"offer {self.offer}" if self.offer else "accept"


def new_italy() -> dict:
    return {"status": "neutral", "deal": None, "broken": False, "defected": False, "demands": []}


def opposite(side: str) -> str:
    return ALLIANCES[1] if side == ALLIANCES[0] else ALLIANCES[0]


def parse_demand(text: str, board: Board) -> Demand:
    line = " ".join((text or "").split())
    low = line.lower()
    if low in ("no demands", "none", "pass"):
        return Demand("none")
    match = re.fullmatch(r"demand\s+(lump|per-turn|per turn)\s+(\d+)", low)
    if match:
        amount = int(match.group(2))
        if amount < 1:
            raise IllegalOrder("a payment is at least 1 IPC", line)
        return Demand("per-turn" if "per" in match.group(1) else "lump", amount)
    match = re.fullmatch(r"demand\s+units\s+(.+)", line, re.I)
    if match:
        units, _ = parse_counts(match.group(1))
        if sum(n for _, n in units) > MAX_UNITS:
            raise IllegalOrder(f"Italy may demand at most {MAX_UNITS} units", line)
        return Demand("units", units=units)
    match = re.fullmatch(r"demand\s+territory\s+(.+?)\s+by\s+(?:round\s+|turn\s+)?(\d+)", line, re.I)
    if match:
        name = board.lookup(match.group(1))
        if name is None or board.territories[name].sea:
            raise IllegalOrder(f"`{match.group(1)}` is not a territory", line)
        return Demand("territory", territory=name, by_round=int(match.group(2)))
    raise IllegalOrder("Italy's demands: `demand lump 10`, `demand per-turn 3`, `demand units 4 infantry`, "
                     "`demand territory Trieste by 5`, or `no demands`", line)


def parse_response(text: str) -> Response:
    low = " ".join((text or "").split()).lower()
    if low == "accept":
        return Response(True)
    if low == "refuse":
        return Response(False)
    match = re.fullmatch(r"offer\s+(\d+)", low)
    if match:
        return Response(True, int(match.group(1)))
    raise IllegalOrder("answer Italy with `accept`, `refuse` or `offer <extra IPCs>`", text)


def cost_of(demands: list[Demand]) -> tuple[int, dict]:
    lump = sum(d.amount for d in demands if d.kind == "lump")
    units: dict[str, int] = {}
    for d in demands:
        for kind, n in d.units:
            units[kind] = units.get(kind, 0) + n
    return lump, units


def can_deliver(state: dict, power: str, demands: list[Demand], offer: int) -> str | None:
    lump, units = cost_of(demands)
    if state["treasury"].get(power, 0) < lump + offer:
        return f"{power} has {state['treasury'].get(power, 0)} IPCs, not the {lump + offer} it would owe Italy"
    for kind, n in units.items():
        have = sum(1 for u in state["units"] if u["owner"] == power and u["type"] == kind)
        if have < n:
            return f"{power} has {have} {unit_name(kind)}, not the {n} Italy demands"
    return None


def settle(board: Board, state: dict, responses: dict[str, Response]) -> list[str]:
    """Decide the negotiation: which alliance (if any) Italy joins, and carry out the deal."""
    italy = state["italy"]
    demands = [Demand(**d) if isinstance(d, dict) else d for d in italy["demands"]]
    report = []
    bids: dict[str, tuple[int, str]] = {}
    for power in board.turn_order:
        response = responses.get(power)
        side = next((s for s in ALLIANCES if power in board.sides.get(s, ())), None)
        if response is None or not response.accept or side is None:
            continue
        problem = can_deliver(state, power, demands, response.offer)
        if problem:
            report.append(f"{power}'s acceptance cannot be honoured: {problem}.")
            continue
        if side not in bids or response.offer > bids[side][0]:
            bids[side] = (response.offer, power)
    italy["demands"] = []
    if not bids:
        report.append("Both alliances refuse Italy's terms: Italy stays neutral this turn.")
        return report
    ranked = sorted(bids.items(), key=lambda kv: -kv[1][0])
    if len(ranked) == 2 and ranked[0][1][0] == ranked[1][1][0]:
        report.append(f"Both alliances accept and offer the same ({ranked[0][1][0]} IPCs more): "
                      "Italy stays neutral this turn.")
        return report
    side, (offer, speaker) = ranked[0]
    lump, units = cost_of(demands)
    state["treasury"][speaker] -= lump + offer
    state["treasury"][ITALY] += lump + offer
    for kind, n in units.items():
        for u in [u for u in state["units"] if u["owner"] == speaker and u["type"] == kind][:n]:
            u["owner"] = ITALY
    per_turn = sum(d.amount for d in demands if d.kind == "per-turn")
    promise = next((d for d in demands if d.kind == "territory"), None)
    italy["status"] = side
    italy["deal"] = {"side": side, "speaker": speaker, "per_turn": per_turn,
                     "territory": promise.territory if promise else None,
                     "by_round": promise.by_round if promise else 0}
    report.append(f"🇮🇹 Italy joins the {side} (deal with {speaker}: {lump + offer} IPCs now"
                  + (f", {per_turn} a turn" if per_turn else "")
                  + (f", units {', '.join(f'{n} {k}' for k, n in units.items())}" if units else "")
                  + (f", {promise.territory} Italian by the end of round {promise.by_round}" if promise else "") + ").")
    return report


def pay_tribute(position: Position, report: list[str]) -> None:
    """At the start of Italy's turn the per-turn payment falls due; a missed one breaks the deal."""
    deal = position.extra["italy"].get("deal")
    if not deal or not deal["per_turn"]:
        return
    payer, amount = deal["speaker"], deal["per_turn"]
    treasury = position.treasury
    if treasury.get(payer, 0) >= amount:
        treasury[payer] -= amount
        treasury[ITALY] += amount
        report.append(f"🇮🇹 {payer} pays Italy its {amount} IPCs.")
    else:
        position.extra["italy"]["broken"] = True
        report.append(f"🇮🇹 {payer} cannot pay Italy its {amount} IPCs: the deal is broken.")


def check_promise(state: dict, finished_round: int, report: list[str]) -> None:
    deal = state["italy"].get("deal")
    if deal and deal.get("territory") and deal["by_round"] == finished_round \
            and state["control"].get(deal["territory"]) != ITALY:
        state["italy"]["broken"] = True
        report.append(f"🇮🇹 {deal['territory']} is not Italian by the end of round {finished_round}: the deal is broken.")
