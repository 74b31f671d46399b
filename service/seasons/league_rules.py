"""What an organiser writes when creating a league or a tournament, read and checked: its name,
scoring system, the games it allows, its end, how it ranks and how abandoned games count. Each
reader raises `BadInput` naming the word that is wrong and what is allowed; nothing is written
before every word is read."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Mapping

from engine.errors import ScoringError
from engine.ratings.history import VARIANT_FAMILY
from engine.scoring import scoring_system
from engine.tournaments import LeagueRules

from ..errors import BadInput, clip
from .season_points import ABANDONED_RULES

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,39}")
FAMILIES = {"classic": ("classic", "france_austria", "england_turkey"), "rx07": ("rx07",), "aa1914": ("aa1914",)}
EVERY_VARIANT = tuple(VARIANT_FAMILY)
RANK_BY = ("points", "average")


def read_name(text: object, what: str = "league") -> str:
    """A league's or tournament's name: one word of letters, digits, `-` and `_` (the `league=`
    table setting names it), at most 40 characters."""
    word = str(text if text is not None else "").strip()
    if not NAME.fullmatch(word):
        raise BadInput(f"name: a {what}'s name is one word of letters, digits, - and _ (at most 40), such as "
                       f"`Spring-2025`; not `{clip(word, 40)}`")
    return word


def read_scoring(text: object, default: str = "dss") -> str:
    if text is None or not str(text).strip():
        return default
    try:
        return scoring_system(str(text).strip().lower()).key
    except ScoringError as exc:
        raise BadInput(f"scoring: {exc}") from None


def read_variants(text: object) -> tuple[str, ...]:
    """`classic,rx07` → the variant keys whose games count: a family (classic, rx07, aa1914: its
    variants) or a variant's own key, separated by commas or spaces; `all` (the default) for every
    game Dispatch rates."""
    words = [w for w in re.split(r"[\s,;/+]+", str(text or "").strip().lower()) if w]
    if not words or words == ["all"]:
        return EVERY_VARIANT
    found: list[str] = []
    for word in words:
        keys = FAMILIES.get(word) or ((word,) if word in VARIANT_FAMILY else None)
        if keys is None:
            raise BadInput(f"families: `{clip(word, 20)}` is not a family or a game; families: "
                           f"{', '.join(FAMILIES)}; games: {', '.join(EVERY_VARIANT)}; or `all`")
        found.extend(k for k in keys if k not in found)
    return tuple(found)


def read_end(text: object, today: date) -> str | None:
    """`2025-06-30`: the last day a game may be created for the league (None: open-ended)."""
    word = str(text or "").strip()
    if not word:
        return None
    try:
        day = date.fromisoformat(word)
    except ValueError:
        raise BadInput(f"ends: a day written YYYY-MM-DD, such as `{today.replace(day=28).isoformat()}`; not "
                       f"`{clip(word, 20)}`") from None
    if day < today:
        raise BadInput(f"ends: {day.isoformat()} has passed (today is {today.isoformat()} UTC)")
    return day.isoformat()


def read_choice(text: object, choices: tuple[str, ...], what: str) -> str:
    word = str(text or choices[0]).strip().lower()
    if word not in choices:
        raise BadInput(f"{what}: {' or '.join(f'`{c}`' for c in choices)}, not `{clip(word, 20)}`")
    return word


def read_count(value: object, what: str, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(f"{what}: a whole number from {low} to {high}, not `{clip(value, 12)}`")
    return value


@dataclass(frozen=True)
class LeagueInfo:
    """A league as stored."""

    id: int
    guild_id: int
    name: str
    scoring: str
    variants: tuple[str, ...]
    ends_on: str | None
    rank_by: str
    best: int | None
    min_games: int
    abandoned: str
    channel_id: int | None
    created_by: int
    created_at: str
    closed_at: str | None
    frozen: Any = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "LeagueInfo":
        return cls(row["id"], row["guild_id"], row["name"], row["scoring"], tuple(json.loads(row["variants"])),
                   row["ends_on"], row["rank_by"], row["best"], row["min_games"], row["abandoned"], row["channel_id"],
                   row["created_by"], row["created_at"], row["closed_at"],
                   json.loads(row["frozen"]) if row["frozen"] else None)

    @property
    def rules(self) -> LeagueRules:
        return LeagueRules(self.rank_by, self.best, self.min_games)

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    def allows(self, variant: str) -> bool:
        return variant in self.variants

    def games_words(self) -> str:
        """The games the league counts, by family where it takes a whole one."""
        if set(self.variants) >= set(EVERY_VARIANT):
            return "any game"
        words = []
        left = list(self.variants)
        for family, keys in FAMILIES.items():
            if set(keys) <= set(left):
                words.append(family)
                left = [k for k in left if k not in keys]
        return ", ".join(words + left)

    def rules_words(self) -> str:
        """How it ranks, in a few words (the table's header)."""
        ranked = "points" if self.rank_by == "points" else f"average (at least {self.min_games} games)"
        best = f", best {self.best} games each" if self.best else ""
        return f"{self.scoring} · by {ranked}{best}"
