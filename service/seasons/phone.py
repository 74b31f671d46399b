"""Text a player reads on a phone: no line longer than 40 characters (a phone shows about that
many in a Discord message without wrapping), powers by short names, numbers without noise."""
from __future__ import annotations

from typing import Iterable, Sequence

WIDTH = 40
SHORT = {"Austria": "Aus", "England": "Eng", "France": "Fra", "Germany": "Ger", "Italy": "Ita", "Russia": "Rus",
         "Turkey": "Tur", "Austria-Hungary": "A-H", "British Empire": "UK", "Ottoman Empire": "Ott",
         "United States": "USA", "Entente": "Ent", "Central": "Cen", "Central Powers": "CP", "Allies": "All"}


def short_names(names: Sequence[str]) -> dict[str, str]:
    """A short name (at most 3 characters) for each name, all different."""
    out: dict[str, str] = {}
    for name in names:
        if name in out:
            continue
        short = SHORT.get(name) or name[:3].title()
        base, n = short, 2
        while short in out.values():
            short, n = f"{base[:2]}{n}", n + 1
        out[name] = short
    return out


def number(value: float) -> str:
    """12, 33.33, 1.4: whole numbers bare, others to two decimals without trailing zeros."""
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def clip(text: str, width: int) -> str:
    """`text` on one line of at most `width` characters (its indent kept, the end cut with …)."""
    text = str(text)
    indent = text[:len(text) - len(text.lstrip(" "))]
    text = indent + " ".join(text.split())
    return text if len(text) <= width else text[:max(1, width - 1)] + "…"


def wrap(items: Iterable[str], indent: str = " ", sep: str = " · ", width: int = WIDTH,
         first: str | None = None) -> list[str]:
    """Items joined on lines of at most `width` characters (an item too long is clipped); the
    first line starts with `first` (default: `indent`), the others with `indent`."""
    lines: list[str] = []
    current = ""
    for item in items:
        lead = indent if lines or current else (indent if first is None else first)
        item = clip(item, width - len(lead))
        if current and len(current) + len(sep) + len(item) <= width:
            current += sep + item
        else:
            if current:
                lines.append(current)
            current = lead + item
    if current:
        lines.append(current)
    return lines


def unclear(names: Sequence[str], short: dict[str, str]) -> list[str]:
    """The names whose short name is not simply their start (`A-H`, `UK`), to explain once."""
    return [name for name in names if not name.lower().startswith(short[name].lower())]


def fold(text: str, width: int = WIDTH) -> list[str]:
    """A sentence on as many lines of at most `width` characters as it needs, broken at spaces."""
    lines: list[str] = []
    for word in str(text).split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(clip(word, width))
    return lines


def fits(text: str, width: int = WIDTH) -> bool:
    """Every line of `text` at most `width` characters (the phone rule, for tests and asserts)."""
    return all(len(line) <= width for line in text.splitlines())
