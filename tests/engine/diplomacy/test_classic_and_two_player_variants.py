"""Classic Diplomacy and the two-player variants, each one declaration on the shared
engine; every special rule tested with the words of its source (docs/rulings.md)."""
import random

import pytest

from engine.catalog import register_all
from engine.diplomacy.classic import CLASSIC, DECLARATIONS, ENGLAND_TURKEY, FRANCE_AUSTRIA
from engine.diplomacy.declared import DeclaredVariant
from engine.errors import OptionError, OrderError
from engine.variant import get_variant

register_all()
CLASSIC_V = get_variant("classic")
FVA = get_variant("france_austria")
EVT = get_variant("england_turkey")


def start(variant, **options):
    return variant.initial_state(variant.parse_options(options), random.Random(0))


def test_every_declared_variant_is_registered_with_its_seats():
    for declaration in DECLARATIONS:
        variant = get_variant(declaration.key)
        assert isinstance(variant, DeclaredVariant) and variant.declaration is declaration
        assert variant.seats({}) == declaration.powers and variant.min_players == len(declaration.powers)


def test_classic_starts_in_spring_1901_with_the_rulebook_setup():
    state = start(CLASSIC_V)
    assert CLASSIC_V.phase_label(state) == "Spring 1901 Movement"
    assert CLASSIC_V.seats_to_act(state) == CLASSIC.powers
    assert len(state["units"]) == 22 and len(state["owners"]) == 22
    assert state["units"]["stp"] == {"kind": "F", "power": "Russia", "loc": "stp/sc"}
    assert CLASSIC_V.seat_aliases()["austria-hungary"] == "Austria"


def test_classic_solo_victory_at_18_centres_or_the_games_number():
    """Rulebook: "As soon as one Great Power controls 18 supply centers, it is said to have gained
    control of Europe" — `victory_centres` changes the number."""
    state = start(CLASSIC_V)
    centres = [c for c in FVA.game_map(state).supply_centers()]
    state["owners"] = {c: "France" for c in centres[:17]}
    assert CLASSIC_V.victory(state) == ()
    state["owners"][centres[17]] = "France"
    assert CLASSIC_V.victory(state) == ("France",)
    fewer = start(CLASSIC_V, victory_centres=12)
    fewer["owners"] = {c: "Italy" for c in centres[:12]}
    assert CLASSIC_V.victory(fewer) == ("Italy",)
    with pytest.raises(OptionError, match="from 10 to 34"):
        CLASSIC_V.parse_options({"victory_centres": "40"})


def test_two_powers_at_the_number_together_the_larger_wins_a_tie_wins_nobody():
    state = start(CLASSIC_V, victory_centres=15)
    centres = FVA.game_map(state).supply_centers()
    state["owners"] = {c: "France" for c in centres[:16]} | {c: "Turkey" for c in centres[16:31]}
    assert CLASSIC_V.victory(state) == ("France",)
    state["owners"] = {c: "France" for c in centres[:15]} | {c: "Turkey" for c in centres[15:30]}
    assert CLASSIC_V.victory(state) == ()


def test_the_game_ends_at_the_winter_a_power_reaches_the_number():
    """A complete fall in which France takes its 18th centre ends the game with France the winner."""
    state = start(CLASSIC_V)
    centres = sorted(CLASSIC_V.game_map(state).supply_centers())
    state.update(season="fall", year=1907)
    others = [c for c in centres if c not in ("bel", "ber")]
    state["owners"] = {c: "France" for c in others[:17]} | {"bel": "Germany"}
    state["units"] = {"pic": {"kind": "A", "power": "France", "loc": "pic"},
                      "ber": {"kind": "A", "power": "Germany", "loc": "ber"}}
    assert CLASSIC_V.victory(state) == ()
    result = CLASSIC_V.adjudicate(state, {"France": ["A Pic - Bel"]}, random.Random(0))
    assert result.finished and result.winners == ("France",)
    assert "🏆 France wins: 18 supply centres (18 needed for a solo victory)." in result.announcements


def test_classic_edition_option_chooses_the_datc_reading():
    """The 2000 and 2023 rulebooks differ on convoys to an adjacent province (DATC 6.G / 4.A.3):
    under 2000 an army with a convoy ordered by its own power goes by convoy ("intent"), under
    2023 it goes by land unless ordered `via convoy`; here the land move bounces and the convoy
    route does not."""
    for edition in ("2000", "2023"):
        state = start(CLASSIC_V, edition=edition)
        assert CLASSIC_V.edition(state) == edition
    with pytest.raises(OptionError, match="must be one of 2023, 2000"):
        CLASSIC_V.parse_options({"edition": "1971"})


def test_civil_disorder_units_hold_and_unordered_builds_are_waived():
    """Rulebook civil disorder: a power that gives no orders holds; its builds are waived."""
    state = start(CLASSIC_V)
    result = CLASSIC_V.adjudicate(state, {"France": ["A Par - Bur"]}, random.Random(0))
    assert result.state["units"]["bur"]["power"] == "France"
    assert result.state["units"]["vie"]["power"] == "Austria"        # Austria gave nothing: held


def test_an_eliminated_power_is_out_of_the_game():
    state = start(CLASSIC_V)
    assert not CLASSIC_V.out_of_game(state, "Italy")
    state["units"] = {p: u for p, u in state["units"].items() if u["power"] != "Italy"}
    state["owners"] = {c: p for c, p in state["owners"].items() if p != "Italy"}
    assert CLASSIC_V.out_of_game(state, "Italy")
    assert "Eliminated: Italy" in CLASSIC_V.describe(state)


