"""An order the rules accept but that can only be void, as the board and the seat's own sheet
stand, is accepted and comes back with `void unless …` (engine.diplomacy.void_orders): a support
of a unit that is not there or of a move it cannot make, a convoy no chain of fleets can carry,
a support or convoy the seat's own orders contradict (DATC 6.A.10, 6.D.7, 6.D.9, 6.D.24, 6.D.31,
6.F.12). What other powers order is not known when the order is given, so it is never guessed."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.catalog import register_all
from engine.diplomacy.report import read_report
from engine.errors import RulesError
from engine.variant import get_variant

register_all()
CLASSIC = get_variant("classic")
START = CLASSIC.initial_state({}, random.Random(1))


def position(**units: str) -> dict:
    """A Spring 1901 position holding only `units` (province -> 'A Germany', 'F England/nc')."""
    state = dict(START, units={})
    for prov, text in units.items():
        kind, power = text.split()
        power, _, coast = power.partition("/")
        state["units"][prov] = {"kind": kind, "power": power, "loc": f"{prov}/{coast}" if coast else prov}
    return state


def warnings(state: dict, seat: str, lines: list[str]) -> dict[str, tuple[str, ...]]:
    sheet = CLASSIC.check_orders(state, seat, lines)          # accepted: nothing is refused
    return {checked.text: checked.warnings for checked in CLASSIC.checked_lines(state, seat, sheet)}


def verdicts(state: dict, orders: dict[str, list[str]]) -> dict[str, bool]:
    """Order text -> carried out?, from the adjudication's own report."""
    report = CLASSIC.adjudicate(state, orders, random.Random(0)).report
    return {text: ok for _, ok, text, _ in read_report(report)}


def test_a_support_of_a_unit_that_is_not_there_is_accepted_and_warned():
    """The support names Bohemia, where no unit stands: it is a legal order that supports nothing."""
    said = warnings(START, "Germany", ["A Mun S A Boh - Tyr"])
    assert said == {"A Mun S A Boh - Tyr": ("void unless a unit stands in Bohemia: none does",)}
    assert verdicts(START, {"Germany": ["A Mun S A Boh - Tyr"]})["A Mun S A Boh - Tyr"] is False


def test_a_convoy_no_fleet_chain_can_carry_is_accepted_and_warned():
    """DATC 6.D.32 "A missing fleet": no fleet stands between London and Norway but the Norwegian
    Sea's own, which does not touch London."""
    state = position(lon="A England", nwg="F England")
    said = warnings(state, "England", ["F Nwg C A Lon - Nwy"])
    assert said["F Nwg C A Lon - Nwy"] == (
        "void unless a fleet chain reaches Norway: no fleet of yours or others stands in the seas between",)
    with_chain = position(lon="A England", nth="F England")
    assert warnings(with_chain, "England", ["F Nth C A Lon - Nwy", "A Lon - Nwy"]) == {
        "F Nth C A Lon - Nwy": (), "A Lon - Nwy": ()}


def test_a_convoy_of_an_army_that_is_not_there():
    """DATC 6.A.7 "Only armies can be convoyed": a convoy needs an army where it says."""
    state = position(nth="F England", edi="F England")
    assert warnings(state, "England", ["F Nth C A Lon - Nwy"])["F Nth C A Lon - Nwy"] == (
        "void unless an army stands in London: none does",)
    assert warnings(state, "England", ["F Nth C A Edi - Nwy"])["F Nth C A Edi - Nwy"] == (
        "void unless an army stands in Edinburgh: the unit there is a fleet",)


def test_a_convoy_whose_chain_needs_the_seats_own_fleets():
    """A chain exists only through the seat's own fleet, which this sheet does not order to convoy."""
    state = position(lon="A England", nth="F England", nwg="F England")
    said = warnings(state, "England", ["F Nwg C A Lon - Nwy", "A Lon - Nwy", "F Nth - Ska"])
    assert said["F Nwg C A Lon - Nwy"] == (
        "void unless a fleet chain reaches Norway: your fleets between are not ordered to convoy it",)
    assert warnings(state, "England", ["F Nwg C A Lon - Nwy", "F Nth C A Lon - Nwy", "A Lon - Nwy"])[
        "F Nwg C A Lon - Nwy"] == ()


def test_a_tricky_impossible_support():
    """DATC 6.D.31 "A tricky impossible support": Rumania does not border Armenia, and the only
    fleet between them, Turkey's in the Black Sea, supports instead of convoying."""
    state = position(rum="A Austria", bla="F Turkey")
    said = warnings(state, "Turkey", ["F Bla S A Rum - Arm"])
    assert said["F Bla S A Rum - Arm"] == (
        "void unless a fleet chain carries A Rum to Armenia: your fleets between are not ordered to convoy it",)
    assert verdicts(state, {"Turkey": ["F Bla S A Rum - Arm"], "Austria": ["A Rum - Arm"]})["A Rum - Arm"] is False


