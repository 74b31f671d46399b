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
    """Topics matching what was typed (for the autocomplete), best first, at most 24: Discord
    shows 25 choices and the autocomplete puts `list` first. Any word of a ruling's title, text
    or section finds it (`ranked`)."""
    return [r.topic for r in ranked(variant, typed)][:24]


# Words a search passes over: nearly every ruling has them, so they tell none apart.
_STOP = frozenset("a an and are as at be by for from has have in into is it its may of on or that the their "
                  "there this to was were when which who with".split())


def _words(text: str) -> list[str]:
    """The words of a text as a search compares them: lower case, letters and digits, a plural's
    final `s` dropped (`fighters` finds `fighter`)."""
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-z0-9]+", text.lower())]


def _searched(typed: str) -> list[str]:
    """The words a search looks for: those typed, once each, without the stop words (unless
    nothing else was typed)."""
    typed_words = list(dict.fromkeys(_words(typed)))
    return [w for w in typed_words if w not in _STOP] or typed_words


def _found(word: str, words: set[str]) -> bool:
    """A typed word is found where a word starts with it (`flip` finds `flipped`; while typing,
    `coi` finds `coin`)."""
    return word in words or any(w.startswith(word) for w in words)


def _score(ruling: Ruling, wanted: list[str], phrase: str) -> tuple[bool, int, bool, int]:
    """How well a ruling matches, best highest: every word found; how many were; the typed text
    as a phrase of its title; how many words its title holds."""
    title = set(_words(ruling.topic))
    body = set(_words(ruling.text)) | set(_words(short(ruling.section)))
    found = sum(_found(w, title) or _found(w, body) for w in wanted)
    return found == len(wanted), found, phrase in ruling.topic.lower(), sum(_found(w, title) for w in wanted)


def _scored(variant: str | None, typed: str) -> list[tuple[tuple[bool, int, bool, int], Ruling]]:
    wanted, phrase = _searched(typed), " ".join(typed.lower().split())
    if not wanted:
        return []
    scored = [(_score(r, wanted, phrase), index, r) for index, r in enumerate(rulings_for(variant))]
    scored = [s for s in scored if s[0][1]]
    scored.sort(key=lambda s: (tuple(-int(x) for x in s[0]), s[1]))
    return [(score, ruling) for score, _, ruling in scored]


def ranked(variant: str | None, typed: str) -> list[Ruling]:
    """The rulings of `variant` with any word of `typed` in their title, text or section, best
    first: those holding every word, then those holding the most; among equals one whose title
    holds the typed text, then the most of its words, then the file's order. Nothing typed:
    every ruling, in the file's order."""
    if not _searched(typed):
        return rulings_for(variant)
    return [ruling for _, ruling in _scored(variant, typed)]


def ruling_text(variant: str | None, wanted: str) -> str:
    """One ruling with its quote; `list` (or `list 2`): a page of the topics there are. A ruling
    is found by its exact title, else by any words of its title or text (`italy coin` finds the
    coin flip): the best match is shown, naming the others that hold every word; when several
    match equally well, their topics are listed to choose from."""
    words = wanted.lower().split()
    if not words or words[0] == "list":
        page = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
        return rulings_page(variant, page)
    key = " ".join(words)
    exact = [r for r in rulings_for(variant) if r.topic.lower() == key]
    if exact:
        return exact[0].shown()
    scored = _scored(variant, wanted)
    if not scored:
        raise NotFound(f"no ruling mentions `{wanted[:60]}`" + (f" for {variant}" if variant else "")
                       + "; `/rules ruling:list` lists them")
    best = scored[0][0]
    tied = [ruling for score, ruling in scored if score == best]
    if len(tied) > 1:
        return "Several rulings match: " + "; ".join(f"`{r.topic}`" for r in tied[:10]) + \
            ". Name one: `/rules ruling:<topic>`."
    others = [ruling for score, ruling in scored[1:4] if score[0]]
    also = ("\nThese words are also in: " + "; ".join(f"`{r.topic}`" for r in others)) if others else ""
    return scored[0][1].shown() + also


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
