"""The orders a power gives in its turn, as small immutable values, and their parser.

    buy 3 infantry, 1 artillery         move 2 inf, 1 art Berlin - Silesia
    move 1 fighter Berlin - Silesia - Poland     place 3 infantry Berlin
    attack Picardy                      break off SZ 5 after 2      retreat SZ 5 to SZ 6 after 1
    casualties infantry, tank, artillery, fighter     declare usw
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import OrderError, UnreadableOrder, did_you_mean

from .board import Board
from .units import UNIT_TYPES, UnitType, unit_name, unit_type

MAX_LENGTH = 300
Counts = tuple[tuple[str, int], ...]   # (unit type, number), in a fixed order


@dataclass(frozen=True)
class Buy:
    units: Counts

    def text(self) -> str:
        return "buy " + _counts_text(self.units)


@dataclass(frozen=True)
class MoveOrder:
    units: Counts
    path: tuple[str, ...]           # start, [via ...], destination
    damaged: bool = False           # "damaged battleship"

    def text(self) -> str:
        what = _counts_text(self.units).replace("battleship", "damaged battleship") if self.damaged \
            else _counts_text(self.units)
        return f"move {what}: " + " - ".join(self.path)


@dataclass(frozen=True)
class Place:
    units: Counts
    where: str

    def text(self) -> str:
        return f"place {_counts_text(self.units)}: {self.where}"


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
class LossOrder:
    types: tuple[str, ...]

    def text(self) -> str:
        return "casualties " + ", ".join(unit_name(t) for t in self.types)


@dataclass(frozen=True)
class Breakthrough:
    """House rule 4.13: `break through 10 infantry: Picardy - Paris`."""

    units: Counts
    path: tuple[str, str]

    def text(self) -> str:
        return f"break through {_counts_text(self.units)}: {self.path[0]} - {self.path[1]}"


@dataclass(frozen=True)
class Concentrate:
    """House rule 4.15: `concentrate Picardy on France`."""

    where: str
    target: str

    def text(self) -> str:
        return f"concentrate {self.where} on {self.target}"


@dataclass(frozen=True)
class Defect:
    """House rule 4.16, Italy: `defect` — change sides once when a deal is not honoured."""

    def text(self) -> str:
        return "defect"


@dataclass(frozen=True)
class SpainPay:
    """House rule 4.17, France: `spain pay 2` — IPCs France adds to a lost diplomacy roll."""

    amount: int

    def text(self) -> str:
        return f"spain pay {self.amount}"


@dataclass(frozen=True)
class SendSupplies:
    """House rule 4.7: `supply Picardy 3` — send supplies from the stockpile to a territory."""

    where: str
    amount: int

    def text(self) -> str:
        return f"supply {self.where} {self.amount}"


@dataclass(frozen=True)
class SupplyUse:
    """House rule 4.7 "You may use any quantity of supplies": `supplies use all`, `supplies use 2`
    (at most 2 in each battle) or `supplies use none` — a standing order, as a defender cannot
    answer during the attacker's turn."""

    limit: int | None        # None: all that can be used

    def text(self) -> str:
        return "supplies use all" if self.limit is None else (
            "supplies use none" if self.limit == 0 else f"supplies use {self.limit}")


@dataclass(frozen=True)
class AttackBattery:
    """House rule 2.4: `attack battery Kiel from SZ 10` — ships engage a coastal battery."""

    where: str
    zone: str

    def text(self) -> str:
        return f"attack battery {self.where} from {self.zone}"


@dataclass(frozen=True)
class TruckMove:
    """House rule 2.1: `truck 2 infantry: Berlin - Prussia - Poland` (carried by trucks standing
    with them), or `truck 2 infantry: Prussia - Poland from Berlin` ("The Truck may move 1 space to
    get to the units it is loading")."""

    units: Counts
    path: tuple[str, ...]
    pickup: str | None = None     # where the trucks come from, one space from path[0]

    def text(self) -> str:
        return f"truck {_counts_text(self.units)}: " + " - ".join(self.path) + (
            f" from {self.pickup}" if self.pickup else "")


