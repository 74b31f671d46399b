"""Power colours: the standard palette of each map, and a colour-blind-safe one.

The colour-blind palette is built on Okabe & Ito's eight colours (distinguishable with the common
forms of colour blindness), with black and grey for the ninth and tenth powers. Maps also tell
powers apart without colour: unit letters, badge text and the panel's names.
"""
from __future__ import annotations

PALETTES = ("standard", "colour-blind")
OKABE_ITO = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (213, 94, 0),
             (204, 121, 167), (0, 0, 0), (120, 120, 120), (160, 110, 60)]


# the mark of an order that failed, on every map and in both palettes
FAILED = (200, 30, 30)


def colour_blind(powers: list[str]) -> dict[str, tuple[int, int, int]]:
    """One Okabe–Ito colour per power, in the map's own order of powers."""
    return {power: OKABE_ITO[index % len(OKABE_ITO)] for index, power in enumerate(powers)}


def colours_in(palette: str, standard: dict[str, tuple[int, int, int]]) -> dict[str, tuple[int, int, int]]:
    """A map's power colours in `palette`: its own `standard` ones, or colour-blind-safe ones."""
    return colour_blind(list(standard)) if palette == "colour-blind" else standard


def check_palette(name: str | None) -> str:
    """The palette called `name` (spelling of colour/color and spaces tolerated)."""
    word = (name or "standard").strip().lower().replace("color", "colour").replace(" ", "-").replace("_", "-")
    if word in ("colourblind", "cb", "accessible"):
        word = "colour-blind"
    if word not in PALETTES:
        raise ValueError(f"no palette `{(name or '')[:30]}`; palettes: {', '.join(PALETTES)}")
    return word


def ink_for(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black letters on a light colour, white on a dark one (the Okabe–Ito yellow needs black)."""
    return (0, 0, 0) if sum(colour) > 450 else (255, 255, 255)
