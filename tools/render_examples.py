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
from render.registry import render_map  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "maps"


def aa1914() -> None:
    variant = AA1914Variant()
    state = variant.initial_state({}, random.Random(1))
    (OUT / "aa1914-opening.png").write_bytes(
        render_map("aa1914", state, None, "Round 1: Austria-Hungary", variant.describe(state)))
    (OUT / "aa1914-western-front.png").write_bytes(
        render_map("aa1914", state, None, "Round 1: Austria-Hungary", variant.describe(state), "western front"))
    orders = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia",
                                  "move 2 infantry Vienna - Galicia - Ukraine"]}
    after = variant.adjudicate(state, orders, random.Random(3)).state
    (OUT / "aa1914-results-balkans.png").write_bytes(
        render_map("aa1914", after, orders, "Round 1: Austria-Hungary orders → Germany",
                   variant.describe(after), "balkans"))


def rx07() -> None:
    variant = get_variant("rx07")
    state = variant.initial_state({}, random.Random(1))
    orders: dict = {}
    while not (state["season"] == "fall" and state["phase"] == "movement"):
        state = variant.adjudicate(state, {}, random.Random(1)).state
    orders = {"Entente": ["A Par - Bur", "A Mar - Bur", "F Lon - Nth", "A Mos - Ukr", "A War - Gal"],
              "Central": ["A Mun - Bur", "A Vie - Gal", "F Kie - Den", "A Ber - Sil"]}
    label = f"{state['season'].title()} {state['year']} orders"
    after = variant.adjudicate(state, orders, random.Random(1)).state
    for palette, name in (("standard", "rx07-results.png"), ("colour-blind", "rx07-results-colour-blind.png")):
        (OUT / name).write_bytes(render_map("rx07", after, orders, f"{label} → {after['season'].title()} "
                                            f"{after['year']}", variant.describe(after), None, palette))


if __name__ == "__main__":
    register_all()
    aa1914()
    rx07()
    print("wrote", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))
