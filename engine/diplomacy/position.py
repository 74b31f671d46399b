"""A Diplomacy position as stored JSON: its units and dislodged units as the engine's values."""
from __future__ import annotations

from typing import Mapping

from engine.variant import State

from .movement import Dislodged
from .orders import Unit, unit_value


def unit_to_json(u: Unit) -> dict:
    return {"kind": u.kind, "power": u.power, "loc": u.loc}


def unit_from_json(d: Mapping) -> Unit:
    try:
        return unit_value(d["kind"], d["power"], d["loc"])
    except TypeError:          # a damaged record (a list for a name): check_state names it
        return Unit(d["kind"], d["power"], d["loc"])


def board_units(state: State) -> dict[str, Unit]:
    return {prov: unit_from_json(d) for prov, d in state["units"].items()}


def board_dislodged(state: State) -> dict[str, Dislodged]:
    return {prov: Dislodged(unit_from_json(d["unit"]), d["attacker_from"], d["by_convoy"])
            for prov, d in state.get("dislodged", {}).items()}
