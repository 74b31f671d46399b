"""House rule 3.1 "Restricted Submarine Warfare": German submarines beside the UK's home island."""
import random

from engine.aa1914.turn import Turn
from tests.aa_helpers import B, state_with


def test_restricted_submarine_warfare():
    """3.1 "During RSW, Germans Submarines located in any sea zone directly adjacent to the UK's
    home island will now deal 1 IPC of economic damage each during the UK's Collect Phase. Only
    the UK may lose IPCs to RSW, therefore there is no risk of dragging the Americans into the war" """
    state = state_with(restricted_sub_warfare=True)
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 4", "SZ 8", "SZ 9")]
    for zone in ("SZ 4", "SZ 9"):
        state["units"].append({"id": 9000 + int(zone[3:]), "type": "submarine", "owner": "Germany", "where": zone,
                               "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 2
    assert not after["us_at_war"]
