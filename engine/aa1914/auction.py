"""House rules 4.9 / 4.10 "No Such Thing as Neutral": the neutral minors' alignments auctioned
before the game (docs/rulings.md).

"Starting with the highest IPC value minor powers, every Entente and Central Power country bids for
this minor power's alignment. The bid's turn order is identical to the game's turn order." Each
power (4.9) or alliance (4.10) bids from "one turn's worth of IPCs"; "The minimum cost a player
must pay to "align" a neutral power is the IPC value of this minor power."

Going round the table bid by bid would take a phase per bid (a year of 24-48 h phases), so every
bidder gives, in one phase, a standing **maximum bid** for any of the minors on offer (proxy
bidding): the minors are then settled one by one, highest value first, each going to the highest
maximum at one IPC more than the next-highest (at least the minor's value), never more than the
winner's maximum; a tie goes to the power earlier in turn order (it would have bid that amount
first); a maximum counts only as far as the bidder's money left at that point. After a sale to one
alliance, the other alliance's Threat of Invasion powers decide whether to use one — given in
advance (`threaten Spain`, `no threat`) or, if they have not said, in a short phase; after a
threat the winner decides whether to pay the premium ("50% more money than the bid states, rounded
up", and 2 IPCs from every other power of its alliance) or refuse (the minor "will stay a neutral
minor power for the rest of the game" and the winner "loses half the value of the bid, rounded
up"). Then the remaining minors are settled with the maxima already given.

"This process is repeated for every neutral minor power until all neutral countries are "aligned"
or every player runs out of IPCs to bid with. In the latter case, minor powers that were not bid
on due to lack of money or interest (some countries may be passed by all players) remain neutral."
Round the table a player bids on a minor knowing what the others bought and what money is left;
a standing maximum given before anything was sold cannot. So the minors nobody bid on are offered
again, in another round of maximum bids to everyone who can still pay for one, after any round
that sold a minor; a round in which nobody wins a minor — every minor "passed by all players" —
or with nobody able to pay the lowest price left leaves the rest neutral for the game
(docs/rulings.md).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.errors import IllegalOrder

from .board import Board
from .house.registry import rules_for

US = "United States"
THREAT_POWERS_BY_POWER = ("Germany", "Austria-Hungary", "British Empire")      # 4.9: once each
THREATS_BY_ALLIANCE = {"Central Powers": 2, "Allies": 1}                        # 4.10
ALLY_PREMIUM = 2      # "Every other power of that player's alliance must also pay 2 IPCs"
ANY = "*"             # a threat decision for every minor


@dataclass(frozen=True)
class Bid:
    """`bid Spain 8`: the most the bidder will pay for Spain (`bid 8`: the first minor on offer)."""

    amount: int
    minor: str | None = None
    for_power: str | None = None     # 4.10: "to which specific country the neutral power would be aligned"

    def text(self) -> str:
        return "bid " + (f"{self.minor} " if self.minor else "") + str(self.amount) + (
            f" for {self.for_power}" if self.for_power else "")


@dataclass(frozen=True)
class Pass:
    minor: str | None = None          # None: no bid at all

    def text(self) -> str:
        return "pass" + (f" {self.minor}" if self.minor else "")


@dataclass(frozen=True)
class Threaten:
    minor: str | None = None          # in advance: the minor it is for

    def text(self) -> str:
        return "threaten" + (f" {self.minor}" if self.minor else "")


@dataclass(frozen=True)
class NoThreat:
    minor: str | None = None          # None: on no minor

    def text(self) -> str:
        return "no threat" + (f" {self.minor}" if self.minor else "")


@dataclass(frozen=True)
class Premium:
    pay: bool

    def text(self) -> str:
        return "premium pay" if self.pay else "premium refuse"


AuctionOrder = Bid | Pass | Threaten | NoThreat | Premium


def neutral_minors(board: Board, options: dict | None = None) -> list[str]:
    """The neutral minor powers, highest IPC value first ("Starting with the highest IPC value");
    with 4.4 (The Swiss Alps) Switzerland cannot be entered, so it is not auctioned."""
    blocked = set(rules_for(options or {}).extra_impassable)
    minors = {t.minor: t.ipc for t in board.territories.values() if t.minor and t.minor_capital and t.aligned is None}
    closed = {t.minor for name, t in board.territories.items() if t.minor and (t.impassable or name in blocked)}
    return sorted((m for m in minors if m not in closed), key=lambda m: (-minors[m], m))


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
    """The auction's running record in `state["auction"]`, started on first use. A record kept by
    the earlier auction (one minor at a time, bid rounds) is read as this one: its minor goes back
    on offer, its high bid standing as its bidder's maximum."""
    if "auction" not in state:
        by_alliance = rules_for(state["options"]).bids_by_alliance
        state["auction"] = {
            "by_alliance": by_alliance, "queue": neutral_minors(board, state["options"]),
            "money": auction_budgets(board, by_alliance),
            "threats": dict(THREATS_BY_ALLIANCE) if by_alliance else {p: 1 for p in THREAT_POWERS_BY_POWER},
            "maxima": {}, "intents": {}, "results": [],
            "minor": None, "step": "bid", "high": None, "threat_by": None}
        return state["auction"]
    auction = state["auction"]
    if "maxima" not in auction:
        auction = {**auction, "queue": list(auction["queue"]), "maxima": {}, "intents": {}, "results": []}
        auction.pop("round", None)
        if auction["step"] == "bid" and auction["minor"]:
            auction["queue"].insert(0, auction["minor"])
            high = auction["high"]
            if high:
                key = payer(board, high["bidder"], auction["by_alliance"])
                auction["maxima"][key] = {auction["minor"]: [high["amount"], high["for"], high["bidder"]]}
            auction.update(minor=None, high=None)
        state["auction"] = auction
    return auction


