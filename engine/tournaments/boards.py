"""A seeded round as values: who sits where on each board, who waits, and what the seeding could
not avoid; and what earlier rounds say (who met whom, who played which seat, who waited).

A player is any hashable id the service uses (a Discord user id); `None` in a seat is a bot.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any, Hashable, Iterable, Mapping, Sequence

PlayerId = Hashable


class Fill(str, Enum):
    """What happens to players left over when the players do not fill whole boards."""

    WAIT = "wait"     # they sit this round out (and are first to play next round)
    BOTS = "bots"     # one more board; bots take the empty seats


@dataclass(frozen=True)
class Place:
    """One seat of a board and who holds it (`player` None: a bot)."""

    seat: str
    player: PlayerId | None

    @property
    def is_bot(self) -> bool:
        return self.player is None


@dataclass(frozen=True)
class SeatedBoard:
    """One board of a round: its number (1, 2, …) and its places in the shape's seat order."""

    number: int
    places: tuple[Place, ...]

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """The human players, in seat order."""
        return tuple(p.player for p in self.places if p.player is not None)

    @property
    def bots(self) -> tuple[str, ...]:
        """The seats bots hold."""
        return tuple(p.seat for p in self.places if p.player is None)

    def seat_of(self, player: PlayerId) -> str | None:
        return next((p.seat for p in self.places if p.player == player and p.player is not None), None)

    def player_at(self, seat: str) -> PlayerId | None:
        return next(p.player for p in self.places if p.seat == seat)


@dataclass(frozen=True)
class Meeting:
    """Two players on one board who had already met `before` times in earlier rounds."""

    players: tuple[PlayerId, PlayerId]
    board: int
    before: int


@dataclass(frozen=True)
class SeededRound:
    """A round's boards and the players who wait. The seeding's report rides along: the meetings
    and repeated seats it could not avoid, and the players who did not get their first choice
    (`missed_preferences`: player, seat given, its rank in their list, 0-based). Only `boards`
    and `waiting` are history; `to_json` keeps those."""

    number: int
    boards: tuple[SeatedBoard, ...]
    waiting: tuple[PlayerId, ...] = ()
    repeat_meetings: tuple[Meeting, ...] = ()
    repeated_seats: tuple[tuple[PlayerId, str], ...] = ()
    missed_preferences: tuple[tuple[PlayerId, str, int], ...] = ()

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(p for b in self.boards for p in b.players)

    def board_of(self, player: PlayerId) -> SeatedBoard | None:
        return next((b for b in self.boards if player in b.players), None)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "waiting": list(self.waiting),
                "boards": [{"number": b.number, "places": [[p.seat, p.player] for p in b.places]}
                           for b in self.boards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SeededRound":
        boards = tuple(SeatedBoard(int(b["number"]), tuple(Place(str(seat), player) for seat, player in b["places"]))
                       for b in data["boards"])
        return cls(int(data["number"]), boards, tuple(data.get("waiting", ())))


def meetings(rounds: Iterable[SeededRound]) -> Counter:
    """How often each pair of players (a frozenset of two) shared a board. Bots meet nobody."""
    met: Counter = Counter()
    for r in rounds:
        for b in r.boards:
            humans = b.players
            for i, a in enumerate(humans):
                for c in humans[i + 1:]:
                    met[frozenset((a, c))] += 1
    return met


def seats_played(rounds: Iterable[SeededRound]) -> dict[PlayerId, Counter]:
    """player -> seat -> how many boards they played it on."""
    played: dict[PlayerId, Counter] = {}
    for r in rounds:
        for b in r.boards:
            for p in b.places:
                if p.player is not None:
                    played.setdefault(p.player, Counter())[p.seat] += 1
    return played


def waits(rounds: Iterable[SeededRound]) -> Counter:
    """player -> how many rounds they sat out."""
    return Counter(p for r in rounds for p in r.waiting)


def repeat_meetings(round_: SeededRound, earlier: Sequence[SeededRound]) -> tuple[Meeting, ...]:
    """The pairs on one board of `round_` who had met in `earlier` rounds."""
    met = meetings(earlier)
    out = []
    for b in round_.boards:
        humans = b.players
        for i, a in enumerate(humans):
            for c in humans[i + 1:]:
                if met[frozenset((a, c))]:
                    out.append(Meeting((a, c), b.number, met[frozenset((a, c))]))
    return tuple(out)
