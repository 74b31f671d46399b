"""Rule 6 and build sites: the American army lands only where the winter's brief offered it, and a
second order for the same build site in one sheet is refused with its reason."""
import random

import pytest

from engine.catalog import register_all
from engine.diplomacy.game import board_units
from engine.diplomacy.rx07 import CENTRAL, ENTENTE, Rx07Variant
from engine.errors import OrderError
from tests.conftest import ALICE, BOB, GUILD
from tests.positions import france_owes_two_builds

V = Rx07Variant()


def winter_1918(units, owners):
    state = V.initial_state({}, random.Random(0))
    state.update(year=1918, season="winter", phase="adjustment", italy_side=CENTRAL)
    state["units"] = {p: {"kind": k, "power": power, "loc": p} for p, (k, power) in units.items()}
    state["owners"] = owners
    return state


# England owns London, Liverpool and Edinburgh but has four units (one to remove); France owns
# Brest and Paris. London and Liverpool are occupied after the fall move.
OWNERS = {"lon": "England", "lvp": "England", "edi": "England", "bre": "France", "par": "France",
          "ber": "Germany", "vie": "Austria"}
UNITS = {"lon": ("A", "England"), "lvp": ("A", "England"), "nth": ("F", "England"), "nwg": ("F", "England"),
         "par": ("A", "France"), "ber": ("A", "Germany"), "vie": ("A", "Austria")}


def test_rule_6_the_army_lands_only_where_the_brief_offered():
    """Seed 003 rule 6: "After the "fall 1917" move and each subsequent "fall" move ... a new EP
    army shall be established in one of these four supply centres: Edinburgh, Liverpool, London,
    or Brest". The centres are those free *after the fall move*: the brief's list and the default
    are that list, so a centre the Entente's own removal frees this winter (Liverpool) is not used."""
    state = winter_1918(UNITS, OWNERS)
    brief = V.phase_brief(state, ENTENTE)
    assert "from Edi, Bre (default: the first of these you do not build in" in brief
    assert "England must remove 1 unit(s)." in brief
    result = V.adjudicate(state, {ENTENTE: ["Remove A Lvp"]}, random.Random(0))
    assert "lvp" not in result.state["units"]
    assert result.state["units"]["edi"] == {"kind": "A", "power": "England", "loc": "edi"}
    assert "An American army lands in Edinburgh (England)." in result.report
    # A freed centre cannot be chosen either: the order names the open centres.
    with pytest.raises(OrderError, match="Liverpool|Lvp cannot take an American army now; open: Edi, Bre"):
        V.check_orders(state, ENTENTE, ["Remove A Lvp", "America Lvp"])


def test_rule_6_a_build_in_the_first_offered_centre_moves_the_default_to_the_next():
    """The brief says how the default changes: "the first of these you do not build in"."""
    owners = dict(OWNERS, kie="England")              # England may now build one
    units = {p: u for p, u in UNITS.items() if p != "nwg"}
    state = winter_1918(units, owners)
    sheet = V.check_orders(state, ENTENTE, ["Build F Edi"])
    result = V.adjudicate(state, {ENTENTE: sheet}, random.Random(0))
    assert result.state["units"]["edi"]["kind"] == "F"
    assert result.state["units"]["bre"] == {"kind": "A", "power": "France", "loc": "bre"}


def test_rule_6_builds_may_not_take_every_offered_centre():
    """"a new EP army shall be established": builds that would leave it no offered centre are
    refused with the reason (build elsewhere or waive)."""
    owners = {"lon": "England", "lvp": "England", "edi": "England", "bre": "France", "par": "France",
              "ber": "Germany"}
    state = winter_1918({"lon": ("A", "England"), "lvp": ("A", "England"), "par": ("A", "France"),
                         "ber": ("A", "Germany")}, owners)
    assert V.american_landings(state, board_units(state)) == ["edi", "bre"]
    sheet = V.check_orders(state, ENTENTE, ["Build F Edi"])
    with pytest.raises(OrderError, match="the American army must land in Edinburgh or Brest this winter"):
        V.check_orders(state, ENTENTE, ["Build A Bre"], sheet)


def test_a_second_build_in_the_same_centre_in_one_sheet_is_refused():
    """`Build A Tri; Build F Tri` in one sheet: the second line is refused with
    its reason, not silently kept over the first."""
    state = winter_1918({"ber": ("A", "Germany")}, {"tri": "Austria", "vie": "Austria", "bud": "Austria",
                                                    "ber": "Germany"})
    with pytest.raises(OrderError, match="`Build A Tri` earlier in this sheet already gives the build in "
                                         "Trieste its order"):
        V.check_orders(state, CENTRAL, ["Build A Tri", "Build F Tri"])
    assert V.repeated_order(state, CENTRAL, "Build F Tri", ["Build A Tri"])
    assert V.repeated_order(state, CENTRAL, "Build A Vie", ["Build A Tri"]) is None
    # A later sheet replaces the earlier one, as before.
    first = V.check_orders(state, CENTRAL, ["Build A Tri"])
    assert V.check_orders(state, CENTRAL, ["Build F Tri"], first) == ["Build F Tri"]


async def test_the_service_refuses_the_repeated_line_and_keeps_the_first(service):
    register_all()
    game = await service.create_game(GUILD, ALICE, "rx07", phase_hours=48)
    await service.join(game.id, ALICE, "Entente")
    await service.join(game.id, BOB, "Central")
    await service.start(game.id, ALICE)
    await france_owes_two_builds(service, game.id)
    sheet = await service.submit_orders(game.id, ALICE, "Build A Bre\nBuild F Bre\nBuild A Par")
    assert sheet.lines == ("Build A Bre", "Build A Par")
    assert [line for line, _ in sheet.refused] == ["Build F Bre"]
    assert "`Build A Bre` earlier in this sheet already gives the build in Brest its order" in sheet.refused[0][1]
    # A new sheet may still change the build (orders of a later sheet replace earlier ones).
    again = await service.submit_orders(game.id, ALICE, "Build F Bre", replace=False)
    assert "Build F Bre" in again.lines and "Build A Bre" not in again.lines and not again.refused
