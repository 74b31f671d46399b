"""The rulings as players read them in Discord and the console (`/rules ruling:<topic>`): read at
run time from the project's own docs/rulings.md — the one source, so what the bot quotes and
what the repository documents never differ. Each `### topic` becomes a ruling with its quote(s)
and reading; its section (`## …`) says which games it belongs to. The lines naming the tests
(`*Test:* …`) are for developers and left out.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import NotFound

log = logging.getLogger("dispatch.rulings")
RULINGS_FILE = Path(__file__).resolve().parent.parent / "docs" / "rulings.md"
PAGE = 15          # topics listed on one page of `/rules ruling:list`

# The games each section of docs/rulings.md is about ("*": every game).
_DIPLOMACY = ("rx07", "classic", "france_austria", "england_turkey")
SECTION_GAMES = (("Platform", ("*",)), ("World War I Diplomacy", ("rx07",)), ("Diplomacy adjudication", _DIPLOMACY),
                 ("Classic Diplomacy", ("classic", "france_austria", "england_turkey")),
                 ("Axis & Allies", ("aa1914",)), ("House Rules", ("aa1914",)))
_TEST_LINE = re.compile(r"^\*Tests?:\*")


@dataclass(frozen=True)
class Ruling:
    section: str
    topic: str
    text: str                        # the quote(s) and the reading, as in docs/rulings.md
    games: tuple[str, ...]

    def applies_to(self, variant: str | None) -> bool:
        return variant is None or "*" in self.games or variant in self.games

    def shown(self) -> str:
        return f"**{self.topic}** ({short(self.section)})\n{self.text}"


def parse_rulings(markdown: str) -> tuple[Ruling, ...]:
    """Every `### topic` under its `## section`, with its text minus the test references."""
    out: list[Ruling] = []
    section, topic, lines = "", None, []

    def close() -> None:
        if topic is not None:
            text = "\n".join(_tidy(line) for line in lines if not _TEST_LINE.match(line.strip())).strip()
            games = next((g for prefix, g in SECTION_GAMES if section.startswith(prefix)), ("*",))
            out.append(Ruling(section, topic, re.sub(r"\n{3,}", "\n\n", text), games))

    for line in markdown.splitlines():
        if line.startswith("## "):
            close()
            # a section's own text (the DATC readings) is a ruling named after the section
            section, topic, lines = line[3:].strip(), line[3:].strip(), []
        elif line.startswith("### "):
            if topic != section or len("\n".join(lines).strip()) > 200:
                close()
            topic, lines = line[4:].strip(), []
        elif topic is not None:
            lines.append(line)
    close()
    return tuple(r for r in out if r.text)


def short(section: str) -> str:
    """`Axis & Allies 1914 (Tournament Rules, seeds …)` -> `Axis & Allies 1914`."""
    return re.split(r" \(|, ", section)[0]


def _tidy(line: str) -> str:
    """A line as Discord shows it well: a sentence's trailing test reference dropped."""
    return re.sub(r"\s*\*Tests?:\*.*$", "", line)


@lru_cache(maxsize=1)
def all_rulings() -> tuple[Ruling, ...]:
    """The rulings of docs/rulings.md (none, logged, if an installation left the file out)."""
    try:
        return parse_rulings(RULINGS_FILE.read_text(encoding="utf-8"))
    except OSError:
        log.error("cannot read %s: /rules ruling has no topics", RULINGS_FILE)
        return ()


def rulings_for(variant: str | None) -> list[Ruling]:
    return [r for r in all_rulings() if r.applies_to(variant)]


def ruling_choices(variant: str | None, typed: str) -> list[str]:
    """Topics matching what was typed (for the autocomplete), at most 24: Discord shows 25 choices
    and the autocomplete puts `list` first."""
    key = typed.lower().strip()
    return [r.topic for r in rulings_for(variant) if key in r.topic.lower() or key in r.section.lower()][:24]


def ruling_text(variant: str | None, wanted: str) -> str:
    """One ruling with its quote; `list` (or `list 2`): a page of the topics there are."""
    words = wanted.lower().split()
    found = rulings_for(variant)
    if not words or words[0] == "list":
        page = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
        return rulings_page(variant, page)
    key = " ".join(words)
    exact = [r for r in found if r.topic.lower() == key]
    close = exact or [r for r in found if key in r.topic.lower()]
    if len(close) == 1:
        return close[0].shown()
    if close:
        return "Several rulings match: " + "; ".join(f"`{r.topic}`" for r in close[:10]) + \
            ". Name one: `/rules ruling:<topic>`."
    raise NotFound(f"no ruling about `{wanted[:60]}`" + (f" for {variant}" if variant else "")
                   + "; `/rules ruling:list` lists them")


def rulings_page(variant: str | None, page: int = 1) -> str:
    found = rulings_for(variant)
    pages = max(1, -(-len(found) // PAGE))
    page = min(max(page, 1), pages)
    shown = found[(page - 1) * PAGE: page * PAGE]
    head = f"**Rulings**{f' for {variant}' if variant else ''} — page {page} of {pages} ({len(found)} topics). " \
           f"`/rules ruling:<topic>` shows one with its quote."
    more = f"\nNext: `/rules ruling:list {page + 1}`" if page < pages else ""
    lines, heading = [head], None
    for r in shown:
        if short(r.section) != heading:
            heading = short(r.section)
            lines.append(f"__{heading}__")
        lines.append(f"• {r.topic}")
    return "\n".join(lines) + more


def rulings_hint(variant: str | None) -> str:
    """The line `/rules` ends with: where the readings of unclear rules are, in Discord's words."""
    n = len(rulings_for(variant))
    return (f"Every reading of an unclear rule, with its quote: `/rules ruling:<topic>` "
            f"({n} topics; `/rules ruling:list` lists them).")
