"""`/profile [player]`: a player's ratings on this server per family (games played, provisional
mark, place), their reliability, their finished games with result and score, and the games they
play now — never a seat of a running anonymous game, except to that seat's own player (the one
rule of `service.visibility`). Every line fits a phone (40 characters)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.ratings import PROVISIONAL_GAMES, Reliability

from ..visibility import holder_shown
from .phone import WIDTH, clip, number
from .points import points_under
from .results import GameResult

FAMILY_NAMES = {"classic": "Diplomacy", "rx07": "WWI rx07", "aa1914": "A&A 1914"}
SHOWN_FINISHED = 5
SHOWN_CURRENT = 10
RATED_NOTE = ("Rated: wins, draws, concessions.", "Not rated: abandoned, GM decisions.")


@dataclass(frozen=True)
class FinishedLine:
    game_id: int
    name: str
    seat: str
    words: str             # "won", "drew", "lost", "abandoned", …
    points: str            # "100 (dss)", "" when not scored


@dataclass(frozen=True)
class Profile:
    user_id: int
    ratings: tuple[tuple[str, float, int, int, int], ...]      # (family, rating, games, place, players)
    reliability: Reliability
    finished_count: int
    finished: tuple[FinishedLine, ...]
    current: tuple[tuple[int, str, str], ...]                  # (game, name, seats)

    def text(self, own: bool) -> str:
        lines = [f"👤 Profile of <@{self.user_id}>", "Ratings on this server:"]
        if not self.ratings:
            lines.append(" none yet: finish a rated game")
        for family, rating, games, place, players in self.ratings:
            mark = ", provisional" if games < PROVISIONAL_GAMES else ""
            lines.append(clip(f" {FAMILY_NAMES.get(family, family)} {round(rating)} · #{place} of {players}", WIDTH))
            lines.append(f"  {games} game{'s' if games != 1 else ''}{mark}")
        lines += reliability_lines(self.reliability, own)
        lines.append(f"Finished games: {self.finished_count}" + (
            f" (newest {len(self.finished)})" if self.finished_count > len(self.finished) else ""))
        for game in self.finished:
            lines.append(clip(f" #{game.game_id} {game.name}", WIDTH))
            lines.append(clip(f"  {game.seat} · {game.words}" + (f" · {game.points}" if game.points else ""), WIDTH))
        lines.append(f"Playing now: {len(self.current)}")
        for game_id, name, seat in self.current:
            lines.append(clip(f" #{game_id} {name}" + (f" · {seat}" if seat else ""), WIDTH))
        lines += RATED_NOTE
        return "\n".join(lines)


def reliability_lines(figure: Reliability, own: bool) -> list[str]:
    """The reliability figure in two lines."""
    if figure.level == "new":
        detail = (f"{figure.owed} order phase{'s' if figure.owed != 1 else ''} so far" if figure.owed
                  else "no order phase yet")
        return ["Reliability: new", f" {detail} (10 make a figure)"]
    excused = f" ({figure.excused} excused)" if figure.excused else ""
    return [f"Reliability: {figure.level}", clip(f" {figure.misses} missed of the last {figure.owed}{excused}", WIDTH)]


def finished_words(result: GameResult, seat: str, points: float) -> str:
    """How the game went for this seat."""
    if result.ending == "abandoned":
        return "abandoned"
    side = next((s.side for s in result.seats if s.seat == seat), None)
    won = seat in result.winners or (side is not None and any(
        s.side == side and s.seat in result.winners for s in result.seats))
    if result.ending == "gm_decision":
        # the decided result, scored as any end; "GM decision" says why it is not rated
        shared = len(set(result.winners)) > 1 and side is None
        return f"GM decision: {'drew' if shared or not result.winners else 'won'}" if won or not result.winners \
            else "GM decision: lost"
    if result.ending == "draw":
        return "drew" if points > 0 else "out"
    return "won" if won else "lost"


def finished_line(result: GameResult, name: str, seat: str, victory: int | None) -> FinishedLine:
    rating_points = next((s.points for s in result.seats if s.seat == seat), 0.0)
    words = finished_words(result, seat, rating_points)
    if not result.rated and result.ending != "gm_decision":       # a GM's decided result still scores
        return FinishedLine(result.game_id, name, seat, words, "")
    scored = points_under(result, result.scoring, victory)
    value = scored.points.get(seat) if scored.points else None
    return FinishedLine(result.game_id, name, seat, words,
                        f"{number(value)} ({result.scoring})" if value is not None else "")


def current_games(games, seats_by_game: dict[int, list[str]], user_id: int,
                  viewer_id: int | None) -> list[tuple[int, str, str]]:
    """The games the player sits in now, as the viewer may see them: a running anonymous game's
    seat only to its player (`visibility.holder_shown`); to anyone else such a game is left out,
    uncounted (even a count would tell that they play one)."""
    return [(game.id, game.name, ", ".join(seats_by_game.get(game.id, []))) for game in games
            if holder_shown(game, user_id, viewer_id)]
