"""Pairwise Elo: every player's rating per family, moved by every finished game.

The rule (docs/scoring.md has the sources and worked examples). A game of n seats is read as
n(n−1)/2 one-against-one matches, as vDiplomacy's rating does ("Each game is split in many 1on1
matches. The final points are the sum of all sub-matches."). For seats s and t, with points p_s
and p_t under the game's score (dss or sos; winloss for two sides):

    result  S(s, t) = p_s / (p_s + p_t)              (½ when both scored 0)
    expect  E(h, t) = 1 / (1 + 10^((R_t − R_h) / 400))
    change  Δ_h = K_h × w_h × Σ_t (S(s, t) − E(h, t)) / (n − 1)

for each person h who held seat s, where R_h is h's rating before the game, R_t the rating of the
opposing seat t (below), and w_h the share of the seat's phases h held. For two seats this is
exactly Elo's rule (a win 1, a draw ½, a loss 0). Everyone's change is worked out from the
ratings before the game, then applied together.

- K is 32; 64 for a player's first four rated games in the family, whose rating is marked
  provisional until those four are played.
- A seat's rating R_t is its holders' ratings weighted by the phases each held; a bot holds its
  level's fixed anchor (`BOT_ANCHORS`), and phases in civil disorder (nobody) do not count.
- A bot's rating never moves: a game with bots rates only its people.
- A substituted seat: each holder is rated with their own rating against the other seats, and
  gets their share w_h of the change (Alice held France 30 phases of 40: three quarters).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from engine.errors import RatingError

from .history import FAMILIES, FinishedGame, check_game

START = 1500.0               # every player's first rating, in every family
K = 32.0
PROVISIONAL_K = 64.0
PROVISIONAL_GAMES = 4        # "provisional for the first 4 games"
SCALE = 400.0                # Elo's: 400 points apart, the stronger is expected to score 10:1
# A bot seat's fixed rating by level. The gaps come from the bot ladder (docs/bots.md: normal
# scores 90% against easy, about 380 points; hard 71% against normal, about 155 points); normal
# sits 200 below a new player, so beating bots moves a rating a little and losing to one a lot.
BOT_ANCHORS = {"easy": 920.0, "normal": 1300.0, "hard": 1455.0}


@dataclass(frozen=True)
class PlayerRating:
    """One player's standing in one family."""

    player: str
    family: str
    rating: float = START
    games: int = 0

    @property
    def provisional(self) -> bool:
        """Marked provisional until the first four rated games are played."""
        return self.games < PROVISIONAL_GAMES


class Ratings:
    """Every player's rating per family after a history of games. Immutable: `apply_game`
    returns a new one. `last` is (finished, game) of the last game read, rated or not."""

    __slots__ = ("_table", "last")

    def __init__(self, table: Mapping[tuple[str, str], PlayerRating] | None = None,
                 last: tuple[str, str] | None = None):
        self._table: dict[tuple[str, str], PlayerRating] = dict(table or {})
        self.last = last

    def get(self, player: str, family: str) -> PlayerRating:
        """`player`'s standing in `family` (a new player: 1500, no games, provisional)."""
        if family not in FAMILIES:
            raise RatingError(f"unknown family `{family}` (families: {', '.join(FAMILIES)})")
        return self._table.get((player, family)) or PlayerRating(player, family)

    def of(self, player: str) -> dict[str, PlayerRating]:
        """The families `player` has rated games in, with their standing."""
        return {f: self._table[(player, f)] for f in FAMILIES if (player, f) in self._table}

    def family(self, family: str) -> list[PlayerRating]:
        """The family's players, highest rating first (equal ratings by player id)."""
        rows = [r for (_, f), r in self._table.items() if f == family]
        return sorted(rows, key=lambda r: (-r.rating, r.player))

    def __iter__(self) -> Iterator[PlayerRating]:
        return iter(sorted(self._table.values(), key=lambda r: (r.family, r.player)))

    def __len__(self) -> int:
        return len(self._table)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ratings) and self._table == other._table and self.last == other.last

    def __repr__(self) -> str:
        return f"Ratings({len(self._table)} players×families, last={self.last})"

    def with_family(self, family: str, recomputed: Ratings) -> Ratings:
        """These ratings with `family`'s standings taken from `recomputed` (after a rollback or a
        deleted game, only the game's family needs recomputing: families never mix)."""
        table = {k: r for k, r in self._table.items() if k[1] != family}
        table.update({k: r for k, r in recomputed._table.items() if k[1] == family})
        return Ratings(table, max(filter(None, (self.last, recomputed.last)), default=None))


def _expected(q_self: float, q_other: float) -> float:
    return q_self / (q_self + q_other)


def _strength(rating: float) -> float:
    return 10.0 ** (rating / SCALE)


