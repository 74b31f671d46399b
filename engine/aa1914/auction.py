"""House rules 4.9 / 4.10 "No Such Thing as Neutral": the neutral minors' alignments auctioned
before the game, played as one phase of sealed orders (docs/rulings.md).

Each power (4.9) or alliance (4.10) bids from "one turn's worth of IPCs"; minors go in order of
IPC value, highest first. "The minimum cost a player must pay to "align" a neutral power is the
IPC value of this minor power." A Threat of Invasion makes the winner "pay 50% more money than
the bid states, rounded up" and every other power of its alliance 2 IPCs; refusing leaves the
minor neutral for good and costs the winner "half the value of the bid, rounded up".
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.errors import OrderError

from .board import Board

US = "United States"
THREAT_POWERS_BY_POWER = ("Germany", "Austria-Hungary", "British Empire")      # 4.9: once each
THREATS_BY_ALLIANCE = {"Central Powers": 2, "Allies": 1}                        # 4.10


@dataclass(frozen=True)
class Bid:
    minor: str
    amount: int
    for_power: str | None = None     # 4.10: "to which specific country the neutral power would be aligned"

    def text(self) -> str:
        return f"bid {self.minor} {self.amount}" + (f" for {self.for_power}" if self.for_power else "")


@dataclass(frozen=True)
class Threaten:
    minor: str

    def text(self) -> str:
        return f"threaten {self.minor}"


@dataclass(frozen=True)
class Premium:
    pay: bool

    def text(self) -> str:
        return "premium pay" if self.pay else "premium refuse"


def neutral_minors(board: Board) -> list[str]:
    """The neutral minor powers, highest IPC value first ("Starting with the highest IPC value")."""
    minors = {t.minor: t.ipc for t in board.territories.values() if t.minor and t.minor_capital and t.aligned is None}
    return sorted(minors, key=lambda m: (-minors[m], m))


def parse_auction_order(text: str, board: Board, by_alliance: bool):
    line = " ".join((text or "").split())
    words = line.split()
    minors = {m.lower(): m for m in neutral_minors(board)}
    if not words:
        raise OrderError("empty order")
    verb = words[0].lower()
    if verb == "bid":
        match = re.fullmatch(r"bid\s+(.+?)\s+(\d+)(?:\s+for\s+(.+))?", line, re.I)
        if not match or match.group(1).lower() not in minors:
            raise OrderError("write `bid <minor> <IPCs>`" + (" for <power>`" if by_alliance else "")
                             + "; minors: " + ", ".join(minors.values()), line)
        power = None
        if by_alliance:
            if not match.group(3):
                raise OrderError("by alliance, say which power it aligns with: `bid Spain 6 for France`", line)
            power = next((p for p in board.turn_order if p.lower() == match.group(3).strip().lower()), None)
            if power is None or power == US:
                raise OrderError(f"`{match.group(3)}` is not a power that can take a minor", line)
        elif match.group(3):
            raise OrderError("by power, your bid aligns the minor with you: leave out `for …`", line)
        return Bid(minors[match.group(1).lower()], int(match.group(2)), power)
    if verb == "threaten" and len(words) >= 2 and " ".join(words[1:]).lower() in minors:
        return Threaten(minors[" ".join(words[1:]).lower()])
    if verb == "premium" and len(words) == 2 and words[1].lower() in ("pay", "refuse"):
        return Premium(words[1].lower() == "pay")
    raise OrderError("auction orders: `bid <minor> <IPCs>`, `threaten <minor>`, `premium pay|refuse`", line)


def check_auction(board: Board, state: dict, seat: str, orders: list, by_alliance: bool) -> None:
    if seat == US:
        raise OrderError("the United States, neutral, does not take part in the auction")
    if board.side_of(seat) is None:
        raise OrderError(f"{seat} is neutral: it has no alliance to bid or threaten for (docs/rulings.md)")
    budget = auction_budgets(board, by_alliance)[_payer(board, seat, by_alliance)]
    for order in orders:
        if isinstance(order, Bid):
            floor = next(t.ipc for t in board.territories.values() if t.minor == order.minor and t.minor_capital)
            if order.amount < floor:
                raise OrderError(f"{order.minor} costs at least {floor} IPCs (its IPC value)")
            if order.amount > budget:
                raise OrderError(f"you have {budget} IPCs to bid with, not {order.amount}")
            if by_alliance and board.side_of(order.for_power) != board.side_of(seat):
                raise OrderError(f"{order.for_power} is not in your alliance")
        if isinstance(order, Threaten) and not by_alliance and seat not in THREAT_POWERS_BY_POWER:
            raise OrderError("only Germany, Austria-Hungary and the British Empire may threaten invasion")


def _payer(board: Board, power: str, by_alliance: bool) -> str:
    return board.side_of(power) if by_alliance else power


def auction_budgets(board: Board, by_alliance: bool) -> dict[str, int]:
    """ "each power is provided with one turn's worth of IPCs"; by alliance the members pool them."""
    own = {p: n for p, n in board.data["starting_ipcs"].items() if p != US and board.side_of(p) is not None}
    if not by_alliance:
        return own
    pools: dict[str, int] = {}
    for power, n in own.items():
        pools[board.side_of(power)] = pools.get(board.side_of(power), 0) + n
    return pools


def run_auction(board: Board, state: dict, orders: dict[str, list], by_alliance: bool) -> list[str]:
    """Decide every neutral minor's alignment; writes state["alignments"]; returns the report."""
    money = auction_budgets(board, by_alliance)
    # only powers with a side bid (neutral Italy and Spain, and the US, stay out: 4.9/4.10)
    orders = {seat: items for seat, items in orders.items() if board.side_of(seat) is not None and seat != US}
    threats_left = dict(THREATS_BY_ALLIANCE) if by_alliance else {p: 1 for p in THREAT_POWERS_BY_POWER}
    premium = {seat: True for seat in orders}
    for seat, items in orders.items():
        for order in items:
            if isinstance(order, Premium):
                premium[seat] = order.pay
    alignments = state.setdefault("alignments", {})
    report = []
    order_of = list(board.turn_order)
    for minor in neutral_minors(board):
        floor = next(t.ipc for t in board.territories.values() if t.minor == minor and t.minor_capital)
        bids = [(o.amount, seat, o.for_power or seat) for seat in sorted(orders, key=order_of.index)
                for o in orders[seat] if isinstance(o, Bid) and o.minor == minor]
        bids = [b for b in bids if floor <= b[0] <= money[_payer(board, b[1], by_alliance)]]
        if not bids:
            report.append(f"{minor}: no bid; it stays neutral.")
            continue
        amount, bidder, power = max(bids, key=lambda b: (b[0], -order_of.index(b[1])))
        side = board.side_of(bidder)
        threat = next((seat for seat in sorted(orders, key=order_of.index) if board.side_of(seat) != side
                       and any(isinstance(o, Threaten) and o.minor == minor for o in orders[seat])
                       and threats_left.get(board.side_of(seat) if by_alliance else seat, 0) > 0), None)
        if threat is None:
            money[_payer(board, bidder, by_alliance)] -= amount
            alignments[minor] = power
            report.append(f"{minor} aligns with {power} for {amount} IPCs (bid by {bidder}).")
            continue
        threats_left[board.side_of(threat) if by_alliance else threat] -= 1
        allies = [p for p in board.sides[side] if p not in (bidder, US)]
        price = math.ceil(amount * 1.5)
        if by_alliance:
            affordable = money[side] >= price + 2 * len(allies)
        else:
            affordable = money[bidder] >= price and all(money[a] >= 2 for a in allies)
        if premium.get(bidder, True) and affordable:
            if by_alliance:
                money[side] -= price + 2 * len(allies)
            else:
                money[bidder] -= price
                for ally in allies:
                    money[ally] -= 2
            alignments[minor] = power
            report.append(f"{minor}: {threat} threatens invasion; {bidder} pays {price} IPCs and each ally 2: "
                          f"{minor} aligns with {power}.")
        else:
            loss = math.ceil(amount / 2)
            money[_payer(board, bidder, by_alliance)] -= loss
            alignments[minor] = None
            report.append(f"{minor}: {threat} threatens invasion; the premium is not paid, {minor} stays neutral "
                          f"for the game and {bidder} loses {loss} IPCs.")
    left = ", ".join(f"{k} {v}" for k, v in money.items())
    report.append(f"Auction money left (it is not kept): {left}.")
    return report
