"""League mode: the winner of the bid for sides (engine/tournaments/bids.py) places the bid as
extra units before the game's first turn. The placement convention, as A&A bidding communities
write it:

1. **Prices.** Units cost what the game's rules say (`Rules.cost`: house options that change
   costs count), and only units the power could buy in round 1: no tanks before the rules' tank
   round ("starting turn four, tanks are in play"), house units only when their option is on.
   ("Unit costs are normal" — the Caspian Sub bid rules, axisandallies.org forums, topic 6758.)
2. **Where.** Each unit belongs to one power of the bidder's side and goes only where that power
   stands at the start: a land or air unit in a land territory the power controls at the start
   and holds with at least one ground unit; a ship in a sea zone where the power has a ship.
   ("Land units may be placed in any territory controlled by the appropriate Axis power", IAAPA
   bidding rules, axisandallies.net/public/law/BIDDING.html; "Like units only with like units
   (navy units added where you have like navy, land and air forces where you have at least 1
   ground unit in a territory at game start)", axisandallies.org forums, topic 31466; "Powers
   cannot put their units in another power's territory", Caspian Sub rules.)
3. **One per place.** At most one extra unit in any territory or sea zone ("Only 1 unit to place
   per territory", topic 31466; "There is a limit of 1 bid piece per territory", Caspian Sub).
4. **Change.** Units and IPCs handed to the side's powers' treasuries may not cost more than the
   bid; what is neither placed nor handed over is lost ("IPCs not spent on units can be given to
   any of the team's powers", Caspian Sub rule f).

`parse_bid_placement` reads what a player types; `check_bid_placement` applies the convention to
a start state and returns the units to place; `apply_bid` puts them on the board.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Mapping

from engine.errors import did_you_mean
from engine.tournaments.errors import BidPlacementError

from .board import Board, board_for
from .house.registry import rules_for
from .model import GameState, Unit
from .units import HOUSE_UNITS, NON_COMBATANTS, UNIT_TYPES, unit_type

POWER_WORDS = {"austria": "Austria-Hungary", "austria-hungary": "Austria-Hungary", "a-h": "Austria-Hungary",
               "ah": "Austria-Hungary", "russia": "Russia", "germany": "Germany", "france": "France",
               "british empire": "British Empire", "britain": "British Empire", "uk": "British Empire",
               "england": "British Empire", "ottoman empire": "Ottoman Empire", "ottomans": "Ottoman Empire",
               "ottoman": "Ottoman Empire", "turkey": "Ottoman Empire", "italy": "Italy",
               "united states": "United States", "usa": "United States", "us": "United States",
               "spain": "Spain"}
MAX_ITEMS = 60


@dataclass(frozen=True)
class BidUnit:
    """One extra unit: its type, its place, and its power (None: the power the place belongs to)."""

    unit: str
    where: str
    power: str | None = None


@dataclass(frozen=True)
class BidPlacement:
    """What the bidder asks to place: units, and IPCs handed to powers' treasuries."""

    units: tuple[BidUnit, ...] = ()
    ipcs: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"units": [[u.unit, u.where, u.power] for u in self.units], "ipcs": [list(i) for i in self.ipcs]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BidPlacement":
        return cls(tuple(BidUnit(unit, where, power) for unit, where, power in data.get("units", ())),
                   tuple((power, int(n)) for power, n in data.get("ipcs", ())))


@dataclass(frozen=True)
class PlacedBid:
    """A checked placement: the new units (numbered after the state's), the IPCs each power
    receives, what it all cost and what is left unspent (lost)."""

    side: str
    bid: int
    units: tuple[Unit, ...]
    ipcs: tuple[tuple[str, int], ...]
    spent: int

    @property
    def unspent(self) -> int:
        return self.bid - self.spent

    def lines(self) -> list[str]:
        """One line per unit and per IPC gift, for the message that announces the bid."""
        out = [f"{u.owner}: {u.type.replace('_', ' ')} in {u.where}" for u in self.units]
        out += [f"{power}: +{n} IPCs" for power, n in self.ipcs]
        if self.unspent:
            out.append(f"{self.unspent} IPC{'s' if self.unspent > 1 else ''} of the bid not used (lost)")
        return out


def _board(state: Mapping[str, Any]) -> Board:
    return board_for(state.get("options", {}), (state.get("italy") or {}).get("status"))