def _seat_rating(seat, lookup) -> float:
    """The phase-weighted rating of a seat's people and bots (civil disorder left out)."""
    rated = [(h.phases, lookup(h.player)[0] if h.player is not None else BOT_ANCHORS[h.bot])
             for h in seat.holders if h.player is not None or h.bot is not None]
    if not rated:
        return START
    phases = sum(p for p, _ in rated)
    if phases == 0:
        return sum(r for _, r in rated) / len(rated)
    return sum(p * r for p, r in rated) / phases


def _changes(game: FinishedGame, lookup) -> dict[str, float]:
    """Each person's rating change from one rated game (0.0 for a holder of no phases).
    `lookup(player)` gives (rating, games) before the game."""
    seats = game.seats
    n = len(seats)
    strength = [_strength(_seat_rating(seat, lookup)) for seat in seats]
    changes: dict[str, float] = {}
    for i, seat in enumerate(seats):
        phases = sum(h.phases for h in seat.holders)
        for holder in seat.holders:
            if holder.player is None:
                continue
            share = holder.phases / phases if phases else 1 / len(seat.holders)
            rating, games = lookup(holder.player)
            q = _strength(rating)
            total = 0.0
            for j, other in enumerate(seats):
                if j == i:
                    continue
                pair = seat.points + other.points
                result = seat.points / pair if pair else 0.5
                total += result - _expected(q, strength[j])
            k = PROVISIONAL_K if games < PROVISIONAL_GAMES else K
            changes[holder.player] = changes.get(holder.player, 0.0) + k * share * total / (n - 1)
    return changes


def _played(game: FinishedGame) -> set[str]:
    """The people who held a seat of the game for at least one phase (their games count)."""
    out = set()
    for seat in game.seats:
        phases = sum(h.phases for h in seat.holders)
        out.update(h.player for h in seat.holders if h.player is not None and (h.phases > 0 or phases == 0))
    return out


def _key(game: FinishedGame) -> tuple[str, str]:
    return (game.finished, str(game.game))


def _in_order(last: tuple[str, str] | None, game: FinishedGame) -> None:
    if last is None:
        return
    if game.finished < last[0]:
        raise RatingError(f"game {game.game} finished at {game.finished}, before game {last[1]} "
                          f"({last[0]}): the history goes in the order the games finished")
    if str(game.game) == last[1]:
        raise RatingError(f"game {game.game} is already in the ratings")


def rating_changes(ratings: Ratings, game: FinishedGame) -> dict[str, float]:
    """What `game` would change for each of its people, from `ratings` (empty: not rated)."""
    check_game(game)
    if not game.rated:
        return {}
    lookup = _lookup_in(ratings, game.family)
    played = _played(game)
    return {p: d for p, d in _changes(game, lookup).items() if p in played}


def _lookup_in(ratings: Ratings, family: str):
    def lookup(player: str) -> tuple[float, int]:
        found = ratings._table.get((player, family))
        return (found.rating, found.games) if found else (START, 0)
    return lookup


def apply_game(ratings: Ratings, game: FinishedGame) -> Ratings:
    """`ratings` after one more finished game (the next in finishing order). The same numbers
    as `rate` over the whole history: both apply one game at a time by `_changes`."""
    check_game(game)
    _in_order(ratings.last, game)
    if not game.rated:
        return Ratings(ratings._table, _key(game))
    changes = _changes(game, _lookup_in(ratings, game.family))
    table = dict(ratings._table)
    for player in _played(game):
        old = table.get((player, game.family)) or PlayerRating(player, game.family)
        table[(player, game.family)] = PlayerRating(player, game.family, old.rating + changes[player], old.games + 1)
    return Ratings(table, _key(game))


def rate(history: Iterable[FinishedGame], *, families: Iterable[str] | None = None) -> Ratings:
    """Every player's rating per family from the finished games in the order they finished.
    Abandoned games and games ended by a GM's decision are read but change nothing. With
    `families`, only those families' games are rated (the others are skipped unread)."""
    only = None if families is None else set(families)
    if only is not None and not only <= set(FAMILIES):
        raise RatingError(f"unknown family in {sorted(only)} (families: {', '.join(FAMILIES)})")
    table: dict[tuple[str, str], list] = {}
    last: tuple[str, str] | None = None
    for game in history:
        check_game(game)
        if only is not None and game.family not in only:
            continue
        _in_order(last, game)
        last = _key(game)
        if not game.rated:
            continue
        family = game.family

        def lookup(player: str, family=family) -> tuple[float, int]:
            row = table.get((player, family))
            return (row[0], row[1]) if row else (START, 0)

        changes = _changes(game, lookup)
        for player in _played(game):
            row = table.setdefault((player, family), [START, 0])
            row[0] = row[0] + changes[player]
            row[1] += 1
    return Ratings({k: PlayerRating(k[0], k[1], r, g) for k, (r, g) in table.items()}, last)