# ------------------------------------------------------------------ who acts, and what they may say
def seats_to_act(board: Board, state: dict) -> tuple[str, ...]:
    auction = open_auction(board, state)
    if auction["step"] == "bid":
        cheapest = min((minor_value(board, m) for m in auction["queue"]), default=None)
        if cheapest is None:
            return ()
        return tuple(p for p in bidders(board) if auction["money"][payer(board, p, auction["by_alliance"])] >= cheapest)
    if auction["step"] == "threat":
        return tuple(p for p in _threateners(board, auction) if _intent(auction, p, auction["minor"]) is None)
    return (auction["high"]["bidder"],)


def _threateners(board: Board, auction: dict) -> tuple[str, ...]:
    """Powers of the other alliance that still hold a Threat of Invasion."""
    side = board.side_of(auction["high"]["bidder"])
    if auction["by_alliance"]:
        other = next(s for s in THREATS_BY_ALLIANCE if s != side)
        return tuple(p for p in bidders(board) if board.side_of(p) == other) if auction["threats"].get(other) else ()
    return tuple(p for p in bidders(board) if auction["threats"].get(p) and board.side_of(p) != side)


def _holds_threat(board: Board, auction: dict, seat: str) -> bool:
    return bool(auction["threats"].get(payer(board, seat, auction["by_alliance"])))


def _intent(auction: dict, seat: str, minor: str) -> bool | None:
    """A threat decision `seat` gave in advance for `minor` (True: threaten), if any."""
    mine = auction["intents"].get(seat, {})
    return mine.get(minor, mine.get(ANY))


def parse_auction_order(text: str, board: Board, by_alliance: bool) -> AuctionOrder:
    line = " ".join((text or "").split())
    words = line.lower().split()
    minors = {m.lower(): m for m in neutral_minors(board)}
    if not words:
        raise IllegalOrder("empty order")
    if words[0] == "bid":
        match = re.fullmatch(r"bid\s+(?:(.+?)\s+)?(\d+)(?:\s+for\s+(.+))?", line, re.I)
        if not match or (match.group(1) and match.group(1).lower() not in minors):
            raise IllegalOrder("write `bid <minor> <most IPCs you will pay>`" + (" for <power>`" if by_alliance else "`")
                               + ", e.g. `bid Spain 8`", line)
        power = None
        if by_alliance:
            if not match.group(3):
                raise IllegalOrder("by alliance, say which power the minor aligns with: `bid Spain 6 for France`", line)
            power = next((p for p in board.turn_order if p.lower() == match.group(3).strip().lower()), None)
            if power is None or power == US:
                raise IllegalOrder(f"`{match.group(3)}` is not a power that can take a minor", line)
        elif match.group(3):
            raise IllegalOrder("by power, your bid aligns the minor with you: leave out `for …`", line)
        minor = minors[match.group(1).lower()] if match.group(1) else None
        return Bid(int(match.group(2)), minor, power)
    rest = " ".join(words[1:])
    if words in (["no", "bid"], ["no"]) or (words[0] == "pass" and (not rest or rest in minors)):
        return Pass(minors[rest] if rest else None)
    if words[:2] in (["no", "threat"], ["no", "threats"]) and (len(words) == 2 or " ".join(words[2:]) in minors):
        return NoThreat(minors[" ".join(words[2:])] if len(words) > 2 else None)
    if words[0] == "threaten" and (not rest or rest in minors):
        return Threaten(minors[rest] if rest else None)
    if words in (["premium", "pay"], ["pay"]):
        return Premium(True)
    if words in (["premium", "refuse"], ["refuse"]):
        return Premium(False)
    raise IllegalOrder("auction orders: `bid <minor> <IPCs>`, `pass`, `threaten <minor>`, `no threat`, "
                       "`premium pay|refuse`", line)


