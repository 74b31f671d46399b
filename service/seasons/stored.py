"""Recorded results read back from their rows (`db.seasons.SeasonsRepository.result_rows`)."""
from __future__ import annotations

import json

from .results import GameResult, HolderResult, PowerResult, SeatPoints


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
