"""Diplomacy positions for the bot's behaviour tests: seeded games in which every seat plays
either a random legal sheet or the bot's normal level, phase by phase, so the positions hold
everything a game throws up — dislodged units, standoffs (contested provinces), builds,
removals, convoys — in every Diplomacy variant."""
from __future__ import annotations

import random
from functools import lru_cache

from engine.catalog import register_all
from engine.diplomacy.game import DiplomacyGame
from engine.errors import OrderError
from engine.variant import get_variant, variants

register_all()


def diplomacy_variants() -> list[str]:
    return sorted(key for key, v in variants().items() if isinstance(v, DiplomacyGame))


def random_sheet(variant, state: dict, seat: str, rng: random.Random) -> list[str]:
    """One random legal order per unit (movement), random retreats, random builds/removals."""
    if state["phase"] == "movement":
        by_unit: dict[str, list[str]] = {}
        for line in variant.order_choices(state, seat):
            by_unit.setdefault(" ".join(line.split()[:2]), []).append(line)
        lines = [rng.choice(options) for _, options in sorted(by_unit.items())]
    else:
        lines = []
        for group in variant.choice_groups(state, seat):
            count = rng.randint(0, group.picks) if group.key.startswith("build/") else group.picks
            lines.extend(rng.sample(list(group.options), min(count, len(group.options))))
    sheet: list[str] = []
    for line in lines:
        try:
            sheet = variant.check_orders(state, seat, [line], sheet)
        except OrderError:
            continue
    return sheet


@lru_cache(maxsize=None)
def positions(key: str, games: int = 5, years: int = 6) -> tuple[dict, ...]:
    """Every phase of `games` seeded games of `key`, `years` years long."""
    variant = get_variant(key)
    out = []
    for game in range(games):
        rng = random.Random(f"{key}:{game}")
        state = variant.initial_state(variant.parse_options({}), rng)
        last = state["year"] + years
        while state["year"] < last:
            out.append(state)
            orders = {}
            for seat in variant.seats_to_act(state):
                seat_rng = random.Random(rng.random())
                if rng.random() < 0.4:
                    orders[seat] = random_sheet(variant, state, seat, seat_rng)
                else:
                    orders[seat] = [line for line, _ in variant.bot_orders(state, seat, seat_rng, "normal")]
            result = variant.adjudicate(state, orders, rng)
            if result.finished:
                break
            state = result.state
    return tuple(out)


def sample(key: str, phase: str, n: int, seed: int = 0) -> list[dict]:
    """`n` of the positions of `key` in `phase` (movement, retreat, adjustment), spread out."""
    found = [s for s in positions(key) if s["phase"] == phase]
    rng = random.Random(seed)
    return rng.sample(found, min(n, len(found)))
