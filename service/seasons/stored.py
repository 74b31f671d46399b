"""Recorded results read back from their rows (`db.seasons.SeasonsRepository.result_rows`)."""
from __future__ import annotations

import json

from engine.ratings import FinishedGame

from .results import GameResult, HolderResult, PowerResult, SeatPoints, rated_game


def results_from_rows(results, powers, seats, holders) -> list[GameResult]:
    """The games of `results` (in its order) with their powers, seats and holders."""
    by_game: dict[int, dict[str, list]] = {r["game_id"]: {"powers": [], "seats": [], "holders": []} for r in results}
    for row in powers:
        by_game[row["game_id"]]["powers"].append(PowerResult(row["power"], row["seat"], row["centres"], row["income"],
                                                             row["fell_order"], row["fell_year"]))
    for row in seats:
        by_game[row["game_id"]]["seats"].append(SeatPoints(row["seat"], row["side"], row["points"]))
    for row in holders:
        by_game[row["game_id"]]["holders"].append(HolderResult(row["seat"], row["position"], row["user_id"], row["bot"],
                                                               row["phases"], row["from_seq"]))
    return [GameResult(r["game_id"], r["guild_id"], r["variant"], r["family"], r["ending"], r["finished_at"],
                       tuple(json.loads(r["winners"])), r["scoring"], r["first_year"], r["last_year"], r["phases"],
                       r["board_centres"], r["recorded_at"], tuple(by_game[r["game_id"]]["powers"]),
                       tuple(by_game[r["game_id"]]["seats"]), tuple(by_game[r["game_id"]]["holders"]))
            for r in results]


def rating_history(rows: list[tuple], family: str) -> list[FinishedGame]:
    """The family's games as the ratings read them, from `SeasonsRepository.rating_rows` (one row
    per holder, games in finishing order), built as `GameResult.finished_game` builds them."""
    games: list[FinishedGame] = []
    current = None
    seats: dict[str, tuple] = {}
    holders: list[tuple] = []
    for game_id, finished, ending, seat, side, points, position, user, bot, phases in rows:
        if current is None or current[0] != game_id:
            if current is not None:
                games.append(rated_game(current[0], family, current[1], current[2], seats.values(), holders))
            current, seats, holders = (game_id, finished, ending), {}, []
        seats[seat] = (seat, side, points)
        if position is not None:
            holders.append((seat, position, user, bot, phases))
    if current is not None:
        games.append(rated_game(current[0], family, current[1], current[2], seats.values(), holders))
    return games
