"""C-Diplo, the French hobby's system (Bruno-André Giraudon, 1992), in its two versions.

World Diplomacy Database, "C-Diplo 100": "If there is a solo. The player who solos (has 18
centers or more) scores 100 points. The other player score no point. If there is no solo. - Each
player scores 1 point for participated. - Each player scores 1 point per centre owned. - The
player who has the most centres scores 38 points. - The second … 14 points. - The Third … 7
points. In case of tied, the players shared the points given for the rank. The sum of the score
of players is 100." Toby Harris: "tied places share the bonus points appropriately. Ie 4 players
sharing 2nd place would each gain one quarter of the 14 + 7 points."

C-Diplo 80 (dipvis `GScoringCDiplo('CDiplo 80', 80, 0, 25, 14, 7)`): a solo scores 80; otherwise
no participation point, 1 per centre, and 25, 14 and 7 for the three places — again a fixed sum
(34 + 46 = 80) when every centre is owned.

Places go by supply centres only. Eliminated powers are tied on 0 and share whatever places they
reach, like any other tie ("tied places share"): on a 17-17-0-0-0-0-0 board the five eliminated
powers share the third place's 7 points (1.4 each). Every power, eliminated or not, scores the
participation point (the WDD's example gives England, on 0 centres, 1 + 0 = 1).
"""
from __future__ import annotations

from .base import FinalPosition, ScoringSystem, shared_places


def _c_diplo(solo_points: float, played: float, places: tuple[float, ...]):
    def points(position: FinalPosition) -> dict[str, float]:
        if position.solo is not None:
            return {p: solo_points if p == position.solo else 0.0 for p in position.powers}
        bonus = shared_places(position.by_centres(), places)
        return {p: played + position.centres[p] + bonus[p] for p in position.powers}
    return points


CDIPLO100 = ScoringSystem(
    "cdiplo100", "C-Diplo 100", _c_diplo(100.0, 1.0, (38.0, 14.0, 7.0)),
    rule="A solo scores 100, everyone else 0. Otherwise 1 point for playing, 1 per centre, and 38, 14 and 7 "
         "for the most, second and third most centres (tied places share their points).",
    source="https://world-diplomacy-database.com/php/scoring/scoring_class.php?id_scoring=5")

CDIPLO80 = ScoringSystem(
    "cdiplo80", "C-Diplo 80", _c_diplo(80.0, 0.0, (25.0, 14.0, 7.0)),
    rule="A solo scores 80, everyone else 0. Otherwise 1 point per centre, and 25, 14 and 7 for the most, "
         "second and third most centres (tied places share their points).",
    source="https://github.com/UEWBot/dipvis (visualiser/tournament/game_scoring/g_scoring_systems.py: "
           "CDiplo 80); https://diplomacytv.com/game_scoring/cdiplo-80/")