def _power(text: str, board: Board) -> str | None:
    word = " ".join(text.lower().split())
    if word in POWER_WORDS and POWER_WORDS[word] in board.turn_order:
        return POWER_WORDS[word]
    return next((p for p in board.turn_order if p.lower() == word), None)


def parse_bid_placement(text: str, state: Mapping[str, Any] | GameState) -> BidPlacement:
    """Read a placement such as `infantry Berlin, artillery Vienna, cruiser SZ 12, 2 IPCs Germany`
    (items split by commas, semicolons or lines; a power may lead an item: `Germany cruiser SZ 12`).
    Raises BidPlacementError naming the item it cannot read."""
    if isinstance(state, GameState):
        state = state.to_json()
    if not isinstance(text, str):
        raise BidPlacementError("a bid placement is text, such as `infantry Berlin, 2 IPCs Germany`")
    board = _board(state)
    items = [item.strip() for item in re.split(r"[,;\n]+", text) if item.strip()]
    if len(items) > MAX_ITEMS:
        raise BidPlacementError(f"a bid placement has at most {MAX_ITEMS} items")
    units: list[BidUnit] = []
    ipcs: list[tuple[str, int]] = []
    for item in items:
        money = re.fullmatch(r"\+?(\d{1,4})\s*ipcs?\s+(?:to\s+|for\s+)?(.+)", item, re.IGNORECASE)
        if money:
            power = _power(money.group(2), board)
            if power is None:
                raise BidPlacementError(f"`{item}`: `{money.group(2)}` is not a power of this game")
            ipcs.append((power, int(money.group(1))))
            continue
        units.append(_read_unit(item, board))
    if not units and not ipcs:
        raise BidPlacementError("the placement names no unit and no IPCs: write e.g. "
                                "`infantry Berlin, 2 IPCs Germany`")
    return BidPlacement(tuple(units), tuple(ipcs))


def _read_unit(item: str, board: Board) -> BidUnit:
    words = item.split()
    if words and words[0].isdigit():
        if words[0] != "1":
            raise BidPlacementError(f"`{item}`: at most one extra unit per territory or sea zone")
        words = words[1:]
    power = None
    for n in (2, 1):
        if len(words) > n and _power(" ".join(words[:n]), board):
            power, words = _power(" ".join(words[:n]), board), words[n:]
            break
    kind = None
    for n in (2, 1):
        if len(words) > n - 1 and unit_type(" ".join(words[:n])):
            kind, words = unit_type(" ".join(words[:n])).name, words[n:]
            break
    if kind is None:
        raise BidPlacementError(f"`{item}`: no unit type there; write the unit then the place, "
                                f"e.g. `infantry Berlin`")
    if words and words[0].lower() in ("in", "at", "to", "@"):
        words = words[1:]
    place = " ".join(words)
    where = board.lookup(place) if place else None
    if where is None:
        raise BidPlacementError(f"`{item}`: `{place or '?'}` is not a place on the map"
                                + did_you_mean(board.closest(place)))
    return BidUnit(kind, where, power)


def check_bid_placement(state: Mapping[str, Any] | GameState, side: str, bid: int,
                        placement: BidPlacement) -> PlacedBid:
    """Apply the placement convention (the module's four rules) to the game's start `state` for
    the bidder's `side` and `bid` IPCs. Raises BidPlacementError naming the first unit that
    breaks a rule; nothing is placed then."""
    if isinstance(state, GameState):
        state = state.to_json()
    if state.get("round") != 1 or state.get("turn") != 0 or state.get("turn_played"):
        raise BidPlacementError("a bid is placed before the game's first turn")
    board = _board(state)
    if side not in board.sides:
        raise BidPlacementError(f"`{side}` is not a side of this game: {' or '.join(board.sides)}")
    if not isinstance(bid, int) or isinstance(bid, bool) or bid < 0:
        raise BidPlacementError("a bid is a whole number of IPCs, 0 or more")
    powers = board.sides[side]
    rules = rules_for(state.get("options", {}))
    used: set[str] = set()
    spent, next_id = 0, state["next_id"]
    placed: list[Unit] = []
    for item in placement.units:
        kind = _kind(item.unit, rules, state)
        where = item.where if item.where in board.territories else board.lookup(item.where)
        if where is None:
            raise BidPlacementError(f"`{item.where}` is not a place on the map" + did_you_mean(board.closest(item.where)))
        if where in used:
            raise BidPlacementError(f"{where}: at most one extra unit per territory or sea zone")
        used.add(where)
        power = _owner(state, board, powers, side, kind, where, item.power)
        spent += rules.cost(kind)
        placed.append(Unit(next_id, kind, power, where))
        next_id += 1
    gifts: dict[str, int] = {}
    for power, amount in placement.ipcs:
        if power not in powers:
            raise BidPlacementError(f"{power} is not of the {side}: the bid's IPCs go to {', '.join(powers)}")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise BidPlacementError(f"IPCs for {power}: a whole number above 0")
        gifts[power] = gifts.get(power, 0) + amount
        spent += amount
    if spent > bid:
        raise BidPlacementError(f"the bid is {bid} IPCs; this placement costs {spent}")
    return PlacedBid(side, bid, tuple(placed), tuple(gifts.items()), spent)


