"""Default answers for the phases before and between turns: the auctions by proxy bid (4.9/4.10),
Deploy the Reserves (4.3) and the negotiations with a neutral Italy (4.16).

- Auction, bidding: the opening bid (the minor's value, the least a minor can cost) on each minor
  bordering land of ours, highest value first, while the bids stay within half the budget; the
  rest of the money buys units. Threats: none (a threat costs the alliance the premium fight).
  Premium: paid when the rules let us, else refused.
- Reserves: infantry worth the starting IPCs, where our units stand nearest the front (at most
  doubling a territory's units, as 4.3 says).
- Italy: asks for a modest lump sum; the alliances accept when they can pay it.
"""
from __future__ import annotations

from ..auction import auction_budgets, minor_value, open_auction, payer
from ..house.registry import rules_for
from ..phases import PHASES
from .sheet import Sheet
from .view import FAR, View

ITALY_ASKS = ("demand lump 3", "no demands")


def answer(variant, state: dict, seat: str, sheet: Sheet) -> None:
    board = variant.board_of(state)
    phase = PHASES[state["phase"]]
    name = state["phase"]
    if name == "auction":
        _auction(board, state, seat, sheet, phase)
    elif name == "reserves":
        _reserves(board, state, seat, sheet)
    elif name == "italy_demands":
        for line in ITALY_ASKS:
            if sheet.add(line, "Italy names a modest price for joining a side (4.16)"):
                return
    elif name == "italy_responses":
        if not sheet.add("accept", "Italy's price is within our means: having Italy on our side is worth it"):
            sheet.add("refuse", "we cannot pay Italy's price")


def _auction(board, state, seat, sheet: Sheet, phase) -> None:
    auction = open_auction(board, dict(state))
    options, _ = phase.answers(board, state, seat)
    if auction["step"] == "bid":
        by_alliance = auction["by_alliance"]
        budget = auction_budgets(board, by_alliance).get(payer(board, seat, by_alliance), 0)
        mine = {n for n, holder in state["control"].items() if holder == seat}
        spent = 0
        for line in options:
            lands = [n for n, t in board.territories.items() if t.minor and line.startswith(f"bid {t.minor} ")]
            minor = board.territories[lands[0]].minor if lands else line
            near = any(a in mine for n in lands for a in board.territories[n].adjacent)
            value = next((minor_value(board, board.territories[n].minor) for n in lands), 0)
            if near and spent + value <= budget // 2 and sheet.add(
                    line, f"{minor} borders our land: its alignment for the opening price, {value} IPCs"):
                spent += value
        if not sheet.lines:
            sheet.add("pass", "no minor next to us is worth our money: it buys units instead")
        return
    for line in ("no threat", "premium pay", "premium refuse"):
        if line in options and sheet.add(line, "the default answer: no threat; the premium paid when we can"):
            return


def _reserves(board, state, seat, sheet: Sheet) -> None:
    rules = rules_for(state.get("options", {}))
    budget = board.data["starting_ipcs"].get(seat, 0)
    n = budget // rules.cost("infantry")
    if not n:
        return
    view = View.of(board, {**state, "phase": "turn"}, seat)
    counts: dict[str, int] = {}
    for u in state["units"]:
        if u["owner"] == seat and not board.territories[u["where"]].sea:
            counts[u["where"]] = counts.get(u["where"], 0) + 1
    for where in sorted(counts, key=lambda w: (view.dist.get(w, FAR), w)):
        if n <= 0:
            break
        k = min(n, counts[where])
        if sheet.add(f"place {k} infantry: {where}", f"reserves at the front: {where} is "
                     f"{view.dist.get(where, FAR)} step(s) from the enemy"):
            n -= k
