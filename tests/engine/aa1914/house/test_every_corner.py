"""House rule 4.6 "From Every Corner of the Empire": placing in an original territory worth 3 or more."""
import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import B, state_with


def test_every_corner_of_the_empire():
    """4.6 "players may place 1 unit from their production queue each turn on any original
    territory they control that has an IPC value of 3 or more. The unit must be an Infantry unit
    or, if other Infantry units are present in that territory, an Artillery. Territories worth 6
    IPCs or more may receive 2 units" """
    state = state_with(every_corner=True)
    buy = parse_order("buy 4 infantry, 1 artillery", B)
    after = Turn(B, state, "Germany", None).run([buy, parse_order("place 1 infantry Prussia", B),
                                                 parse_order("place 2 infantry Ruhr", B),
                                                 parse_order("place 1 infantry Berlin", B)])
    assert sum(1 for u in after["units"] if u["where"] == "Ruhr") == sum(1 for u in state["units"] if u["where"] == "Ruhr") + 2
    state["units"] = [u for u in state["units"] if not (u["where"] == "Silesia" and u["type"] == "infantry")]
    for line, reason in (("place 2 infantry Prussia", "takes 1 unit"), ("place 1 infantry Kiel", "placed in Berlin"),
                         ("place 1 artillery Silesia", "only where your infantry already stands")):
        with pytest.raises(OrderError, match=reason):
            Turn(B, state, "Germany", None).run([buy, parse_order(line, B)])
    with pytest.raises(OrderError, match="placed in Berlin, not Prussia"):
        Turn(B, state_with(), "Germany", None).run([buy, parse_order("place 1 infantry Prussia", B)])
