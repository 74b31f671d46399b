"""Small builders for finished games in the ratings tests."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from engine.ratings import FinishedGame, Holder, SeatResult

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
SEVEN = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def person(player: str, phases: int = 20) -> Holder:
    return Holder(phases, player=player)


def bot(level: str, phases: int = 20) -> Holder:
    return Holder(phases, bot=level)


def nobody(phases: int) -> Holder:
    return Holder(phases)


def seat(name: str, points: float, *holders: Holder) -> SeatResult:
    return SeatResult(name, tuple(holders), points)


def finished(game: str, seats, *, family: str = "classic", ending: str = "draw",
             at: str = "2026-11-01T12:00:00+00:00") -> FinishedGame:
    return FinishedGame(game, family, at, ending, tuple(seats))


def seven(game: str, points, players, **kw) -> FinishedGame:
    """A classic game of seven seats, one player each, with the given points."""
    return finished(game, [seat(p, pts, person(who)) for p, pts, who in zip(SEVEN, points, players)], **kw)


def random_history(seed: int, games: int, players: int = 40) -> list[FinishedGame]:
    """A mixed history: classic seven-seat (dss or sos points) and two-seat games, rx07, aa1914,
    bots, substitutions, civil disorder, abandoned games, in finishing order."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    out = []
    for n in range(games):
        at = (START + timedelta(minutes=37 * n)).isoformat()
        family = rng.choice(["classic", "classic", "rx07", "aa1914"])
        size = 7 if family == "classic" and rng.random() < 0.7 else 2
        chosen = rng.sample(names, size + 2)
        seats = []
        for s in range(size):
            holders = [person(chosen[s], rng.randint(0, 30))]
            roll = rng.random()
            if roll < 0.1:
                holders = [bot(rng.choice(["easy", "normal", "hard"]), rng.randint(1, 30))]
            elif roll < 0.2:
                holders.append(person(chosen[size + s % 2], rng.randint(0, 20)))
            elif roll < 0.25:
                holders.append(nobody(rng.randint(1, 5)))
            seats.append(holders)
        if size == 2:
            result = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
        else:
            survivors = rng.randint(1, 7)
            result = [100 / survivors if i < survivors else 0.0 for i in range(7)]
            if rng.random() < 0.4:
                counts = [rng.randint(1, 12) if i < survivors else 0 for i in range(7)]
                total = sum(c * c for c in counts)
                result = [100 * c * c / total for c in counts]
        ending = rng.choices(["victory", "draw", "concession", "abandoned", "gm_decision"], [3, 5, 1, 1, 1])[0]
        out.append(finished(f"g{n}", [seat(f"s{i}", result[i], *h) for i, h in enumerate(seats)],
                            family=family, ending=ending, at=at))
    return out
