"""Reading orders as players write them.

Accepts the usual notations, case-insensitive: `A Par - Bur`, `A Paris -> Burgundy`,
`F NTH C A Lon - Nwy`, `A Mun S A Par - Bur`, `A Mun supports Par`, `F Mao - Spa(nc)`,
`F mid-atlantic ocean to spain north coast`, `A Lon - Nth - Nwy` (convoy route),
`A Lon - Nwy via convoy`, `Build F Stp/nc`, `Remove A War`, `A Bud R Ser`, `A Bud disband`, `Waive`.
Every failure raises `OrderError` saying what was wrong with the line.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import repeat

from engine.errors import OrderError, UnreadableOrder, did_you_mean

from .map import DiplomacyMap
from .orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive

MAX_ORDER_LENGTH = 200

_KEYWORDS = {
    "a": "A", "army": "A", "f": "F", "fleet": "F",
    "h": "H", "hold": "H", "holds": "H", "stand": "H", "stands": "H",
    "-": "-", "to": "-", "m": "-", "move": "-", "moves": "-", "attack": "-", "attacks": "-",
    "s": "S", "sup": "S", "support": "S", "supports": "S",
    "c": "C", "convoy": "C", "convoys": "C", "via": "VIA",
    "r": "R", "retreat": "R", "retreats": "R",
    "d": "D", "disband": "D", "disbands": "D",
    "b": "B", "build": "B", "builds": "B",
    "remove": "REMOVE", "removes": "REMOVE", "waive": "W", "waives": "W",
}
_COAST_WORDS = {"north": "nc", "south": "sc", "east": "ec", "west": "wc"}
_PHASES = ("movement", "retreat", "adjustment", None)


_ARROWS = re.compile(r"[–—→]|->|=>|>")
_COAST_IN_BRACKETS = re.compile(r"\s*\(\s*(north|south|east|west)\s+coast\s*\)")
_COAST_CODE = re.compile(r"\s*[/(]\s*(nc|sc|ec|wc)\s*\)?")
_COAST_PHRASE = re.compile(r"\s+(north|south|east|west)\s+coast\b")
_SPACE_BEFORE_COAST = re.compile(r"(?<=[a-z])\s+/(?=[nsew]c)")
_CODE_THEN_COAST = re.compile(r"\b([a-z]{3})\s+(nc|sc|ec|wc)\b")
_WORDS = re.compile(r"[a-z][a-z.']*(?:/[nsew]c)?|-|[^\sa-z]+")
# how many parsed lines are kept: a phase's sheets are read when submitted, when shown and when
# adjudicated, each time the same text on the same map
PARSED_KEPT = 4096


@lru_cache(maxsize=8)
def _phrases(dmap: DiplomacyMap) -> list[tuple[str, re.Pattern, str]]:
    """Multi-word names and aliases, longest first, as (alias, pattern, code) to replace by codes."""
    names = {alias: code for alias, code in dmap.aliases.items() if re.search(r"[^a-z]", alias)}
    out = []
    for alias in sorted(names, key=len, reverse=True):
        pattern = re.compile(r"(?<![a-z/])" + re.escape(alias) + r"(?![a-z])")
        out.append((alias, pattern, f" {names[alias]} "))
    return out


def _normalise(text: str, dmap: DiplomacyMap) -> str:
    text = text.lower().strip()
    text = _ARROWS.sub(" - ", text)
    # coasts: "(north coast)", "(nc)", "/nc", " nc", "north coast" all become "/nc"
    if "(" in text:
        text = _COAST_IN_BRACKETS.sub(lambda m: "/" + _COAST_WORDS[m.group(1)], text)
    text = _COAST_CODE.sub(r"/\1", text)
    if "coast" in text:
        text = _COAST_PHRASE.sub(lambda m: "/" + _COAST_WORDS[m.group(1)], text)
    for alias, pattern, code in _phrases(dmap):
        if alias in text:       # a pattern can only match where its alias is written
            text = pattern.sub(code, text)
    text = _SPACE_BEFORE_COAST.sub("/", text)
    text = _CODE_THEN_COAST.sub(r"\1/\2", text)
    return text


_PLAIN = re.compile(r"[a-z]+(?:/[nsew]c)?(?: (?:[a-z]+(?:/[nsew]c)?|-))*")
_COAST_WORDS_ALONE = frozenset(("nc", "sc", "ec", "wc", "coast"))


@lru_cache(maxsize=8)
def _codes(dmap: DiplomacyMap) -> dict[str, str]:
    """The map's own codes of provinces and coasts (each reads as itself), by their label as
    orders write it (`Par`, `Spa/nc`)."""
    return {dmap.label(code): code for code in [*dmap.provinces, *dmap.coast_names]}


@lru_cache(maxsize=8)
def _alias_starts(dmap: DiplomacyMap) -> dict[str, tuple[str, ...]]:
    """The multi-word names and aliases by their first word."""
    out: dict[str, list[str]] = {}
    for alias, _, _ in _phrases(dmap):
        out.setdefault(alias.split(" ")[0], []).append(alias)
    return {word: tuple(aliases) for word, aliases in out.items()}


def _plain(text: str, dmap: DiplomacyMap) -> list[str] | None:
    """The words of a line `_normalise` would leave as it is (`A Par - Bur`, `F Mao - Spa/nc`:
    how sheets store orders), or None. A name of several words can only begin at a word that
    begins one, so only those names are looked for."""
    lowered = text.lower().strip()
    if not _PLAIN.fullmatch(lowered):
        return None
    words = lowered.split(" ")
    if not _COAST_WORDS_ALONE.isdisjoint(words):
        return None
    starts = _alias_starts(dmap)
    for word in starts.keys() & words:
        for alias in starts[word]:
            if alias in lowered:
                return None
    return words


def tokenize(text: str, dmap: DiplomacyMap) -> list[tuple[str, str]]:
    """Words as (kind, value): kind is a keyword, 'LOC' (value: location code) or 'UNIT'."""
    if len(text) > MAX_ORDER_LENGTH:
        raise UnreadableOrder(f"an order is at most {MAX_ORDER_LENGTH} characters", text[:40] + "…")
    words = _plain(text, dmap)
    if words is not None:              # plain words are never punctuation: each is a token
        return list(map(_token, words, repeat(dmap)))
    tokens = map(_token, _WORDS.findall(_normalise(text, dmap)), repeat(dmap))
    return [token for token in tokens if token is not None]


@lru_cache(maxsize=PARSED_KEPT)
def _token(word: str, dmap: DiplomacyMap) -> tuple[str, str] | None:
    """One word as a token (None: punctuation to skip); an unknown word raises (not kept)."""
    if word in (".", ",", ":", ";"):
        return None
    loc = dmap.lookup(word) if word not in ("a", "f", "h", "s", "c", "d", "r", "b", "m") else None
    if word in _KEYWORDS and loc is None:
        kind = _KEYWORDS[word]
        return ("UNIT", kind) if kind in ("A", "F") else (kind, word)
    if loc is not None:
        return ("LOC", loc)
    if "/" in word and dmap.lookup(word.split("/")[0]):
        raise UnreadableOrder(f"`{word.split('/')[0]}` has no {word.split('/')[1]} coast")
    if (loc := dmap.lookup_prefix(word)) is not None:
        return ("LOC", loc)
    raise UnreadableOrder(f"`{word}` is not a place on this map or an order word" + did_you_mean(dmap.closest(word)))


def parse_order(text: str, dmap: DiplomacyMap, phase: str | None = None) -> Order:
    """Read one order. `phase` ('movement', 'retreat', 'adjustment') settles `-` and `disband`."""
    if phase not in _PHASES:
        raise ValueError(phase)
    if not text or text.isspace():
        raise UnreadableOrder("empty order", text)
    return _parsed(text, dmap, phase)


@lru_cache(maxsize=PARSED_KEPT)
def _parsed(text: str, dmap: DiplomacyMap, phase: str | None) -> Order:
    """An order is an immutable value, so a line read once is read for good (a refusal is not
    kept: it raises each time)."""
    try:
        stored = _stored_form(text, dmap, phase)
        if stored is not None:
            return stored
        tokens = tokenize(text, dmap)
        return _shaped(tokens, phase) or _Reader(tokens, phase).order()
    except OrderError as exc:
        if exc.line is None:
            raise exc.at_line(text.strip()) from None
        raise


def forget_read_orders() -> None:
    """Forget every line read so far (a benchmark reading each phase from scratch)."""
    _parsed.cache_clear()


def parse_order_general(text: str, dmap: DiplomacyMap, phase: str | None = None) -> Order:
    """`parse_order` without its shortcuts (the plain-line tokenizer, the common shapes and the
    cache): the general reader, which those shortcuts must always agree with."""
    if phase not in _PHASES:
        raise ValueError(phase)
    if not text or not text.strip():
        raise UnreadableOrder("empty order", text)
    try:
        if len(text) > MAX_ORDER_LENGTH:
            tokenize(text, dmap)       # raises: too long
        words = _WORDS.findall(_normalise(text, dmap))
        tokens = [token for token in (_token.__wrapped__(word, dmap) for word in words) if token is not None]
        return _Reader(tokens, phase).order()
    except OrderError as exc:
        if exc.line is None:
            raise exc.at_line(text.strip()) from None
        raise


_LABEL = r"[A-Z][a-z]{2}(?:/[nsew]c)?"
# a movement order exactly as `Order.text()` writes it (how sheets store orders)
_STORED = re.compile(rf"([AF]) ({_LABEL})(?: (H)| - ({_LABEL})( via convoy)?| S (?:([AF]) )?({_LABEL})"
                     rf"(?: - ({_LABEL}))?| C A ({_LABEL}) - ({_LABEL}))")


def _stored_form(text: str, dmap: DiplomacyMap, phase: str | None) -> Order | None:
    """A movement order written exactly as sheets store it (`A Mun S A Par - Bur`), read
    directly; None for anything else, which the general reader reads (and which reads the same
    lines the same way: the places are the map's own codes, and no name of several words can
    begin at one of them in such a line)."""
    if phase not in ("movement", None):
        return None
    found = _STORED.fullmatch(text)
    if found is None:
        return None
    kind, here, hold, dest, via, target_kind, target, target_dest, army, army_dest = found.groups()
    codes = _codes(dmap)
    try:
        if hold:
            places: tuple[str, ...] = (codes[here],)
            order: Order = Hold(kind, places[0])
        elif dest:
            places = (codes[here], codes[dest])
            order = Move(kind, places[0], places[1], bool(via))
        elif target:
            places = (codes[here], codes[target], codes[target_dest]) if target_dest else (codes[here], codes[target])
            order = Support(kind, places[0], places[1], places[2] if target_dest else None, target_kind)
        else:
            places = (codes[here], codes[army], codes[army_dest])
            order = Convoy(kind, *places)
    except KeyError:
        return None              # not one of the map's own codes: the general reader says what it is
    starts = _alias_starts(dmap)
    if not starts.keys().isdisjoint(places):
        lowered = text.lower()
        if any(alias in lowered for place in places for alias in starts.get(place, ())):
            return None
    return order


# The movement orders as sheets store them, by the kinds of their tokens: read without the
# general reader (which gives the same order for them in a movement phase or with no phase).
_SHAPES = {
    ("UNIT", "LOC", "-", "LOC"): lambda v: Move(v[0], v[1], v[3], False),
    ("UNIT", "LOC", "-", "LOC", "VIA", "C"): lambda v: Move(v[0], v[1], v[3], True),
    ("UNIT", "LOC", "H"): lambda v: Hold(v[0], v[1]),
    ("UNIT", "LOC", "S", "UNIT", "LOC"): lambda v: Support(v[0], v[1], v[4], None, v[3]),
    ("UNIT", "LOC", "S", "UNIT", "LOC", "-", "LOC"): lambda v: Support(v[0], v[1], v[4], v[6], v[3]),
    ("UNIT", "LOC", "S", "LOC"): lambda v: Support(v[0], v[1], v[3], None, None),
    ("UNIT", "LOC", "S", "LOC", "-", "LOC"): lambda v: Support(v[0], v[1], v[3], v[5], None),
    ("UNIT", "LOC", "C", "UNIT", "LOC", "-", "LOC"): lambda v: Convoy(v[0], v[1], v[4], v[6]) if v[3] == "A" else None,
}


def _shaped(tokens: list[tuple[str, str]], phase: str | None) -> Order | None:
    if phase not in ("movement", None):
        return None
    if not tokens:
        return None
    kinds, values = zip(*tokens)
    build = _SHAPES.get(kinds)
    return build(values) if build else None


class _Reader:
    def __init__(self, tokens: list[tuple[str, str]], phase: str | None):
        self.tokens = tokens
        self.pos = 0
        self.phase = phase

    def peek(self, offset: int = 0) -> str | None:
        index = self.pos + offset
        return self.tokens[index][0] if index < len(self.tokens) else None

    def take(self, kind: str, what: str) -> str:
        if self.peek() != kind:
            found = self.tokens[self.pos][1] if self.pos < len(self.tokens) else "the end of the order"
            raise UnreadableOrder(f"expected {what}, found `{found}`")
        value = self.tokens[self.pos][1]
        self.pos += 1
        return value

    def optional(self, kind: str) -> str | None:
        if self.peek() == kind:
            return self.take(kind, kind)
        return None

    def done(self) -> None:
        if self.pos < len(self.tokens):
            raise UnreadableOrder(f"unexpected `{self.tokens[self.pos][1]}` after a complete order")

    def order(self) -> Order:
        if not self.tokens:
            raise UnreadableOrder("empty order")
        first = self.peek()
        if first == "W":
            self.pos += 1
            self.done()
            return Waive()
        if first == "B":
            self.pos += 1
            unit = self.optional("UNIT")
            loc = self.take("LOC", "the place to build in")
            unit = unit or self.optional("UNIT")
            if unit is None:
                raise UnreadableOrder("say what to build: `Build A <place>` or `Build F <place>`")
            self.done()
            return Build(unit, loc)
        if first in ("REMOVE", "D"):
            self.pos += 1
            unit = self.optional("UNIT")
            loc = self.take("LOC", "the unit's place")
            self.done()
            return Disband(unit, loc) if self.phase == "retreat" else Remove(unit, loc)
        unit = self.optional("UNIT")
        loc = self.take("LOC", "a unit type (A/F) or the unit's place")
        verb = self.peek()
        if verb is None or verb == "H":
            self.pos += 1 if verb else 0
            self.done()
            if self.phase == "adjustment":
                raise UnreadableOrder("in an adjustment phase order `Build A <place>`, `Remove A <place>` or `Waive`")
            return Hold(unit, loc)
        self.pos += 1
        if verb == "-":
            return self._move(unit, loc)
        if verb == "R":
            dest = self.take("LOC", "where to retreat to")
            self.done()
            return Retreat(unit, loc, dest)
        if verb == "B":   # `A Ber build` (the DATC JSON's word order)
            self.done()
            if unit is None:
                raise UnreadableOrder("say what to build: `Build A <place>` or `Build F <place>`")
            return Build(unit, loc)
        if verb in ("D", "REMOVE"):
            self.done()
            return Remove(unit, loc) if self.phase == "adjustment" else Disband(unit, loc)
        if verb == "S":
            target_unit = self.optional("UNIT")
            target = self.take("LOC", "the place of the unit to support")
            if self.optional("-"):
                dest = self.take("LOC", "where the supported unit moves")
                self.done()
                return Support(unit, loc, target, dest, target_unit)
            self.optional("H")
            self.done()
            return Support(unit, loc, target, None, target_unit)
        if verb == "C":
            army_unit = self.optional("UNIT")
            if army_unit == "F":
                raise UnreadableOrder("only armies can be convoyed")
            army = self.take("LOC", "the place of the army to convoy")
            self.take("-", "`-` and the convoy's destination")
            dest = self.take("LOC", "the convoy's destination")
            self.done()
            return Convoy(unit, loc, army, dest)
        raise UnreadableOrder(f"`{self.tokens[self.pos - 1][1]}` cannot follow a unit; "
                         "expected H, -, S, C, R or D")

    def _move(self, unit: str | None, loc: str) -> Order:
        dest = self.take("LOC", "where to move")
        via = False
        # `A Lon - Nth - Nwy`: a convoy route written out; the last place is the destination
        while self.optional("-"):
            dest = self.take("LOC", "the next place of the route")
            via = True
        if self.optional("VIA"):
            self.take("C", "`convoy` after `via`")
            via = True
        self.done()
        if self.phase == "retreat":
            if via:
                raise UnreadableOrder("a retreat cannot be convoyed")
            return Retreat(unit, loc, dest)
        return Move(unit, loc, dest, via)
