"""The words of an order: the Tournament Rules' orders as small immutable values, the pieces every
order is read from (unit counts, places, paths), and `OrderWord`, one line of the order table.

    buy 3 infantry, 1 artillery         move 2 inf, 1 art Berlin - Silesia
    move 1 fighter Berlin - Silesia - Poland     place 3 infantry Berlin
    attack Picardy                      break off SZ 5 after 2      retreat SZ 5 to SZ 6 after 1
    casualties infantry, tank, artillery, fighter     declare usw

Each order word is one small reader (`read_<word>` below); the house options bring their own words
in their modules (`HouseRule.words`), and `orders.parse_order` reads a line through the table of
them all (`orders.ORDER_WORDS`). This module sits below the options and the turn: it knows no
option and reads no position.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from engine.errors import OrderError, UnreadableOrder, did_you_mean

from .board import Board
from .units import UNIT_TYPES, UnitType, unit_name, unit_type

MAX_LENGTH = 300
Counts = tuple[tuple[str, int], ...]   # (unit type, number), in a fixed order
PATH_SPLIT = r"\s+-\s+|\s*->\s*|\s*→\s*|\s+to\s+"


class Standing:
    """An order kept in the state until changed — an instruction any player may give at any time,
    also during another power's turn (standing.py): `casualties …`, `submerge always`, and the
    options' (`counter-battery always`, `trains react`, …). `kept_as` names the state field it
    sets, or None when this order, as given, is one of the turn's and not a standing one."""

    def kept_as(self) -> str | None:
        raise NotImplementedError

    def kept_value(self) -> Any:
        """What the field keeps for the power."""
        raise NotImplementedError

    def keep(self, state: dict, power: str) -> None:
        """Record the order in the state's field (replaced, never changed in place: a check on a
        copy of the state must leave the original untouched)."""
        field = self.kept_as()
        state[field] = {**state.get(field, {}), power: self.kept_value()}


@dataclass(frozen=True)
class Buy:
    units: Counts

    def text(self) -> str:
        return "buy " + counts_text(self.units)


@dataclass(frozen=True)
class MoveOrder:
    units: Counts
    path: tuple[str, ...]           # start, [via ...], destination
    damaged: bool = False           # "damaged battleship"

    def text(self) -> str:
        what = counts_text(self.units).replace("battleship", "damaged battleship") if self.damaged \
            else counts_text(self.units)
        return f"move {what}: " + " - ".join(self.path)


@dataclass(frozen=True)
class Place:
    units: Counts
    where: str

    def text(self) -> str:
        return f"place {counts_text(self.units)}: {self.where}"


@dataclass(frozen=True)
class Attack:
    where: str

    def text(self) -> str:
        return f"attack {self.where}"


@dataclass(frozen=True)
class SeaDecision:
    where: str
    action: str                 # 'break' or 'retreat'
    after_rounds: int = 1
    retreat_to: str | None = None

    def text(self) -> str:
        if self.action == "retreat":
            return f"retreat {self.where} to {self.retreat_to} after {self.after_rounds}"
        return f"break off {self.where} after {self.after_rounds}"


@dataclass(frozen=True)
class LossOrder(Standing):
    """`casualties infantry, artillery`: the owner's order of loss (RULES.md: the owner chooses
    casualties), kept until changed."""

    types: tuple[str, ...]

    def text(self) -> str:
        return "casualties " + ", ".join(unit_name(t) for t in self.types)

    def kept_as(self) -> str:
        return "loss_orders"

    def kept_value(self) -> list[str]:
        return list(self.types)


@dataclass(frozen=True)
class Submerge(Standing):
    """`submerge SZ 5`: this turn's attacking subs there submerge; `submerge always|never`: the
    power's standing choice for its subs when defending."""

    where: str | None = None
    standing: bool | None = None

    def text(self) -> str:
        if self.where:
            return f"submerge {self.where}"
        return "submerge always" if self.standing else "submerge never"

    def kept_as(self) -> str | None:
        return "submerge" if self.standing is not None else None

    def kept_value(self) -> bool:
        return bool(self.standing)


@dataclass(frozen=True)
class CallOff:
    """`call off <territory> if mined`: errata "If you are planning an amphibious assault or
    reinforcement, but some of your ships hit mines while attempting to deliver the units, you
    may call off the landing" — decided in advance, as play-by-post needs."""

    where: str

    def text(self) -> str:
        return f"call off {self.where} if mined"


@dataclass(frozen=True)
class DeclareUSW:
    def text(self) -> str:
        return "declare usw"


# ---------------------------------------------------------------------- the pieces of an order
def counts_text(units: Counts) -> str:
    return ", ".join(f"{n} {unit_name(t)}" for t, n in units)