def _kind(word: str, rules, state: Mapping[str, Any]) -> str:
    found = unit_type(word)
    if found is None:
        raise BidPlacementError(f"`{word}` is not a unit type")
    kind = found.name
    if kind in HOUSE_UNITS and kind not in rules.house_units:
        raise BidPlacementError(f"{kind.replace('_', ' ')} is not a unit of this game (its house option is off)")
    if kind == "tank" and state["round"] < rules.tanks_from_round:
        raise BidPlacementError(f"tanks cannot be bought before round {rules.tanks_from_round}, so not with a bid")
    return kind


def _owner(state: Mapping[str, Any], board: Board, powers: tuple[str, ...], side: str, kind: str, where: str,
           named: str | None) -> str:
    """The power the unit is placed for, or the refusal under rule 2."""
    terr = board.territories[where]
    label = kind.replace("_", " ")
    if named is not None and named not in powers:
        raise BidPlacementError(f"{named} is not of the {side}: the bid's units go to {', '.join(powers)}")
    if UNIT_TYPES[kind].is_sea:
        if not terr.sea:
            raise BidPlacementError(f"{label} in {where}: ships are placed in a sea zone")
        fleets = sorted({u["owner"] for u in state["units"] if u["where"] == where
                         and UNIT_TYPES[u["type"]].is_sea and u["owner"] in powers})
        if named is None:
            if len(fleets) > 1:
                raise BidPlacementError(f"{label} in {where}: {' and '.join(fleets)} both have ships there; "
                                        f"name the power, e.g. `{fleets[0]} {label} {where}`")
            named = fleets[0] if fleets else None
        if named is None or named not in fleets:
            raise BidPlacementError(f"{label} in {where}: a ship goes only where {named or 'the ' + side} "
                                    f"had a ship at the start")
        return named
    if terr.sea:
        raise BidPlacementError(f"{label} in {where}: land and air units are placed in a territory, not at sea")
    holder = state["control"].get(where)
    power = named or holder
    if power not in powers or holder != power:
        raise BidPlacementError(f"{label} in {where}: {where} is not {power or 'the ' + side}'s at the start"
                                if named else f"{label} in {where}: {where} is not held by the {side} at the start")
    if not any(u["where"] == where and u["owner"] == power and UNIT_TYPES[u["type"]].is_land
               and u["type"] not in NON_COMBATANTS for u in state["units"]):
        raise BidPlacementError(f"{label} in {where}: {power} has no ground unit there at the start "
                                f"(extra units join units of their kind)")
    return power


def apply_bid(state: Mapping[str, Any], placed: PlacedBid) -> dict[str, Any]:
    """A new start state with the bid's units on the board and its IPCs in the treasuries."""
    new = dict(state)
    new["units"] = [dict(u) for u in state["units"]] + [u.to_json() for u in placed.units]
    new["next_id"] = max([state["next_id"]] + [u.id + 1 for u in placed.units])
    treasury = dict(state["treasury"])
    for power, amount in placed.ipcs:
        treasury[power] = treasury.get(power, 0) + amount
    new["treasury"] = treasury
    return new


def ask_cap(options: Mapping[str, Any]) -> int:
    """The largest ask a bid for sides may name: the starting income of the poorer side (77 IPCs,
    the Central Powers', in the standard game). A bid that large would more than double that
    side's first purchases; anything above it is a typing slip, not a bid."""
    board = board_for(dict(options))
    income = board.data["starting_ipcs"]
    return min(sum(income.get(power, 0) for power in powers) for powers in board.sides.values())


def start_digest(state: Mapping[str, Any]) -> str:
    """The sha256 of a start state (its JSON with sorted keys): logged with the bid placed on it,
    so the export shows which position the seed commitment posted at the start covered."""
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