def check_auction(board: Board, state: dict, seat: str, order: AuctionOrder) -> AuctionOrder:
    """Refuse what `seat` may not answer at this step of the auction, saying why; returns the
    order as it is kept (a bid that names no minor is for the first one on offer)."""
    auction = open_auction(board, state)
    if seat == US or board.side_of(seat) is None:
        raise IllegalOrder(f"{seat} is neutral: it has no alliance to bid or threaten for (docs/rulings.md)")
    if seat not in seats_to_act(board, state):
        raise IllegalOrder(f"{seat} has nothing to decide at this step of the auction ({step_label(board, state)})")
    if auction["step"] == "bid":
        return _check_bid_step(board, auction, seat, order)
    if auction["step"] == "threat":
        if not isinstance(order, (Threaten, NoThreat, Pass)) or order.minor not in (None, auction["minor"]):
            raise IllegalOrder(f"{auction['minor']} was won by {auction['high']['bidder']}: answer `threaten` or `no threat`")
        return Threaten() if isinstance(order, Threaten) else NoThreat()
    if not isinstance(order, Premium):
        raise IllegalOrder("answer `premium pay` or `premium refuse`")
    return order


def _check_bid_step(board: Board, auction: dict, seat: str, order: AuctionOrder) -> AuctionOrder:
    queue = auction["queue"]
    minor = getattr(order, "minor", None)
    if minor is not None and minor not in queue:
        raise IllegalOrder(f"{minor} is not on offer any more; on offer: {', '.join(queue)}")
    if isinstance(order, Pass):
        return order
    if isinstance(order, (Threaten, NoThreat)):
        if not _holds_threat(board, auction, seat):
            raise IllegalOrder(f"{seat} holds no Threat of Invasion"
                               + (" (by power only Germany, Austria-Hungary and the British Empire have one)"
                                  if not auction["by_alliance"] else " (its alliance has used its threats)"))
        if isinstance(order, Threaten) and minor is None:
            raise IllegalOrder("name the minor: `threaten Spain` uses your Threat of Invasion if the other "
                               "alliance wins Spain")
        return order
    if not isinstance(order, Bid):
        raise IllegalOrder("the minors are being bid for: `bid <minor> <IPCs>`, `pass`, `threaten <minor>` or `no threat`")
    minor = minor or queue[0]
    least = minor_value(board, minor)
    budget = auction["money"][payer(board, seat, auction["by_alliance"])]
    if order.amount < least:
        raise IllegalOrder(f"the lowest bid for {minor} is {least} IPCs (its IPC value)")
    if order.amount > budget:
        raise IllegalOrder(f"you have {budget} IPCs of auction money, not {order.amount}")
    if order.for_power and board.side_of(order.for_power) != board.side_of(seat):
        raise IllegalOrder(f"{order.for_power} is not in your alliance")
    return Bid(order.amount, minor, order.for_power)


def merge_answer(lines: list[str], order: AuctionOrder, board: Board, by_alliance: bool, step: str) -> list[str]:
    """The seat's sheet with `order` added. While bidding, one line per minor (a bid or a pass)
    and one threat decision per minor, each replacing the last; `pass` alone drops every bid
    before it (and a bid after it replaces it), `no threat` alone every threat decision before it
    (`threaten Spain` after it: Spain only). At a threat or premium step, one answer."""
    if step != "bid":
        return [order.text()]

    def key(line: str) -> tuple[str, str | None]:
        old = parse_auction_order(line, board, by_alliance)
        return ("threat" if isinstance(old, (Threaten, NoThreat)) else "bid", getattr(old, "minor", None))

    kind, minor = key(order.text())
    # a bid after `pass` takes its place (nothing was bid before it); a threat decision for one
    # minor after `no threat` keeps it for the others
    kept = [line for line in lines if not (key(line)[0] == kind and (minor is None or key(line)[1] == minor or (
        isinstance(order, Bid) and key(line)[1] is None)))]
    return kept + [order.text()]


