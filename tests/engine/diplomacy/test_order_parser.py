"""Reading orders as players write them; a bad order gets a precise reason; nothing crashes."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.diplomacy.map import DiplomacyMap
from engine.diplomacy.parser import parse_order
from engine.errors import OrderError

M = DiplomacyMap.standard()


@pytest.mark.parametrize("text,canonical", [
    ("A Par - Bur", "A Par - Bur"),
    ("a par-bur", "A Par - Bur"),
    ("A Paris -> Burgundy", "A Par - Bur"),
    ("army paris to burgundy", "A Par - Bur"),
    ("F NTH C A Lon - Nwy", "F Nth C A Lon - Nwy"),
    ("F North Sea convoys Army London to Norway", "F Nth C A Lon - Nwy"),
    ("A Mun S A Par - Bur", "A Mun S A Par - Bur"),
    ("A Munich supports Paris", "A Mun S Par"),
    ("F Mao - Spa(nc)", "F Mao - Spa/nc"),
    ("F mid-atlantic ocean - spain (north coast)", "F Mao - Spa/nc"),
    ("F Mid - Spa nc", "F Mao - Spa/nc"),
    ("F gol - spa/sc", "F Lyo - Spa/sc"),
    ("A Lon - Nth - Nwy", "A Lon - Nwy via convoy"),
    ("A Lon - Nwy via convoy", "A Lon - Nwy via convoy"),
    ("A St. Petersburg - Moscow", "A Stp - Mos"),
    ("A Par H", "A Par H"),
    ("A Par holds", "A Par H"),
    ("Build F Stp/nc", "Build F Stp/nc"),
    ("build army paris", "Build A Par"),
    ("Remove A War", "Remove A War"),
    ("disband a war", "Remove A War"),
    ("waive", "Waive"),
])
def test_notations(text, canonical):
    assert parse_order(text, M).text() == canonical


def test_retreat_phase_reads_moves_as_retreats():
    assert parse_order("A Bud - Ser", M, "retreat").text() == "A Bud R Ser"
    assert parse_order("A Bud disband", M, "retreat").text() == "A Bud D"
    assert parse_order("disband A Bud", M, "retreat").text() == "A Bud D"


@pytest.mark.parametrize("text,reason", [
    ("A Xyz - Bur", "`xyz` is not a place on this map"),
    ("A Par -", "expected where to move"),
    ("A Par S", "expected the place of the unit to support"),
    ("F Par - Spa/ec", "`spa` has no ec coast"),
    ("", "empty order"),
    ("A Par C F Bre - Lon", "only armies can be convoyed"),
    ("build par", "say what to build"),
    ("A Par - Bur Mar", "unexpected `mar`"),
    ("x" * 300, "at most 200 characters"),
])
def test_bad_orders_say_why(text, reason):
    with pytest.raises(OrderError, match=reason):
        parse_order(text, M)


WORDS = st.sampled_from(["A", "F", "Par", "bur", "-", "S", "C", "H", "via", "convoy", "spa/nc", "(nc)",
                         "north", "coast", "Build", "Remove", "waive", "->", "St.", "Petersburg", "mid-atlantic",
                         "ocean", "to", "supports", "R", "D", "123", "é", ":"])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=8).map(" ".join)))
def test_random_text_never_crashes_the_parser(text):
    for phase in ("movement", "retreat", "adjustment", None):
        try:
            order = parse_order(text, M, phase)
        except OrderError as exc:
            assert str(exc)
        else:
            assert parse_order(order.text(), M, phase).text() == order.text()
