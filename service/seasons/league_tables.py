"""A league's table as it is shown (`/league standings`, the posts to its channel), frozen at the
close, and exported (`/league export`, CSV)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from engine.tournaments import LeagueRow, LeagueRules, LeagueStandings

from .league_rules import LeagueInfo
from .results import GameResult
from .season_points import PlayerScore
from .tables import PER_PAGE, Line, check_page, csv_bytes, footer, note, points, ranked_lines

POSTED = 10          # players in a post to the league's channel (the whole table: /league standings)
TIE_BREAKS = {"points": "Ties: average, best game, head-to-head, centres, join order.",
              "average": "Ties: points, best game, head-to-head, centres, join order."}


def games_word(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def numbers(row: LeagueRow, rules: LeagueRules) -> str:
    dropped = f" · {row.dropped} dropped" if row.dropped else ""
    if rules.rank_by == "average":
        short = "" if row.qualified else " · short"
        return f"avg {points(row.average)} · {points(row.points)} pts · {games_word(row.games)}{short}{dropped}"
    return f"{points(row.points)} pts · {games_word(row.games)} · avg {points(row.average)}{dropped}"


@dataclass(frozen=True)
class LeagueTable:
    """The table, how many games count, and (unless frozen) each counted game's scores."""

    league: LeagueInfo
    standings: LeagueStandings
    games: int
    scores: tuple[tuple[GameResult, tuple[PlayerScore, ...]], ...] = ()

    def lines(self) -> list[Line]:
        return [Line(r.place, r.player, numbers(r, self.league.rules), r.decided_by) for r in self.standings.rows]

    def header(self) -> list[str]:
        league = self.league
        state = f" · closed {league.closed_at[:10]}" if league.closed_at else ""
        ends = f" · ends {league.ends_on}" if league.ends_on and not league.closed_at else ""
        return ([f"🏆 **{league.name}** standings{state}"] + note(f"{league.rules_words()}{ends}")
                + note(f"{games_word(self.games)} counted · {league.games_words()}"))

    def text(self, page: int | None = None) -> str:
        """One page of the table (20 players), for a phone."""
        rows = self.standings.rows
        page = check_page(page, len(rows))
        out = self.header()
        if not rows:
            out += note(f"Nobody has played yet: games created with `league={self.league.name}` count when they "
                        f"end, and their players join. `/league join` joins now.")
            return "\n".join(out)
        out += ranked_lines(self.lines(), page)
        out += note(TIE_BREAKS[self.league.rank_by])
        if self.league.rank_by == "average" and self.league.min_games:
            out += note(f"Short: fewer than {self.league.min_games} games; ranked after the rest.")
        out += footer(page, len(rows), f"/league standings name:{self.league.name} page:{{page}}")
        return "\n".join(out)

    def post(self, why: str) -> str:
        """What the league's channel is told when its table changes: the top of the table."""
        out = note(f"📊 **{self.league.name}**: the standings {why}.") + self.header()[1:]
        out += ranked_lines(self.lines()[:POSTED], 1)
        more = len(self.standings.rows) - POSTED
        out += note((f"…and {more} more. " if more > 0 else "")
                    + f"The whole table: `/league standings name:{self.league.name}`.")
        return "\n".join(out)

    def csv(self) -> bytes:
        """Every counted game and each of its players' points (and whether a best-N rule drops
        that game for that player)."""
        dropped = dropped_games(self.scores, self.league.best)
        rows = []
        for result, scores in self.scores:
            for s in scores:
                rows.append((self.league.name, result.game_id, result.variant, result.finished_at, result.ending,
                             s.player, " + ".join(s.seats), round(s.points, 6), s.centres,
                             "dropped" if (result.game_id, s.player) in dropped else "yes"))
        return csv_bytes(("league", "game", "variant", "finished_at", "ending", "player", "seat", "points", "centres",
                          "counted"), rows)

    @property
    def file_name(self) -> str:
        return f"league-{self.league.name}.csv"


def dropped_games(scores: Sequence[tuple[GameResult, Sequence[PlayerScore]]], best: int | None) -> set[tuple[int, int]]:
    """(game, player) pairs a best-N rule leaves out: each player's games beyond their best N, by
    points, in the order the table drops them (engine.tournaments.league)."""
    if best is None:
        return set()
    by_player: dict[int, list[tuple[float, int]]] = {}
    for result, counted in scores:
        for s in counted:
            by_player.setdefault(s.player, []).append((round(s.points, 6), result.game_id))
    out = set()
    for player, games in by_player.items():
        ordered = sorted(games, key=lambda g: g[0], reverse=True)
        out |= {(game, player) for _, game in ordered[best:]}
    return out


def frozen_rows(standings: LeagueStandings, games: int) -> dict[str, Any]:
    """The table as stored at the close (JSON)."""
    return {"games": games, "rows": [[r.place, r.player, r.points, r.games, r.dropped, r.average, r.best, r.centres,
                                      r.qualified, r.decided_by] for r in standings.rows]}


def frozen_standings(data: dict[str, Any], rules: LeagueRules) -> tuple[LeagueStandings, int]:
    rows = tuple(LeagueRow(int(r[0]), int(r[1]), float(r[2]), int(r[3]), int(r[4]), float(r[5]), float(r[6]),
                           int(r[7]), bool(r[8]), r[9]) for r in data.get("rows", ()))
    return LeagueStandings(rows, rules), int(data.get("games", 0))


__all__ = ["LeagueTable", "PER_PAGE", "dropped_games", "frozen_rows", "frozen_standings"]
