"""The `hard` level: a search over purchases and attacks, valued with exact odds.

Several candidate sheets are written, each by the same planner in another style (styles below:
the odds it attacks at, the margin it sends, the defence it keeps, how it spends on units). Each
candidate is valued in IPCs with the exact odds of engine/aa1914/odds.py:

- every attack: P(taken this turn) x the territory's value, plus the rest of P(taken, pressed to
  the end) x 0.6 of its value (a contested territory is taken a turn later, if at all), plus the
  expected IPCs of units the enemy loses this round less ours;
- every territory of ours on the front and the capital: minus P(the enemy's reachable army takes
  it, pressed, against what stays, marches in or is placed there) x (its value and half the worth
  of the units there) — the counter-attack the normal level only guards against at the capital;
- the units bought: the attack they bring to the front next turn (expected hits a round x 3 IPCs,
  halved: they are a turn away).

The candidate of highest value is played. Its cost: one planner run per candidate, over one
reading of the state (the candidates share the view and the sheet checker, whose line trials are
taken back); bench/aa_bot_ladder.py times it (`hard` <= 5 s a power's turn).
"""
from __future__ import annotations

import random

from ..tournament import THRESHOLDS
from ..units import UNIT_TYPES
from .battle_odds import pressed_land, this_round
from .planner import plan_turn
from .style import Style
from .view import View, attack_power

CANDIDATES: tuple[tuple[Style, str], ...] = (
    (Style("hard", 0.7, 0.5, 1.2, 1.3, 0.6), "pairs"),          # the normal level's own sheet
    (Style("hard", 0.6, 0.45, 1.3, 1.3, 0.6), "pairs"),
    (Style("hard", 0.8, 0.55, 1.2, 1.3, 0.6), "assault"),
    (Style("hard", 0.7, 0.5, 1.0, 1.6, 0.8), "defence"),
    (Style("hard", 0.6, 0.5, 1.5, 1.2, 0.5), "assault"),
    (Style("hard", 0.85, 0.6, 1.3, 1.6, 0.8), "defence"),
)


def enemy_types_near(view: View, name: str) -> list[str]:
    """The enemy land and air units that could attack `name` next turn (`View.enemy_types_near`)."""
    total = view.enemy_types_near(name)
    return [t for t in total if UNIT_TYPES[t].is_land or UNIT_TYPES[t].domain == "air"]


def own_value(view: View, name: str) -> float:
    """What losing a territory of ours costs: its income, twice for our homeland, more for the
    capital or when its loss brings us to our collapse threshold."""
    t = view.board.territories[name]
    worth = float(t.ipc) * (2 if t.homeland and t.original_owner == view.power else 1)
    if name == view.board.capital_of(view.power):
        worth += 12
    limit = THRESHOLDS.get(view.power)
    if limit and t.homeland and t.original_owner == view.power \
            and view.homeland_lost(view.power) + t.ipc >= limit[0]:
        worth += 6
    return worth


def value_of(view: View, plan) -> float:
    total = 0.0
    for target, attackers in plan.attacks.items():
        defenders = plan.defenders.get(target, [])
        worth = view.value(target)
        if not defenders:
            total += worth
            continue
        now = this_round(attackers, defenders)
        pressed = pressed_land(attackers, defenders)
        total += now.attacker_wins * worth + max(0.0, pressed - now.attacker_wins) * worth * 0.6
        total += now.defender_ipc_lost - now.attacker_ipc_lost
    capital = view.board.capital_of(view.power)
    for name, d in view.dist.items():
        if (d != 1 and name != capital) or view.state["control"].get(name) != view.power:
            continue
        enemy = enemy_types_near(view, name)
        if not enemy:
            continue
        stays = [k for k, n in plan.free.get(name, {}).items() for _ in range(n)]
        stays += plan.arrived.get(name, []) + plan.placed.get(name, [])
        stays += [u["type"] for u in view.mine.get(name, []) if u["type"] in ("armored_train", "coastal_artillery")]
        risk = pressed_land(enemy, stays)
        total -= risk * (own_value(view, name) + 0.5 * sum(UNIT_TYPES[k].cost for k in stays))
    bought = [k for kinds in plan.placed.values() for k in kinds if UNIT_TYPES[k].is_land]
    total += 0.5 * 3 * attack_power(bought)
    return total


def best_sheet(variant, state: dict, seat: str, rng: random.Random) -> list[tuple[str, str]]:
    seed = rng.random()
    best = None
    view = check = None
    for i, (style, mix) in enumerate(CANDIDATES):
        sheet, plan, view = plan_turn(variant, state, seat, random.Random(seed), style, mix, view, check)
        check = sheet.check
        score = value_of(view, plan)
        if best is None or score > best[0] + 1e-9:
            best = (score, i, sheet)
    score, i, sheet = best
    pairs = sheet.pairs()
    if pairs:
        line, why = pairs[0]
        pairs[0] = (line, f"{why} — plan {i + 1} of {len(CANDIDATES)}, the best by exact odds "
                          f"(value {score:+.1f} IPCs)")
    return pairs
