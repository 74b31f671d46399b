"""House rule 4.7 "The Supply Chain".

"Every territory yields 1 supply every turn. Supplies are distributed immediately to the
territories that the power wishes to send them into ... Your power can stockpile supplies to a
maximum of three times your current IPC count. Surplus supplies are lost." Collected with the
income (none in an economic collapse): `supply <territory> <number>`. A defending power spends
its own supplies by the standing order `supplies use all|none|N` (standing.py), chosen before a
land battle (`battle_supplies`) and spent after it; the +1 to a die is rolled in `combat.land_battle`."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..context import TurnContext
from ..grammar import OrderWord, Standing, place_named
from ..position import BoardUnit
from .base import COLLECT, HouseRule, OrderHandler


@dataclass(frozen=True)
class SendSupplies:
    """`supply Picardy 3` — send supplies from the stockpile to a territory."""

    where: str
    amount: int

    def text(self) -> str:
        return f"supply {self.where} {self.amount}"


@dataclass(frozen=True)
class SupplyUse(Standing):
    """ "You may use any quantity of supplies": `supplies use all`, `supplies use 2` (at most 2 in
    each battle) or `supplies use none` — a standing order, as a defender cannot answer during the
    attacker's turn."""

    limit: int | None        # None: all that can be used

    def text(self) -> str:
        return "supplies use all" if self.limit is None else (
            "supplies use none" if self.limit == 0 else f"supplies use {self.limit}")

    def kept_as(self) -> str:
        return "supply_use"

    def kept_value(self) -> int | None:
        return self.limit


@dataclass
class SupplyMemo:
    sends: list[SendSupplies] = field(default_factory=list)     # carried out at the Collect phase


def read_supplies_use(rest: str, board: Board) -> SupplyUse | None:
    use = re.fullmatch(r"use\s+(all|none|\d+)", rest.strip(), re.I)
    if not use:
        return None                      # `supply <territory> <number>`
    word = use.group(1).lower()
    return SupplyUse(None if word == "all" else 0 if word == "none" else int(word))


def read_supply(rest: str, board: Board) -> SendSupplies:
    match = re.fullmatch(r"(.+?)\s+(\d+)", rest)
    if not match:
        raise UnreadableOrder("write `supply <territory> <number>`")
    return SendSupplies(place_named(board, match.group(1)), int(match.group(2)))


def supply_capacity(units_there: int) -> int:
    """4.7: "A territory may hold a maximum of supplies equal to twice the number of units your
    power has in that territory." """
    return 2 * units_there


def stockpile_limit(ipc_count: int) -> int:
    """4.7: "Your power can stockpile supplies to a maximum of three times your current IPC count." """
    return 3 * ipc_count


def supplies(turn: TurnContext) -> dict:
    """The power's stock and the supplies waiting in each territory."""
    return turn.position.extra.setdefault("supplies", {}).setdefault(turn.power, {"stock": 0, "at": {}})


def _send(turn: TurnContext, order: SendSupplies) -> None:
    """4.7: "Supplies can only be used on land units that are in the same territory they are
    located in" — a sea zone holds no land units, so supplies are never sent there."""
    if turn.board.territories[order.where].sea:
        raise IllegalOrder(f"{order.where} is a sea zone; supplies go to a land territory, where they are used "
                           f"by your land units there (4.7)")
    RULE.memo_of(turn).sends.append(order)


def supply(turn: TurnContext, sends: list[SendSupplies]) -> None:
    """The Collect phase: the stock grows by 1 per territory held, each `supply` order is carried
    out on its own (`send`), then the surplus over the stockpile limit is lost."""
    mine = supplies(turn)
    if not turn.progress.economic_collapse:
        mine["stock"] += sum(1 for name, t in turn.board.territories.items()
                             if not t.sea and turn.position.controller(name) == turn.power)
    for order in sends:
        turn.carry_out(lambda o: send(turn, o), order)
    mine = supplies(turn)          # a send that failed was taken back: the stock is read anew
    limit = stockpile_limit(turn.position.income(turn.power))
    if mine["stock"] > limit:
        turn.report.append(f"📦 {turn.power} loses {mine['stock'] - limit} surplus supplies.")
        mine["stock"] = limit


def send(turn: TurnContext, order: SendSupplies) -> None:
    """One `supply <territory> <n>`. The room — "twice the number of units your power has in that
    territory" — is counted when the supplies arrive, at the Collect phase after the battles
    (docs/rulings.md): when units died in between, only what fits arrives and the rest stays in
    the stockpile ("Your power can stockpile supplies"); if nothing fits, the order fails. While
    orders are only checked (no battles), a send larger than the room is refused."""
    mine = supplies(turn)
    units = sum(1 for u in turn.position.units_in(order.where) if u.owner == turn.power)
    room = max(0, supply_capacity(units) - mine["at"].get(order.where, 0))
    if turn.rng is None and order.amount > room:
        raise IllegalOrder(f"{order.where} can take {room} more supplies (twice your units there)")
    if turn.rng is None and order.amount > mine["stock"]:
        raise IllegalOrder(f"{turn.power} has {mine['stock']} supplies to send, not {order.amount}")
    amount = min(order.amount, room, mine["stock"])
    if amount == 0:
        why = (f"{turn.power} has no supplies left to send" if room else
               f"{order.where} has no room: it holds twice the units {turn.power} has there ({units} now)")
        raise IllegalOrder(f"{why}; the supplies stay in the stockpile")
    if amount < order.amount:
        turn.report.append(f"📦 Only {amount} of {turn.power}'s {order.amount} supplies reach {order.where} "
                           f"(room for twice its {units} unit(s) there, stock {mine['stock']}); "
                           f"the rest stay in the stockpile.")
    mine["stock"] -= amount
    mine["at"][order.where] = mine["at"].get(order.where, 0) + amount


