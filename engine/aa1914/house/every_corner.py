"""House rule 4.6 "From Every Corner of the Empire".

Infantry and artillery may be placed in an original territory worth 3 IPCs or more that the power
controls: one unit a turn, two if it is worth 6 or more; artillery only where the power's infantry
already stands."""
from __future__ import annotations

from ..context import TurnContext
from .base import NOT_MINE, HouseRule


def corner_capacity(ipc: int) -> int:
    """4.6: one unit a turn in an original territory worth 3 or more, two if worth 6 or more."""
    return 0 if ipc < 3 else 2 if ipc >= 6 else 1


class EveryCorner(HouseRule):
    key = "every_corner"

    def limited_placement(self, turn: TurnContext, kind: str, where: str, n: int) -> str | None:
        t = turn.board.territories[where]
        if not (t.original_owner == turn.power and not t.sea and t.ipc >= 3
                and turn.position.control.get(where) == turn.power):
            return NOT_MINE
        if kind not in ("infantry", "artillery"):
            return f"only infantry or artillery are placed in {where}"
        if kind == "artillery" and not any(u.owner == turn.power and u.type == "infantry"
                                           for u in turn.position.units_in(where)):
            return f"artillery is placed in {where} only where your infantry already stands"
        cap = corner_capacity(t.ipc)
        return None if turn.progress.placed.get(where, 0) + n <= cap else f"{where} takes {cap} unit(s) a turn"


RULE = EveryCorner()