def unit_list(text: str) -> list[tuple[str, UnitType | None]]:
    """`infantry, armored train tank`: unit names separated by commas or spaces, each with its
    type (None: not a unit). A two-word name (`armored train`, `coastal artillery`) is read whole."""
    found: list[tuple[str, UnitType | None]] = []
    for part in text.split(","):
        words = part.split()
        index = 0
        while index < len(words):
            pair = unit_type(" ".join(words[index:index + 2])) if index + 1 < len(words) else None
            if pair is not None:
                found.append((" ".join(words[index:index + 2]), pair))
                index += 2
            else:
                found.append((words[index], unit_type(words[index])))
                index += 1
    return found


def parse_counts(text: str) -> tuple[Counts, bool]:
    """`3 infantry, 1 art` → ((('infantry', 3), ('artillery', 1)), damaged?)."""
    counts: dict[str, int] = {}
    damaged = False
    for part in re.split(r",|\band\b|\+", text):
        words = part.split()
        if not words:
            continue
        number = 1
        if words[0].isdecimal():        # `²` is a digit, but no number
            number = int(words[0])
            words = words[1:]
        if words and words[0].lower() == "damaged":
            damaged = True
            words = words[1:]
        if len(words) == 2 and unit_type(" ".join(words)):
            words = ["_".join(words)]
        if len(words) != 1:
            raise UnreadableOrder(f"`{part.strip()}` is not a number and a unit type (e.g. `3 infantry`)")
        kind = unit_type(words[0])
        if kind is None:
            raise UnreadableOrder(f"`{words[0]}` is not a unit; units: {', '.join(unit_name(u) for u in UNIT_TYPES)}")
        if not 1 <= number <= 200:
            raise UnreadableOrder(f"{number} is not a number of units (1 to 200)")
        counts[kind.name] = counts.get(kind.name, 0) + number
    if not counts:
        raise UnreadableOrder("name the units, e.g. `3 infantry, 1 artillery`")
    order = list(UNIT_TYPES)
    return tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0]))), damaged


def place_named(board: Board, text: str) -> str:
    """The territory or sea zone a player named."""
    name = board.lookup(text)
    if name is None:
        raise UnreadableOrder(f"`{text.strip()}` is not a territory or sea zone on this map" + did_you_mean(board.closest(text)))
    return name


def sea_named(board: Board, text: str) -> str:
    name = place_named(board, text)
    if not board.territories[name].sea:
        raise UnreadableOrder(f"{name} is not a sea zone")
    return name


def units_and_path(board: Board, rest: str) -> tuple[str, list[str]]:
    """`2 inf, 1 art Berlin - Silesia` → ('2 inf, 1 art', ['Berlin', 'Silesia'])."""
    if ":" in rest:
        units, places = rest.split(":", 1)
    else:
        # the units end where the first territory name begins: try each cut point
        words = rest.split()
        counted = None
        for cut in range(1, len(words)):
            head, tail = " ".join(words[:cut]), " ".join(words[cut:])
            try:
                parse_counts(head)
            except OrderError:
                continue
            counted = (head, tail)
            first = re.split(r"\s+-\s+|\s*->\s*|\s+to\s+", tail)[0]
            if board.lookup(first):
                units, places = head, tail
                break
        else:
            if counted:   # the units read fine: the place is what is wrong
                first = re.split(r"\s+-\s+|\s*->\s*|\s+to\s+", counted[1])[0]
                raise UnreadableOrder(f"`{first}` is not a territory or sea zone on this map" + did_you_mean(board.closest(first)))
            raise UnreadableOrder("write `move <units> <from> - <to>`, e.g. `move 2 infantry Berlin - Silesia`")
    steps = [s for s in re.split(PATH_SPLIT, places.strip()) if s.strip()]
    return units, [place_named(board, s) for s in steps]


def units_and_place(board: Board, rest: str) -> tuple[str, str]:
    """`3 infantry Berlin` → ('3 infantry', 'Berlin')."""
    if ":" in rest:
        units, where = rest.split(":", 1)
        return units, place_named(board, where)
    words = rest.split()
    # the longest place name that leaves readable units wins: `United States of America`, not `America`
    for cut in range(1, len(words)):
        where = board.lookup(" ".join(words[cut:]))
        if where:
            try:
                parse_counts(" ".join(words[:cut]))
            except OrderError:
                continue
            return " ".join(words[:cut]), where
    raise UnreadableOrder("write `place <units> <territory or sea zone>`")


def power_named(board: Board, text: str) -> str:
    """A power, by its name or the start of it (`concentrate Picardy on Ger`)."""
    power = next((p for p in board.turn_order if p.lower() == text.strip().lower()
                  or p.lower().startswith(text.strip().lower())), None)
    if power is None:
        raise UnreadableOrder(f"`{text}` is not a power; powers: {', '.join(board.turn_order)}")
    return power


# ---------------------------------------------------------------------- the order table's lines
Reader = Callable[[str, Board], Any]


