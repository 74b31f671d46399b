"""A game's seasons settings, chosen at `/game create` like `press=` and `audience=`:

- `scoring=<key>`: the scoring system the game's result is told in, and (`dss` or `sos`) the one
  its ratings read. A Diplomacy game of more than two seats takes any centre system (default
  `dss`); a two-sided game (rx07, Axis & Allies, the two-player variants) is scored `winloss` by
  default, and the two-player variants may take a centre system too.
- `committed=high|medium`: who may join, or take a seat as a substitute: players whose
  reliability meets it (`reliability.admits`).
- `league=<name>`: the game counts in that league of the server (`leagues.Leagues`, checked in
  the transaction that creates the game: an unknown or closed league, or a family the league does
  not allow, refuses the game and nothing is created); its scoring is the league's unless given.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, MutableMapping

from engine.errors import ScoringError
from engine.scoring import scoring_system, systems_for
from engine.variant import Variant

from ..errors import BadInput, clip
from .positions import board_kind

SETTINGS = ("scoring", "committed", "league")
COMMITMENTS = ("high", "medium")
NO_COMMITMENT = ("off", "none", "no", "any")

# The words `/game create` explains them with (service/rooms.py's TABLE_SETTINGS lists them).
SCORING_HELP = ("the scoring system: dss (default), sos, cdiplo100, cdiplo80, carnage, carnage2023, manorcon, "
                "tribute, opentribute, worldclassic; winloss for two-sided games (docs/scoring.md)")
COMMITTED_HELP = ("high or medium: only players that reliable may join or take a seat (high: at most 1 "
                  "missed of their last 10 order phases)")


@dataclass(frozen=True)
class SeasonSettings:
    scoring: str
    committed: str | None = None
    league: str | None = None           # the league's name as given (checked when the game is created)
    scoring_given: bool = False         # `scoring=` was given (else a league's own system applies)


def pop_settings(options: MutableMapping[str, Any]) -> dict[str, str]:
    """Take `scoring`, `committed` and `league` out of `/game create`'s options (the variant never sees
    them); checked by `check_settings` once the variant is known."""
    return {key: str(options.pop(key)) for key in SETTINGS if key in options}


def two_sided(variant: Variant, options: Mapping[str, Any]) -> bool:
    return variant.key == "rx07" or len(variant.seats(options)) == 2 or board_kind(variant.key) == "aa1914"


def allowed_systems(variant: Variant, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The systems a game of `variant` may be scored by."""
    if board_kind(variant.key) == "diplomacy" and variant.key != "rx07":
        return systems_for(len(variant.seats(options)))
    return ("winloss",)


def default_scoring(variant: Variant, options: Mapping[str, Any]) -> str:
    return "winloss" if two_sided(variant, options) else "dss"


def check_settings(variant: Variant, options: Mapping[str, Any], raw: Mapping[str, str]) -> SeasonSettings:
    """The settings asked for, or BadInput saying what is wrong and what is allowed."""
    scoring = default_scoring(variant, options)
    if "scoring" in raw:
        word = raw["scoring"].strip().lower()
        try:
            scoring = scoring_system(word).key
        except ScoringError as exc:
            raise BadInput(f"scoring: {exc}") from None
        allowed = allowed_systems(variant, options)
        if scoring not in allowed:
            raise BadInput(f"scoring: {variant.title} is scored by {', '.join(allowed)}, not `{scoring}`"
                           + (" (it is two-sided: a win, a draw or a loss)" if allowed == ("winloss",) else ""))
    committed = None
    if "committed" in raw:
        word = raw["committed"].strip().lower()
        if word not in COMMITMENTS + NO_COMMITMENT:
            raise BadInput(f"committed: `high` or `medium`, not `{clip(word, 20)}` (high: at most 1 missed of the "
                           f"last 10 order phases; medium: fewer than half missed)")
        committed = word if word in COMMITMENTS else None
    league = None
    if "league" in raw:
        league = raw["league"].strip()
        if not league or len(league) > 40:
            raise BadInput("league: the name of one of this server's leagues (`/league standings` lists them)")
    return SeasonSettings(scoring, committed, league, "scoring" in raw)
