"""House rule 3.1 Unrestricted Submarine Warfare: 1 IPC of damage for every submarine in zones 2, 7 and 8."""
import random

from engine.aa1914.turn import Turn
from tests.aa_helpers import B, state_with


def test_unrestricted_submarine_warfare_flat():
    """3.1 "Submarines in zones 2, 7 and 8 now deal 1 IPC of damage for every submarine in these
    zones instead of rolling for a hit." """
    state = state_with(usw_flat=True)
    state["usw_declared"] = True
    state["units"] = [u for u in state["units"] if u["where"] not in ("SZ 2", "SZ 7", "SZ 8")]
    for i, zone in enumerate(("SZ 2", "SZ 7", "SZ 7")):
        state["units"].append({"id": 9100 + i, "type": "submarine", "owner": "Germany", "where": zone, "damaged": False})
    after = Turn(B, state, "British Empire", random.Random(1)).run([])
    assert after["treasury"]["British Empire"] == 30 + 30 - 3
    assert not any(e["step"].startswith("unrestricted") for e in after["log"])
