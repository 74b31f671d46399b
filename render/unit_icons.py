"""Small drawn pictograms for the A&A 1914 unit types — the base units and the eight house units
of seed 002 section 2 — so a stack reads as "three tanks" at a glance rather than as a letter code.

Each icon is drawn with Pillow primitives inside a square of side `size` whose top-left corner is
(x, y), in one ink colour on the owner's badge colour. Shapes follow the period silhouettes a
player knows from the TripleA and boxed-game pieces: a soldier, a wheeled gun, the rhomboid WWI
tank, a biplane, hulls told apart by their superstructure.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw

Ink = tuple[int, int, int]
Painter = Callable[[ImageDraw.ImageDraw, float, float, float, Ink], None]
DAMAGE = (210, 30, 30)


def _infantry(d, x, y, s, ink):
    d.ellipse([x + s * .36, y, x + s * .64, y + s * .28], fill=ink)                   # head
    d.polygon([(x + s * .3, y + s * .3), (x + s * .7, y + s * .3), (x + s * .64, y + s * .66),
               (x + s * .36, y + s * .66)], fill=ink)                                # body
    d.line([(x + s * .42, y + s * .64), (x + s * .3, y + s)], fill=ink, width=max(1, round(s * .14)))
    d.line([(x + s * .58, y + s * .64), (x + s * .7, y + s)], fill=ink, width=max(1, round(s * .14)))
    d.line([(x + s * .72, y + s * .05), (x + s * .72, y + s * .7)], fill=ink, width=1)  # rifle


def _gun(d, x, y, s, ink, lift=0.0):
    d.line([(x + s * .2, y + s * (.7 - lift)), (x + s, y + s * (.25 - lift))], fill=ink,
           width=max(2, round(s * .2)))
    d.ellipse([x + s * .12, y + s * (.5 - lift), x + s * .6, y + s * (.98 - lift)], outline=ink,
              width=max(1, round(s * .12)))
    d.line([(x, y + s * (.95 - lift)), (x + s * .3, y + s * (.75 - lift))], fill=ink, width=1)  # trail


def _artillery(d, x, y, s, ink):
    _gun(d, x, y, s, ink)


def _tank(d, x, y, s, ink):
    # the rhomboid Mark I outline with its tracks around the hull
    d.polygon([(x, y + s * .45), (x + s * .25, y + s * .2), (x + s * .85, y + s * .2), (x + s, y + s * .55),
               (x + s * .8, y + s * .9), (x + s * .2, y + s * .9)], fill=ink)
    d.rectangle([x + s * .4, y + s * .05, x + s * .62, y + s * .22], fill=ink)        # cupola


def _fighter(d, x, y, s, ink):
    d.rectangle([x + s * .05, y + s * .25, x + s * .95, y + s * .37], fill=ink)      # upper wing
    d.rectangle([x + s * .12, y + s * .52, x + s * .88, y + s * .62], fill=ink)      # lower wing
    d.rectangle([x + s * .44, y + s * .08, x + s * .56, y + s * .95], fill=ink)      # fuselage
    d.rectangle([x + s * .3, y + s * .86, x + s * .7, y + s * .96], fill=ink)        # tailplane


def _hull(d, x, y, s, ink, top=0.62, bow=0.12):
    d.polygon([(x, y + s * top), (x + s, y + s * top), (x + s * (1 - bow), y + s * .92),
               (x + s * bow, y + s * .92)], fill=ink)


def _battleship(d, x, y, s, ink):
    _hull(d, x, y, s, ink)
    d.rectangle([x + s * .15, y + s * .44, x + s * .38, y + s * .62], fill=ink)      # turrets
    d.rectangle([x + s * .62, y + s * .44, x + s * .85, y + s * .62], fill=ink)
    d.rectangle([x + s * .42, y + s * .18, x + s * .58, y + s * .62], fill=ink)      # bridge


def _damaged_battleship(d, x, y, s, ink):
    _battleship(d, x, y, s, ink)
    # one hit taken (a red slash over the ship); repaired at a friendly naval base
    d.line([(x + s * .1, y + s * .1), (x + s * .9, y + s * .95)], fill=DAMAGE, width=max(2, round(s * .16)))


def _cruiser(d, x, y, s, ink):
    _hull(d, x, y, s, ink, top=0.66)
    d.rectangle([x + s * .38, y + s * .34, x + s * .62, y + s * .66], fill=ink)
    d.line([(x + s * .62, y + s * .46), (x + s * .92, y + s * .4)], fill=ink, width=1)   # one gun


def _submarine(d, x, y, s, ink):
    d.ellipse([x, y + s * .5, x + s, y + s * .86], fill=ink)
    d.rectangle([x + s * .4, y + s * .3, x + s * .58, y + s * .56], fill=ink)        # conning tower
    d.line([(x + s * .5, y + s * .06), (x + s * .5, y + s * .3)], fill=ink, width=1)  # periscope


def _transport(d, x, y, s, ink):
    _hull(d, x, y, s, ink)
    d.rectangle([x + s * .12, y + s * .36, x + s * .45, y + s * .62], outline=ink, width=1)  # cargo
    d.rectangle([x + s * .55, y + s * .3, x + s * .8, y + s * .62], fill=ink)
    d.line([(x + s * .68, y + s * .06), (x + s * .68, y + s * .3)], fill=ink, width=max(1, round(s * .1)))


def _truck(d, x, y, s, ink):
    d.rectangle([x, y + s * .3, x + s * .62, y + s * .72], fill=ink)                 # bed
    d.rectangle([x + s * .66, y + s * .45, x + s, y + s * .72], fill=ink)            # cab
    for cx in (.2, .8):
        d.ellipse([x + s * (cx - .15), y + s * .68, x + s * (cx + .15), y + s * .98], fill=ink)


def _artillery_truck(d, x, y, s, ink):
    _truck(d, x, y, s, ink)
    d.line([(x + s * .3, y + s * .32), (x + s * .9, y)], fill=ink, width=max(1, round(s * .14)))


def _armored_car(d, x, y, s, ink):
    d.polygon([(x, y + s * .72), (x + s * .1, y + s * .4), (x + s * .9, y + s * .4), (x + s, y + s * .72)],
              fill=ink)
    d.rectangle([x + s * .35, y + s * .2, x + s * .62, y + s * .42], fill=ink)      # turret
    d.line([(x + s * .62, y + s * .28), (x + s * .95, y + s * .22)], fill=ink, width=1)
    for cx in (.2, .8):
        d.ellipse([x + s * (cx - .15), y + s * .68, x + s * (cx + .15), y + s * .98], fill=ink)


def _destroyer(d, x, y, s, ink):
    # long, low and pointed at the bow
    d.polygon([(x, y + s * .6), (x + s, y + s * .6), (x + s * .82, y + s * .85), (x + s * .06, y + s * .85)],
              fill=ink)
    d.rectangle([x + s * .3, y + s * .4, x + s * .5, y + s * .6], fill=ink)
    d.rectangle([x + s * .56, y + s * .28, x + s * .64, y + s * .6], fill=ink)      # funnel


def _coastal_artillery(d, x, y, s, ink):
    # a crenellated fort with its gun
    d.rectangle([x + s * .05, y + s * .5, x + s * .95, y + s * .95], fill=ink)
    for left in (.05, .35, .65):
        d.rectangle([x + s * left, y + s * .36, x + s * (left + .2), y + s * .5], fill=ink)
    d.line([(x + s * .5, y + s * .45), (x + s, y + s * .12)], fill=ink, width=max(1, round(s * .14)))


def _armored_train(d, x, y, s, ink):
    d.rectangle([x, y + s * .3, x + s, y + s * .74], fill=ink)
    d.line([(x, y + s * .97), (x + s, y + s * .97)], fill=ink, width=1)             # rail
    for cx in (.14, .38, .62, .86):
        d.ellipse([x + s * (cx - .1), y + s * .72, x + s * (cx + .1), y + s * .92], fill=ink)
    d.line([(x + s * .5, y + s * .3), (x + s * .85, y + s * .08)], fill=ink, width=1)  # gun


def _freighter(d, x, y, s, ink):
    _hull(d, x, y, s, ink, top=0.6)
    for left in (.1, .3, .5):                                                       # deck cargo
        d.rectangle([x + s * left, y + s * .44, x + s * (left + .16), y + s * .58], fill=ink)
    d.line([(x + s * .8, y + s * .6), (x + s * .8, y + s * .12)], fill=ink, width=1)  # derrick
    d.line([(x + s * .8, y + s * .12), (x + s * .55, y + s * .36)], fill=ink, width=1)


def _merchant_raider(d, x, y, s, ink):
    _hull(d, x, y, s, ink, top=0.6)
    d.rectangle([x + s * .3, y + s * .42, x + s * .48, y + s * .6], fill=ink)
    d.line([(x + s * .62, y + s * .6), (x + s * .62, y + s * .04)], fill=ink, width=1)  # mast
    d.polygon([(x + s * .62, y + s * .04), (x + s * .98, y + s * .14), (x + s * .62, y + s * .26)],
              fill=ink)                                                             # the war flag hoisted


ICONS: dict[str, Painter] = {
    "infantry": _infantry, "artillery": _artillery, "tank": _tank, "fighter": _fighter,
    "battleship": _battleship, "damaged_battleship": _damaged_battleship, "cruiser": _cruiser,
    "submarine": _submarine, "transport": _transport,
    "truck": _truck, "artillery_truck": _artillery_truck, "armored_car": _armored_car,
    "destroyer": _destroyer, "coastal_artillery": _coastal_artillery, "armored_train": _armored_train,
    "freighter": _freighter, "merchant_raider": _merchant_raider,
}


def draw_icon(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, size: float, ink: Ink) -> None:
    """The pictogram of one unit type; an unknown type is an error, never a blank."""
    ICONS[kind](draw, x, y, size, ink)


@lru_cache(maxsize=512)
def icon_image(kind: str, size: int, ink: Ink) -> Image.Image:
    """The pictogram as a transparent RGBA tile, drawn once per type, size and ink: a map pastes
    a few hundred of them."""
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw_icon(ImageDraw.Draw(tile), kind, 0, 0, size, ink)
    return tile
