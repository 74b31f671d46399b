"""Scores, ratings and reliability for the service layer: the pure formulas of `engine.scoring`
and `engine.ratings`, re-exported so cogs and the console reach them through the service
(docs/scoring.md: every system and formula with its source)."""
from __future__ import annotations

from engine.errors import RatingError, ScoringError
from engine.ratings import (BOT_ANCHORS, FAMILIES, LEVELS, FinishedGame, Holder, OrderPhase, PlayerRating, Ratings,
                            Reliability, SeatResult, apply_game, family_of, rate, rating_changes, reliability)
from engine.scoring import SYSTEMS, score, scoring_system, scoring_systems, systems_for, winloss

__all__ = ["BOT_ANCHORS", "FAMILIES", "LEVELS", "SYSTEMS", "FinishedGame", "Holder", "OrderPhase", "PlayerRating",
           "RatingError", "Ratings", "Reliability", "ScoringError", "SeatResult", "apply_game", "family_of", "rate",
           "rating_changes", "reliability", "score", "scoring_system", "scoring_systems", "systems_for", "winloss"]
