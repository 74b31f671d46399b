"""Carnage (David Maletsky's system for the Carnage convention) and Carnage 2023.

World Diplomacy Wiki, "Carnage Scoring System": "Each game is worth 28,034 points. If you solo,
you get them all, and every other player receives 0 points. In the event that a game terminates
in some manner other than a full solo victory, players are ranked according to the number of
supply centers they hold at EOG. Eliminated players are additionally ranked by the game-year that
they were eliminated. [1st 7000, 2nd 6000, … 7th 1000.] If two or more players share a rank, they
split the points for those positions. For instance, if two players tie for 2nd and 3rd place,
then they each receive 5500 points ((6000 + 5000) / 2). In addition, each player gets 1 point per
supply center at the end of the game." Later elimination ranks higher ("1,000 for the lowest
center count or the first person eliminated", Liberty Cup's statement of Carnage).

Carnage 2023 adds a lead bonus: "awards 300 points to the player with the highest center count
for each center they have above the next player … If there is a tie for board-top, there are no
extra points. These points are also not awarded for solos" (Boston Massacre's description of the
same rule, which it calls Carnhik; dipvis issue #250 "Add support for Carnage 2023": "Add 300
points per centre of separation for the leader").

Other numbers of powers (the two-player variants): the places are worth N×1000 down to 1000 for
N powers — for seven powers exactly the published 7000…1000 — and a solo takes every place's
points plus one per centre of the board (28,034 on the standard board with seven powers). This is
the generalisation NoPunIn10Did's Fibonacci-Diplo article gives ("in a given game of player count
X, grant rank points from 1000 to X*1000").
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem, shared_places

PLACE_STEP = 1000.0
LEAD_BONUS = 300.0          # Carnage 2023: per centre the lone board-topper leads the next power by


def places(count: int) -> tuple[float, ...]:
    """The place points for a game of `count` powers: count×1000 for the first, … 1000 for the last."""
    return tuple(PLACE_STEP * (count - i) for i in range(count))


def _carnage(lead_bonus: float):
    def points(position: FinalPosition) -> dict[str, float]:
        worth = places(len(position.powers))
        if position.solo is not None:
            everything = sum(worth) + position.board_centres
            return {p: everything if p == position.solo else 0.0 for p in position.powers}
        name = "carnage2023" if lead_bonus else "carnage"
        # survivors by centres, then the eliminated: the last to fall ranks highest among them
        ranked = [g for g in position.by_centres() if position.centres[g[0]] > 0]
        ranked += list(reversed(position.elimination_order(name)))
        scores = shared_places(ranked, worth)
        result = {p: scores[p] + position.centres[p] for p in position.powers}
        toppers = position.toppers
        if lead_bonus and len(toppers) == 1:
            runner_up = max(position.centres[p] for p in position.powers if p != toppers[0])
            result[toppers[0]] += lead_bonus * (position.top - runner_up)
        return result
    return points


CARNAGE = ScoringSystem(
    "carnage", "Carnage", _carnage(0.0),
    rule="A solo scores 28,034, everyone else 0. Otherwise places by centres (eliminated powers by when they "
         "fell, later is better) score 7000, 6000 … 1000, shared when tied, plus 1 point per centre.",
    source="https://world-diplomacy-wiki.fandom.com/wiki/Carnage_Scoring_System")

CARNAGE2023 = ScoringSystem(
    "carnage2023", "Carnage 2023", _carnage(LEAD_BONUS),
    rule="Carnage, plus 300 points to a lone board-topper for each centre it leads the next power by.",
    source="https://sites.google.com/site/bostonmassacrediplomacy/scoring; "
           "https://github.com/UEWBot/dipvis/issues/250")
