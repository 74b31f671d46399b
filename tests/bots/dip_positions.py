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


def option_sets(key: str) -> list[tuple[tuple[str, object], ...]]:
    """The option sets worth playing `key` under: the defaults, and each rulebook edition and a
    lower victory number where the variant offers them."""
    specs = {spec.key: spec for spec in get_variant(key).option_specs()}
    out: list[tuple[tuple[str, object], ...]] = [()]
    if "edition" in specs:
        out += [(("edition", e),) for e in specs["edition"].choices if e != specs["edition"].default]
    if "victory_centres" in specs:
        out.append((("victory_centres", 12),))
    return out


@lru_cache(maxsize=None)
def positions(key: str, options: tuple[tuple[str, object], ...] = (), games: int = 5,
              years: int = 6) -> tuple[dict, ...]:
    """Every phase of `games` seeded games of `key` under `options`, `years` years long."""
    variant = get_variant(key)
    out = []
    for game in range(games):
        rng = random.Random(f"{key}:{options}:{game}")
        state = variant.initial_state(variant.parse_options(dict(options)), rng)
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


def sample(key: str, phase: str, n: int, seed: int = 0, options: tuple = ()) -> list[dict]:
    """`n` of the positions of `key` in `phase` (movement, retreat, adjustment), spread out
    (under other options than the defaults, from fewer and shorter games)."""
    found = [s for s in (positions(key, options) if not options else positions(key, options, 2, 4))
             if s["phase"] == phase]
    rng = random.Random(seed)
    return rng.sample(found, min(n, len(found)))
