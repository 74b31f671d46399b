"""The lines of an A&A turn's report a player would retell at the end of the game: collapses and
recoveries, minors joining a side (by mobilization or the auction), capitals taken, the United
States entering the war, Unrestricted Submarine Warfare, Italy's choice and Spain's entry.

The report's own words are kept, each line cut to its headline (the part before a `:` or `(` that
only adds numbers) so a phone shows it on a line or two. The lines are written by `battles.py`
(minors, capitals), `turn.py` (collapses, the United States), `core_orders.py` (USW), `italy.py`
and the house options `italian_dilemma` and `spain_balance` (Italy, Spain), `auction.py`.
"""
from __future__ import annotations

import re

# (line start, words one of which it must hold) — a line's emoji says what kind of news it is
KEY_LINES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("📉", ("economic collapse",)),
    ("📈", ("recovers",)),
    ("🏳️", ("political collapse", "mobilizes for", "stays neutral")),
    ("⚔️", ("mobilizes against", "raises its own army")),
    ("🏛️", ("captures the capital",)),
    ("🌊", ("declares Unrestricted Submarine Warfare",)),
    ("🇺🇸", ("enters the war",)),
    ("🇮🇹", ("joins", "defects", "attacks", "deal is broken")),
    ("🇪🇸", ("enters the war",)),
    ("🤝", ("aligns with",)),
)
HEADLINE = 24          # a cut keeps at least this many characters


def headline(line: str) -> str:
    """A report line cut before what only adds numbers (`: no purchases…`, `(deal with …`)."""
    found = re.search(r": | \(", line)
    if found is not None and found.start() >= HEADLINE:
        return line[:found.start()].rstrip(".") + "."
    return line


def key_events(report: str) -> list[str]:
    """The key lines of one turn's report, in its order, each as its headline."""
    found = []
    for line in report.splitlines():
        text = line.strip()
        if line.startswith(" ") or not text:
            continue            # a battle's details
        if any(text.startswith(mark) and any(word in text for word in words) for mark, words in KEY_LINES):
            found.append(headline(text))
    return found
