"""A recorded game under the scoring systems: which systems apply to it, each system's points per
seat, and the points its rating reads (docs/scoring.md).

A Diplomacy game of more than two seats is scored by its powers' centres under every centre
system (`engine.scoring.systems_for`); a two-sided game — rx07's Entente and Central, Axis &
Allies' alliances, the two-player variants — under `winloss` (win 1, draw ½, loss 0); the
two-player variants under the centre systems as well. Ratings read `dss` or `sos` (the game's
choice; `dss` when it chose another system) for a game of more than two sides, `winloss` for two.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import ScoringError
from engine.scoring import score, scoring_system, systems_for, winloss

from .results import GameResult

RATING_SYSTEMS = ("dss", "sos")


@dataclass(frozen=True)
class SystemPoints:
    """One system's points for a game: per seat, or why the system cannot score it."""

    key: str
    name: str
    points: dict[str, float] | None
    error: str | None = None


def two_sided(result: GameResult) -> bool:
    return any(seat.side is not None for seat in result.seats)


def systems_of(result: GameResult) -> tuple[str, ...]:
    """The systems that can score this game, the game's own first."""
    if result.family is None or result.family == "aa1914" or result.variant == "rx07":
        keys: tuple[str, ...] = ("winloss",)
    else:
        keys = systems_for(len(result.seats))
    return (result.scoring,) + tuple(k for k in keys if k != result.scoring) if result.scoring in keys else keys


def rating_system(scoring: str, sides: bool) -> str:
    """The score a game's ratings read: `winloss` for two sides, else the game's `dss` or `sos`."""
    if sides:
        return "winloss"
    return scoring if scoring in RATING_SYSTEMS else "dss"


def points_under(result: GameResult, key: str, victory: int | None = 18) -> SystemPoints:
    """Each seat's points for the game under `key`, or the reason it cannot be scored so."""
    system = scoring_system(key)
    try:
        if result.family == "aa1914" or (result.family is None and two_sided(result)):
            points = _sides_points(result)
        elif result.variant == "rx07":
            points = _rx07_points(result)
        else:
            points = _centre_points(result, key, victory)
    except ScoringError as exc:
        return SystemPoints(key, system.name, None, str(exc))
    return SystemPoints(key, system.name, points)


def every_system(result: GameResult, victory: int | None = 18) -> list[SystemPoints]:
    return [points_under(result, key, victory) for key in systems_of(result)]


def _outcome(result: GameResult, units: dict[str, str | None]) -> tuple[str | None, tuple[str, ...], bool]:
    """(solo, draw, conceded) in the scoring's units (powers or sides): a win or a concession to
    one unit is its solo; to several, a draw among them; a draw is shared by the survivors."""
    winners = tuple(dict.fromkeys(units.get(w) or w for w in result.winners))
    if result.ending in ("draw",) or not winners:
        return None, (), False
    if len(winners) == 1:
        return winners[0], (), result.ending == "concession"
    return None, winners, False


def _centre_points(result: GameResult, key: str, victory: int | None) -> dict[str, float]:
    centres = {p.power: p.centres or 0 for p in result.powers if p.seat is not None}
    solo, draw, conceded = _outcome(result, {p.power: p.power for p in result.powers})
    out = [power for power, count in centres.items() if count == 0]
    fell = {p.power: p.fell_year for p in result.powers if p.power in out and p.fell_year is not None}
    # the years go in only when every eliminated power has one (an old game's record may lack
    # one): a system that needs them then says so, the others still score
    known = fell if len(fell) == len(out) and fell else None
    last = max([result.last_year, *fell.values()]) if result.last_year is not None else None
    points = score(key, centres, solo=solo, draw=draw, fell=known, first_year=result.first_year or 1901,
                   last_year=last, total=result.board_centres, victory=victory, conceded=conceded)
    by_power = {p.power: p.seat for p in result.powers}
    return {by_power[power]: value for power, value in points.items()}


def _rx07_points(result: GameResult) -> dict[str, float]:
    sides = [s.seat for s in result.seats]
    centres = {side: sum(p.centres or 0 for p in result.powers if p.seat == side) for side in sides}
    solo, draw, conceded = _outcome(result, {s: s for s in sides})
    return score("winloss", centres, solo=solo, draw=draw, victory=None, conceded=conceded)


def _sides_points(result: GameResult) -> dict[str, float]:
    """Axis & Allies: win/loss by alliance, each seat scoring its side's points. A power on no
    side at the end (Italy alone, house rule 4.16) is a side of its own: it wins with the
    winners it is named among, and a draw is ½ for every side."""
    side_of = {s.seat: s.side or s.seat for s in result.seats}
    sides = tuple(dict.fromkeys(side_of.values()))
    winners = tuple(dict.fromkeys(side_of.get(w, w) for w in result.winners))
    if len(sides) == 2:
        by_side = winloss(sides, winners[0] if result.ending != "draw" and len(winners) == 1 else None)
    else:
        won = set(winners) if result.ending != "draw" else set()
        by_side = {side: (1.0 if side in won else 0.0) if won else 0.5 for side in sides}
    return {seat: by_side[side] for seat, side in side_of.items()}
