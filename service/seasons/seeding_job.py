"""Seeding a round, as a job for the worker pool: plain values in (player ids, the shape's key,
the earlier rounds as JSON, preference lists as text), plain values out — the CPU work (about a
second for 700 players) never runs on the event loop. All chance comes from the round's own
seeded generator (`round_rng`), so seeding the same round of the same players again gives the
same boards."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from engine.tournaments import SeededRound, seed_final_round, seed_round, shape_for


def round_rng(tournament_id: int, number: int) -> random.Random:
    return random.Random(f"tournament:{tournament_id}:round:{number}")


def seed_job(tournament_id: int, shape_key: str, number: int, players: Sequence[int], previous: Sequence[Any],
             preferences: Mapping[int, str], fill: str, ranked: Sequence[int] | None) -> dict[str, Any]:
    """The round's seating (`SeededRound.to_json`) and what the seeding could not avoid.
    `ranked`: the standings' order, for a round whose board 1 is the top board. Raises the
    engine's SeedingError or PreferenceError (the service names them to the organiser)."""
    shape = shape_for(shape_key)
    earlier = [SeededRound.from_json(data) for data in previous]
    rng = round_rng(tournament_id, number)
    if ranked is not None:
        seeded = seed_final_round(list(ranked), shape, rng, previous=earlier, preferences=dict(preferences),
                                  fill=fill, number=number)
    else:
        seeded = seed_round(list(players), shape, rng, previous=earlier, preferences=dict(preferences), fill=fill,
                            number=number)
    return {"round": seeded.to_json(),
            "repeat_meetings": [[list(m.players), m.board, m.before] for m in seeded.repeat_meetings],
            "repeated_seats": [[p, seat] for p, seat in seeded.repeated_seats],
            "missed_preferences": len(seeded.missed_preferences)}
