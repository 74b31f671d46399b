"""A recorded game's points for a league or a tournament (docs/tournaments.md, "What counts").

- The system: the league's or tournament's own where it can score the game (`points.systems_of`:
  a Diplomacy game of more than two powers takes any centre system), else the game's own — a
  two-sided game (rx07, Axis & Allies, the two-player variants unless a centre system applies)
  scores win 1, draw ½, loss 0.
- Who scores a seat: in a league, the last person who held it (a substitute who finished the
  game, not the player they replaced; a seat only bots ever held scores for nobody); on a
  tournament board, the player the round seated there (`seated`).
- A player holding several seats of one game (an alliance of Axis & Allies) scores once: their
  best seat's points, and the centres of all their seats.
- An abandoned game counts by the league's rule: `none` (not at all, the default), `zero` (a game
  played, 0 points each) or `standing` (scored as the board stood, a draw of the survivors).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .points import points_under, systems_of
from .results import GameResult

ABANDONED_RULES = ("none", "zero", "standing")


@dataclass(frozen=True)
class PlayerScore:
    """One player's result in one game: their points, centres, and the seats it came from."""

    player: int
    points: float
    centres: int
    seats: tuple[str, ...]


def system_for(result: GameResult, wanted: str) -> str:
    """`wanted` where it can score this game, else the game's own system."""
    systems = systems_of(result)
    return wanted if wanted in systems else systems[0]


def last_holders(result: GameResult) -> dict[str, int]:
    """Seat → the last person who held it (seats only bots held are left out)."""
    found: dict[str, tuple[int, int]] = {}
    for holder in result.holders:
        if holder.user_id is not None and (holder.seat not in found or holder.position > found[holder.seat][0]):
            found[holder.seat] = (holder.position, holder.user_id)
    return {seat: user for seat, (_, user) in found.items()}


def counts(result: GameResult, abandoned: str = "none") -> bool:
    """Whether the game counts at all under the abandoned-games rule."""
    return result.ending != "abandoned" or abandoned != "none"


def seat_points(result: GameResult, system: str, abandoned: str = "none",
                victory: int | None = 18) -> dict[str, float]:
    """Each seat's points under `system` (an abandoned game under the rule `abandoned`)."""
    seats = [s.seat for s in result.seats]
    if result.ending == "abandoned" and abandoned == "zero":
        return {seat: 0.0 for seat in seats}
    found = points_under(result, system_for(result, system), victory)
    if found.points is None:          # a system that cannot score it: its winners 1, a draw ½ each
        winners = set(result.winners)
        return {seat: (1.0 if seat in winners else 0.0) if winners else 0.5 for seat in seats}
    return {seat: float(found.points.get(seat, 0.0)) for seat in seats}


def seat_centres(result: GameResult) -> dict[str, int]:
    """Seat → its powers' supply centres at the end (Diplomacy; 0 in a game of income)."""
    out: dict[str, int] = {}
    for power in result.powers:
        if power.seat is not None:
            out[power.seat] = out.get(power.seat, 0) + (power.centres or 0)
    return out


def player_scores(result: GameResult, system: str, holders: Mapping[str, int | None], abandoned: str = "none",
                  victory: int | None = 18) -> list[PlayerScore]:
    """Each scoring player's result, in the game's seat order (`holders`: seat → player)."""
    if not counts(result, abandoned):
        return []
    by_seat = seat_points(result, system, abandoned, victory)
    centres = seat_centres(result)
    scores: dict[int, PlayerScore] = {}
    for seat in [s.seat for s in result.seats]:
        player = holders.get(seat)
        if player is None:
            continue
        points = by_seat.get(seat, 0.0)
        held = scores.get(player)
        if held is None:
            scores[player] = PlayerScore(player, points, centres.get(seat, 0), (seat,))
        else:
            scores[player] = PlayerScore(player, max(held.points, points), held.centres + centres.get(seat, 0),
                                         held.seats + (seat,))
    return list(scores.values())
