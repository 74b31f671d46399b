"""Standings as a phone reads them: each player on two short lines — the place and the player (a
mention, which Discord shows as the member's name), then the numbers — and, when equal points
were separated by a tie-break, a third line naming it. No line of numbers is longer than 40
characters (`phone.WIDTH`); a table past 20 players is shown a page at a time, the footer saying
how to see the next page."""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import BadInput
from .phone import clip, number

PER_PAGE = 20


@dataclass(frozen=True)
class Line:
    """One player of a table: their place, who, the numbers, and the tie-break that placed them
    below the player above on equal points (None when the points did)."""

    place: int
    player: int
    numbers: str
    tie: str | None = None


def page_count(rows: int, per_page: int = PER_PAGE) -> int:
    return max(1, -(-rows // per_page))


def check_page(page: int | None, rows: int, per_page: int = PER_PAGE) -> int:
    """The page asked for (1 by default), or BadInput naming the pages there are."""
    pages = page_count(rows, per_page)
    page = 1 if page is None else page
    if isinstance(page, bool) or not isinstance(page, int) or not 1 <= page <= pages:
        raise BadInput(f"page: a number from 1 to {pages}, not `{str(page)[:12]}`")
    return page


def ranked_lines(lines: Sequence[Line], page: int, per_page: int = PER_PAGE) -> list[str]:
    """The players of `page`, each on its two (or three) lines."""
    out: list[str] = []
    for line in lines[(page - 1) * per_page:page * per_page]:
        out.append(f"**{line.place}.** <@{line.player}>")
        out.append(clip(" " + line.numbers, 40))
        if line.tie:
            out.append(clip(f"  ↳ tie broken by {line.tie}", 40))
    return out


def footer(page: int, rows: int, next_hint: str, per_page: int = PER_PAGE) -> list[str]:
    """`Page 1 of 3` and how to ask for the next one (`next_hint` takes the page number)."""
    pages = page_count(rows, per_page)
    if pages == 1:
        return []
    following = page + 1 if page < pages else 1
    return [f"Page {page} of {pages} · next:", f"`{next_hint.format(page=following)}`"]


def note(text: str, width: int = 40) -> list[str]:
    """A sentence folded on lines a phone shows whole, never inside a `command` (a cited slash
    command stays on one line, whole, so it can be copied and the console can say it its way)."""
    words = re.findall(r"(?:`[^`]*`|[^\s`])+", str(text))
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def points(value: float) -> str:
    return number(round(value, 2))


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[object]]) -> bytes:
    """A CSV file (UTF-8, one header line) a spreadsheet opens as it is."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if value is None else value for value in row])
    return buffer.getvalue().encode()
