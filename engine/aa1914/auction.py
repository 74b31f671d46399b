"""House rules 4.9 / 4.10 "No Such Thing as Neutral": the neutral minors' alignments auctioned
before the game, minor by minor, as a sequence of short phases (docs/rulings.md).

"Starting with the highest IPC value minor powers, every Entente and Central Power country bids for
this minor power's alignment. The bid's turn order is identical to the game's turn order." Each
power (4.9) or alliance (4.10) bids from "one turn's worth of IPCs"; "The minimum cost a player
must pay to "align" a neutral power is the IPC value of this minor power."

Play-by-post cannot go round the table bid by bid, so a minor is sold in rounds: every bidder who
can still raise answers at once (`bid N` or `pass`); the highest bid leads (ties to the earlier
power in turn order, which would have bid first); when a round brings no raise the minor goes to
the leader. Then, if the opposing alliance still has a Threat of Invasion, its powers decide
whether to use one; if they do, the winner decides whether to pay the premium ("50% more money
than the bid states, rounded up", and 2 IPCs from every other power of its alliance) or refuse
(the minor "will stay a neutral minor power for the rest of the game" and the winner "loses half
the value of the bid, rounded up").
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.errors import IllegalOrder

from .board import Board

US = "United States"
THREAT_POWERS_BY_POWER = ("Germany", "Austria-Hungary", "British Empire")      # 4.9: once each
THREATS_BY_ALLIANCE = {"Central Powers": 2, "Allies": 1}                        # 4.10
ALLY_PREMIUM = 2      # "Every other power of that player's alliance must also pay 2 IPCs"


@dataclass(frozen=True)
class Bid:
    amount: int
    minor: str | None = None         # optional: the minor on offer is implied
    for_power: str | None = None     # 4.10: "to which specific country the neutral power would be aligned"

    def text(self) -> str:
        return f"bid {self.amount}" + (f" for {self.for_power}" if self.for_power else "")


@dataclass(frozen=True)
class Pass:
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Threaten:
    def text(self) -> str:
        return "threaten"


@dataclass(frozen=True)
class Premium:
    pay: bool

    def text(self) -> str:
        return "premium pay" if self.pay else "premium refuse"


AuctionOrder = Bid | Pass | Threaten | Premium


def neutral_minors(board: Board) -> list[str]:
    """The neutral minor powers, highest IPC value first ("Starting with the highest IPC value")."""
    minors = {t.minor: t.ipc for t in board.territories.values() if t.minor and t.minor_capital and t.aligned is None}
    return sorted(minors, key=lambda m: (-minors[m], m))


def minor_value(board: Board, minor: str) -> int:
    return next(t.ipc for t in board.territories.values() if t.minor == minor and t.minor_capital)


def auction_budgets(board: Board, by_alliance: bool) -> dict[str, int]:
    """ "each power is provided with one turn's worth of IPCs"; by alliance the members pool them.
    Neutral powers (the US, a neutral Italy or Spain) have no side and no budget."""
    own = {p: n for p, n in board.data["starting_ipcs"].items() if p != US and board.side_of(p) is not None}
    if not by_alliance:
        return own
    pools: dict[str, int] = {}
    for power, n in own.items():
        pools[board.side_of(power)] = pools.get(board.side_of(power), 0) + n
    return pools


def bidders(board: Board) -> tuple[str, ...]:
    return tuple(p for p in board.turn_order if p != US and board.side_of(p) is not None)


def payer(board: Board, power: str, by_alliance: bool) -> str:
    return board.side_of(power) if by_alliance else power


def open_auction(board: Board, state: dict) -> dict:
    """The auction's running record in `state["auction"]`, started on first use (a game saved
    before the auction was played in rounds starts it here)."""
    if "auction" not in state:
        by_alliance = bool(state["options"].get("auction_by_alliance"))
        state["auction"] = {
            "by_alliance": by_alliance, "queue": neutral_minors(board), "money": auction_budgets(board, by_alliance),
            "threats": dict(THREATS_BY_ALLIANCE) if by_alliance else {p: 1 for p in THREAT_POWERS_BY_POWER},
            "minor": None, "step": "bid", "round": 0, "high": None, "threat_by": None}
        _next_minor(board, state["auction"], [])
    return state["auction"]


# ------------------------------------------------------------------ who acts, and what they may say
def seats_to_act(board: Board, state: dict) -> tuple[str, ...]:
    auction = open_auction(board, state)
    if auction["step"] == "bid":
        return tuple(p for p in bidders(board) if _can_raise(board, auction, p))
    if auction["step"] == "threat":
        return _threateners(board, auction)
    return (auction["high"]["bidder"],)


def _can_raise(board: Board, auction: dict, power: str) -> bool:
    high = auction["high"]
    if high and payer(board, power, auction["by_alliance"]) == payer(board, high["bidder"], auction["by_alliance"]):
        return False        # the leader does not outbid itself (by alliance: its partners neither)
    return auction["money"][payer(board, power, auction["by_alliance"])] >= next_price(board, auction)


def next_price(board: Board, auction: dict) -> int:
    floor = minor_value(board, auction["minor"])
    return max(floor, auction["high"]["amount"] + 1) if auction["high"] else floor


def _threateners(board: Board, auction: dict) -> tuple[str, ...]:
    """Powers of the other alliance that still hold a Threat of Invasion."""
    side = board.side_of(auction["high"]["bidder"])
    if auction["by_alliance"]:
        other = next(s for s in THREATS_BY_ALLIANCE if s != side)
        return tuple(p for p in bidders(board) if board.side_of(p) == other) if auction["threats"].get(other) else ()
    return tuple(p for p in bidders(board) if auction["threats"].get(p) and board.side_of(p) != side)


def parse_auction_order(text: str, board: Board, by_alliance: bool) -> AuctionOrder:
    line = " ".join((text or "").split())
    words = line.lower().split()
    minors = {m.lower(): m for m in neutral_minors(board)}
    if not words:
        raise IllegalOrder("empty order")
    if words[0] == "bid":
        match = re.fullmatch(r"bid\s+(?:(.+?)\s+)?(\d+)(?:\s+for\s+(.+))?", line, re.I)
        if not match or (match.group(1) and match.group(1).lower() not in minors):
            raise IllegalOrder("write `bid <IPCs>`" + (" for <power>`" if by_alliance else ""), line)
        power = None
        if by_alliance:
            if not match.group(3):
                raise IllegalOrder("by alliance, say which power the minor aligns with: `bid 6 for France`", line)
            power = next((p for p in board.turn_order if p.lower() == match.group(3).strip().lower()), None)
            if power is None or power == US:
                raise IllegalOrder(f"`{match.group(3)}` is not a power that can take a minor", line)
        elif match.group(3):
            raise IllegalOrder("by power, your bid aligns the minor with you: leave out `for …`", line)
        minor = minors[match.group(1).lower()] if match.group(1) else None
        return Bid(int(match.group(2)), minor, power)
    if words in (["pass"], ["no", "bid"], ["no", "threat"], ["no"]):
        return Pass()
    if words[0] == "threaten" and (len(words) == 1 or " ".join(words[1:]) in minors):
        return Threaten()
    if words in (["premium", "pay"], ["pay"]):
        return Premium(True)
    if words in (["premium", "refuse"], ["refuse"]):
        return Premium(False)
    raise IllegalOrder("auction orders: `bid <IPCs>`, `pass`, `threaten`, `no threat`, `premium pay|refuse`", line)


def check_auction(board: Board, state: dict, seat: str, order: AuctionOrder) -> None:
    """Refuse what `seat` may not answer at this step of the auction, saying why."""
    auction = open_auction(board, state)
    if seat == US or board.side_of(seat) is None:
        raise IllegalOrder(f"{seat} is neutral: it has no alliance to bid or threaten for (docs/rulings.md)")
    if seat not in seats_to_act(board, state):
        raise IllegalOrder(f"{seat} has nothing to decide at this step of the auction ({step_label(board, state)})")
    if auction["step"] == "bid":
        if isinstance(order, Pass):
            return
        if not isinstance(order, Bid):
            raise IllegalOrder(f"{auction['minor']} is being bid for: `bid <IPCs>` or `pass`")
        if order.minor and order.minor != auction["minor"]:
            raise IllegalOrder(f"{auction['minor']} is on offer now, not {order.minor}; minors go one at a time")
        least = next_price(board, auction)
        budget = auction["money"][payer(board, seat, auction["by_alliance"])]
        if order.amount < least:
            raise IllegalOrder(f"the lowest bid for {auction['minor']} now is {least} IPCs"
                             + (" (its IPC value)" if not auction["high"] else " (one more than the high bid)"))
        if order.amount > budget:
            raise IllegalOrder(f"you have {budget} IPCs of auction money, not {order.amount}")
        if order.for_power and board.side_of(order.for_power) != board.side_of(seat):
            raise IllegalOrder(f"{order.for_power} is not in your alliance")
    elif auction["step"] == "threat" and not isinstance(order, (Threaten, Pass)):
        raise IllegalOrder("answer `threaten` or `no threat`")
    elif auction["step"] == "premium" and not isinstance(order, Premium):
        raise IllegalOrder("answer `premium pay` or `premium refuse`")


# ------------------------------------------------------------------ one step
def settle_step(board: Board, state: dict, orders: dict[str, list]) -> list[str]:
    """Play the current step with the answers given (the last answer of each seat counts; silence
    is `pass`, `no threat` — or `premium pay`, as the bidder wanted the minor); returns the report.
    When the last minor is settled, `state["auction"]` is removed."""
    auction = open_auction(board, state)
    acting = seats_to_act(board, state)
    answers = {seat: items[-1] for seat, items in orders.items() if items and seat in acting}
    report: list[str] = []
    if auction["step"] == "bid":
        _settle_bids(board, state, auction, answers, report)
    elif auction["step"] == "threat":
        threat = next((seat for seat in acting if isinstance(answers.get(seat), Threaten)), None)
        if threat is None:
            _sell(board, state, auction, report)
        else:
            auction["threats"][board.side_of(threat) if auction["by_alliance"] else threat] -= 1
            auction["threat_by"] = threat
            report.append(f"⚔️ {threat} declares a Threat of Invasion on {auction['minor']}.")
            _ask_premium(board, state, auction, report)
    else:
        answer = answers.get(auction["high"]["bidder"])
        _premium(board, state, auction, answer is None or answer.pay, report)
    if auction["minor"] is None:
        del state["auction"]
        report.append("The auction is over.")
    return report


def _settle_bids(board: Board, state: dict, auction: dict, answers: dict, report: list[str]) -> None:
    order_of = list(board.turn_order)
    minor = auction["minor"]
    # a bid naming another minor (a sheet from before the auction ran minor by minor) is no bid here
    bids = sorted(((a.amount, -order_of.index(seat), seat, a.for_power or seat)
                   for seat, a in answers.items() if isinstance(a, Bid) and a.minor in (None, minor)
                   and a.amount >= next_price(board, auction)
                   and a.amount <= auction["money"][payer(board, seat, auction["by_alliance"])]), reverse=True)
    if bids:
        amount, _, seat, power = bids[0]
        auction["high"] = {"amount": amount, "bidder": seat, "for": power}
        auction["round"] += 1
        report.append(f"🔨 {minor}: the high bid is {amount} IPCs by {seat}"
                      + (f" for {power}" if power != seat else "") + ".")
        if any(seats_to_act(board, state)):
            return
    if auction["high"] is None:
        report.append(f"{minor}: no bid; it stays neutral.")
        _next_minor(board, auction, report)
        return
    if _threateners(board, auction):
        auction["step"] = "threat"
        return
    _sell(board, state, auction, report)


def _sell(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    high = auction["high"]
    auction["money"][payer(board, high["bidder"], auction["by_alliance"])] -= high["amount"]
    state.setdefault("alignments", {})[auction["minor"]] = high["for"]
    report.append(f"🤝 {auction['minor']} aligns with {high['for']} for {high['amount']} IPCs (bid by {high['bidder']}).")
    _next_minor(board, auction, report)


def premium_cost(board: Board, auction: dict) -> tuple[int, list[str]]:
    """The winner's price after a threat and the allies who add 2 IPCs each."""
    high = auction["high"]
    allies = [p for p in bidders(board) if board.side_of(p) == board.side_of(high["bidder"]) and p != high["bidder"]]
    return math.ceil(high["amount"] * 1.5), allies


