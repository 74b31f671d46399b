"""A finished game's result as it is recorded: how it ended, when, each power at the end (centres
or income, and when the eliminated fell), each seat's points under the game's rating score, and
every holder of every seat with the phases each held. Built here from plain values (the
records part gathers them), so the rules of the record are testable without a database.

Who held a seat in a phase (docs/scoring.md, "What is recorded"): the phase's own record when it
was adjudicated (`phase_seats`): its person, or the bot playing it (a bot's seat, or a seat in
civil disorder the bot stands in for), or nobody (civil disorder with the units holding). For
phases recorded before those records existed, the seat's history (`seat_history`): the person
who took it from that phase on, or the bot when nobody did (a started game has no empty seat).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

from engine.ratings import FinishedGame, Holder, SeatResult

# How a game ended, in the record's words, and how the ratings read it.
ENDINGS = {"solo": "victory", "capital": "victory", "economic": "victory", "draw": "draw",
           "concession": "concession", "abandoned": "abandoned", "gm_decision": "gm_decision"}
ENDING_WORDS = {"solo": "won", "capital": "won (capitals)", "economic": "won (economic)", "draw": "drawn",
                "concession": "conceded", "abandoned": "abandoned", "gm_decision": "GM decision"}


@dataclass(frozen=True)
class PowerResult:
    power: str
    seat: str | None
    centres: int | None            # Diplomacy: supply centres at the end (0: eliminated)
    income: int | None             # A&A: income at the end
    fell_order: int | None = None  # 1: the first to fall (powers falling in one year share it)
    fell_year: int | None = None   # the game year (A&A: round) it fell


@dataclass(frozen=True)
class SeatPoints:
    seat: str
    side: str | None               # two-sided games: the side
    points: float                  # under the game's rating score


@dataclass(frozen=True)
class HolderResult:
    seat: str
    position: int                  # 0: the first to hold it
    user_id: int | None            # a person …
    bot: str | None                # … or a bot at this level (neither: civil disorder)
    phases: int
    from_seq: int | None


@dataclass(frozen=True)
class GameResult:
    game_id: int
    guild_id: int
    variant: str
    family: str | None
    ending: str
    finished_at: str
    winners: tuple[str, ...]
    scoring: str
    first_year: int | None
    last_year: int | None
    phases: int
    board_centres: int | None
    recorded_at: str
    powers: tuple[PowerResult, ...] = ()
    seats: tuple[SeatPoints, ...] = ()
    holders: tuple[HolderResult, ...] = ()

    @property
    def rated(self) -> bool:
        return self.family is not None and ENDINGS[self.ending] in ("victory", "draw", "concession")

    def holders_of(self, seat: str) -> list[HolderResult]:
        return [h for h in self.holders if h.seat == seat]

    def finished_game(self) -> FinishedGame | None:
        """The game as `engine.ratings` reads it (`rated_game`); None for a game of no family."""
        if self.family is None:
            return None
        return rated_game(self.game_id, self.family, self.finished_at, self.ending,
                          [(s.seat, s.side, s.points) for s in self.seats],
                          [(h.seat, h.position, h.user_id, h.bot, h.phases) for h in self.holders])


def rated_game(game_id: int, family: str, finished: str, ending: str, seats, holders) -> FinishedGame:
    """A recorded game as `engine.ratings` reads it; a two-sided game as its two sides, each held
    by everyone who held one of its seats, weighted by the phases they held. `seats`: (seat,
    side, points); `holders`: (seat, position, user_id, bot, phases).

    One canonical order (seats by name, holders by position), whether the result was just built
    or read back from its rows: the ratings' sums then run in the same order, and a recompute
    gives the incremental numbers to the last bit."""
    by_seat: dict[str, list[tuple]] = {}
    for h in holders:
        by_seat.setdefault(h[0], []).append(h)
    sides: dict[str, list[tuple]] = {}
    for seat in sorted(seats):
        sides.setdefault(seat[1] or seat[0], []).append(seat)
    rated = []
    for name in sorted(sides):
        members = sides[name]
        held: dict[tuple, int] = {}
        for member in members:
            for _, _, user, bot, phases in sorted(by_seat.get(member[0], ()), key=lambda h: h[1]):
                held[(user, bot)] = held.get((user, bot), 0) + phases
        people = tuple(Holder(phases, player=str(user) if user is not None else None, bot=bot)
                       for (user, bot), phases in held.items()) or (Holder(0),)
        rated.append(SeatResult(name, people, members[0][2]))
    return FinishedGame(str(game_id), family, finished, ENDINGS[ending], tuple(rated))


@dataclass(frozen=True)
class Spell:
    """One line of a seat's history: who took it, from which phase (None: the start)."""

    seat: str
    user_id: int | None
    from_seq: int | None


