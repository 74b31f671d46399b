"""Bidding for sides before a two-sided game (Axis & Allies league mode), as A&A leagues run it.

Each player secretly names the side they want and the extra IPCs they ask for to play it (an
*ask*, 0 or more). The IAAPA rules: "Each player enters a bid ... The lower bid plays the Axis
powers with the benefits of the winning bid placed on the board", "If bids of equal value are
received the web server will determine the winner by a random process"
(axisandallies.net/public/law/BIDDING.html). Dispatch lets each player name their side, so:

- **the lower ask wins**: its player plays the side they named and receives the ask as their
  bid; the other player plays the other side and receives nothing;
- **equal asks**: a coin flip (the seeded RNG) decides whose ask wins;
- when both name the same side this is exactly the IAAPA rule (the lower ask takes that side);
  when they name different sides each gets the side they wanted and only the lower ask is paid.

Bids are secret until both are in (`SealedBids`): a player sees their own bid and whether the
other's is in; a player may change their bid until the other's arrives; then both are revealed
and final.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Hashable, Mapping

from .errors import BidError

PlayerId = Hashable
MAX_ASK = 999


@dataclass(frozen=True)
class Bid:
    """The side a player wants and the IPCs they ask for to play it."""

    side: str
    ipcs: int


@dataclass(frozen=True)
class BidOutcome:
    """Who plays which side, and the bid: `bid_ipcs` extra IPCs for `bid_side`, placed by
    `bidder` (0: no bid). `coin_flip`: equal asks, decided by the coin."""

    sides: tuple[tuple[PlayerId, str], ...]
    bid_side: str
    bid_ipcs: int
    bidder: PlayerId
    coin_flip: bool = False

    def side_of(self, player: PlayerId) -> str:
        return dict(self.sides)[player]

    def player_of(self, side: str) -> PlayerId:
        return next(p for p, s in self.sides if s == side)


@dataclass(frozen=True)
class BidView:
    """What one player may see: their own bid, whether the other's is in, and both bids once
    both are in."""

    own: Bid | None
    other_in: bool
    revealed: tuple[tuple[PlayerId, Bid], ...] | None


def _other(sides: tuple[str, str], side: str) -> str:
    return sides[1] if side == sides[0] else sides[0]


@dataclass(frozen=True)
class SealedBids:
    """The two players' sealed bids for one game of `sides` (e.g. Central Powers, Allies)."""

    players: tuple[PlayerId, PlayerId]
    sides: tuple[str, str]
    bids: tuple[tuple[PlayerId, Bid], ...] = ()

    def __post_init__(self) -> None:
        if len(self.players) != 2 or self.players[0] == self.players[1]:
            raise BidError("bidding for sides needs two different players")
        if len(self.sides) != 2 or self.sides[0] == self.sides[1]:
            raise BidError("bidding for sides needs two different sides")

    @property
    def complete(self) -> bool:
        return len(self.bids) == 2

    @property
    def waiting_for(self) -> tuple[PlayerId, ...]:
        done = {p for p, _ in self.bids}
        return tuple(p for p in self.players if p not in done)

    def side_named(self, text: str) -> str:
        """The side a player typed (any case, a unique beginning)."""
        word = " ".join(str(text).split()).lower()
        exact = [s for s in self.sides if s.lower() == word]
        found = exact or [s for s in self.sides if word and s.lower().startswith(word)]
        if len(found) != 1:
            raise BidError(f"`{str(text)[:30]}` is not a side of this game: bid for {' or '.join(self.sides)}")
        return found[0]

    def submit(self, player: PlayerId, side: str, ipcs: Any) -> "SealedBids":
        """The bids with `player`'s bid (replacing their earlier one while the other's is out)."""
        if player not in self.players:
            raise BidError("only the two players of this match bid for its sides")
        if self.complete:
            raise BidError("both bids are in and revealed; they can no longer change")
        side = self.side_named(side)
        if isinstance(ipcs, str) and ipcs.strip().lstrip("+").isdigit():
            ipcs = int(ipcs.strip().lstrip("+"))
        if not isinstance(ipcs, int) or isinstance(ipcs, bool) or ipcs < 0:
            raise BidError(f"an ask is a whole number of IPCs, 0 or more (not `{str(ipcs)[:20]}`)")
        if ipcs > MAX_ASK:
            raise BidError(f"an ask of {ipcs} IPCs is more than any game can use (at most {MAX_ASK})")
        bids = tuple((p, b) for p, b in self.bids if p != player) + ((player, Bid(side, ipcs)),)
        return replace(self, bids=bids)

    def view(self, player: PlayerId) -> BidView:
        """What `player` may see now (someone outside the match sees no bid until both are in)."""
        bids = dict(self.bids)
        other_in = any(p != player for p in bids)
        return BidView(bids.get(player), other_in, self.bids if self.complete else None)

    def reveal(self) -> dict[PlayerId, Bid]:
        if not self.complete:
            raise BidError("bids are secret until both are in")
        return dict(self.bids)

    def resolve(self, rng: random.Random) -> BidOutcome:
        """Who plays which side, by the lower ask (the module's rule); a coin for equal asks."""
        bids = self.reveal()
        a, b = self.players
        coin = bids[a].ipcs == bids[b].ipcs
        if coin:
            winner = a if rng.random() < 0.5 else b
        else:
            winner = a if bids[a].ipcs < bids[b].ipcs else b
        loser = b if winner == a else a
        side = bids[winner].side
        return BidOutcome(((winner, side), (loser, _other(self.sides, side))), side, bids[winner].ipcs, winner,
                          coin)

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "sides": list(self.sides),
                "bids": [[p, b.side, b.ipcs] for p, b in self.bids]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SealedBids":
        return cls(tuple(data["players"]), tuple(data["sides"]),
                   tuple((p, Bid(side, int(ipcs))) for p, side, ipcs in data.get("bids", ())))
