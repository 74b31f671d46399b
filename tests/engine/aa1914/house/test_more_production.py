"""House rule 4.11 "We Need More Production": the factory token each power places."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, state_with


def test_more_production_factory():
    """4.11 "every country – except the United States – places a factory token ... The factory
    increases the territory's IPC output by 3 [or] ... purchased units may be placed there. The
    number of units ... is twice its IPC value, to a maximum of six." """
    state = state_with(more_production=True)
    after = Turn(B, state, "Germany", random.Random(1)).run([parse_order("factory Ruhr income", B)])
    assert after["factories"]["Germany"] == {"where": "Ruhr", "effect": "income"}
    assert after["treasury"]["Germany"] == 35 + 35 + 3
    staged = Turn(B, state, "Germany", None).run([parse_order("factory Prussia staging", B),
                                                   parse_order("buy 6 infantry", B),
                                                   parse_order("place 6 infantry Prussia", B)])
    assert sum(1 for u in staged["units"] if u["where"] == "Prussia") == sum(1 for u in state["units"] if u["where"] == "Prussia") + 6
    with pytest.raises(OrderError, match="takes 6 units a turn"):
        Turn(B, state, "Germany", None).run([parse_order("factory Prussia staging", B), parse_order("buy 7 infantry", B),
                                             parse_order("place 7 infantry Prussia", B)])
    with pytest.raises(OrderError, match="places no factory"):
        Turn(B, state, "United States", None).run([parse_order("factory United States of America income", B)])
    with pytest.raises(OrderError, match="worth 2 IPCs or more"):
        Turn(B, state, "France", None).run([parse_order("factory Corsica income", B)])
    # "If the territory containing the factory is captured by enemy powers, the factory is destroyed"
    after["control"]["Ruhr"] = "France"
    after["units"] = [u for u in after["units"] if u["where"] != "Ruhr"]
    again = Turn(B, after, "Germany", random.Random(1)).run([])
    assert "Germany" not in again["factories"]
