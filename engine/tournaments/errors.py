"""The refusals of the tournament and league arithmetic. Each message is meant for the organiser
or the player who asked, and says what to do instead."""
from __future__ import annotations

from engine.errors import RulesError


class TournamentError(RulesError):
    """Base class: something asked of a league or a tournament that its rules do not allow."""


class PreferenceError(TournamentError):
    """A power preference list (dipvis format, e.g. `FGIRTEA`) that cannot be read."""


class SeedingError(TournamentError):
    """Players who cannot be seated as asked: too few for one board, a player named twice, a
    player to keep apart who is not registered."""


class StandingsError(TournamentError):
    """Results that cannot be ranked: a player scored twice on one board, points that are not
    numbers."""


class BidError(TournamentError):
    """A bid for sides that cannot be taken: from someone outside the match, for a side the game
    does not have, a negative ask, a look at the other bid before both are in."""


class BidPlacementError(BidError):
    """A bid placement (the extra units bought with a won bid) that breaks the placement
    convention; the message names the unit and the rule."""


class PlayoffError(TournamentError):
    """A playoff result for a match that is not being played, or a winner who is not in it."""
