"""House rule 2.5 "Destroyers": 5 IPCs, 2/2, move 3."""

def test_destroyer_stats():
    """2.5 "Cost: 5 IPCs Attack value: 2 Defense value: 2 Can move 3 spaces" """
    from engine.aa1914.units import UNIT_TYPES
    d = UNIT_TYPES["destroyer"]
    assert (d.cost, d.attack, d.defense, d.move, d.domain) == (5, 2, 2, 3, "sea")