@dataclass(frozen=True)
class OrderWord:
    """One kind of order line: the first words that start it (`verbs`: the first word as written,
    `buy` or `purchase`), how the table names it to players (`phrase`: `break off`, `attack
    battery`), its reader (the rest of the line and the board → the order; None when the line,
    though it starts with the verb, is another word's, as `attack battery …` is not an `attack`),
    and the examples `/help` shows; `standing`: its standing form, which a power may give in
    another's turn (`submerge always|never`). `option`: the house option whose word it is (None:
    the Tournament Rules'); the registry sets it from the option that declares the word."""

    verbs: tuple[str, ...]
    phrase: str
    read: Reader
    help: str
    standing: str = ""
    option: str | None = None


def read_buy(rest: str, board: Board) -> Buy:
    units, _ = parse_counts(rest)
    return Buy(units)


def read_move(rest: str, board: Board) -> MoveOrder:
    units_text, places = units_and_path(board, rest)
    units, damaged = parse_counts(units_text)
    if len(places) < 2:
        raise UnreadableOrder("a move needs where from and where to: `<from> - <to>`")
    if len(places) > 5 and any(kind != "armored_train" for kind, _ in units):
        # 2.8: only armored trains "move any number of spaces"
        raise UnreadableOrder("a move passes through at most three places")
    if damaged and [t for t, _ in units] != ["battleship"]:
        raise UnreadableOrder("only battleships can be damaged")
    return MoveOrder(units, tuple(places), damaged)


def read_place(rest: str, board: Board) -> Place:
    units_text, where = units_and_place(board, rest)
    units, _ = parse_counts(units_text)
    return Place(units, where)


def read_attack(rest: str, board: Board) -> Attack:
    return Attack(place_named(board, rest))


def read_break_off(rest: str, board: Board) -> SeaDecision:
    match = re.fullmatch(r"off\s+(.+?)(?:\s+after\s+(\d+)(?:\s+rounds?)?)?", rest, re.I)
    if not match:
        raise UnreadableOrder("write `break off <sea zone> [after N]`")
    return SeaDecision(sea_named(board, match.group(1)), "break", int(match.group(2) or 1))


def read_retreat(rest: str, board: Board) -> SeaDecision:
    match = re.fullmatch(r"(.+?)\s+to\s+(.+?)(?:\s+after\s+(\d+)(?:\s+rounds?)?)?", rest, re.I)
    if not match:
        raise UnreadableOrder("write `retreat <sea zone> to <sea zone> [after N]`")
    return SeaDecision(sea_named(board, match.group(1)), "retreat", int(match.group(3) or 1),
                       sea_named(board, match.group(2)))


def read_casualties(rest: str, board: Board) -> LossOrder:
    types: list[str] = []
    for word, kind in unit_list(rest):
        if kind is None:
            raise UnreadableOrder(f"`{word}` is not a unit")
        if kind.name not in types:
            types.append(kind.name)
    if not types:
        raise UnreadableOrder("list unit types, first to die first: `casualties infantry, artillery, tank`")
    return LossOrder(tuple(types))


def read_submerge(rest: str, board: Board) -> Submerge:
    word = rest.strip().lower()
    if word in ("always", "on", "yes"):
        return Submerge(standing=True)
    if word in ("never", "off", "no"):
        return Submerge(standing=False)
    return Submerge(where=sea_named(board, rest))


def read_call_off(rest: str, board: Board) -> CallOff | None:
    if not rest.lower().startswith("off "):
        return None
    target = re.sub(r"(?i)\s+if\s+mined\s*$", "", rest[4:]).strip()
    target = re.sub(r"(?i)^(the\s+)?landing\s+(in|on|at)\s+", "", target)
    return CallOff(place_named(board, target))


def read_declare(rest: str, board: Board) -> DeclareUSW | None:
    if rest.strip().lower() not in ("usw", "unrestricted submarine warfare"):
        return None
    return DeclareUSW()


# The Tournament Rules' own words, in the order the fallback error and /help name them.
CORE_WORDS: tuple[OrderWord, ...] = (
    OrderWord(("buy", "purchase"), "buy", read_buy, "`buy 3 infantry, 1 artillery`"),
    OrderWord(("move",), "move", read_move,
              "`move 2 infantry, 1 artillery Berlin - Silesia`, `move 1 cruiser SZ 11 - SZ 10 - SZ 9`"),
    OrderWord(("place", "mobilize", "mobilise"), "place", read_place, "`place 3 infantry Berlin`"),
    OrderWord(("attack",), "attack", read_attack, "`attack Picardy` (contested)"),
    OrderWord(("break",), "break off", read_break_off, "`break off SZ 9 after 2`"),
    OrderWord(("retreat",), "retreat", read_retreat, "`retreat SZ 9 to SZ 10`"),
    OrderWord(("casualties", "losses"), "casualties", read_casualties, "`casualties infantry, artillery, tank`"),
    OrderWord(("submerge",), "submerge", read_submerge, "`submerge SZ 9`, `submerge always|never` (defending)",
              "`submerge always|never`"),
    OrderWord(("call",), "call off", read_call_off, "`call off Picardy if mined`"),
    OrderWord(("declare",), "declare usw", read_declare, "Germany: `declare usw`"),
)

