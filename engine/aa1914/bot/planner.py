"""One sheet for the power whose turn it is: purchases, fleets, attacks, transports, fighters,
the march and the build-up, trains, submarines, withdrawals, freighters and raiders, in that
order (each step reads what the ones before gave orders to), in one level's style."""
from __future__ import annotations

import random

from engine.variant import State

from .economy import home_zones, land_site, plan_purchase
from .land import Plan, free_units, plan_advance, plan_attacks, plan_fighters, plan_trains
from .naval import (plan_fleet, plan_freighters, plan_raiders, plan_submarine_warfare, plan_transports,
                    plan_withdrawals)
from .sheet import Sheet
from .view import View


def plan_turn(variant, state: State, seat: str, rng: random.Random, level, mix: str = "pairs",
              view: View | None = None, check=None) -> tuple[Sheet, Plan, View]:
    """One sheet for the power whose turn it is, in `level`'s style (a level or a Style);
    `view` and `check`: those of an earlier candidate sheet of the same turn, so the state is
    read once."""
    sheet = Sheet(variant, state, seat, check)
    view = view or View.of(variant.board_of(state), state, seat, sheet.turn())
    if seat not in state.get("loss_orders", {}):
        # infantry die first (the cheapest, and their attack of 2 is the lowest), artillery
        # next (it lifts an infantry to 3), tanks (they cancel hits) and fighters last
        sheet.add("casualties infantry, artillery, tank, fighter",
                  "order of loss: infantry first, so the stack keeps its attack value")
    placed = plan_purchase(view, sheet, level, mix)
    plan = free_units(view)
    plan.placed = placed
    moved: set[str] = set()
    plan_fleet(view, sheet, level, moved)
    plan_attacks(view, sheet, plan, rng, level)
    plan_transports(view, sheet, plan, level, moved, home_zones(view, land_site(view)))
    plan_fighters(view, sheet, plan)
    plan_advance(view, sheet, plan, rng, level)
    plan_trains(view, sheet)
    plan_submarine_warfare(view, sheet, moved)
    plan_withdrawals(view, sheet, moved)
    plan_freighters(view, sheet)
    plan_raiders(view, sheet)
    if any(u["type"] == "armored_train" for units in view.mine.values() for u in units) \
            and not view.state.get("trains_react", {}).get(seat):
        sheet.add("trains react", "armored trains rush to a territory under attack (2.8)")
    return sheet, plan, view
