"""A tournament's rules as stored, its seeded rounds, and its tables: each round's and the
overall standings (engine.tournaments: `round_standings`, `tournament_standings`), as a phone
reads them and as CSV (`/tournament export`).

A board's seat scores for the player the round seated there (a substitute who finished a board
for them does not take their points); a board the organiser abandoned — a round's time limit —
is scored as it stood (a draw of the survivors), since a tournament round ends by the clock.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.tournaments import (BoardResult, BoardScore, BoardShape, SeededRound, Standings, round_standings,
                                shape_for, tournament_standings)

from .results import GameResult
from .season_points import PlayerScore, player_scores
from .stored import results_from_rows
from .tables import Line, check_page, csv_bytes, footer, note, points, ranked_lines

TIE_BREAKS = "Ties: best board, head-to-head, centres, dropped rounds, registration."
ROUND_TIES = "Ties: centres on the board, registration."
POSTED = 10


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    guild_id: int
    name: str
    shape_key: str
    variant: str
    rounds: int
    scoring: str
    hours: float | None
    fill: str
    counted: int | None
    channel_id: int | None
    created_by: int
    created_at: str

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "TournamentInfo":
        return cls(row["id"], row["guild_id"], row["name"], row["shape"], row["variant"], row["rounds"],
                   row["scoring"], row["hours"], row["fill"], row["counted"], row["channel_id"], row["created_by"],
                   row["created_at"])

    @property
    def shape(self) -> BoardShape:
        return shape_for(self.shape_key)


@dataclass(frozen=True)
class Board:
    """One board of a round: its seating and its game (None: deleted), the game's status, and
    whether its result is recorded."""

    round: int
    number: int
    game_id: int | None
    status: str | None
    recorded: bool

    @property
    def over(self) -> bool:
        return self.game_id is None or self.status in ("finished", "abandoned")


@dataclass(frozen=True)
class TournamentState:
    """Everything the tables read: the rules, the players in registration order (with who left),
    the seeded rounds, the boards, and each recorded board's result with its players' scores."""

    info: TournamentInfo
    players: tuple[int, ...]
    left: frozenset
    prefs: Mapping[int, str]
    rounds: tuple[SeededRound, ...]
    tops: frozenset
    boards: tuple[Board, ...]
    scored: tuple[tuple[int, int, GameResult, tuple[PlayerScore, ...]], ...]      # round, board, result, scores

    def board_results(self) -> list[BoardResult]:
        return [BoardResult(rnd, board, tuple(BoardScore(s.player, s.points, s.centres) for s in scores))
                for rnd, board, _, scores in self.scored]

    def overall(self) -> Standings:
        return tournament_standings(self.board_results(), self.players, counted_rounds=self.info.counted)

    def round_table(self, number: int) -> Standings:
        return round_standings(self.board_results(), number, self.players)

    def boards_of(self, number: int) -> list[Board]:
        return [b for b in self.boards if b.round == number]

    def round_over(self, number: int) -> bool:
        return all(b.over for b in self.boards_of(number))

    @property
    def active(self) -> tuple[int, ...]:
        """Registered players who have not left, in registration order."""
        return tuple(p for p in self.players if p not in self.left)


def seated_holders(round_: SeededRound, shape: BoardShape, board: int) -> dict[str, int | None]:
    """Game seat → the player the round seated there (a shape's seat may hold several game seats)."""
    out: dict[str, int | None] = {}
    for b in round_.boards:
        if b.number == board:
            for place in b.places:
                for power in shape.seat(place.seat).powers:
                    out[power] = place.player
    return out


async def read_state(r, info: TournamentInfo) -> TournamentState:
    """The tournament as its tables read it, in the one read or transaction `r`."""
    players = await r.tournaments.players(info.id)
    rounds = [(row["number"], SeededRound.from_json(json.loads(row["seeded"])), bool(row["top"]))
              for row in await r.tournaments.rounds(info.id)]
    by_number = {number: seeded for number, seeded, _ in rounds}
    boards = tuple(Board(row["round"], row["board"], row["game_id"], row["status"], bool(row["recorded"]))
                   for row in await r.tournaments.boards(info.id))
    rows = await r.tournaments.results(info.id)
    place = {row["game_id"]: (row["round"], row["board"]) for row in rows}
    scored = []
    for result in results_from_rows(rows, *await r.tournaments.result_parts(info.id)):
        rnd, board = place[result.game_id]
        holders = seated_holders(by_number[rnd], info.shape, board) if rnd in by_number else {}
        scores = player_scores(result, info.scoring, holders, "standing")
        scored.append((rnd, board, result, tuple(scores)))
    return TournamentState(info, tuple(p["user_id"] for p in players),
                           frozenset(p["user_id"] for p in players if p["left_at"] is not None),
                           {p["user_id"]: p["prefs"] for p in players if p["prefs"]},
                           tuple(seeded for _, seeded, _ in rounds),
                           frozenset(number for number, _, top in rounds if top), boards, tuple(scored))


def rounds_word(n: int) -> str:
    return f"{n} round" + ("" if n == 1 else "s")


def overall_lines(standings: Standings) -> list[Line]:
    return [Line(r.place, r.player, f"{points(r.score)} pts · {rounds_word(r.rounds)}"
                 + (f" · best {points(r.counted[0])}" if r.counted else "")
                 + (f" · {len(r.dropped)} dropped" if r.dropped else ""), r.decided_by)
            for r in standings.rows]


def round_lines(state: TournamentState, number: int, standings: Standings) -> list[Line]:
    board_of = {}
    for rnd, board, _, scores in state.scored:
        if rnd == number:
            for s in scores:
                board_of[s.player] = (board, "+".join(s.seats))
    return [Line(r.place, r.player, f"{points(r.score)} pts · board {board_of.get(r.player, ('?', ''))[0]} · "
                 f"{board_of.get(r.player, ('?', ''))[1]}", r.decided_by) for r in standings.rows]


def header(state: TournamentState) -> list[str]:
    info = state.info
    seeded = len(state.rounds)
    over = sum(1 for n in range(1, seeded + 1) if state.round_over(n))
    where = f"round {seeded} of {info.rounds}" if seeded else f"{info.rounds} rounds, none seeded yet"
    if seeded and over == seeded:
        where = f"after round {seeded} of {info.rounds}" + (" · final" if seeded >= info.rounds else "")
    return [f"🏆 **{info.name}** standings"] + note(f"{where} · {info.scoring} · {info.shape.title}")


def overall_text(state: TournamentState, page: int | None = None) -> str:
    standings = state.overall()
    page = check_page(page, len(standings.rows))
    out = header(state)
    if not standings.rows:
        return "\n".join(out + note("Nobody has registered yet: players join with `/tournament join`."))
    if not state.scored:
        out += note(f"No board is over yet; {len(state.active)} players registered.")
    out += ranked_lines(overall_lines(standings), page)
    counted = f" Best {state.info.counted} rounds count." if state.info.counted else ""
    out += note(TIE_BREAKS + counted)
    out += footer(page, len(standings.rows), f"/tournament standings name:{state.info.name} page:{{page}}")
    return "\n".join(out)


def round_text(state: TournamentState, number: int, page: int | None = None) -> str:
    standings = state.round_table(number)
    boards = state.boards_of(number)
    done = sum(1 for b in boards if b.recorded)
    page = check_page(page, len(standings.rows))
    out = [f"🏆 **{state.info.name}** round {number}"] + note(f"{done} of {len(boards)} boards over · "
                                                             f"{state.info.scoring}")
    if not standings.rows:
        return "\n".join(out + note("No board of this round is over yet."))
    out += ranked_lines(round_lines(state, number, standings), page)
    out += note(ROUND_TIES)
    out += footer(page, len(standings.rows),
                  f"/tournament standings name:{state.info.name} round:{number} page:{{page}}")
    return "\n".join(out)


def board_post(state: TournamentState, number: int, board: int, game_id: int | None, why: str) -> str:
    """The tournament channel's news when a board ends (or is deleted): its scores, the round's
    progress, the top of the overall table, and what the organiser does next."""
    info = state.info
    out = note(f"📊 **{info.name}**: round {number}, board {board} {why}.")
    for rnd, b, result, scores in state.scored:
        if rnd == number and b == board:
            out += [f" <@{s.player}> {points(s.points)} ({'+'.join(s.seats)})" for s in scores]
    boards = state.boards_of(number)
    left = sum(1 for b in boards if not b.over)
    out += note(f"Round {number}: {len(boards) - left} of {len(boards)} boards over.")
    out += ranked_lines(overall_lines(state.overall())[:POSTED], 1)
    if not left:
        if number < info.rounds:
            out += note(f"Round {number} is complete. Organiser: `/tournament seed round:{number + 1}` seeds the "
                        f"next (`top:True` for a top board by the standings).")
        else:
            out += note(f"That was the last round: the standings above are final. "
                        f"`/tournament export` gives every result as CSV.")
    out += note(f"The whole table: `/tournament standings name:{info.name}`.")
    return "\n".join(out)


def tournament_csv(state: TournamentState) -> bytes:
    """Every finished board and each of its players' points."""
    rows = []
    for rnd, board, result, scores in state.scored:
        for s in scores:
            rows.append((state.info.name, rnd, board, result.game_id, result.variant, result.finished_at,
                         result.ending, s.player, "+".join(s.seats), round(s.points, 6), s.centres))
    return csv_bytes(("tournament", "round", "board", "game", "variant", "finished_at", "ending", "player", "seat",
                      "points", "centres"), rows)


def seated_words(seeded: SeededRound, games: Sequence[int | None]) -> list[str]:
    """Each board of a seeded round as its players read it: the game, then seat · player."""
    out = []
    for board, game_id in zip(seeded.boards, games):
        out.append(f"**Board {board.number}**" + (f" · game #{game_id}" if game_id else ""))
        out += [f" {place.seat}: " + (f"<@{place.player}>" if place.player is not None else "🤖 bot")
                for place in board.places]
    return out


__all__ = ["Board", "TournamentInfo", "TournamentState", "board_post", "overall_text", "read_state", "round_text",
           "seated_holders", "seated_words", "tournament_csv"]
