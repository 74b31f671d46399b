"""Power colours: the standard palette of each map, and a colour-blind-safe one.

The colour-blind palette is built on Okabe & Ito's eight colours (distinguishable with the common
forms of colour blindness), with black and grey for the ninth and tenth powers. Maps also tell
powers apart without colour: unit letters, badge text and the panel's names.
"""
from __future__ import annotations

import itertools
import math
from typing import Iterable, Mapping

Colour = tuple[int, int, int]

PALETTES = ("standard", "colour-blind")
OKABE_ITO = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (213, 94, 0),
             (204, 121, 167), (0, 0, 0), (120, 120, 120), (160, 110, 60)]


# the mark of an order that failed, on every map and in both palettes
FAILED = (200, 30, 30)


def colour_blind(powers: list[str]) -> dict[str, tuple[int, int, int]]:
    """One Okabe–Ito colour per power, in the map's own order of powers."""
    return {power: OKABE_ITO[index % len(OKABE_ITO)] for index, power in enumerate(powers)}


def colours_in(palette: str, standard: dict[str, tuple[int, int, int]],
               colour_blind_safe: Mapping[str, Colour] | None = None) -> dict[str, tuple[int, int, int]]:
    """A map's power colours in `palette`: its own `standard` ones, or colour-blind-safe ones (the
    map's own choice of Okabe–Ito colours when it gives one, else one each in the map's order)."""
    if palette != "colour-blind":
        return standard
    return dict(colour_blind_safe) if colour_blind_safe is not None else colour_blind(list(standard))


# ---------------------------------------------------------------- telling colours apart
# The colour rule: "any two powers, and each power's owned-land fill against the sea, at least ΔE 20
# (CIE Lab) apart". CIE76 (the Euclidean distance in Lab) is the measure; D65 white.
DISTINCT = 20.0
# In the colour-blind palette two powers that fight each other are further apart: at least ΔE 25
# with normal vision and as seen with protanopia and deuteranopia, 20 with tritanopia (rare).
FACING = {"normal": 25.0, "protanopia": 25.0, "deuteranopia": 25.0, "tritanopia": 20.0}


def lab(colour: Colour) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: Colour, second: Colour) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, 20 reads as another colour at a glance."""
    return math.dist(lab(first), lab(second))


def closest_pair(colours: Mapping[str, Colour]) -> tuple[float, str, str]:
    """(ΔE, name, name) of the two most alike colours in `colours`."""
    return min(((delta_e(colours[a], colours[b]), a, b) for a, b in itertools.combinations(colours, 2)),
               default=(math.inf, "", ""))


def closest_to(colour: Colour, others: Iterable[Colour]) -> float:
    """The smallest ΔE between `colour` and any of `others`."""
    return min((delta_e(colour, other) for other in others), default=math.inf)


def tint(colour: Colour, amount: float = 0.5) -> Colour:
    """`colour` mixed with white (`amount` 0: itself, 1: white) — the fill of a power's land."""
    return tuple(int(c + (255 - c) * amount) for c in colour)


# How the colours look to the commonest colour-vision deficiencies: Machado, Oliveira & Fernandes
# (2009), severity 1.0, applied to linear RGB. Protanopia and deuteranopia (red–green, about 1 man
# in 12 between them) and tritanopia (blue–yellow, rare).
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")
_MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def seen_with(colour: Colour, deficiency: str) -> Colour:
    """`colour` as a person with `deficiency` (one of `DEFICIENCIES`) sees it."""
    def linear(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def encoded(v: float) -> int:
        v = min(1.0, max(0.0, v))
        return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    rgb = [linear(v) for v in colour[:3]]
    return tuple(encoded(sum(m * c for m, c in zip(row, rgb))) for row in _MACHADO[deficiency])


def delta_e_seen(first: Colour, second: Colour) -> dict[str, float]:
    """ΔE between two colours with normal vision (`"normal"`) and with each deficiency."""
    out = {"normal": delta_e(first, second)}
    for deficiency in DEFICIENCIES:
        out[deficiency] = delta_e(seen_with(first, deficiency), seen_with(second, deficiency))
    return out


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