def _affordable(board: Board, auction: dict) -> bool:
    price, allies = premium_cost(board, auction)
    money, bidder = auction["money"], auction["high"]["bidder"]
    if auction["by_alliance"]:
        return money[board.side_of(bidder)] >= price + ALLY_PREMIUM * len(allies)
    return money[bidder] >= price and all(money[a] >= ALLY_PREMIUM for a in allies)


def _ask_premium(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    if _affordable(board, auction):
        auction["step"] = "premium"
        return
    report.append(f"{auction['high']['bidder']}'s side cannot pay the premium.")
    _premium(board, state, auction, False, report)


def _premium(board: Board, state: dict, auction: dict, pay: bool, report: list[str]) -> None:
    high, minor, money = auction["high"], auction["minor"], auction["money"]
    price, allies = premium_cost(board, auction)
    if pay and _affordable(board, auction):
        if auction["by_alliance"]:
            money[board.side_of(high["bidder"])] -= price + ALLY_PREMIUM * len(allies)
        else:
            money[high["bidder"]] -= price
            for ally in allies:
                money[ally] -= ALLY_PREMIUM
        state.setdefault("alignments", {})[minor] = high["for"]
        report.append(f"🤝 {high['bidder']} pays the premium, {price} IPCs, and each ally {ALLY_PREMIUM}: "
                      f"{minor} aligns with {high['for']}.")
    else:
        loss = math.ceil(high["amount"] / 2)
        payer_key = payer(board, high["bidder"], auction["by_alliance"])
        money[payer_key] -= min(loss, money[payer_key])
        state.setdefault("alignments", {})[minor] = None
        report.append(f"🏳️ The threat succeeds: {minor} stays neutral for the game and {high['bidder']} "
                      f"loses {loss} IPCs.")
    _next_minor(board, auction, report)


def _next_minor(board: Board, auction: dict, report: list[str]) -> None:
    """On to the next minor someone can still afford ("until all neutral countries are "aligned" or
    every player runs out of IPCs to bid with")."""
    auction.update(step="bid", round=0, high=None, threat_by=None, minor=None)
    while auction["queue"]:
        minor = auction["queue"].pop(0)
        if max(auction["money"].values(), default=0) >= minor_value(board, minor):
            auction["minor"] = minor
            return
        report.append(f"{minor}: nobody has {minor_value(board, minor)} IPCs left to bid; it stays neutral.")


# ------------------------------------------------------------------ what players read
def step_label(board: Board, state: dict) -> str:
    auction = open_auction(board, state)
    minor, high = auction["minor"], auction["high"]
    if auction["step"] == "threat":
        return f"{minor} — Threat of Invasion?"
    if auction["step"] == "premium":
        return f"{minor} — {high['bidder']}: pay the premium?"
    lead = f"high bid {high['amount']} by {high['bidder']}" if high else f"opening bids from {minor_value(board, minor)}"
    return f"{minor} — bidding ({lead})"


def auction_brief(board: Board, state: dict, seat: str) -> str:
    """The prompt for `seat`: the minor on offer, its money, the high bid and what it may answer."""
    auction = open_auction(board, state)
    minor, high = auction["minor"], auction["high"]
    money = auction["money"].get(payer(board, seat, auction["by_alliance"]), 0)
    whose = "your alliance's pooled" if auction["by_alliance"] else "your"
    later = ", ".join(auction["queue"]) or "none"
    head = f"**No Such Thing as Neutral** — {minor} (worth {minor_value(board, minor)} IPCs) is on offer. " \
           f"You have {money} IPCs of {whose} auction money. Still to come: {later}."
    if auction["step"] == "bid":
        lead = (f"The high bid is {high['amount']} IPCs by {high['bidder']}" + (
            f" for {high['for']}" if high["for"] != high["bidder"] else "") + ".") if high else "No bid yet."
        example = f"`bid {next_price(board, auction)}" + (f" for {seat}`" if auction["by_alliance"] else "`")
        return f"{head}\n{lead} Answer {example} (at least {next_price(board, auction)}) or `pass`."
    if auction["step"] == "threat":
        price, allies = premium_cost(board, auction)
        return (f"{head}\n{high['bidder']} won {minor} for {high['amount']} IPCs. Answer `threaten` to force it to "
                f"pay {price} and each of its allies {ALLY_PREMIUM} (or lose the minor), or `no threat`.")
    price, allies = premium_cost(board, auction)
    return (f"{head}\n{auction['threat_by']} threatens invasion. Answer `premium pay` — {price} IPCs from you and "
            f"{ALLY_PREMIUM} from each of {', '.join(allies) or 'no ally'} — and {minor} aligns with {high['for']}; "
            f"or `premium refuse`: {minor} stays neutral for the game and you lose {math.ceil(high['amount'] / 2)} IPCs.")
