"""House rule 4.12 "We Need Tanks Now": tanks may be bought from turn 3."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, state_with


def test_we_need_tanks_now():
    """4.12 "Tanks are now available starting on Turn 3 instead of Turn 4." """
    state = state_with(tanks_now=True)
    state["round"] = 3
    Turn(B, state, "Germany", None).run([parse_order("buy 1 tank", B)])
    state["round"] = 2
    with pytest.raises(OrderError, match="from round 3"):
        Turn(B, state, "Germany", None).run([parse_order("buy 1 tank", B)])
