"""The Axis & Allies 1914 bot (issue 29): one power's whole turn — purchases, attacks chosen
with exact odds, amphibious landings with escorts, the march to the front, placements — and
default answers in the phases around the turns. docs/bots.md explains its rules.

It plays through `Variant.bot_orders` (engine/variant.py): every line it writes is checked by
`check_orders` as it is written (`sheet.Sheet`), so under any set of house options the sheet is
one a player could have given. Pure: the state is only read, randomness only from `rng`.
"""
from __future__ import annotations

import random

from engine.variant import Bot, State

from ..phases import PHASES
from .economy import home_zones, land_site, plan_purchase
from .land import free_units, plan_advance, plan_attacks, plan_fighters, plan_trains
from .naval import (plan_fleet, plan_freighters, plan_raiders, plan_submarine_warfare, plan_transports,
                    plan_withdrawals)
from .pregame import answer
from .sheet import Sheet
from .view import View


class AA1914Bot(Bot):
    levels = ("easy", "normal")

    def orders(self, variant, state: State, seat: str, rng: random.Random, level: str) -> list[tuple[str, str]]:
        sheet = Sheet(variant, state, seat)
        if state.get("phase") in PHASES:
            answer(variant, state, seat, sheet)
            return sheet.pairs()
        if seat != variant.active(state):
            return []
        view = View.of(variant.board_of(state), state, seat, sheet.turn())
        if seat not in state.get("loss_orders", {}):
            # infantry die first (the cheapest, and their attack of 2 is the lowest), artillery
            # next (it lifts an infantry to 3), tanks (they cancel hits) and fighters last
            sheet.add("casualties infantry, artillery, tank, fighter",
                      "order of loss: infantry first, so the stack keeps its attack value")
        plan_purchase(view, sheet)
        plan = free_units(view)
        moved: set[str] = set()
        plan_fleet(view, sheet, level, moved)
        plan_attacks(view, sheet, plan, rng, level)
        plan_transports(view, sheet, plan, level, moved, home_zones(view, land_site(view)))
        plan_fighters(view, sheet, plan)
        plan_advance(view, sheet, plan, rng)
        plan_trains(view, sheet)
        plan_submarine_warfare(view, sheet, moved)
        plan_withdrawals(view, sheet, moved)
        plan_freighters(view, sheet)
        plan_raiders(view, sheet)
        if any(u["type"] == "armored_train" for units in view.mine.values() for u in units) \
                and not view.state.get("trains_react", {}).get(seat):
            sheet.add("trains react", "armored trains rush to a territory under attack (2.8)")
        return sheet.pairs()


__all__ = ["AA1914Bot"]