@dataclass(frozen=True)
class PhaseHolder:
    """A seat in one adjudicated phase, as recorded then."""

    user_id: int | None
    bot: str | None
    disorder: bool


def phase_holder(row: PhaseHolder) -> tuple[int | None, str | None] | None:
    """(person, bot) who played the seat in a recorded phase; None: nobody (civil disorder)."""
    if row.disorder:
        return (None, row.bot) if row.bot else None
    if row.user_id is not None:
        return (row.user_id, None)
    return (None, row.bot) if row.bot else None


def seat_holders(seat: str, adjudicated: Sequence[int], spells: Sequence[Spell],
                 recorded: Mapping[tuple[int, str], PhaseHolder], now_user: int | None, now_bot: str | None,
                 bot_level: str) -> list[HolderResult]:
    """Every holder of `seat` in the order they first held it, with the adjudicated phases each
    held; a holder who held none (a substitute who arrived as the game ended) is listed with 0."""
    mine = sorted((s for s in spells if s.seat == seat), key=lambda s: s.from_seq or 0)
    counted: dict[tuple | None, list[int]] = {}       # holder → [phases, first seq]; insertion order kept

    def spell_at(seq: int) -> tuple | None:
        holder = None
        for spell in mine:
            if (spell.from_seq or 0) <= seq:
                holder = spell
        if holder is None:
            return (now_user, None) if now_user is not None else (None, now_bot or bot_level)
        return (holder.user_id, None) if holder.user_id is not None else (None, now_bot or bot_level)

    for seq in adjudicated:
        row = recorded.get((seq, seat))
        who = phase_holder(row) if row is not None else spell_at(seq)
        entry = counted.setdefault(who, [0, seq])
        entry[0] += 1
    for spell in mine:                                  # held, but no phase adjudicated since
        who = (spell.user_id, None) if spell.user_id is not None else (None, now_bot or bot_level)
        counted.setdefault(who, [0, spell.from_seq])
    final = (now_user, None) if now_user is not None else ((None, now_bot) if now_bot else None)
    if final is not None:
        counted.setdefault(final, [0, adjudicated[-1] + 1 if adjudicated else 0])
    return [HolderResult(seat, index, who[0] if who else None, who[1] if who else None, phases, first)
            for index, (who, (phases, first)) in enumerate(counted.items())]


def fell_years(summaries: Sequence[tuple[int | None, Mapping[str, int], Sequence[str]]],
               out: Sequence[str], by_surrender: bool = False) -> dict[str, int]:
    """The year (A&A: round) each power in `out` fell: the first summary of the last run in which
    it is out. `summaries`: (year, counts, fallen) in phase order; a power is out when it holds no
    centre (Diplomacy), or with `by_surrender` when it is in `fallen` (A&A: it surrendered)."""
    years: dict[str, int] = {}
    for power in out:
        fell = None
        for year, counts, fallen in summaries:
            gone = power in fallen if by_surrender else counts.get(power, 0) == 0
            if gone and fell is None:
                fell = year
            elif not gone:
                fell = None
        if fell is not None:
            years[power] = fell
    return years


def fell_orders(years: Mapping[str, int]) -> dict[str, int]:
    """1 for the powers that fell first, 2 for the next year's, …: a year's powers share a place."""
    ranks = {year: index for index, year in enumerate(sorted(set(years.values())), start=1)}
    return {power: ranks[year] for power, year in years.items()}


def clean_points(points: Mapping[str, float]) -> dict[str, float]:
    """Points the ratings accept: finite, 0 or more."""
    return {k: (float(v) if math.isfinite(v) and v > 0 else 0.0) for k, v in points.items()}
