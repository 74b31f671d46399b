"""Regenerate the example maps in docs/maps/ from real engine states:
    .venv/bin/python tools/render_examples.py
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.aa1914.variant import AA1914Variant  # noqa: E402
from engine.catalog import register_all  # noqa: E402
from engine.variant import get_variant  # noqa: E402
from render.registry import focus_crops, render_map  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "maps"


def aa1914() -> None:
    variant = AA1914Variant()
    state = variant.initial_state({}, random.Random(1))
    (OUT / "aa1914-opening.png").write_bytes(
        render_map("aa1914", state, None, "Round 1: Austria-Hungary", variant.describe(state)))
    (OUT / "aa1914-western-front.png").write_bytes(
        render_map("aa1914", state, None, "Round 1: Austria-Hungary", variant.describe(state), "western front"))
    # arrows into Trieste, an attack on Serbia (battle outcome, losses crossed out) and a
    # move the engine refused
    orders = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia",
                                  "move 2 infantry Vienna - Galicia - Ukraine",
                                  "move 1 infantry Vienna - Trieste",
                                  "move 2 infantry, 1 artillery Tyrolia - Trieste"]}
    after = variant.adjudicate(state, orders, random.Random(3)).state
    label = "Round 1: Austria-Hungary orders → Russia"
    for palette, name in (("standard", "aa1914-results.png"), ("colour-blind", "aa1914-results-colour-blind.png")):
        (OUT / name).write_bytes(render_map("aa1914", after, orders, label, variant.describe(after), None, palette))
    (OUT / "aa1914-results-balkans.png").write_bytes(
        render_map("aa1914", after, orders, label, variant.describe(after), "balkans"))
    sea_battle()


def sea_battle() -> None:
    """Germany's turn: a submarine attacks France's cruiser in SZ 15 and both sink ("all sunk",
    not "held"), while an army marches from Berlin to Prussia at the other end of the theatre —
    posted as the results map and two crops, one per theatre."""
    from engine.aa1914.orders import parse_order
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import B, Dice, clear, fresh, place
    state = fresh()
    clear(state, "SZ 15", "SZ 7")
    place(state, "France", "cruiser", "SZ 15")
    place(state, "Germany", "submarine", "SZ 7")
    state["destroyed"] = []
    lines = ["move 1 submarine SZ 7 - SZ 15", "move 2 infantry Berlin - Prussia"]
    after = Turn(B, state, "Germany", Dice(6, *[1] * 40)).run([parse_order(line, B) for line in lines])
    after["turn_played"] = {"round": 1, "power": "Germany", "log_from": len(state["log"])}
    orders = {"Germany": lines}
    label = "Round 1: Germany orders → France"
    (OUT / "aa1914-sea-battle.png").write_bytes(
        render_map("aa1914", after, orders, label, AA1914Variant().describe(after)))
    for number, crop in enumerate(focus_crops("aa1914", after, orders, label), 1):
        (OUT / f"aa1914-sea-battle-crop-{number}.png").write_bytes(crop.png)


def rx07() -> None:
    """A short rx07 game: the Fall 1914 opening, then Spring 1915 with a convoy into Belgium
    supported by France, a bounce in Burgundy and an Austrian army dislodged from Galicia, and the
    retreat that follows (the results map tells the turn's story)."""
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    fall = {"Entente": ["F Lon - Nth", "A Lvp - Yor", "F Edi - Nwg", "A Par - Pic", "A Mar - Bur", "F Bre - Eng",
                        "A Mos - Ukr", "F Sev - Bla", "F Stp/sc - Bot"],
            "Central": ["A Mun - Ruh", "A Ber - Mun", "F Kie - Hel", "A Vie - Gal", "A Bud - Ser", "F Tri - Alb",
                        "F Ank - Bla", "A Smy - Arm", "A Con H"]}
    state = variant.adjudicate(state, fall, random.Random(1)).state
    while state["phase"] != "movement":
        state = variant.adjudicate(state, {}, random.Random(1)).state
    spring = {"Entente": ["A Yor - Bel", "F Nth C A Yor - Bel", "F Eng S A Yor - Bel", "A Pic S A Yor - Bel",
                          "A Bur H", "A Ukr - Gal", "A War S A Ukr - Gal", "F Sev H", "F Bot - Bal", "A Ven - Tyr",
                          "F Nap - Ion", "A Rom - Apu"],
              "Central": ["A Ruh - Bel", "A Mun - Bur", "F Hel H", "A Gal H", "A Ser - Bud", "F Alb - Adr",
                          "A Arm - Sev", "F Ank - Bla", "A Con - Ank"]}
    after = variant.adjudicate(state, spring, random.Random(1)).state
    label = f"Spring 1915 orders → {variant.phase_label(after)}"
    for palette, name in (("standard", "rx07-results.png"), ("colour-blind", "rx07-results-colour-blind.png")):
        (OUT / name).write_bytes(render_map("rx07", after, spring, label, variant.describe(after), None, palette))
    for old in OUT.glob("rx07-crop-*.png"):
        old.unlink()
    for number, crop in enumerate(focus_crops("rx07", after, spring, label), 1):
        (OUT / f"rx07-crop-{number}.png").write_bytes(crop.png)
    far_apart()
    retreat = {"Central": ["A Gal R Boh"]}
    settled = variant.adjudicate(after, retreat, random.Random(1)).state
    (OUT / "rx07-retreat.png").write_bytes(render_map(
        "rx07", settled, retreat, f"Spring 1915 retreats → {variant.phase_label(settled)}", variant.describe(settled)))


def far_apart() -> None:
    """rx07, Fall 1914: a bounce in the Black Sea and a fleet sailing into the Atlantic, at the two
    ends of the map — posted as two crops rather than one that leaves either out."""
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    orders = {"Entente": ["F Sev - Bla", "F Bre - Mao"], "Central": ["F Ank - Bla"]}
    after = variant.adjudicate(state, orders, random.Random(1)).state
    for number, crop in enumerate(focus_crops("rx07", after, orders, "Fall 1914 orders → Winter 1914"), 1):
        (OUT / f"rx07-far-apart-crop-{number}.png").write_bytes(crop.png)


if __name__ == "__main__":
    register_all()
    aa1914()
    rx07()
    print("wrote", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))