@dataclass(frozen=True)
class TrainsReact:
    """House rule 2.8: `trains react` / `trains stay` — may your armored trains move reactively?"""

    react: bool

    def text(self) -> str:
        return "trains react" if self.react else "trains stay"


@dataclass(frozen=True)
class CounterBattery:
    """House rule 4.8: `counter-battery Picardy with 2` (attacker) or `counter-battery always|never`."""

    where: str | None = None
    artillery: int = 0
    standing: bool | None = None

    def text(self) -> str:
        if self.where:
            return f"counter-battery {self.where} with {self.artillery}"
        return "counter-battery always" if self.standing else "counter-battery never"


@dataclass(frozen=True)
class AllyJoin:
    """House rule 4.14: `join France 2 infantry: Paris - Picardy` (an ally's units join your attack)."""

    ally: str
    units: Counts
    path: tuple[str, ...]

    def text(self) -> str:
        return f"join {self.ally} {_counts_text(self.units)}: " + " - ".join(self.path)


@dataclass(frozen=True)
class SubTargets:
    """House rule 3.2: `sub targets transport, battleship` — which ships your attacking subs call."""

    types: tuple[str, ...]

    def text(self) -> str:
        return "sub targets " + ", ".join(unit_name(t) for t in self.types)


@dataclass(frozen=True)
class Neutralize:
    """House rule 3.2: `neutralize Picardy with 2` (artillery firing to suppress, not to kill)."""

    where: str
    artillery: int

    def text(self) -> str:
        return f"neutralize {self.where} with {self.artillery}"


@dataclass(frozen=True)
class BuildFactory:
    """House rule 4.11: `factory Ruhr income` or `factory Munich staging`."""

    where: str
    effect: str

    def text(self) -> str:
        return f"factory {self.where} {self.effect}"


@dataclass(frozen=True)
class Submerge:
    """`submerge SZ 5`: this turn's attacking subs there submerge; `submerge always|never`: the
    power's standing choice for its subs when defending."""

    where: str | None = None
    standing: bool | None = None

    def text(self) -> str:
        if self.where:
            return f"submerge {self.where}"
        return "submerge always" if self.standing else "submerge never"


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


Order = Buy | MoveOrder | Place | Attack | SeaDecision | LossOrder | Submerge | DeclareUSW | Breakthrough | Concentrate | BuildFactory | Neutralize | SubTargets | AllyJoin | CounterBattery | TrainsReact | TruckMove | AttackBattery | SendSupplies | SupplyUse | SpainPay | Defect


def _counts_text(units: Counts) -> str:
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
        if words[0].isdigit():
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


def _place(board: Board, text: str) -> str:
    name = board.lookup(text)
    if name is None:
        raise UnreadableOrder(f"`{text.strip()}` is not a territory or sea zone on this map" + did_you_mean(board.closest(text)))
    return name



def _split_units_and_places(board: Board, rest: str) -> tuple[str, list[str]]:
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
    steps = [s for s in re.split(r"\s+-\s+|\s*->\s*|\s*→\s*|\s+to\s+", places.strip()) if s.strip()]
    return units, [_place(board, s) for s in steps]


def parse_order(text: str, board: Board) -> Order:
    line = " ".join((text or "").split())
    if not line:
        raise UnreadableOrder("empty order")
    if len(line) > MAX_LENGTH:
        raise UnreadableOrder(f"an order is at most {MAX_LENGTH} characters", line[:40] + "…")
    try:
        return _parse(line, board)
    except OrderError as exc:
        if exc.line is None:
            raise exc.at_line(line) from None
        raise


