"""The order reader's shortcuts (plain lines tokenized without normalising, the common movement
shapes built without the general reader, lines kept once read) read every line exactly as the
general reader does: the same order, or the same refusal."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.diplomacy.map import DiplomacyMap
from engine.diplomacy.parser import forget_read_orders, parse_order, parse_order_general
from engine.diplomacy.rx07 import map_with
from engine.errors import OrderError

M = DiplomacyMap.standard()
RX07 = map_with(frozenset({"den", "hol"}))

# words as sheets store them and as players type them, the multi-word names and coasts included
WORDS = st.sampled_from([
    "A", "F", "a", "f", "Par", "Bur", "Mun", "Spa/nc", "Spa/sc", "spa", "Stp/nc", "Bul/ec", "Nth", "Nwy", "Lon",
    "-", "S", "C", "H", "R", "D", "via", "convoy", "Build", "Remove", "Waive", "north", "sea", "coast", "nc", "sc",
    "Mid", "mid-atlantic", "ocean", "st", "petersburg", "St.", "eng", "ch", "n", "afr", "spain/nc", "spa/wc",
    "English", "Channel", "Gulf", "of", "Lyon", "Mao", "Wes", "Med", "to", "supports", "holds", "(nc)", "Kie"])


def outcome(read, text, dmap, phase):
    try:
        return ("order", read(text, dmap, phase))
    except OrderError as exc:
        return (type(exc).__name__, str(exc))


@settings(max_examples=600, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=8).map(" ".join),
       st.sampled_from(["movement", "retreat", "adjustment", None]), st.sampled_from([M, RX07]))
def test_every_line_reads_as_the_general_reader_reads_it(text, phase, dmap):
    forget_read_orders()
    expected = outcome(parse_order_general, text, dmap, phase)
    assert outcome(parse_order, text, dmap, phase) == expected
    assert outcome(parse_order, text, dmap, phase) == expected       # read again: the line kept


def test_the_stored_form_of_every_order_reads_back_the_same():
    """Sheets store canonical lines: each kind of movement order, with coasts and convoys."""
    for text in ("A Par - Bur", "F Mao - Spa/nc", "A Lon - Nwy via convoy", "A Par H", "F Nth C A Lon - Nwy",
                 "A Mun S A Par - Bur", "A Mun S Par", "A Mun S F Kie", "A Mun S Kie - Ber", "F Mao S F Gas - Spa/nc"):
        for phase in ("movement", None, "retreat", "adjustment"):
            forget_read_orders()
            assert outcome(parse_order, text, M, phase) == outcome(parse_order_general, text, M, phase)
        assert parse_order(text, M, "movement").text() == text


def test_every_order_a_sheet_can_hold_reads_as_the_general_reader_reads_it():
    """Every legal order of the classic and rx07 starts (moves, supports, holds as stored), and
    convoys and `via convoy` moves between every coast, in each phase the reader takes."""
    import random

    from engine.catalog import register_all
    from engine.variant import get_variant
    register_all()
    lines = []
    for key in ("classic", "rx07"):
        variant = get_variant(key)
        state = variant.initial_state({}, random.Random(1))
        for seat in variant.seats_to_act(state):
            lines += variant.order_choices(state, seat)
    coasts = [M.label(p) for p, province in M.provinces.items() if province.type == "coast"]
    seas = [M.label(p) for p, province in M.provinces.items() if province.is_sea]
    lines += [f"F {sea} C A {a} - {b}" for sea in seas[:6] for a in coasts[:8] for b in coasts[-8:]]
    lines += [f"A {a} - {b} via convoy" for a in coasts[:10] for b in coasts[-10:]]
    lines += ["F Mid - Spa", "A Eng - Ch", "F Spa/nc H", "A Par - Xyz", "A Par S F Spa/sc - Mao"]
    assert len(lines) > 500
    for dmap in (M, RX07):
        for phase in ("movement", None, "retreat"):
            forget_read_orders()
            for text in lines:
                assert outcome(parse_order, text, dmap, phase) == outcome(parse_order_general, text, dmap, phase), text