def supplies_for_battle(turn: TurnContext, name: str, side: list[BoardUnit]) -> dict[str, int]:
    """4.7: "consume 1 supply to increase the hit die of one attacking or defending land unit by 1.
    You may use any quantity of supplies, but each unit can only receive a single bonus per battle.
    Supplies can only be used on land units that are in the same territory they are located in."
    Each power of a side spends its own supplies there on its own land units, up to its standing
    `supplies use N` (all, if it set none)."""
    stores, limits = turn.position.extra.get("supplies", {}), turn.position.extra.get("supply_use", {})
    spend = {}
    for power in sorted({u.owner for u in side}):
        land = sum(1 for u in side if u.owner == power and u.spec.is_land)
        have = stores.get(power, {}).get("at", {}).get(name, 0)
        limit = limits.get(power)
        n = min(have, land, have if limit is None else limit)
        if n > 0:
            spend[power] = n
    return spend


def spend_supplies(turn: TurnContext, name: str, plans: tuple[dict[str, int], dict[str, int]],
                   used: tuple[int, int]) -> None:
    """The supplies each power spent in the battle of `name` leave its store there."""
    for plan, spent in zip(plans, used):
        for power in sorted(plan, reverse=True):      # dice that could take no bonus keep theirs
            surplus = max(0, sum(plan.values()) - spent)
            plan[power] -= min(surplus, plan[power])
    for power, spent in (plans[0] | plans[1]).items():
        if not spent:
            continue
        turn.position.extra["supplies"][power]["at"][name] -= spent
        turn.report.append(f"📦 {power} uses {spent} supplies at {name}.")


def supplies_leave_with(turn: TurnContext, power: str, successor: str | None) -> None:
    """A power leaving the board takes no supplies with it. 4.7: "Supplies are destroyed if
    captured by the enemy"; otherwise they serve only the power's own land units where they lie.
    Surrendering, the power's units "are removed from the board" (seed 001) and it "no longer has
    a turn" to send its stockpile: its supplies are lost with them. Joining a side (4.17: "All its
    units and territories fall under German control"), the supplies in those territories and its
    stockpile pass with them to the new owner, whose stockpile limit applies at its next Collect
    phase (docs/rulings.md)."""
    store = turn.position.extra.get("supplies", {}).pop(power, None)
    if not store:
        return
    placed = {where: n for where, n in store.get("at", {}).items() if n}
    total = store.get("stock", 0) + sum(placed.values())
    if not total:
        return
    where = (" and " + ", ".join(f"{n} in {name}" for name, n in sorted(placed.items()))) if placed else ""
    if successor is None:
        turn.report.append(f"📦 {power}'s supplies are lost with its surrender: its stockpile of "
                           f"{store.get('stock', 0)}{where} (4.7: only its own land units could use them).")
        return
    theirs = turn.position.extra["supplies"].setdefault(successor, {"stock": 0, "at": {}})
    theirs["stock"] += store.get("stock", 0)
    for name, n in placed.items():
        theirs["at"][name] = theirs["at"].get(name, 0) + n
    turn.report.append(f"📦 {power}'s supplies pass to {successor} with its units and territories: a stockpile "
                       f"of {store.get('stock', 0)}{where}.")


class SupplyChain(HouseRule):
    key = "supply_chain"
    standing_orders = (SupplyUse,)
    orders = {SendSupplies: OrderHandler(COLLECT, _send)}
    memo = SupplyMemo
    # `supplies use …` is read first: any other `supply …` line is a send
    words = (OrderWord(("supply", "supplies"), "supplies use", read_supplies_use,
                       "`supplies use all|none|2` (per battle)", "`supplies use all|none|N`"),
             OrderWord(("supply", "supplies"), "supply", read_supply, "`supply Picardy 3` (send from stock)"))

    def battle_supplies(self, turn: TurnContext, name: str, side: list[BoardUnit]) -> dict[str, int]:
        return supplies_for_battle(turn, name, side)

    def after_land_battle(self, turn: TurnContext, name: str, plans, used: tuple[int, int]) -> None:
        spend_supplies(turn, name, plans, used)

    def power_leaves(self, turn: TurnContext, power: str, successor: str | None) -> None:
        supplies_leave_with(turn, power, successor)

    def after_collect(self, turn: TurnContext) -> None:
        # checking orders, only the sends are checked (the stock is not collected twice)
        sends = self.memo_of(turn).sends
        if turn.rng is not None or sends:
            supply(turn, sends)


RULE = SupplyChain()