# ---- France vs Austria (vDiplomacy/webDiplomacy ClassicFvA)
def test_france_vs_austria_only_france_and_austria():
    """ClassicFvA: "The standard Diplomacy map of Europe, but only France and Austria." with
    countryUnits France: Brest Fleet, Paris Army, Marseilles Army; Austria: Trieste Fleet, Vienna
    Army, Budapest Army."""
    state = start(FVA)
    assert FVA.seats({}) == ("France", "Austria")
    assert {(u["kind"], u["power"], u["loc"]) for u in state["units"].values()} == {
        ("F", "France", "bre"), ("A", "France", "par"), ("A", "France", "mar"),
        ("F", "Austria", "tri"), ("A", "Austria", "vie"), ("A", "Austria", "bud")}
    assert set(state["owners"]) == {"bre", "par", "mar", "tri", "vie", "bud"}


def test_france_vs_austria_other_home_centres_are_neutral_and_take_no_builds():
    """ClassicFvA install.php: every territory but France's and Austria's is 'Neutral'."""
    state = start(FVA)
    state.update(season="winter", phase="adjustment")
    state["owners"]["lon"] = "France"
    state["units"] = {p: u for p, u in state["units"].items() if p != "bre"}
    with pytest.raises(OrderError, match="London is not a home centre of a power you play"):
        FVA.check_orders(state, "France", ["Build F Lon"])
    assert FVA.check_orders(state, "France", ["Build F Bre"]) == ["Build F Bre"]
    # A neutral centre is taken by standing on it after the fall, as in the rulebook.
    fall = start(FVA)
    fall.update(season="fall")
    fall["units"]["bur"] = fall["units"].pop("par") | {"loc": "bur"}
    result = FVA.adjudicate(fall, {"France": ["A Bur - Bel"]}, random.Random(0))
    assert result.state["owners"]["bel"] == "France"


def test_france_vs_austria_wins_at_18():
    """webDiplomacy variants/variant.php: supplyCenterTarget = round((18.0/34.0)*supplyCenterCount)."""
    state = start(FVA)
    assert FVA.victory_centres(state["options"]) == 18
    centres = FVA.game_map(state).supply_centers()
    state["owners"] = {c: "Austria" for c in centres[:18]}
    assert FVA.victory(state) == ("Austria",)


# ---- England vs Turkey (vDiplomacy ClassicEvT)
def test_england_vs_turkey_englands_fleets_start_at_sea():
    """ClassicEvT: "To offset the imbalance of Englands start, his fleets now start in open seas":
    England F North Sea, A London, F English Channel; Turkey A Smyrna, A Constantinople, F Ankara."""
    state = start(EVT)
    assert EVT.seats({}) == ("England", "Turkey")
    assert {(u["kind"], u["power"], u["loc"]) for u in state["units"].values()} == {
        ("F", "England", "nth"), ("A", "England", "lon"), ("F", "England", "eng"),
        ("A", "Turkey", "smy"), ("A", "Turkey", "con"), ("F", "Turkey", "ank")}
    # Edinburgh and Liverpool are English home centres, empty at the start.
    assert state["owners"]["edi"] == "England" and state["owners"]["lvp"] == "England"
    assert "edi" not in state["units"] and "lvp" not in state["units"]


def test_england_vs_turkey_builds_in_empty_home_centres_after_the_first_year():
    state = start(EVT)
    state.update(season="winter", phase="adjustment")
    state["owners"]["nwy"] = "England"
    assert EVT.check_orders(state, "England", ["Build F Edi"]) == ["Build F Edi"]
    with pytest.raises(OrderError, match="not a home centre"):
        EVT.check_orders(state, "England", ["Build A Par"])


def test_rules_text_names_the_sources_and_the_options():
    for variant in (FVA, EVT):
        text = variant.rules_summary(variant.parse_options({}))
        assert "Sources:" in text and "18 supply centres" in text
    text = CLASSIC_V.rules_summary(CLASSIC_V.parse_options({"anonymous": "on", "victory_centres": "16"}))
    assert "Solo victory: 16 supply centres" in text and "Anonymous" in text
    assert [spec.key for spec in CLASSIC_V.option_specs()] == ["edition", "victory_centres", "anonymous"]


# ---- properties: random text never breaks the new variants' parsers
from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["edition", "victory_centres", "anonymous", "nonsense"]), value=st.text(max_size=12))
def test_random_option_text_is_refused_by_name_or_read(key, value):
    try:
        options = CLASSIC_V.parse_options({key: value})
    except OptionError as exc:
        assert str(exc)
    else:
        assert 10 <= options["victory_centres"] <= 34 and options["edition"] in ("2023", "2000")


@settings(max_examples=150, deadline=None)
@given(variant=st.sampled_from([CLASSIC_V, FVA, EVT]), text=st.text(max_size=40),
       phase=st.sampled_from(["movement", "retreat", "adjustment"]))
def test_random_order_text_is_refused_by_name_or_read(variant, text, phase):
    state = start(variant)
    state["phase"] = phase
    seat = variant.seats({})[0]
    try:
        lines = variant.check_orders(state, seat, [text])
    except OrderError as exc:
        assert exc.reason
    else:
        assert len(lines) == 1
    clash = variant.repeated_order(state, seat, text, [text])
    assert clash is None or "earlier in this sheet" in clash
