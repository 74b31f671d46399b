"""House rule 4.10 "No Such Thing as Neutral – By Alliance: the alliances bid pooled IPCs
for the neutral minors before the game".

A pre-game phase: the auction itself (bids, threats, premiums) is `auction.py`, which the variant
runs as the phase `auction` before round 1 (`phases.PHASES`)."""
from __future__ import annotations

from .base import HouseRule


class AuctionByAlliance(HouseRule):
    key = "auction_by_alliance"
    numbers = {"bids_by_alliance": True}
    phases = ("auction",)


RULE = AuctionByAlliance()
