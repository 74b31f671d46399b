"""The heuristic player (DumbBot class): greedy moves to the best-valued destinations with a
little seeded randomness, supports of our own moves into contested provinces, idle holds
turned into supports; retreats to the best free province; builds in the best home centres and
removals of the least useful units. Every order comes with a one-line reason.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..map import province_of
from ..orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Unit
from ..position import board_dislodged
from ..retreats import adjustment_counts, retreat_options
from .board import Board
from .convoys import carried_worth, convoy_plans, ferry_values
from .rules import BotRules
from .sheet import Plan, coherent
from .values import Values

Pair = tuple[str, str]


@dataclass(frozen=True)
class Style:
    """How a level plays: the chance of taking a close second-best destination instead of the
    best, how close counts (a share of the best value), and whether idle units support."""

    alternative: float
    margin: float
    supports: bool


STYLES = {"easy": Style(alternative=0.6, margin=0.6, supports=False),
          "normal": Style(alternative=0.35, margin=0.12, supports=True),
          # the search's second opinion: takes more of the near-best destinations
          "bold": Style(alternative=0.6, margin=0.3, supports=True),
          # the opponent model's widest guess
          "wild": Style(alternative=0.5, margin=0.6, supports=True)}


def _risk(values: Values, province: str, supported: int) -> str:
    reach = values.enemy_reach(province)
    unit = values.board.units.get(province)
    held = unit is not None and not values.board.ours(unit.power)
    if held:
        return (f"held by {unit.power}; " + (f"with {supported} support(s)" if supported else "needs support")
                + (f", {reach} more enemy unit(s) can reach it" if reach else ""))
    if not reach:
        return "no enemy can reach it"
    return f"bounce risk: {reach} enemy unit(s) can reach it" + (f", {supported} support(s)" if supported else "")


def movement_plan(board: Board, values: Values, rng: random.Random, style: Style) -> Plan:
    """One order per unit this seat orders (a coherent plan: see `sheet`)."""
    own = board.own_units()
    ferry = ferry_values(board, values, own) if style.supports else {}

    def worth(unit: Unit, loc: str) -> float:
        return values.of(unit.kind, loc) + (ferry.get(province_of(loc), (0.0, ""))[0] if unit.kind == "F" else 0.0)

    ranked: dict[str, list[str]] = {}
    for unit in own:
        places = [unit.loc] + board.steps(unit)
        places.sort(key=lambda loc: -worth(unit, loc))
        best = worth(unit, places[0])
        pick = 0
        # DumbBot's randomness: now and then take the next destination if it is nearly as good
        while (pick + 1 < len(places) and rng.random() < style.alternative
               and best - worth(unit, places[pick + 1]) <= style.margin * abs(best)):
            pick += 1
        ranked[unit.province] = [places[pick]] + places[:pick] + places[pick + 1:]
    plans = convoy_plans(board, values, own) if style.supports else {}
    carriers: dict[str, str] = {}
    for army, (coast, chain) in plans.items():
        ranked[army] = [coast]
        for sea in chain:
            ranked[sea] = [board.units[sea].loc]
            carriers[sea] = army
    dest = _allocate(board, own, ranked, rng, first=list(plans))
    supports: dict[str, tuple[str, str | None]] = {}
    if style.supports:
        # the convoy's fleets and the army it carries are busy: neither supports anyone
        busy = set(carriers) | {army for army in plans if dest[army] == plans[army][0]}
        supports = _reinforce(board, values, own, dest, busy)
        supports.update(_supports(board, values, own, dest, supports, busy))
    carriers = {sea: army for sea, army in carriers.items() if dest[army] == plans[army][0]}
    plan: Plan = {}
    for unit in own:
        loc = dest[unit.province]
        if unit.province in carriers:
            army = board.units[carriers[unit.province]]
            plan[unit.province] = Convoy("F", unit.loc, army.province, province_of(dest[army.province]))
        elif unit.province in supports:
            p, into = supports[unit.province]
            plan[unit.province] = Support(unit.kind, unit.loc, p, into, board.units[p].kind)
        elif province_of(loc) == unit.province:
            plan[unit.province] = Hold(unit.kind, unit.loc)
        else:
            plan[unit.province] = Move(unit.kind, unit.loc, loc)
    return coherent(board, plan)


def movement_orders(board: Board, values: Values, rng: random.Random, style: Style) -> list[Pair]:
    """One order per unit this seat orders, with its reason."""
    return explain(board, values, movement_plan(board, values, rng, style))


def _allocate(board: Board, own: list[Unit], ranked: dict[str, list[str]], rng: random.Random,
              first: list[str] = ()) -> dict[str, str]:
    """Province of each unit -> where it goes (its own location: it stays). Never two of our
    units into one province, never a swap of two of ours, never into a unit of our side that
    stays, never into a neutral's or a civil-disorder ally's unit."""
    queue = [u.province for u in own if u.province not in first]
    rng.shuffle(queue)
    queue[:0] = first
    by_prov = {u.province: u for u in own}
    dest: dict[str, str] = {}
    claimed: set[str] = set()
    deferred: set[str] = set()
    while queue:
        prov = queue.pop(0)
        if prov in dest:
            continue
        choice: str | None = None
        for loc in ranked[prov]:
            target = province_of(loc)
            if target == prov:
                choice = loc
                break
            if target in claimed:
                continue
            occupant = board.units.get(target)
            if occupant is not None and not board.enemy(occupant.power):
                if target not in by_prov:
                    continue                      # an ally in civil disorder or a neutral: it stays
                if target not in dest:
                    if prov in deferred:
                        continue                  # asked once already: do not chase in circles
                    deferred.add(prov)            # order the unit there first, then come back
                    queue[:0] = [target, prov]
                    choice = ""
                    break
                if province_of(dest[target]) in (target, prov):
                    continue                      # it stays, or it would swap places with us
            choice = loc
            break
        if choice == "":
            continue
        choice = choice or by_prov[prov].loc
        dest[prov] = choice
        claimed.add(province_of(choice))
    return dest


def _need(board: Board, values: Values, province: str) -> int:
    """How much a move into `province` needs help: an enemy unit there, enemy units able to
    enter it."""
    unit = board.units.get(province)
    held = unit is not None and not board.ours(unit.power)
    return 2 * held + values.enemy_reach(province)


def _attack_need(board: Board, values: Values, province: str) -> int:
    """Supports an attack on an enemy unit wants: one to beat its hold, one more when another
    enemy unit could support it."""
    others = sum(1 for p, u in board.units.items() if board.enemy(u.power) and u.power not in board.disorder
                 and p != province and province in board.reach[p])
    return 1 + (others >= 2)


def _helpers(board: Board, values: Values, own: list[Unit], dest: dict[str, str], busy: set[str],
             attacker: str, target: str, hopeless: set[str]) -> list[tuple[float, str]]:
    """Units that could support `attacker` into `target`, cheapest first: (what the unit gives
    up by staying to support, its province). A unit others are moving into must leave, and
    a unit attacking elsewhere keeps its attack unless that attack is hopeless (it cannot get
    the supports it needs)."""
    entering = {province_of(loc) for p, loc in dest.items() if province_of(loc) != p}
    out = []
    for unit in own:
        p = unit.province
        if p == attacker or p in busy or p in entering or not board.reaches(unit, target):
            continue
        going = province_of(dest[p])
        attacking = going != p and going in board.units and board.enemy(board.units[going].power)
        if attacking and p not in hopeless:
            continue
        cost = 0.0 if attacking else values.of(unit.kind, dest[p]) - values.of(unit.kind, unit.loc)
        out.append((cost, p))
    return sorted(out)


def _reinforce(board: Board, values: Values, own: list[Unit], dest: dict[str, str],
               busy: set[str]) -> dict[str, tuple[str, str | None]]:
    """Attacks on enemy units get the supports they need: a unit of ours next to the target
    gives up a move worth less than the attack, or an attack of its own that cannot be
    supported, and supports instead (a lone attack on a holding unit only bounces). Changes
    `dest` (the supporter now stays); returns supporter -> (attacker's province, target)."""
    out: dict[str, tuple[str, str | None]] = {}
    attacks = [(p, province_of(loc)) for p, loc in dest.items()
               if province_of(loc) != p and board.units.get(province_of(loc)) is not None
               and board.enemy(board.units[province_of(loc)].power)]
    attacks.sort(key=lambda a: (-values.of(board.units[a[0]].kind, dest[a[0]]), a[0]))
    hopeless = {a for a, t in attacks
                if len(_helpers(board, values, own, dest, busy, a, t, set())) < _attack_need(board, values, t)}
    for attacker, target in attacks:
        if attacker in out:
            continue                              # it became a supporter of a better attack
        worth = values.of(board.units[attacker].kind, dest[attacker])
        taken = busy | set(out)
        helpers = _helpers(board, values, own, dest, taken, attacker, target, hopeless - {attacker})
        need = _attack_need(board, values, target)
        chosen = [p for cost, p in helpers[:need] if cost < worth]
        if len(chosen) < need:
            continue
        for p in chosen:
            dest[p] = board.units[p].loc
            out[p] = (attacker, target)
    return out


def _supports(board: Board, values: Values, own: list[Unit], dest: dict[str, str],
              taken: dict[str, tuple[str, str | None]], busy: set[str]) -> dict[str, tuple[str, str | None]]:
    """Idle units (ordered to stay) support our moves into contested provinces, or else an
    adjacent unit of ours that stays and is threatened. Returns supporter -> (supported unit's
    province, destination province or None for a hold); `taken` are supports already given."""
    out: dict[str, tuple[str, str | None]] = {}
    moving = {p: province_of(loc) for p, loc in dest.items() if province_of(loc) != p}
    staying = [u for u in own if u.province not in moving and u.province not in taken and u.province not in busy]
    staying.sort(key=lambda u: -values.of(u.kind, u.loc))
    given: dict[str, int] = {}
    for _, (_, target) in taken.items():
        if target:
            given[target] = given.get(target, 0) + 1
    for unit in staying:
        # a support does not weaken the supporter's own hold, so even a threatened unit helps
        moves = [(p, target) for p, target in moving.items()
                 if target != unit.province and board.reaches(unit, target) and _need(board, values, target)]
        if moves:
            p, target = max(moves, key=lambda m: (_need(board, values, m[1]) - given.get(m[1], 0),
                                                  values.of(board.units[m[0]].kind, dest[m[0]]), m[0]))
            if _need(board, values, target) > given.get(target, 0):
                out[unit.province] = (p, target)
                given[target] = given.get(target, 0) + 1
                continue
        holds = [u for u in own if u.province not in moving and u is not unit and values.enemy_reach(u.province)
                 and board.reaches(unit, u.province)]
        if holds:
            other = max(holds, key=lambda u: (values.enemy_reach(u.province), values.of(u.kind, u.loc), u.province))
            out[unit.province] = (other.province, None)
    return out


def explain(board: Board, values: Values, plan: Plan, ferry: dict[str, tuple[float, str]] | None = None) -> list[Pair]:
    """The plan's orders in board order, each with its one-line reason."""
    if ferry is None:
        ferry = ferry_values(board, values, board.own_units()) if any(
            isinstance(o, Convoy) or (isinstance(o, Move) and o.unit == "F") for o in plan.values()) else {}
    support_count: dict[str, int] = {}
    for order in plan.values():
        if isinstance(order, Support) and order.target_dest:
            support_count[order.target_dest] = support_count.get(order.target_dest, 0) + 1
    out: list[Pair] = []
    for unit in board.own_units():
        order = plan[unit.province]
        out.append((order.text(), _reason(board, values, unit, order, plan, support_count, ferry)))
    return out


def _reason(board: Board, values: Values, unit: Unit, order, plan: Plan, support_count: dict[str, int],
            ferry: dict[str, tuple[float, str]]) -> str:
    if isinstance(order, Convoy):
        army = board.units[order.army]
        return f"convoys {army} to {board.dmap.label(order.dest)}: it can do more there than by land"
    if isinstance(order, Support):
        other = board.units[order.target]
        if order.target_dest:
            return (f"supports {other} into {board.dmap.label(order.target_dest)}: "
                    f"{_risk(values, order.target_dest, support_count.get(order.target_dest, 0))}")
        return f"supports {other} holding: {values.enemy_reach(other.province)} enemy unit(s) can attack it"
    if isinstance(order, Move):
        target = province_of(order.dest)
        by_sea = "by convoy: " if unit.kind == "A" and target not in board.dmap.army_neighbours(unit.province) else ""
        carry = (f" (from there it can carry {board.units[ferry[target][1]]})"
                 if unit.kind == "F" and target in ferry else "")
        return (f"{by_sea}{values.describe(target)}{carry}, worth {values.score(unit.kind, order.dest)}; "
                f"{_risk(values, target, support_count.get(target, 0))}")
    reach = values.enemy_reach(unit.province)
    return (f"holds: {values.describe(unit.province)}, worth {values.score(unit.kind, unit.loc)}; "
            + (f"{reach} enemy unit(s) can attack it" if reach else "no better place to go"))


def retreat_orders(board: Board, values: Values) -> list[Pair]:
    """Each of our dislodged units retreats to the best free province (never two to one
    province: both would be destroyed), or disbands when none is left."""
    out: list[Pair] = []
    taken: set[str] = set()
    contested = board.state.get("contested", [])
    for prov, d in sorted(board_dislodged(board.state).items()):
        if d.unit.power not in board.active:
            continue
        options = [o for o in retreat_options(board.dmap, board.units, prov, d, contested)
                   if province_of(o) not in taken]
        if not options:
            out.append((Disband(d.unit.kind, d.unit.loc).text(), "disbands: no free province to retreat to"))
            continue
        best = max(options, key=lambda o: (values.of(d.unit.kind, o), o))
        taken.add(province_of(best))
        out.append((Retreat(d.unit.kind, d.unit.loc, best).text(),
                    f"retreats to the best free province: {values.describe(province_of(best))}, "
                    f"worth {values.score(d.unit.kind, best)}"))
    return out


CARRIED = 0.85            # a convoy ties up a fleet and can fail: what an army carried is worth


def _build_choice(board: Board, values: Values, centre: str) -> tuple[float, str, str]:
    """(value, kind, location) of the best unit to build in `centre`."""
    # either kind is judged alike: the best of where it stands and where it can go next — for an
    # army on a coast also where a fleet of ours at sea beside it could carry it (else an island
    # power builds nothing but fleets and cannot take or hold a centre inland)
    options = []
    for kind in ("A", "F"):
        for loc in [centre] + sorted(c for c in board.dmap.coast_names if province_of(c) == centre and c != centre):
            if board.dmap.can_hold(kind, loc):
                worth = values.unit_worth(Unit(kind, "", loc))
                if kind == "A":
                    worth = max(worth, CARRIED * carried_worth(board, values, centre))
                options.append((worth, kind, loc))
    return max(options, key=lambda o: (o[0], o[1] == "A")) if options else (float("-inf"), "", "")


def adjustment_orders(board: Board, values: Values, rules: BotRules) -> list[Pair]:
    """Builds in the best free home centres (army or fleet, whichever is worth more there),
    removals of the units worth least, and a variant's extra order (rx07's American army)."""
    out: list[Pair] = []
    landing, open_ = rules.landing(board, values)
    if landing is not None:
        out.append((f"America {board.dmap.label(landing)}",
                    f"the American army lands where an army is worth most ({values.score('A', landing)}), "
                    f"of {', '.join(board.dmap.label(c) for c in open_)}"))
    counts = adjustment_counts(board.units, board.owners, sorted(board.active))
    for power, owed in counts.items():
        if owed > 0:
            free = [c for c in board.dmap.home_centers.get(power, ())
                    if board.owners.get(c) == power and c not in board.units and c != landing]
            choices = sorted((_build_choice(board, values, c) for c in free), key=lambda c: (-c[0], c[2]))
            for value, kind, loc in [c for c in choices if c[1]][:owed]:
                what = "an army" if kind == "A" else "a fleet"
                out.append((Build(kind, loc).text(),
                            f"builds {what} in {board.dmap.label(loc)}: {what} is worth most there "
                            f"({values.score(kind, loc)})"))
        elif owed < 0:
            mine = [u for u in board.own_units() if u.power == power]
            mine.sort(key=lambda u: (values.unit_worth(u), u.province))
            for unit in mine[:-owed]:
                out.append((Remove(unit.kind, unit.loc).text(),
                            f"removes {unit}: the least useful unit (its best move is worth "
                            f"{values.score(unit.kind, max([unit.loc] + board.steps(unit), key=lambda l: values.of(unit.kind, l)))})"))
    return out
