"""What the ratings read: finished games as plain values, checked once.

The service turns each finished game into a `FinishedGame` — its id, family, finish time, how it
ended, and per seat the people and bots who held it (with the phases each held) and the points
the seat scored — and hands the ordered list to `engine.ratings.rate`. Nothing here reads a
database or a clock: the same list always gives the same ratings.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine.errors import RatingError
from engine.variant import BOT_LEVELS

# A rating is kept per player and per family of games; the variants of one family share it.
FAMILIES = ("classic", "rx07", "aa1914")
VARIANT_FAMILY = {"classic": "classic", "france_austria": "classic", "england_turkey": "classic",
                  "rx07": "rx07", "aa1914": "aa1914"}

# How a game ended. Only a game the players finished by the rules moves ratings: a GM who
# abandons a game or ends it by decision has not let the board decide it.
RATED_ENDINGS = ("victory", "draw", "concession")
UNRATED_ENDINGS = ("abandoned", "gm_decision")
ENDINGS = RATED_ENDINGS + UNRATED_ENDINGS


def family_of(variant: str) -> str:
    """The rating family of a variant key (`france_austria` → `classic`)."""
    if variant not in VARIANT_FAMILY:
        raise RatingError(f"variant `{variant}` has no rating family (families: {', '.join(FAMILIES)})")
    return VARIANT_FAMILY[variant]


@dataclass(frozen=True)
class Holder:
    """Who held a seat for part of a game: a person (`player`), a bot (`bot`, its level), or —
    neither — nobody (the seat stood in civil disorder). `phases` counts the phases held."""

    phases: int
    player: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: its holders in the order they held it, and its points under
    the game's score (`dss` or `sos` points for a multi-player game, `winloss` for two sides)."""

    seat: str
    holders: tuple[Holder, ...]
    points: float


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as the ratings read it. `finished` is an ISO-8601 UTC time
    (`2026-11-01T12:00:00+00:00`): the history is ordered by it, so one format for all games."""

    game: str
    family: str
    finished: str
    ending: str
    seats: tuple[SeatResult, ...]

    @property
    def rated(self) -> bool:
        return self.ending in RATED_ENDINGS


def check_game(game: FinishedGame) -> FinishedGame:
    """The game as given, or a `RatingError` naming what the ratings cannot read."""
    if not isinstance(game, FinishedGame):
        raise RatingError(f"a finished game, not {game!r}")
    where = f"game {game.game}"
    if game.family not in FAMILIES:
        raise RatingError(f"{where}: unknown family `{game.family}` (families: {', '.join(FAMILIES)})")
    if game.ending not in ENDINGS:
        raise RatingError(f"{where}: unknown ending `{game.ending}` (endings: {', '.join(ENDINGS)})")
    if not isinstance(game.finished, str) or not game.finished:
        raise RatingError(f"{where}: `finished` is the ISO-8601 time the game finished, not {game.finished!r}")
    if len(game.seats) < 2:
        raise RatingError(f"{where}: a rated game has at least two seats")
    names = [s.seat for s in game.seats]
    if len(set(names)) != len(names):
        raise RatingError(f"{where}: a seat is listed twice")
    for seat in game.seats:
        _check_seat(seat, where)
    return game


def _check_seat(seat: SeatResult, where: str) -> None:
    at = f"{where}, seat {seat.seat}"
    points = seat.points
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points) or points < 0:
        raise RatingError(f"{at}: points are a number, 0 or more, not {points!r}")
    if not seat.holders:
        raise RatingError(f"{at}: nobody is listed as holding the seat (list the phases in civil disorder "
                          f"as a holder with neither player nor bot)")
    for holder in seat.holders:
        if isinstance(holder.phases, bool) or not isinstance(holder.phases, int) or holder.phases < 0:
            raise RatingError(f"{at}: phases held are a whole number, 0 or more, not {holder.phases!r}")
        if holder.player is not None and holder.bot is not None:
            raise RatingError(f"{at}: a holder is a person or a bot, not both ({holder.player}, bot {holder.bot})")
        if holder.player is not None and (not isinstance(holder.player, str) or not holder.player):
            raise RatingError(f"{at}: a player is named by a non-empty id, not {holder.player!r}")
        if holder.bot is not None and holder.bot not in BOT_LEVELS:
            raise RatingError(f"{at}: unknown bot level `{holder.bot}` (levels: {', '.join(BOT_LEVELS)})")
