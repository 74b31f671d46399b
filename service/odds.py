"""`/odds`: battle odds from a line like `3 inf, 1 art, 1 fighter vs 4 inf` (no Discord here).

Under the base rules the odds are exact, and under house rules where they allow it (air combat's
numbers, Fighting By Numbers, every sea battle). Where they do not (the new land units), they are
measured by fighting the battle many times with the engine's own combat
code and those rules, within a bounded amount of work; the answer states the error bound.
"""
from __future__ import annotations

import random
import zlib
from typing import Mapping

from engine.aa1914.house.registry import rules_for
from engine.aa1914.odds import Odds, house_odds, land_odds, sea_odds
from engine.aa1914.orders import parse_counts
from engine.aa1914.units import HOUSE_UNITS, NON_COMBATANTS, UNIT_TYPES
from engine.errors import OrderError

from .errors import BadInput

MAX_UNITS_PER_SIDE = 40
# options that change how a battle is fought (the rest change the map, the economy or the turn)
COMBAT_OPTIONS = ("aerial_combat", "fighting_by_numbers", "sub_changes", "destroyers", "naval_costs")


def battle_odds(text: str, options: Mapping[str, object] | None = None) -> tuple[str, Odds]:
    """Parse `<attackers> vs <defenders>` and work out the odds of that battle under `options`
    (a game's house rules; none for the base game): land or sea by the unit types."""
    options = dict(options or {})
    parts = [p for p in (text or "").replace(" versus ", " vs ").split(" vs ")]
    if len(parts) != 2:
        raise BadInput("write `<attackers> vs <defenders>`, e.g. `3 infantry, 1 artillery vs 4 infantry`")
    sides = []
    for part in parts:
        try:
            counts, _ = parse_counts(part)
        except OrderError as exc:
            raise BadInput(str(exc.reason)) from None
        units = [t for t, n in counts for _ in range(n)]
        if len(units) > MAX_UNITS_PER_SIDE:
            raise BadInput(f"at most {MAX_UNITS_PER_SIDE} units a side")
        sides.append(units)
    attackers, defenders = sides
    for kind in sorted(set(attackers + defenders)):
        if kind in NON_COMBATANTS:
            raise BadInput(f"{kind.replace('_', ' ')}s take no part in battles against land units; leave them out")
        option = HOUSE_UNITS.get(kind)
        if option and not options.get(option):
            raise BadInput(f"{kind.replace('_', ' ')}s need house rule option `{option}`, which these odds "
                           f"are not using; outside a game, add it: `options: {option}`")
    sea = [UNIT_TYPES[t].is_sea for t in attackers + defenders]
    if any(sea) and not all(sea):
        raise BadInput("a battle is either at sea (ships only) or on land (no ships)")
    kind = "sea" if all(sea) else "land"
    house = any(options.get(o) for o in COMBAT_OPTIONS) or any(t in HOUSE_UNITS for t in attackers + defenders)
    if house:
        # the same battle and rules always give the same figures
        seed = zlib.crc32(repr((sorted(attackers), sorted(defenders), sorted(options.items()))).encode())
        return kind, house_odds(attackers, defenders, rules_for(options), random.Random(seed))
    return kind, (sea_odds if kind == "sea" else land_odds)(attackers, defenders)


def combat_options_in_force(options: Mapping[str, object]) -> list[str]:
    """The options of a game that change its battles, for the /odds reply."""
    # an option may both change battles and bring a unit (`destroyers`): named once
    return [o for o in dict.fromkeys((*COMBAT_OPTIONS, *sorted(set(HOUSE_UNITS.values())))) if options.get(o)]


def odds_options(text: str) -> dict[str, bool]:
    """House rule options named for odds outside a game (`aerial_combat armored_trains`), checked
    against the A&A options like at `/game create`."""
    from engine.errors import RulesError
    from engine.variant import get_variant

    from .text import parse_option_words
    try:
        chosen = get_variant("aa1914").parse_options(parse_option_words(text))
    except RulesError as exc:
        raise BadInput(str(exc)) from None
    return {key: True for key, value in chosen.items() if value is True}
