"""A server's seasons, part 1: what every finished game leaves on record, the ratings it moves,
each player's reliability and profile, and a game's scores and centres (docs/scoring.md).

`Seasons` (built by `GameService` as `service.seasons`) holds the parts; the game flow reaches
them through a few hooks: a phase adjudicated, a game ended, deleted or imported, a seat joined,
taken or assigned, a game created with `scoring=`/`committed=`."""
from .phone import fits
from .profiles import Profile
from .reliability import admits, figure_words
from .seasons import Seasons
from .settings import SeasonSettings, check_settings, pop_settings
from .sheets import CentresTable

__all__ = ["CentresTable", "Profile", "SeasonSettings", "Seasons", "admits", "check_settings", "figure_words", "fits",
           "pop_settings"]
