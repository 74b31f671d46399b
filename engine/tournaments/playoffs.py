"""A playoff of the top of a league: seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6, then the winners.

The bracket is the usual fixed one: the top seeds are spread so that 1 and 2 can meet only in the
final (positions 1, 8, 4, 5, 2, 7, 3, 6; the same rule for any power of two). The seeds are the
league standings' order, whose tie-breaks end in join order, so seeding is never a tie. With
fewer players than places, the missing seeds are byes: the top seeds go through to the next
round (with half the places or fewer filled, the bracket shrinks to the smallest one that holds
them: 5 players play in a bracket of 8, 4 in a bracket of 4). There is no re-seeding after a round.

A playoff match (a two-game match, matches.py) that ends level after its own tie-break ("quicker
win") goes to the **higher seed** — the reward for the better season.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Hashable, Mapping, Sequence

from .errors import PlayoffError
from .matches import MatchResult

PlayerId = Hashable
Entrant = tuple[int, PlayerId]          # (seed, player)


def bracket_positions(size: int) -> list[int]:
    """The seeds in bracket order: 2 → [1, 2]; 4 → [1, 4, 2, 3]; 8 → [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 2 or size & (size - 1):
        raise PlayoffError(f"a playoff bracket has 2, 4, 8, 16 … places, not {size}")
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True)
class PlayoffMatch:
    """Round `round` (1: the first), match `slot` (1, 2, … from the top of the bracket): the
    higher and lower seed once known, the winner once decided and how (`games`, `quicker win`,
    `higher seed`, `bye`)."""

    round: int
    slot: int
    high: Entrant | None = None
    low: Entrant | None = None
    winner: PlayerId | None = None
    decided_by: str | None = None

    @property
    def ready(self) -> bool:
        return self.high is not None and self.low is not None and self.winner is None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(e[1] for e in (self.high, self.low) if e is not None)


@dataclass(frozen=True)
class Bracket:
    seeds: tuple[PlayerId, ...]        # seed 1 first
    size: int
    matches: tuple[PlayoffMatch, ...]

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def match(self, round_: int, slot: int) -> PlayoffMatch:
        for m in self.matches:
            if (m.round, m.slot) == (round_, slot):
                return m
        raise PlayoffError(f"the playoff has no match {slot} in round {round_}")

    def pending(self) -> tuple[PlayoffMatch, ...]:
        """The matches that can be played now."""
        return tuple(m for m in self.matches if m.ready)

    @property
    def champion(self) -> PlayerId | None:
        return self.match(self.rounds, 1).winner

    def seed_of(self, player: PlayerId) -> int:
        return self.seeds.index(player) + 1

    def to_json(self) -> dict[str, Any]:
        return {"seeds": list(self.seeds), "size": self.size,
                "results": [[m.round, m.slot, m.winner, m.decided_by] for m in self.matches
                            if m.winner is not None and m.decided_by != "bye"]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Bracket":
        bracket = playoff_bracket(data["seeds"], data["size"])
        for round_, slot, winner, how in data.get("results", ()):
            bracket = _decide(bracket, round_, slot, winner, how)
        return bracket


def playoff_bracket(ranked: Sequence[PlayerId], size: int = 8) -> Bracket:
    """The bracket for the first `size` players of `ranked` (the standings, best first)."""
    bracket_positions(size)              # refuses a size that is not a power of two
    ranked = tuple(ranked)
    if len(set(ranked)) != len(ranked):
        raise PlayoffError("a player appears twice in the standings")
    seeds = ranked[:size]
    if len(seeds) < 2:
        raise PlayoffError(f"a playoff needs at least 2 players; the standings have {len(seeds)}")
    while size > 2 and len(seeds) <= size // 2:
        size //= 2                        # every first-round match keeps its higher seed
    positions = bracket_positions(size)
    entrant = {s: (s, seeds[s - 1]) for s in range(1, len(seeds) + 1)}
    matches = []
    for slot in range(1, size // 2 + 1):
        a, b = positions[2 * slot - 2], positions[2 * slot - 1]
        high, low = entrant.get(min(a, b)), entrant.get(max(a, b))
        matches.append(PlayoffMatch(1, slot, high, low))
    rounds = size.bit_length() - 1
    for r in range(2, rounds + 1):
        matches += [PlayoffMatch(r, slot) for slot in range(1, size // 2 ** r + 1)]
    bracket = Bracket(seeds, size, tuple(matches))
    for m in bracket.matches:
        if m.round == 1 and m.low is None and m.high is not None:
            bracket = _decide(bracket, 1, m.slot, m.high[1], "bye")
    return bracket


def advance(bracket: Bracket, round_: int, slot: int, result: MatchResult | PlayerId) -> Bracket:
    """The bracket with match (`round_`, `slot`) decided by `result`: a finished match's result
    (a level match goes to the higher seed) or the winner's id."""
    match = bracket.match(round_, slot)
    if not match.ready:
        raise PlayoffError(f"round {round_} match {slot} is not being played"
                           + (" (it is decided)" if match.winner is not None else " (its players are not known yet)"))
    if isinstance(result, MatchResult):
        if set(result.players) != set(match.players):
            raise PlayoffError(f"that result is not of round {round_} match {slot}")
        if not result.complete:
            raise PlayoffError("the match has not finished both its games")
        if result.winner is None:
            return _decide(bracket, round_, slot, match.high[1], "higher seed")
        return _decide(bracket, round_, slot, result.winner, result.decided_by or "games")
    if result not in match.players:
        raise PlayoffError(f"{result} does not play round {round_} match {slot}")
    return _decide(bracket, round_, slot, result, "games")


def _decide(bracket: Bracket, round_: int, slot: int, winner: PlayerId, how: str | None) -> Bracket:
    match = bracket.match(round_, slot)
    if winner not in match.players:
        raise PlayoffError(f"{winner} does not play round {round_} match {slot}")
    matches = {(m.round, m.slot): m for m in bracket.matches}
    matches[(round_, slot)] = replace(match, winner=winner, decided_by=how)
    if round_ < bracket.rounds:
        nxt = matches[(round_ + 1, (slot + 1) // 2)]
        entrant = (bracket.seed_of(winner), winner)
        known = [e for e in (nxt.high, nxt.low) if e is not None] + [entrant]
        known.sort()
        matches[(round_ + 1, (slot + 1) // 2)] = replace(nxt, high=known[0], low=known[1] if len(known) > 1 else None)
    return replace(bracket, matches=tuple(matches[(m.round, m.slot)] for m in bracket.matches))
