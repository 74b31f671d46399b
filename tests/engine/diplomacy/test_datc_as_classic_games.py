"""DATC through the classic variant: every v2.4 case is played as a game phase (the seats' order
sheets, `adjudicate`, the phase cycle) with the rules edition as the game's option, and must
give the position the case expects (the same runner as tests/engine/diplomacy/test_datc.py); every v3.0 movement
case's verdicts are read from the game's own report. (The v3.0 retreat and build cases run
through the resolver in tests/engine/diplomacy/test_datc.py; the v2.4 ones here cover retreats and builds.)"""
from pathlib import Path

import pytest

from engine.catalog import register_all
from engine.diplomacy import datc
from engine.variant import get_variant

register_all()
CLASSIC = get_variant("classic")
V24 = datc.read_v24(Path(__file__).resolve().parents[2] / "data" / "datc_v2.4_06.txt")


@pytest.mark.parametrize("case", V24, ids=[c.name for c in V24])
def test_datc_v24_through_the_classic_variant(case):
    assert datc.run_v24_case_in_game(case, CLASSIC, "2000") is None


def test_the_edition_option_is_the_one_the_game_adjudicates_with():
    """6.G.8 and 6.G.11 are written for the 1982/2000 rules (docs/rulings.md, DATC): they pass
    with `edition=2000` and at least one of them reads otherwise with `edition=2023`."""
    cases = [c for c in V24 if c.name in ("6.G.8", "6.G.11")]
    assert len(cases) == 2
    assert all(datc.run_v24_case_in_game(c, CLASSIC, "2000") is None for c in cases)
    assert any(datc.run_v24_case_in_game(c, CLASSIC, "2023") is not None for c in cases)


V30 = [(n, c) for n, c in datc.v30_cases(Path(__file__).resolve().parents[2] / "data" / "datc_v3.0_teddriggs.json")
       if c["phase"] == "Main" and (not c.get("ignore") or n in datc.RUN_DESPITE_IGNORE)]


@pytest.mark.parametrize("name,case", V30, ids=[n for n, _ in V30])
def test_datc_v30_movement_through_the_classic_variant(name, case):
    """Every movement verdict of the v3.0 file, read from the game's own report (✓/✗ and reason)."""
    assert datc.run_v30_main_in_game(case, CLASSIC) is None
