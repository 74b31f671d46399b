import random

from tests.aa_random_play import V


def test_every_unit_of_every_option_can_be_drawn():
    """Never no map once any house unit is on the board — every unit type draws."""
    from engine.aa1914.units import UNIT_TYPES
    from render.aa1914 import render_aa1914
    state = V.initial_state(V.parse_options({key: True for key in ("trucks", "armored_cars", "armored_trains",
                                                                     "coastal_artillery", "destroyers",
                                                                     "artillery_trucks", "freighters_raiders")}),
                            random.Random(1))
    for index, kind in enumerate(UNIT_TYPES):
        where = "SZ 9" if UNIT_TYPES[kind].is_sea else "Berlin"
        state["units"].append({"id": 10_000 + index, "type": kind, "owner": "Germany", "where": where,
                               "damaged": False})
    png = render_aa1914(state, None, "every unit")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_unit_type_has_its_own_map_label():
    from engine.aa1914.units import UNIT_TYPES
    from render.aa1914 import ABBREVIATIONS
    assert set(UNIT_TYPES) <= set(ABBREVIATIONS)
    assert len(set(ABBREVIATIONS.values())) == len(ABBREVIATIONS)
