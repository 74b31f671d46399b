"""House rule 4.5 "Reinforcements from Munich": Germany also mobilizes in Munich."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, state_with


def test_reinforcements_from_munich():
    """4.5 "Germany may use the Munich (München) territory as a secondary deployment area, much in
    the same way that the UK uses India." """
    orders = [parse_order("buy 1 infantry", B), parse_order("place 1 infantry Munich", B)]
    with pytest.raises(OrderError, match="placed in Berlin, not Munich"):
        Turn(B, state_with(), "Germany", None).run(orders)
    after = Turn(B, state_with(munich_reinforcements=True), "Germany", None).run(orders)
    assert after["units"][-1]["where"] == "Munich"