def _parse(line: str, board: Board) -> Order:
    verb, _, rest = line.partition(" ")
    verb = verb.lower()
    if verb in ("buy", "purchase"):
        units, damaged = parse_counts(rest)
        return Buy(units)
    if verb == "move":
        units_text, places = _split_units_and_places(board, rest)
        units, damaged = parse_counts(units_text)
        if len(places) < 2:
            raise UnreadableOrder("a move needs where from and where to: `<from> - <to>`")
        if len(places) > 5 and any(kind != "armored_train" for kind, _ in units):
            # 2.8: only armored trains "move any number of spaces"
            raise UnreadableOrder("a move passes through at most three places")
        if damaged and [t for t, _ in units] != ["battleship"]:
            raise UnreadableOrder("only battleships can be damaged")
        return MoveOrder(units, tuple(places), damaged)
    if verb in ("place", "mobilize", "mobilise"):
        units_text, places = _place_split(board, rest)
        units, _ = parse_counts(units_text)
        return Place(units, places)
    if verb == "attack" and rest.lower().startswith("battery "):
        match = re.fullmatch(r"battery\s+(.+?)\s+from\s+(.+)", rest, re.I)
        if not match:
            raise UnreadableOrder("write `attack battery <territory> from <sea zone>`")
        return AttackBattery(_place(board, match.group(1)), _sea(board, match.group(2)))
    if verb == "attack":
        return Attack(_place(board, rest))
    if verb == "break" and rest.lower().startswith("through"):
        units_text, places = _split_units_and_places(board, rest[len("through"):].strip())
        units, _ = parse_counts(units_text)
        if len(places) != 2:
            raise UnreadableOrder("write `break through <units>: <contested territory> - <next territory>`")
        return Breakthrough(units, (places[0], places[1]))
    if verb in ("neutralize", "neutralise"):
        match = re.fullmatch(r"(.+?)\s+with\s+(\d+)(?:\s+artillery)?", rest, re.I)
        if not match:
            raise UnreadableOrder("write `neutralize <territory> with <number of artillery>`")
        return Neutralize(_place(board, match.group(1)), int(match.group(2)))
    if verb == "factory":
        words = rest.split()
        if len(words) < 2 or words[-1].lower() not in ("income", "staging"):
            raise UnreadableOrder("write `factory <territory> income` or `factory <territory> staging`")
        return BuildFactory(_place(board, " ".join(words[:-1])), words[-1].lower())
    if verb == "concentrate":
        match = re.fullmatch(r"(.+?)\s+on\s+(.+)", rest, re.I)
        if not match:
            raise UnreadableOrder("write `concentrate <territory> on <power>`")
        power = next((p for p in board.turn_order if p.lower() == match.group(2).strip().lower()
                      or p.lower().startswith(match.group(2).strip().lower())), None)
        if power is None:
            raise UnreadableOrder(f"`{match.group(2)}` is not a power; powers: {', '.join(board.turn_order)}")
        return Concentrate(_place(board, match.group(1)), power)
    if verb == "break":
        match = re.fullmatch(r"off\s+(.+?)(?:\s+after\s+(\d+)(?:\s+rounds?)?)?", rest, re.I)
        if not match:
            raise UnreadableOrder("write `break off <sea zone> [after N]`")
        return SeaDecision(_sea(board, match.group(1)), "break", int(match.group(2) or 1))
    if verb == "retreat":
        match = re.fullmatch(r"(.+?)\s+to\s+(.+?)(?:\s+after\s+(\d+)(?:\s+rounds?)?)?", rest, re.I)
        if not match:
            raise UnreadableOrder("write `retreat <sea zone> to <sea zone> [after N]`")
        return SeaDecision(_sea(board, match.group(1)), "retreat", int(match.group(3) or 1), _sea(board, match.group(2)))
    if verb in ("casualties", "losses"):
        types = []
        for word, kind in unit_list(rest):
            if kind is None:
                raise UnreadableOrder(f"`{word}` is not a unit")
            if kind.name not in types:
                types.append(kind.name)
        if not types:
            raise UnreadableOrder("list unit types, first to die first: `casualties infantry, artillery, tank`")
        return LossOrder(tuple(types))
    if verb == "defect" and not rest.strip():
        return Defect()
    if verb == "spain":
        match = re.fullmatch(r"pay\s+(\d)", rest.strip(), re.I)
        if not match or int(match.group(1)) > 2:
            raise UnreadableOrder("write `spain pay 0`, `spain pay 1` or `spain pay 2`")
        return SpainPay(int(match.group(1)))
    if verb in ("supply", "supplies"):
        use = re.fullmatch(r"use\s+(all|none|\d+)", rest.strip(), re.I)
        if use:
            word = use.group(1).lower()
            return SupplyUse(None if word == "all" else 0 if word == "none" else int(word))
        match = re.fullmatch(r"(.+?)\s+(\d+)", rest)
        if not match:
            raise UnreadableOrder("write `supply <territory> <number>`")
        return SendSupplies(_place(board, match.group(1)), int(match.group(2)))
    if verb == "truck":
        pickup = None
        fetched = re.fullmatch(r"(.+?)\s*,?\s+(?:with\s+)?(?:trucks?\s+)?from\s+(.+)", rest, re.I)
        if fetched:
            rest, pickup = fetched.group(1), _place(board, fetched.group(2))
        units_text, places = _split_units_and_places(board, rest)
        units, _ = parse_counts(units_text)
        if not 2 <= len(places) <= 3:
            raise UnreadableOrder("trucks carry units one or two spaces: `truck 2 infantry: A - B - C`, or fetch "
                             "them first: `truck 2 infantry: B - C from A`")
        return TruckMove(units, tuple(places), pickup)
    if verb == "trains" and rest.strip().lower() in ("react", "stay"):
        return TrainsReact(rest.strip().lower() == "react")
    if verb in ("counter-battery", "counterbattery", "cb"):
        word = rest.strip().lower()
        if word in ("always", "on"):
            return CounterBattery(standing=True)
        if word in ("never", "off"):
            return CounterBattery(standing=False)
        match = re.fullmatch(r"(.+?)\s+with\s+(\d+)(?:\s+artillery)?", rest, re.I)
        if not match:
            raise UnreadableOrder("write `counter-battery <territory> with <artillery>` or `counter-battery always|never`")
        return CounterBattery(_place(board, match.group(1)), int(match.group(2)))
    if verb == "join":
        ally = next((p for p in sorted(board.turn_order, key=len, reverse=True)
                     if rest.lower().startswith(p.lower() + " ")), None)
        if ally is None:
            raise UnreadableOrder(f"write `join <ally> <units>: <from> - <to>`; powers: {', '.join(board.turn_order)}")
        units_text, places = _split_units_and_places(board, rest[len(ally):].strip())
        units, _ = parse_counts(units_text)
        if len(places) < 2:
            raise UnreadableOrder("a move needs where from and where to: `<from> - <to>`")
        return AllyJoin(ally, units, tuple(places))
    if verb == "sub" and rest.lower().startswith("targets"):
        types = []
        for word, kind in unit_list(rest[len("targets"):]):
            if kind is None or not kind.is_sea:
                raise UnreadableOrder(f"`{word}` is not a ship")
            if kind and kind.name not in types:
                types.append(kind.name)
        if not types:
            raise UnreadableOrder("list ships, first called first: `sub targets transport, battleship`")
        return SubTargets(tuple(types))
    if verb == "submerge":
        word = rest.strip().lower()
        if word in ("always", "on", "yes"):
            return Submerge(standing=True)
        if word in ("never", "off", "no"):
            return Submerge(standing=False)
        return Submerge(where=_sea(board, rest))
    if verb == "call" and rest.lower().startswith("off "):
        target = re.sub(r"(?i)\s+if\s+mined\s*$", "", rest[4:]).strip()
        target = re.sub(r"(?i)^(the\s+)?landing\s+(in|on|at)\s+", "", target)
        return CallOff(_place(board, target))
    if verb == "declare" and rest.strip().lower() in ("usw", "unrestricted submarine warfare"):
        return DeclareUSW()
    raise UnreadableOrder("orders start with buy, move, place, attack, break off, retreat, casualties, submerge, "
                     "call off or declare usw")


def _place_split(board: Board, rest: str) -> tuple[str, str]:
    if ":" in rest:
        units, where = rest.split(":", 1)
        return units, _place(board, where)
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


def _sea(board: Board, text: str) -> str:
    name = _place(board, text)
    if not board.territories[name].sea:
        raise UnreadableOrder(f"{name} is not a sea zone")
    return name
