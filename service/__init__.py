"""The game service: every game action, with no Discord inside.

Cogs, the offline console, the benches and the tests all drive games through `GameService`.
"""
from .errors import BadInput, BadState, Forbidden, NotFound, ServiceError
from .models import Actor, GameInfo, PhaseInfo, SeatInfo
from .games import GameService

__all__ = ["Actor", "BadInput", "BadState", "Forbidden", "GameInfo", "GameService", "NotFound",
           "PhaseInfo", "SeatInfo", "ServiceError"]
