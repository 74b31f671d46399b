"""House rule 4.9 "No Such Thing as Neutral – By Power: the neutral minors are auctioned
before the game, power by power".

A pre-game phase: the auction itself (bids, threats, premiums) is `auction.py`, which the variant
runs as the phase `auction` before round 1 (`phases.PHASES`)."""
from __future__ import annotations

from .base import HouseRule


class AuctionByPower(HouseRule):
    key = "auction_by_power"
    phases = ("auction",)


RULE = AuctionByPower()