# ------------------------------------------------------------------ one step
def settle_step(board: Board, state: dict, orders: dict[str, list]) -> list[str]:
    """Play the current step with the answers given (silence is `pass`, `no threat` — or `premium
    pay`, as the bidder wanted the minor), then settle every minor the maxima decide until a
    decision is needed; returns the report. When the last minor is settled, `state["auction"]` is
    removed."""
    auction = open_auction(board, state)
    acting = seats_to_act(board, state)
    answers = {seat: items for seat, items in orders.items() if items and seat in acting}
    report: list[str] = []
    if auction["step"] == "bid":
        _record_maxima(board, auction, answers)
    elif auction["step"] == "threat":
        threat = next((seat for seat in acting if isinstance(answers.get(seat, [None])[-1], Threaten)), None)
        if threat is None:
            _sell(board, state, auction, report)
        else:
            _threaten(board, state, auction, threat, report, "")
    else:
        answer = answers.get(auction["high"]["bidder"], [None])[-1]
        _premium(board, state, auction, answer is None or answer.pay, report)
    _settle_minors(board, state, auction, report)
    if auction["step"] == "bid" and not auction["queue"]:
        _next_round(board, state, auction, report)
    if auction["step"] == "bid" and not auction["queue"]:
        del state["auction"]
        report.append("The auction is over.")
    return report


