"""The Diplomacy maps' colours: "any two powers, and each power's owned-land fill
against the sea, at least ΔE 20 (CIE Lab) apart", in the standard and colour-blind palettes,
for the seven classic powers (rx07 plays the same seven)."""
import pytest

from engine.diplomacy.game import DiplomacyGame
from render.diplomacy import CLOSED, IMPASSABLE, LAND, SEA, land_fill, power_colours
from render.palettes import DISTINCT, PALETTES, closest_pair, delta_e, lab


def test_delta_e_is_cie76():
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.1)
    assert lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=0.1)
    assert delta_e((200, 40, 40), (200, 40, 40)) == 0


@pytest.mark.parametrize("palette", PALETTES)
def test_every_classic_power_has_a_colour(palette):
    assert set(power_colours(palette)) == set(DiplomacyGame.powers)


@pytest.mark.parametrize("palette", PALETTES)
def test_any_two_powers_are_told_apart(palette):
    distance, first, second = closest_pair(power_colours(palette))
    assert distance >= DISTINCT, (first, second, distance)


@pytest.mark.parametrize("palette", PALETTES)
def test_no_powers_land_reads_as_sea_or_as_unowned_land(palette):
    """"no power whose land reads as sea" — and none whose land reads as nobody's."""
    for power, colour in power_colours(palette).items():
        fill = land_fill(colour, palette)
        assert delta_e(fill, SEA) >= DISTINCT, (power, palette)
        assert delta_e(fill, LAND) >= DISTINCT, (power, palette)


@pytest.mark.parametrize("palette", PALETTES)
def test_owned_lands_are_told_apart_and_from_closed_and_switzerland(palette):
    """"Germany, Russia, the closed hatch and Switzerland are all greys": every owned
    land differs from the others, from a closed province's fill and from Switzerland."""
    fills = {power: land_fill(colour, palette) for power, colour in power_colours(palette).items()}
    distance, first, second = closest_pair(fills)
    assert distance >= 15, (first, second, distance)
    for power, fill in fills.items():
        assert delta_e(fill, CLOSED) >= 15, (power, palette)
        assert delta_e(fill, IMPASSABLE) >= 15, (power, palette)
    assert delta_e(CLOSED, SEA) >= DISTINCT and delta_e(IMPASSABLE, LAND) >= DISTINCT
