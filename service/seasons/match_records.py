"""A&A league matches as the service reads them (rows of `db.matches` → `MatchInfo`), and the
words every match message shares: who plays which side, the bid, the games and the result.

A match is two players, a sealed bid for sides (`engine.tournaments.SealedBids`), then two games
with sides swapped (`TwoGameMatch`); docs/tournaments.md, "Axis & Allies league mode"."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from engine.tournaments import Bid, BidOutcome, GameOutcome, MatchResult, SealedBids, TwoGameMatch

from ..errors import BadInput

# What players type for a side besides its name's beginning (`central`, `allies`).
SIDE_WORDS = {"cp": "Central Powers", "central": "Central Powers", "centrals": "Central Powers",
              "entente": "Allies", "allied": "Allies", "ally": "Allies"}
DECIDED = {"games": "more points", "quicker win": "the quicker win", "higher seed": "the higher seed",
           "bye": "a bye"}


@dataclass(frozen=True)
class MatchGame:
    """Game 1 or 2 of a match: its game, the bid placed on its start (as typed and as read), who
    has confirmed its start, and how it ended."""

    number: int
    game_id: int | None
    placement: Mapping[str, Any] | None
    ready: tuple[int, ...]
    ended: bool
    winner: str | None
    rounds: int | None

    @property
    def outcome(self) -> GameOutcome:
        return GameOutcome(self.winner, self.rounds)


@dataclass(frozen=True)
class MatchInfo:
    id: int
    guild_id: int
    channel_id: int | None
    creator_id: int
    players: tuple[int, int]
    variant: str
    options: dict[str, Any]
    phase_hours: float | None
    status: str                               # bidding, playing, over, cancelled
    bids: SealedBids
    outcome: BidOutcome | None
    result: Mapping[str, Any] | None
    playoff: tuple[int, int, int] | None      # (playoff, round, slot)
    games: tuple[MatchGame, ...]
    league: str | None = None                 # the league its games count in

    @property
    def sides(self) -> tuple[str, str]:
        return self.bids.sides

    def game(self, number: int) -> MatchGame | None:
        return next((g for g in self.games if g.number == number), None)

    @property
    def current(self) -> MatchGame | None:
        """The game being set up or played: the first that has not ended."""
        return next((g for g in self.games if not g.ended), None)

    def two_games(self) -> TwoGameMatch:
        return TwoGameMatch(self.players, self.outcome)

    def other(self, player: int) -> int:
        return self.players[1] if player == self.players[0] else self.players[0]

    def side_word(self, text: str) -> str:
        """The side a player typed, by its name's beginning or a usual word (`CP`, `Entente`)."""
        word = " ".join(str(text or "").split()).lower()
        if not word:
            raise BadInput(f"name a side: {' or '.join(self.sides)}")
        named = SIDE_WORDS.get(word)
        return named if named in self.sides else word

    def results(self) -> MatchResult:
        return self.two_games().result([g.outcome for g in self.games if g.ended])


def match_from_rows(row: Any, games: list[Any]) -> MatchInfo:
    outcome = json.loads(row["outcome"]) if row["outcome"] else None
    playoff = (row["playoff_id"], row["playoff_round"], row["playoff_slot"]) if row["playoff_id"] else None
    return MatchInfo(
        row["id"], row["guild_id"], row["channel_id"], row["creator_id"], (row["player_a"], row["player_b"]),
        row["variant"], json.loads(row["options"] or "{}"), row["phase_hours"], row["status"],
        SealedBids.from_json(json.loads(row["bids"])), outcome_from_json(outcome) if outcome else None,
        json.loads(row["result"]) if row["result"] else None, playoff,
        tuple(MatchGame(g["number"], g["game_id"], json.loads(g["placement"]) if g["placement"] else None,
                        tuple(json.loads(g["ready"] or "[]")), bool(g["ended"]), g["winner"], g["rounds"])
              for g in games), row["league"])


def outcome_to_json(outcome: BidOutcome) -> dict[str, Any]:
    return {"sides": [list(s) for s in outcome.sides], "bid_side": outcome.bid_side, "bid_ipcs": outcome.bid_ipcs,
            "bidder": outcome.bidder, "coin_flip": outcome.coin_flip}


def outcome_from_json(data: Mapping[str, Any]) -> BidOutcome:
    return BidOutcome(tuple((p, s) for p, s in data["sides"]), data["bid_side"], int(data["bid_ipcs"]),
                      data["bidder"], bool(data.get("coin_flip")))


def result_to_json(result: MatchResult | None, abandoned: bool = False) -> dict[str, Any]:
    if result is None:
        return {"abandoned": abandoned, "winner": None, "points": None, "decided_by": None}
    return {"abandoned": abandoned, "winner": result.winner, "points": list(result.points),
            "decided_by": result.decided_by}


# ------------------------------------------------------------------ words
def who(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "?"


def points(value: float) -> str:
    """1, ½, 1½: a match's points as a league sheet writes them."""
    whole, half = int(value), value - int(value) >= 0.5
    return (str(whole) if whole or not half else "") + ("½" if half else "") or "0"


def bid_line(player: int, bid: Bid) -> str:
    return f"{who(player)}: {bid.side}, {bid.ipcs} IPC{'s' if bid.ipcs != 1 else ''}"


def sides_line(match: MatchInfo, number: int) -> str:
    """Who plays which side in game `number`, and the bid."""
    sides = match.two_games().sides(number)
    side, ipcs, placer = match.two_games().bid_for(number)
    other = match.other(placer)
    bid = f" with the bid of **{ipcs} IPCs**" if ipcs else " (no bid)"
    return f"{who(placer)} plays the **{side}**{bid}, {who(other)} the **{sides[other]}**"


def place_hint(match: MatchInfo) -> str:
    return f"`/match place match_id:{match.id} units:infantry Berlin, artillery Vienna`"


def ready_hint(match: MatchInfo) -> str:
    return f"`/match ready match_id:{match.id}`"


def bid_hint(match: MatchInfo) -> str:
    return f"`/match bid side:<side> ipcs:<ipcs> match_id:{match.id}`"


def result_words(match: MatchInfo) -> str:
    """The match's result in one sentence (once over)."""
    result = match.result or {}
    if result.get("abandoned"):
        return f"match #{match.id} could not be finished (a game was abandoned)"
    a, b = match.players
    pa, pb = result.get("points") or (0.0, 0.0)
    score = f"{who(a)} {points(pa)}–{points(pb)} {who(b)}"
    winner = result.get("winner")
    if winner is None:
        return f"{score}: drawn"
    return f"{score}: {who(winner)} wins on {DECIDED.get(result.get('decided_by') or 'games', 'points')}"


def game_words(match: MatchInfo, game: MatchGame) -> str:
    """One game of the match, as its status shows it."""
    if game.game_id is None:
        return f"game {game.number}: its game was deleted"
    if game.ended:
        if game.winner is None:
            return f"game {game.number} (#{game.game_id}): over, no winner"
        winner = next(p for p, s in match.two_games().sides(game.number).items() if s == game.winner)
        rounds = f" in round {game.rounds}" if game.rounds else ""
        return f"game {game.number} (#{game.game_id}): the {game.winner} won ({who(winner)}){rounds}"
    return f"game {game.number} (#{game.game_id}): {sides_line(match, game.number)}"
