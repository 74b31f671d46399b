"""House rule 4.4 "The Swiss Alps": Switzerland is impassable."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, state_with


def test_swiss_alps():
    """4.4 "the country of Switzerland is considered impassable and may not be invaded by either side." """
    with pytest.raises(OrderError, match="Switzerland is impassable"):
        Turn(B, state_with(swiss_alps=True), "Germany", None).run([parse_order("move 1 infantry Munich - Switzerland", B)])
    Turn(B, state_with(), "Germany", None).run([parse_order("move 1 infantry Munich - Switzerland", B)])
