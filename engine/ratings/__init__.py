"""How a player stands: a rating per family of games (pairwise Elo, `elo`), read from the
finished games (`history`), and a reliability from the order phases they owed (`reliability`).
Pure: the service gathers the values from the database and asks; docs/scoring.md gives the
formulas and their sources."""
from __future__ import annotations

from .elo import (BOT_ANCHORS, K, PROVISIONAL_GAMES, PROVISIONAL_K, START, PlayerRating, Ratings, apply_game,
                  rate, rating_changes)
from .history import (ENDINGS, FAMILIES, RATED_ENDINGS, UNRATED_ENDINGS, VARIANT_FAMILY, FinishedGame, Holder,
                      SeatResult, check_game, family_of)
from .reliability import LEVELS, WINDOW, OrderPhase, Reliability, reliability

__all__ = ["BOT_ANCHORS", "ENDINGS", "FAMILIES", "K", "LEVELS", "PROVISIONAL_GAMES", "PROVISIONAL_K",
           "RATED_ENDINGS", "START", "UNRATED_ENDINGS", "VARIANT_FAMILY", "WINDOW", "FinishedGame", "Holder",
           "OrderPhase", "PlayerRating", "Ratings", "Reliability", "SeatResult", "apply_game", "check_game",
           "family_of", "rate", "rating_changes", "reliability"]
