"""A phase's results as the service posts them: the engine's report has one section per power
(a header line `**Power**…` and its lines, see `engine.diplomacy.report`); here it is split
into Discord-sized parts by power — a power's section is never cut unless it alone is over the
limit, and a line is never cut unless it alone is — and a seat's own sections are put first.
"""
from __future__ import annotations

import re
from typing import Iterable

MESSAGE_LIMIT = 2000
_HEADER = re.compile(r"^\*\*(?P<power>[^*]+)\*\*")


def power_of_header(line: str) -> str | None:
    """The power a section header line names (`**Austria** (Central)` -> Austria), else None."""
    found = _HEADER.match(line)
    return found["power"].strip() if found else None


def blocks(text: str) -> list[str]:
    """The text cut before each power's header: the lines before the first header, then each
    power's section, then (after a blank line) whatever follows."""
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if power_of_header(line) is not None and out[-1]:
            out.append([])
        elif not line.strip() and out[-1] and power_of_header(out[-1][0]) is not None:
            out.append([])          # a blank line ends a power's section
        out[-1].append(line)
    return ["\n".join(b) for b in out if b]


def sections(report: str) -> dict[str, str]:
    """Power -> its section of a report (header included)."""
    return {power_of_header(b): b for b in blocks(report) if power_of_header(b) is not None}


def own_first(report: str, powers: Iterable[str]) -> str:
    """The report with the sections of `powers` (a seat's) moved to the top, in the report's order."""
    powers = set(powers)
    parts = blocks(report)
    mine = [b for b in parts if power_of_header(b) in powers]
    return "\n".join(mine + [b for b in parts if b not in mine])


def own_results(report: str, powers: Iterable[str]) -> str:
    """Only the sections of `powers` (empty when the report has none of theirs)."""
    powers = set(powers)
    return "\n".join(b for b in blocks(report) if power_of_header(b) in powers)


def message_parts(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """`text` in parts of at most `limit` characters: whole power sections packed together; a
    section over the limit is split between its lines, a line over it (never seen in a report)
    between characters. Never an empty part."""
    out: list[str] = []
    current = ""
    for block in blocks(text) or [text]:
        pieces = [block] if len(block) <= limit else _lines(block, limit)
        for piece in pieces:
            joined = f"{current}\n{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
            else:
                if current:
                    out.append(current)
                current = piece
    if current or not out:
        out.append(current or "\u200b")
    return out


def _lines(block: str, limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for line in block.splitlines():
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) <= limit:
            current = joined
        else:
            out.append(current)
            current = line
    if current:
        out.append(current)
    return out


# The one wording for how a turn is finished, in briefs, refusals and help (`/done` is the same
# command under its Axis & Allies name).
FINISH_TURN = "Write them here, one per line, then `/ready`."


def seat_powers(variant, state, seat: str) -> tuple[str, ...]:
    """The powers a seat orders (a side's powers in rx07), else the seat itself."""
    powers_of = getattr(variant, "powers_of", None)
    return tuple(powers_of(state, seat)) if powers_of is not None else (seat,)


def seat_results(variant, state, seat: str, results: tuple[str, str] | None) -> str:
    """The head of a seat's brief: its own sections of the results of the phase just played,
    or nothing when the report has none of its powers."""
    if results is None:
        return ""
    label, report = results
    mine = own_results(report, seat_powers(variant, state, seat))
    if not mine:
        return ""
    return f"Your results of **{label}** (every power's are in the game channel):\n{mine}\n\n"

