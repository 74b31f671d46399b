"""A Diplomacy phase's results as players read them: grouped by power, each power under its own
header line (`**Austria**`), its lines in the order moves, supports (and convoys), holds, each
marked ✓ (carried out) or ✗ (failed) with the reason for a failure in words: "bounced with A Mun
(Germany)", "cut by A Boh (Germany)", "dislodged by A War (Russia); may retreat to Gal or Sil".
Lines that no order produced (a removal by civil disorder, builds waived) are marked •.

The same text is read back by `read_report` (the DATC checks read the game's verdicts from it)
and split into its power sections by the service (`service.reports`).
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from .map import DiplomacyMap, province_of
from .movement import MovementResult
from .orders import Move, Order, Unit

HEADER = re.compile(r"^\*\*(?P<power>[^*]+)\*\*(?P<note>.*)$")
LINE = re.compile(r"^(?P<mark>[✓✗•]) (?P<text>.+?)(?: — (?P<why>.*))?$")
# the order of a power's lines: moves, supports and convoys, holds, then what no order did
_RANK = {"move": 0, "support": 1, "convoy": 1, "hold": 2}
_VERB_RANK = {"-": 0, "S": 1, "C": 1}        # the same, by the word after the unit
HOLDS = "held: "


def order_kind(text: str) -> str:
    """`A Vie - Bud` is a move, `A Mun S …` a support, `F Nth C …` a convoy, anything else a hold."""
    words = text.split()
    if len(words) > 2 and words[2] == "-":
        return "move"
    if len(words) > 2 and words[2] == "S":
        return "support"
    if len(words) > 2 and words[2] == "C":
        return "convoy"
    return "hold"


def _who(unit: Unit) -> str:
    return f"{unit} ({unit.power})"


def _either(places: Sequence[str]) -> str:
    return places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]


def movement_lines(dmap: DiplomacyMap, units: Mapping[str, Unit], given: Iterable[tuple[str, Order]],
                   result: MovementResult, retreats: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Power -> its result lines, from the resolver's outcomes and the orders given: who a move
    bounced with, who cut a support, who dislodged a unit and where it may retreat (`retreats`:
    province -> the labels of its retreats, empty when it is destroyed)."""
    movers: dict[str, list[str]] | None = None   # destination province -> provinces moving there
    # power -> its moves, its supports and convoys, its other holds, the units that held
    ranked: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {}
    dislodged = result.dislodged
    for unit, text, ok, why in result.outcomes:
        words = text.split(" ", 3)
        verb = words[2] if len(words) > 2 else ""
        lists = ranked.get(unit.power)
        if lists is None:
            ranked[unit.power] = lists = ([], [], [], [])
        if not why:              # nothing to explain (a dislodged unit always has a reason)
            if ok and verb == "H" and len(words) == 3:
                lists[3].append(f"{words[0]} {words[1]}")     # the holds that stood: one line
            else:
                lists[_VERB_RANK.get(verb, 2)].append(("✓ " if ok else "✗ ") + text)
            continue
        prov = unit.province
        kind = "move" if verb == "-" else "support" if verb == "S" else "convoy" if verb == "C" else "hold"
        reasons = [part for part in why.split("; ") if part and not part.startswith("dislodged from")] \
            if why else []
        if reasons and movers is None and ("bounced" in reasons or "cut" in reasons):
            movers = _movers(units, given)
        if kind == "move" and "bounced" in reasons:
            dest = province_of(text.split()[3].lower()) if len(text.split()) > 3 else ""
            others = [units[q] for q in movers.get(dest, ()) if q != prov]
            staying = units.get(dest)
            if staying is not None and dest not in result.moved and staying not in others:
                others.insert(0, staying)
            if others:
                reasons[reasons.index("bounced")] = "bounced with " + ", ".join(_who(u) for u in others)
        if kind == "support" and "cut" in reasons:
            cutters = [units[q] for q in movers.get(prov, ())]
            if cutters:
                reasons[reasons.index("cut")] = "cut by " + ", ".join(_who(u) for u in cutters)
        if prov in dislodged:
            by = units.get(dislodged[prov].attacker_from)
            where = retreats.get(prov, ())
            reasons.append((f"dislodged by {_who(by)}" if by else "dislodged")
                           + (f"; may retreat to {_either(where)} or disband" if where
                              else "; nowhere to retreat: destroyed"))
        line = f"{'✓' if ok else '✗'} {text}" + (f" — {', '.join(reasons)}" if reasons else "")
        lists[_RANK[kind]].append(line)
    out = {}
    for power, (moves, supports, holds, held) in ranked.items():
        # the holds that stood are one line: a phone shows a power's results without scrolling
        out[power] = moves + supports + holds + ([f"✓ {HOLDS}{', '.join(held)}"] if held else [])
    return out


def _movers(units: Mapping[str, Unit], given: Iterable[tuple[str, Order]]) -> dict[str, list[str]]:
    """Destination province -> the provinces of the units ordered to move there."""
    movers: dict[str, list[str]] = {}
    for _, order in given:
        if isinstance(order, Move) and province_of(order.loc) in units:
            movers.setdefault(province_of(order.dest), []).append(province_of(order.loc))
    return movers


def grouped(lines: Iterable[str]) -> dict[str, list[str]]:
    """Retreat and adjustment lines (`Power: what happened`) by power, each with its mark."""
    out: dict[str, list[str]] = {}
    for line in lines:
        power, sep, what = line.partition(": ")
        if not sep or " " in power:
            continue
        out.setdefault(power, []).append(_mark(what))
    return out


def _mark(what: str) -> str:
    """✓ for an order carried out, ✗ for one that failed, • for what no order did."""
    if " fails: " in what or " cannot " in what or "bounced" in what:
        return "✗ " + what.replace(" fails: ", " — ", 1).replace(": disbanded", " — disbanded", 1)
    if "(civil disorder" in what or " waived" in what or "no retreat order" in what:
        return "• " + what
    return "✓ " + what


def render(sections: Mapping[str, Sequence[str]], order: Sequence[str], label: Mapping[str, str],
           notes: Mapping[str, str] = {}) -> str:
    """The sections as text: each power under its header, in table order."""
    parts = []
    for power in list(order) + sorted(p for p in sections if p not in order):
        if power in sections and sections[power]:
            extra = label.get(power, "")
            note = notes.get(power, "")
            parts.append(f"**{power}**{extra}{' — ' + note if note else ''}\n" + "\n".join(sections[power]))
    return "\n".join(parts)


def read_report(report: str) -> list[tuple[str, bool, str, str]]:
    """(power, carried out?, order text, reason) for every marked line of a report."""
    out, power = [], ""
    for line in report.splitlines():
        header = HEADER.match(line)
        if header:
            power = header["power"].strip()
            continue
        found = LINE.match(line)
        if found and power and found["text"].startswith(HOLDS):
            out.extend((power, found["mark"] == "✓", f"{unit} H", "")
                       for unit in found["text"][len(HOLDS):].split(", "))
        elif found and power:
            out.append((power, found["mark"] == "✓", found["text"], found["why"] or ""))
    return out