def _next_round(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    """The minors nobody bid on go on offer again if the round sold one and someone can still
    pay the lowest price among them; otherwise they stay neutral for the game (4.9: "until all
    neutral countries are "aligned" or every player runs out of IPCs to bid with")."""
    unsold = sorted(auction.pop("unsold", []), key=lambda m: (-minor_value(board, m), m))
    if not unsold:
        return
    cheapest = min(minor_value(board, m) for m in unsold)
    able = [p for p in bidders(board) if auction["money"][payer(board, p, auction["by_alliance"])] >= cheapest]
    if auction.pop("sold_this_round", False) and able:
        auction["queue"] = unsold
        auction["bid_round"] = auction.get("bid_round", 1) + 1
        report.append(f"🔁 Nobody bid on {', '.join(unsold)}: {'it goes' if len(unsold) == 1 else 'they go'} on offer "
                      f"again in round {auction['bid_round']} of the bidding, to everyone who can still pay "
                      f"{cheapest} IPCs ({', '.join(able)}).")
        return
    why = ("every bidder passed on them in this round" if able else
           f"nobody has the {cheapest} IPCs the cheapest of them costs any more")
    for minor in unsold:
        state.setdefault("alignments", {}).setdefault(minor, None)
        auction["results"].append(f"{minor}: no bid (neutral)")
    report.append(f"{', '.join(unsold)}: no bid, and {why}: {'it stays' if len(unsold) == 1 else 'they stay'} "
                  f"neutral for the game.")


def _record_maxima(board: Board, auction: dict, answers: dict[str, list]) -> None:
    """Each seat's last word per minor; by alliance the members' maxima for their pool combine
    (the highest stands, a tie to the member earlier in turn order)."""
    for seat in bidders(board):
        bids: dict[str, Bid | None] = {}
        for order in answers.get(seat, ()):
            if isinstance(order, Bid):
                bids[order.minor or auction["queue"][0]] = order
            elif isinstance(order, Pass):
                bids = {} if order.minor is None else {**bids, order.minor: None}
            elif isinstance(order, (Threaten, NoThreat)):
                mine = auction["intents"].setdefault(seat, {})
                if order.minor is None:
                    mine.clear()
                mine[order.minor or ANY] = isinstance(order, Threaten)
        pool = auction["maxima"].setdefault(payer(board, seat, auction["by_alliance"]), {})
        for minor, bid in bids.items():
            if bid is not None and minor in auction["queue"] and (minor not in pool or bid.amount > pool[minor][0]):
                pool[minor] = [bid.amount, bid.for_power or seat, seat]


def _settle_minors(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    """Settle the minors on offer, highest value first, from the maxima given, until a threat or
    premium decision is needed. The price is one IPC over the next-highest maximum (at least the
    minor's value, at most the winner's maximum); each maximum counts as far as the money left."""
    order_of = list(board.turn_order)
    while auction["step"] == "bid" and auction["queue"]:
        minor = auction["queue"].pop(0)
        value = minor_value(board, minor)
        entries = []
        for key, pool in auction["maxima"].items():
            if minor in pool:
                amount, for_power, seat = pool.pop(minor)
                reach = min(amount, auction["money"][key])
                if reach >= value:
                    entries.append((reach, -order_of.index(seat), seat, for_power))
        if not entries:
            report.append(f"{minor}: no bid in this round.")
            auction.setdefault("unsold", []).append(minor)
            continue
        auction["sold_this_round"] = True        # a minor was won (sold, or kept neutral by a threat)
        entries.sort(reverse=True)
        reach, _, seat, for_power = entries[0]
        price = value if len(entries) == 1 else min(reach, max(value, entries[1][0] + 1))
        auction.update(minor=minor, high={"amount": price, "bidder": seat, "for": for_power})
        rivals = ", ".join(e[2] for e in entries[1:])
        report.append(f"🔨 {minor}: {seat} wins the bidding at {price} IPCs" + (f" for {for_power}" if for_power != seat else "")
                      + (f" (against {rivals})." if rivals else " (the only bid)."))
        _after_win(board, state, auction, report)


def _after_win(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    """A threat given in advance is used at once; a power that has not said is asked; otherwise the
    minor is sold. By alliance one member's decision is its alliance's."""
    threateners = _threateners(board, auction)
    if not threateners:
        _sell(board, state, auction, report)
        return
    minor = auction["minor"]
    decided = {p: _intent(auction, p, minor) for p in threateners}
    threat = next((p for p in threateners if decided[p] is True), None)
    if threat is not None:
        _threaten(board, state, auction, threat, report, " (decided in advance)")
    elif any(d is None for d in decided.values()) and not (auction["by_alliance"] and any(
            d is False for d in decided.values())):
        auction["step"] = "threat"
    else:
        _sell(board, state, auction, report)


def _threaten(board: Board, state: dict, auction: dict, threat: str, report: list[str], how: str) -> None:
    auction["threats"][payer(board, threat, auction["by_alliance"])] -= 1
    auction["threat_by"] = threat
    report.append(f"⚔️ {threat} declares a Threat of Invasion on {auction['minor']}{how}.")
    if _affordable(board, auction):
        auction["step"] = "premium"
        return
    report.append(f"{auction['high']['bidder']}'s side cannot pay the premium.")
    _premium(board, state, auction, False, report)


def _sell(board: Board, state: dict, auction: dict, report: list[str]) -> None:
    high, minor = auction["high"], auction["minor"]
    auction["money"][payer(board, high["bidder"], auction["by_alliance"])] -= high["amount"]
    state.setdefault("alignments", {})[minor] = high["for"]
    report.append(f"🤝 {minor} aligns with {high['for']} for {high['amount']} IPCs (bid by {high['bidder']}).")
    auction["results"].append(f"{minor} → {high['for']} for {high['amount']}")
    _done_with_minor(auction)


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
        auction["results"].append(f"{minor} → {high['for']} for {price} + {ALLY_PREMIUM} per ally "
                                  f"(threat by {auction['threat_by']})")
    else:
        loss = math.ceil(high["amount"] / 2)
        payer_key = payer(board, high["bidder"], auction["by_alliance"])
        money[payer_key] -= min(loss, money[payer_key])
        state.setdefault("alignments", {})[minor] = None
        report.append(f"🏳️ The threat succeeds: {minor} stays neutral for the game and {high['bidder']} "
                      f"loses {loss} IPCs.")
        auction["results"].append(f"{minor}: neutral after {auction['threat_by']}'s threat ({high['bidder']} lost {loss})")
    _done_with_minor(auction)


def _done_with_minor(auction: dict) -> None:
    auction.update(step="bid", high=None, threat_by=None, minor=None)


# ------------------------------------------------------------------ what players read
def step_label(board: Board, state: dict) -> str:
    auction = open_auction(board, state)
    minor, high = auction["minor"], auction["high"]
    if auction["step"] == "threat":
        return f"{minor} — Threat of Invasion?"
    if auction["step"] == "premium":
        return f"{minor} — {high['bidder']}: pay the premium?"
    queue = auction["queue"]
    again = f", round {auction['bid_round']}" if auction.get("bid_round", 1) > 1 else ""
    return f"maximum bids{again} ({len(queue)} minor{'s' if len(queue) != 1 else ''} on offer, {queue[0]} first)" \
        if queue else "settled"


def auction_brief(board: Board, state: dict, seat: str) -> str:
    """What `seat` reads: the question of this step, then the state of the whole auction — what
    was settled, what is on offer, everyone's money and threats, its own standing maxima."""
    auction = open_auction(board, state)
    minor, high = auction["minor"], auction["high"]
    key = payer(board, seat, auction["by_alliance"])
    whose = "your alliance's pooled" if auction["by_alliance"] else "your"
    head = f"**No Such Thing as Neutral.** You have {auction['money'].get(key, 0)} IPCs of {whose} auction money."
    if auction["step"] == "bid":
        on_offer = ", ".join(f"{m} ({minor_value(board, m)})" for m in auction["queue"])
        first = auction["queue"][0] if auction["queue"] else "Spain"
        example = f"`bid {first} {minor_value(board, first)}" + (f" for {seat}`" if auction["by_alliance"] else "`")
        ask = (f"On offer, highest value first (the value is the lowest bid): {on_offer}.\n"
               f"Give the most you would pay for each minor you want, e.g. {example}: the highest maximum wins, "
               f"paying one IPC more than the next-highest (at least the minor's value). Minors are settled in the "
               f"order above, and a maximum counts only as far as the money left then. `pass` bids on nothing. "
               f"A minor nobody bids on is offered again in another round while the round before sold a minor "
               f"and someone can still pay for it; a minor every bidder passes stays neutral for the game.")
        if auction.get("bid_round", 1) > 1:
            ask = (f"**Round {auction['bid_round']} of the bidding**: these minors had no bid; they are offered "
                   f"again.\n") + ask
        if _holds_threat(board, auction, seat):
            ask += (" You hold a Threat of Invasion: decide now with `threaten <minor>` or `no threat`, or be "
                    "asked when the other alliance wins a minor.")
    elif auction["step"] == "threat":
        price, allies = premium_cost(board, auction)
        ask = (f"{high['bidder']} won {minor} for {high['amount']} IPCs. Answer `threaten` to force it to pay {price} "
               f"and each of its allies {ALLY_PREMIUM} (or lose the minor), or `no threat`.")
    else:
        price, allies = premium_cost(board, auction)
        ask = (f"{auction['threat_by']} threatens invasion. Answer `premium pay` — {price} IPCs from you and "
               f"{ALLY_PREMIUM} from each of {', '.join(allies) or 'no ally'} — and {minor} aligns with {high['for']}; "
               f"or `premium refuse`: {minor} stays neutral for the game and you lose "
               f"{math.ceil(high['amount'] / 2)} IPCs.")
    acting = seats_to_act(board, state)
    if seat not in acting:
        ask = f"Nothing for {seat} to decide now; waiting for {', '.join(acting) or 'nobody'}."
    return "\n".join([head, ask, *auction_state_lines(board, auction, seat)])


def auction_state_lines(board: Board, auction: dict, seat: str) -> list[str]:
    """The auction so far, as every brief shows it."""
    lines = ["Settled: " + ("; ".join(auction["results"]) or "nothing yet") + "."]
    pending = ([f"{auction['minor']} (won by {auction['high']['bidder']} at {auction['high']['amount']}, "
                f"{'threat' if auction['step'] == 'threat' else 'premium'} decision pending)"]
               if auction["minor"] else [])
    waiting = pending + [m for m in auction["queue"]]
    lines.append("Still to settle: " + (", ".join(waiting) or "none") + ".")
    lines.append("Auction money: " + ", ".join(f"{k} {v}" for k, v in auction["money"].items()) + ".")
    threats = [f"{k}" + (f" ×{n}" if n > 1 else "") for k, n in auction["threats"].items() if n]
    lines.append("Threats of Invasion left: " + (", ".join(threats) or "none") + ".")
    own = auction["maxima"].get(payer(board, seat, auction["by_alliance"]), {})
    if own:
        lines.append("Your standing maximum bids: " + ", ".join(
            f"{m} {amount}" + (f" for {for_power}" if auction["by_alliance"] else "")
            for m, (amount, for_power, _) in own.items()) + ".")
    return lines