def test_an_impossible_army_move_can_not_be_supported():
    """DATC 6.D.24 "Impossible army move can not be supported": an army cannot enter the Gulf of Lyon."""
    state = position(mar="A France", spa="F France/sc")
    said = warnings(state, "France", ["F Spa/sc S A Mar - Gol"])
    assert said["F Spa/sc S A Mar - Lyo"] == (
        "void unless A Mar can move to Gulf of Lyon: an army cannot enter the sea",)


def test_own_orders_that_contradict_a_support_or_convoy():
    """DATC 6.D.7 "Support to hold on moving unit not allowed" and 6.D.9 "Support to move on
    holding unit not allowed": the seat's own orders on the same sheet are known, so the warning
    says which one, and goes away when the sheet changes it."""
    said = warnings(START, "Germany", ["A Mun S A Ber", "A Ber - Kie"])
    assert said["A Mun S A Ber"] == ("void unless A Ber stays in Berlin: this sheet orders `A Ber - Kie`",)
    said = warnings(START, "Germany", ["A Mun S A Ber - Sil"])
    assert said["A Mun S A Ber - Sil"] == (
        "void unless A Ber is ordered to Silesia: it has no order on this sheet (it holds)",)
    assert warnings(START, "Germany", ["A Mun S A Ber - Sil", "A Ber - Sil"])["A Mun S A Ber - Sil"] == ()
    state = position(lon="A England", nth="F England")
    assert warnings(state, "England", ["F Nth C A Lon - Nwy", "A Lon - Yor"])["F Nth C A Lon - Nwy"] == (
        "void unless A Lon is ordered to Norway: this sheet orders `A Lon - Yor`",)


def test_what_another_power_orders_is_never_guessed():
    """DATC 6.D.33 "Unwanted support allowed": a support of a foreign unit's possible move may
    count, whatever that unit is ordered (nobody knows yet), so it is not warned about."""
    state = position(ser="A Austria", gal="A Russia")
    assert warnings(state, "Russia", ["A Gal S A Ser - Bud"]) == {"A Gal S A Ser - Bud": ()}
    assert warnings(START, "Austria", ["F Tri S A Ven"]) == {"F Tri S A Ven": ()}


def test_no_warning_outside_a_movement_phase_or_for_other_variants():
    rx07 = get_variant("rx07")
    state = rx07.initial_state({}, random.Random(1))
    assert [c.warnings for c in rx07.checked_lines(state, "Entente", ["A Par S A Bur - Gas"])] == [
        ("void unless a unit stands in Burgundy: none does",)]
    winter = dict(START, season="winter", phase="adjustment")
    assert [c.warnings for c in CLASSIC.checked_lines(winter, "Germany", ["Waive"])] == [()]
    assert [c.warnings for c in get_variant("aa1914").checked_lines({}, "Germany", ["buy 1 infantry"])] == [()]


ORDER_WORDS = [c for c in CLASSIC.order_choices(START, "Germany")] + [
    "A Mun S A Boh - Tyr", "F Kie C A Ber - Den", "A Ber S A Mun - Sil", "F Kie S A Ber", "A Mun S A Vie - Tyr"]


def settled(state: dict, orders: dict[str, list[str]]) -> tuple:
    new = CLASSIC.adjudicate(state, orders, random.Random(0)).state
    return new["units"], new.get("dislodged"), new.get("eliminated")


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(ORDER_WORDS), max_size=6))
def test_every_warned_order_comes_to_nothing(lines):
    """"void unless …" is said only of orders that come to nothing: with the sheet as it stands
    and every other power holding, the phase ends exactly as it does without the warned line,
    and a warned support is reported as not carried out."""
    sheet: list[str] = []
    for line in lines:
        try:
            sheet = CLASSIC.check_orders(START, "Germany", [line], sheet)
        except RulesError:
            continue
    checked = CLASSIC.checked_lines(START, "Germany", sheet)
    assert [c.text for c in checked] == sheet
    outcome = verdicts(START, {"Germany": sheet})
    for line in checked:
        assert all(w.startswith("void unless ") for w in line.warnings)
        if line.warnings:
            without = [other for other in sheet if other != line.text]
            assert settled(START, {"Germany": sheet}) == settled(START, {"Germany": without}), (line, sheet)
            if " S " in line.text:
                assert outcome[line.text] is False, (line, sheet)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from(ORDER_WORDS)), max_size=5),
       st.sampled_from(["Germany", "England", "Nobody"]))
def test_any_lines_give_one_checked_line_each_and_never_crash(lines, seat):
    """Whatever a stored sheet holds (even lines the rules would refuse), each comes back once,
    with its own text, and any warning is a `void unless …` sentence."""
    checked = CLASSIC.checked_lines(START, seat, lines)
    assert [c.text for c in checked] == lines
    assert all(w.startswith("void unless ") for c in checked for w in c.warnings)
