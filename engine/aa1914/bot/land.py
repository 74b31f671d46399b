"""Land and air orders: attacks chosen with exact odds, then the rest of the army toward the front.

The attack rule (docs/bots.md): every hostile territory next to units of ours, and every
contested territory we stand in, is a target worth `View.value` (income, twice for an enemy
homeland, more for a capital or for pushing its owner past a collapse threshold). Targets are
taken best value per defender first; for each, the fewest available units (artillery and
infantry paired) whose battle, fought to the end, is won with at least the level's threshold
(`pressed_land`), plus a margin; a target that cannot reach the threshold with every unit in
reach is left alone. The capital keeps a garrison that matches the enemy's reachable attack.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..board import Board
from ..state import aligned
from .battle_odds import pressed_land, this_round
from .sheet import Sheet
from .style import style_of
from .view import FAR, WALKERS, View, defence_power



@dataclass
class Plan:
    """Units of ours not yet given an order: place -> unit type -> number."""
    free: dict[str, dict[str, int]] = field(default_factory=dict)
    attacks: dict[str, list[str]] = field(default_factory=dict)      # target -> attacking unit types
    defenders: dict[str, list[str]] = field(default_factory=dict)    # target -> its defenders
    staging: dict[str, str] = field(default_factory=dict)            # build-up place -> the target it is for
    placed: dict[str, list[str]] = field(default_factory=dict)       # placement -> unit types bought
    arrived: dict[str, list[str]] = field(default_factory=dict)      # place -> unit types marching in

    def take(self, place: str, kind: str, n: int = 1) -> None:
        self.free[place][kind] -= n

    def count(self, place: str, kind: str) -> int:
        return self.free.get(place, {}).get(kind, 0)


def free_units(view: View) -> Plan:
    plan = Plan()
    for place, units in view.mine.items():
        if view.board.territories[place].sea:
            continue
        counts: dict[str, int] = {}
        for u in units:
            if u["type"] in WALKERS or u["type"] in ("fighter", "truck"):
                counts[u["type"]] = counts.get(u["type"], 0) + 1
        plan.free[place] = counts
    return plan


def guard_size(view: View, level="normal") -> int:
    """How many units stay in the capital: enough that its defence matches the enemy's reachable
    attack times the style's guard (each defending infantry or artillery hits on 3: half a hit a
    round)."""
    capital = view.board.capital_of(view.power)
    threat = view.enemy_strength_near(capital)
    return math.ceil(threat * style_of(level).guard / 0.5) if threat else 0


def _mobilized_defenders(view: View, name: str) -> list[str]:
    """Entering a minor's capital raises "twice its IPC value in units, one of them artillery"
    (RULES.md 4.3) for its patron — at war with us, or the minor would be friendly."""
    t = view.board.territories[name]
    if t.minor_capital and t.minor not in view.state["mobilized_minors"]:
        n = 2 * t.ipc
        return ["artillery"] + ["infantry"] * (n - 1) if n else []
    return []


def targets(view: View) -> list[str]:
    out = []
    for name, status in view.status.items():
        if status == "hostile":
            t = view.board.territories[name]
            if t.minor and aligned(view.state, t) is None and name not in view.enemy:
                continue                      # a true neutral: entering it raises an army against us
            out.append(name)
        elif status == "contested" and name in view.enemy and view.mine.get(name):
            out.append(name)
    return out


def _candidates(view: View, plan: Plan, target: str, guard: int) -> list[tuple[str, str]]:
    """(place, type) of every free walker that can reach `target` this turn, artillery and
    infantry paired so that any prefix of the list attacks well."""
    capital = view.board.capital_of(view.power)
    places = [target] if view.status[target] == "contested" else []
    for step in sorted(view.board.territories[target].adjacent):
        if step in plan.free and step not in view.contested and view.status.get(step) == "friendly":
            places.append(step)
    infantry, support, other = [], [], []
    for place in places:
        spare = sum(plan.free[place].values()) - (guard if place == capital else 0)
        for kind in ("artillery", "artillery_truck", "infantry", "tank", "armored_car"):
            n = min(plan.count(place, kind), max(0, spare))
            spare -= n
            bucket = infantry if kind == "infantry" else support if kind in ("artillery", "artillery_truck") else other
            bucket += [(place, kind)] * n
    out = []
    while infantry or support or other:
        for bucket in (support, infantry, other):
            if bucket:
                out.append(bucket.pop(0))
    return out


def _needed(attack: list[str], defenders: list[str], threshold: float) -> int | None:
    """The fewest of `attack` (a prefix) that win, pressed, with `threshold`; None if even all fall short."""
    if pressed_land(attack, defenders) < threshold:
        return None
    lo, hi = 1, len(attack)
    while lo < hi:
        mid = (lo + hi) // 2
        if pressed_land(attack[:mid], defenders) >= threshold:
            hi = mid
        else:
            lo = mid + 1
    return lo


def plan_attacks(view: View, sheet: Sheet, plan: Plan, rng: random.Random, level) -> None:
    style = style_of(level)
    guard = guard_size(view, level)
    serbia_duty = view.power == "Austria-Hungary" and view.state["round"] == 1 and "Serbia" in view.status
    scored = []
    for name in targets(view):
        defenders = [u["type"] for u in view.enemy.get(name, [])] + _mobilized_defenders(view, name)
        score = view.value(name) / (1 + defence_power(defenders))
        if serbia_duty and name == "Serbia":
            score += 1000
        scored.append((score, rng.random(), name, defenders))
    scored.sort(reverse=True)
    for _, _, name, defenders in scored:
        units = _candidates(view, plan, name, guard)
        if not units:
            if view.status[name] == "hostile":
                _stage(view, plan, name, [], defenders)
            continue
        contested = view.status[name] == "contested"
        kinds = [k for _, k in units]
        threshold = style.contested if contested else style.threshold
        if serbia_duty and name == "Serbia":
            # base rules: Austria-Hungary must attack Serbia in round 1 — with all it has in
            # reach if even that falls short of a sure thing
            threshold = min(0.95, pressed_land(kinds, defenders))
        if contested:
            # the units standing there fight anyway; the reinforcements are what we choose
            here = [(p, k) for p, k in units if p == name]
            rest = [(p, k) for p, k in units if p != name]
            units = here + rest
            kinds = [k for _, k in units]
        need = _needed(kinds, defenders, threshold) if defenders else 1
        if need is None:
            _stage(view, plan, name, kinds, defenders)
            continue
        if contested:
            need = max(need, sum(1 for p, _ in units if p == name))
        n = min(len(units), max(need, math.ceil(need * style.margin)))
        chosen = units[:n]
        _write_attack(view, sheet, plan, name, chosen, defenders)


def _write_attack(view: View, sheet: Sheet, plan: Plan, target: str, chosen: list[tuple[str, str]],
                  defenders: list[str]) -> None:
    kinds = [k for _, k in chosen]
    win = pressed_land(kinds, defenders) if defenders else 1.0
    now = this_round(kinds, defenders).attacker_wins if defenders else 1.0
    gain = view.board.territories[target].ipc
    reason = (f"attack {target}: {win:.0%} to take it ({now:.0%} this turn), +{gain} IPCs"
              if defenders else f"take undefended {target}, +{gain} IPCs")
    groups: dict[str, dict[str, int]] = {}
    for place, kind in chosen:
        if place != target:
            groups.setdefault(place, {})[kind] = groups.setdefault(place, {}).get(kind, 0) + 1
    moved: list[str] = [k for p, k in chosen if p == target]
    for place, kinds_here in sorted(groups.items()):
        for kind, n in sorted(kinds_here.items()):
            if sheet.add(f"move {n} {kind.replace('_', ' ')}: {place} - {target}", reason):
                plan.take(place, kind, n)
                moved += [kind] * n
    for place, kind in chosen:
        if place == target:
            plan.take(place, kind)
    if view.status[target] == "contested":
        sheet.add(f"attack {target}", reason)
    if moved:
        plan.attacks[target] = moved
        plan.defenders[target] = list(defenders)


def _stage(view: View, plan: Plan, target: str, kinds: list[str], defenders: list[str]) -> None:
    """A target worth having that all our units in reach cannot take yet: the territory of ours
    next to it holding most of our units becomes the build-up for it — the march sends the army
    there (not along the whole front), so the attack comes a turn or two later with the odds."""
    t = view.board.territories[target]
    if view.value(target) < 4 or not defenders or (t.minor and target not in view.enemy):
        return
    sides = [a for a in sorted(t.adjacent) if view.walkable(a) and view.state["control"].get(a) == view.power]
    if not sides:
        return
    best = max(sides, key=lambda a: (sum(plan.free.get(a, {}).values()), a))
    if best not in plan.staging or view.value(target) > view.value(plan.staging[best]):
        plan.staging[best] = target


def plan_fighters(view: View, sheet: Sheet, plan: Plan) -> None:
    """Fighters join the most valuable attack within two spaces; the others stay."""
    board = view.board
    for place in sorted(plan.free):
        n = plan.count(place, "fighter")
        if not n:
            continue
        best = None
        for target, kinds in plan.attacks.items():
            path = _air_path(board, place, target)
            if path and (best is None or view.value(target) > view.value(best[0])):
                best = (target, path)
        if best is None:
            _fighters_forward(view, sheet, plan, place, n)
            continue
        target, path = best
        reason = f"fighters join the attack on {target}"
        if sheet.add(f"move {n} fighter: " + " - ".join(path), reason):
            plan.take(place, "fighter", n)


def _fighters_forward(view: View, sheet: Sheet, plan: Plan, place: str, n: int) -> None:
    """Fighters with no attack to join fly up to two spaces to our land nearest the front that
    keeps land units of ours (where a fighter must end its move), ready for the next turn."""
    here = view.dist.get(place, FAR)
    if here <= 1:
        return
    board = view.board
    options = []
    for mid in sorted(board.territories[place].adjacent):
        for goal in [mid] + sorted(board.territories[mid].adjacent):
            if goal == place or not view.walkable(goal) or view.dist.get(goal, FAR) > 1:
                continue              # the front line: its units hold there, so the fighters can land
            if plan.count(goal, "infantry") == 0:
                continue
            path = (place, goal) if goal == mid else (place, mid, goal)
            options.append((view.dist[goal], len(path), path))
    for _, _, path in sorted(options):
        if sheet.add(f"move {n} fighter: " + " - ".join(path),
                     f"fighters forward to {path[-1]}, {view.dist[path[-1]]} step(s) from the front"):
            plan.take(place, "fighter", n)
            return


def _air_path(board: Board, start: str, goal: str) -> tuple[str, ...] | None:
    if goal in board.territories[start].adjacent:
        return (start, goal)
    for mid in sorted(board.territories[start].adjacent):
        if goal in board.territories[mid].adjacent and not board.territories[mid].impassable:
            return (start, mid, goal)
    return None


def plan_advance(view: View, sheet: Sheet, plan: Plan, rng: random.Random, level="normal") -> None:
    """Non-combat: every free walker not needed at home goes two steps nearer the front, through
    our side's land — to a build-up place for an attack not yet in reach when one is within two
    steps, else to where the enemy could strike hardest."""
    capital = view.board.capital_of(view.power)
    guard = guard_size(view, level)
    for place in sorted(plan.free):
        here = view.dist.get(place, FAR)
        if here <= 1 or here == FAR or place in view.contested:
            continue
        keep = guard if place == capital else 0
        path = _staging_path(view, plan, place) or _advance_path(view, place, rng)
        if path is None:
            continue
        for kind in ("infantry", "artillery", "tank", "artillery_truck", "armored_car", "truck"):
            n = plan.count(place, kind)
            n = min(n, max(0, sum(plan.free[place].values()) - keep))
            if n <= 0:
                continue
            line = f"move {n} {kind.replace('_', ' ')}: " + " - ".join(path)
            reason = f"to the front: {path[-1]} is {view.dist.get(path[-1], 0)} step(s) from the enemy"
            if path[-1] in plan.staging:
                reason = (f"build up in {path[-1]} for the attack on {plan.staging[path[-1]]}, "
                          f"which all our units in reach cannot take yet")
            if sheet.add(line, reason):
                plan.arrived.setdefault(path[-1], []).extend([kind] * n)
                plan.take(place, kind, n)
            elif len(path) == 3 and sheet.add(f"move {n} {kind.replace('_', ' ')}: {path[0]} - {path[1]}", reason):
                plan.arrived.setdefault(path[1], []).extend([kind] * n)
                plan.take(place, kind, n)


def _staging_path(view: View, plan: Plan, place: str) -> tuple[str, ...] | None:
    """The way (one or two steps through our land) to a build-up place, if one is that near."""
    for goal in sorted(plan.staging):
        if goal == place:
            return None
        if goal in view.board.territories[place].adjacent:
            return (place, goal)
        for mid in sorted(view.board.territories[place].adjacent):
            if view.walkable(mid) and goal in view.board.territories[mid].adjacent and view.dist.get(mid, FAR) > 0:
                return (place, mid, goal)
    return None


def _advance_path(view: View, place: str, rng: random.Random) -> tuple[str, ...] | None:
    here = view.dist.get(place, FAR)
    best = None
    for a in sorted(view.board.territories[place].adjacent):
        if not view.walkable(a) or view.dist.get(a, FAR) >= here:
            continue
        options = [(place, a)]
        for b in sorted(view.board.territories[a].adjacent):
            if view.walkable(b) and view.dist.get(b, FAR) < view.dist[a]:
                options.append((place, a, b))
        for path in options:
            score = (view.dist[path[-1]], -view.enemy_strength_near(path[-1]), rng.random())
            if best is None or score < best[0]:
                best = (score, path)
    return best[1] if best else None


def plan_trains(view: View, sheet: Sheet) -> None:
    """House rule 2.8: an armored train "may move any number of spaces within the owner's
    original territories": each train not guarding a threatened capital runs by rail to the
    original territory the enemy could strike hardest that has no train yet."""
    board = view.board
    capital = board.capital_of(view.power)
    trains = sorted(place for place, units in view.mine.items() for u in units if u["type"] == "armored_train")
    taken = set(trains)
    for start in trains:
        if start == capital and view.enemy_strength_near(capital):
            continue
        rail = _rail_paths(view, start)
        goals = [(-view.enemy_strength_near(name), len(path), name) for name, path in rail.items()
                 if name not in taken and view.enemy_strength_near(name) > view.enemy_strength_near(start)]
        for _, _, goal in sorted(goals):
            if sheet.add("move 1 armored train: " + " - ".join(rail[goal]),
                         f"by rail to {goal}, where the enemy could attack with "
                         f"{view.enemy_strength_near(goal):.1f} hits a round (2.8)"):
                taken.add(goal)
                break


def _rail_paths(view: View, start: str) -> dict[str, tuple[str, ...]]:
    """Our own original territories, held and not contested, reachable by rail from `start`."""
    board = view.board
    paths = {start: (start,)}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for step in sorted(board.territories[here].adjacent):
            t = board.territories[step]
            if step in paths or t.sea or t.original_owner != view.power or step in view.contested \
                    or view.state["control"].get(step) != view.power:
                continue
            paths[step] = paths[here] + (step,)
            queue.append(step)
    del paths[start]
    return paths
