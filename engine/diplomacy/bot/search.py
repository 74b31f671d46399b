"""The search (levels `normal` and `hard`): joint orders for the whole seat (moves and supports
together), judged by adjudicating them against the opponents' likely orders. docs/bots.md
tells the whole of it; in short:

1. **Opponent model.** Every other seat with a unit within `RADIUS` steps of our units or
   centres is played by the heuristic from its own point of view (its own values), `samples`
   times with different seeded draws and degrees of randomness: each sample is one joint order
   of those opponents. Units further away are not adjudicated (they change nothing the judge
   reads). Identical samples are adjudicated once and weighed by how often they were drawn.
2. **Our plans.** The heuristic proposes `candidates` plans (half as `normal` plays, half
   bolder). Each is adjudicated against every sample with the game's own resolver and the
   positions are valued (`evaluate.Judge`: centres now and one movement ahead); a plan's worth
   is its average — a sampled best response (Anthony et al. 2020).
3. **Local search.** From the best plan, one unit at a time tries every order it could give —
   hold, each move, each support of another unit's order, and each move into a contested
   province with a support from a neighbour — and the change that raises the average most is
   kept; passes repeat until nothing improves or the adjudication budget is spent. Supports
   follow the moves they support (`sheet.coherent`). A change is screened against the first
   `PROBE` samples before the rest, and a position reached twice is valued once.
4. **Two seats** (rx07 and the two-player variants, zero-sum): the final plan is drawn from the
   equilibrium of the best plans against the samples, found by regret matching+ (as SearchBot,
   Gray, Lerer, Bakhtin and Brown 2021, does over sampled candidate actions), with the seeded
   RNG: the same for the same seed, unpredictable across seeds.

Bounded by counts (plans, samples, adjudications), never by a clock: the same seed gives the
same orders on any machine.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..map import province_of
from ..movement import resolve_movement
from ..orders import Hold, Move, Order, Support
from .board import Board
from .evaluate import Judge
from .heuristic import STYLES, Pair, explain, movement_plan
from .rules import BotRules
from .sheet import Plan, coherent
from .values import Values

ITERATIONS = 400         # rounds of regret matching
IMPROVEMENT = 1e-6       # a change must raise the average by more than this to be kept
# the opponent model's styles, in turn (more randomness covers more of what others do)
MODEL_STYLES = ("normal", "bold", "wild")
RADIUS = 2               # steps from our units and centres within which other units are adjudicated
PROBE = 4                # samples a change of the local search is screened against first
FINALISTS = 4            # distinct plans the two-seat equilibrium chooses among


@dataclass(frozen=True)
class Effort:
    """How much a level searches, in counts: our starting plans, opponent samples, and the
    adjudications the local search may spend (0: no local search)."""

    candidates: int
    samples: int
    adjudications: int
    focus: bool = False      # the local search tries only units in contact with the enemy


EFFORT = {"normal": Effort(candidates=1, samples=2, adjudications=80, focus=True),
          # against six DumbBots (bench/dumbbot_ladder.py, docs/bots.md) 8 plans, 8 samples and
          # 2,400 adjudications kept 12.46 centres on 28 seeds, these 12.50 on the same seeds
          # (12.19 on 42), twice these (16, 32, 12,000) 11.92 on 84: the search is not short of
          # effort. The plain average (no weight on the worst reply) plays for the centres a plan
          # is expected to take: a solo is won by taking, not by never being bounced
          "hard": Effort(candidates=12, samples=16, adjudications=6000)}


class Search:
    """One seat's search in one movement phase."""

    def __init__(self, variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random,
                 rules: BotRules, effort: Effort):
        self.variant, self.state, self.seat, self.rules, self.effort = variant, state, seat, rules, effort
        self.board = Board.read(variant, state, seat)
        self.values = Values(self.board, rules)
        self.judge = Judge(self.board, self.values)
        self.edition = variant.edition(state)
        self.adjudications = 0
        self.seeds = self._candidates(rng)
        # only the units that can touch ours this phase or the next are adjudicated: a unit
        # further away than RADIUS steps changes nothing the judge reads
        board = self.board
        anchors = [p for p, u in board.units.items() if u.power in board.active]
        anchors += [c for c, owner in board.owners.items() if board.ours(owner)]
        self.local = board.tables.around(anchors, RADIUS)
        self.units = {p: u for p, u in board.units.items() if p in self.local}
        self.opponents = [s for s in variant.seats_to_act(state)
                          if s != seat and any(board.side_of(u.power) == s for u in self.units.values())]
        self.samples = self._samples(rng)
        self.rows: dict[tuple, list[float]] = {}
        self.judged: dict[tuple, float] = {}

    # ---- the inputs
    def _candidates(self, rng: random.Random) -> list[Plan]:
        """The heuristic's plans, half as `normal` plays and half bolder."""
        out: list[Plan] = []
        seen: set[tuple] = set()
        for i in range(self.effort.candidates * 2):
            style = STYLES["normal"] if i % 2 == 0 else STYLES["bold"]
            plan = movement_plan(self.board, self.values, random.Random(rng.random()), style)
            key = _key(plan)
            if key not in seen:
                seen.add(key)
                out.append(plan)
            if len(out) == self.effort.candidates:
                break
        return out

    def _samples(self, rng: random.Random) -> list[list[tuple[str, Order]]]:
        """The opponents' sampled joint orders, each distinct one once: `self.weights` says how
        many draws gave it (a repeated draw weighs as much as before and costs no adjudication)."""
        samples: list[list[tuple[str, Order]]] = [[] for _ in range(self.effort.samples)]
        for other in self.opponents:
            board = Board.read(self.variant, self.state, other)
            values = Values(board, self.rules)
            for i, sample in enumerate(samples):
                style = STYLES[MODEL_STYLES[i % len(MODEL_STYLES)]]
                plan = movement_plan(board, values, random.Random(rng.random()), style)
                sample.extend((board.units[p].power, order) for p, order in plan.items() if p in self.local)
        drawn: dict[frozenset, list] = {}          # each distinct sample (in the order first drawn): [it, draws]
        for sample in samples:
            drawn.setdefault(frozenset(sample), [sample, 0.0])[1] += 1.0
        self.weights = [draws for _, draws in drawn.values()]
        return [sample for sample, _ in drawn.values()]

    # ---- judging a plan
    def row(self, plan: Plan, upto: int | None = None) -> list[float]:
        """The plan's score against each opponent sample (the first `upto` of them only, when
        given: the probe the local search screens a change with)."""
        key = _key(plan)
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = []
        want = len(self.samples) or 1
        if upto is not None:
            want = min(want, upto)
        if len(row) < want:
            units, judge, cache = self.units, self.judge, self.judged
            ours = [(units[p].power, order) for p, order in plan.items()]
            for sample in (self.samples or [[]])[len(row):want]:
                result = resolve_movement(self.board.dmap, units, ours + sample, self.edition)
                # different orders often end in the same position: value it once
                where = (frozenset(result.units.items()), frozenset(result.dislodged.items()),
                         result.contested)
                value = cache.get(where)
                if value is None:
                    value = cache[where] = judge.value(result.units, result.dislodged, result.contested)
                row.append(value)
                self.adjudications += 1
        return row if upto is None else row[:want]

    def score(self, plan: Plan, upto: int | None = None) -> float:
        """A plan's worth: the average of its row, each sample weighed by its draws."""
        row = self.row(plan, upto)
        weights = self.weights[:len(row)] if self.samples else [1.0]
        return sum(w * v for w, v in zip(weights, row)) / sum(weights)

    # ---- local search
    def _options(self, plan: Plan, prov: str) -> list[dict[str, Order]]:
        """Every change of one unit's order (with a neighbour's support for a move)."""
        board = self.board
        unit = board.units[prov]
        out: list[dict[str, Order]] = [{prov: Hold(unit.kind, unit.loc)}]
        mine = {p: board.units[p] for p in plan}
        for loc in board.steps(unit):
            dest = province_of(loc)
            out.append({prov: Move(unit.kind, unit.loc, loc)})
            if not self._contested(dest):
                continue
            for p, other in mine.items():
                if p not in (prov, dest) and board.reaches(other, dest):
                    out.append({prov: Move(unit.kind, unit.loc, loc),
                                p: Support(other.kind, other.loc, prov, dest, unit.kind)})
        for p, order in plan.items():
            if p == prov:
                continue
            other = mine[p]
            if isinstance(order, Move):
                dest = province_of(order.dest)
                if dest != prov and board.reaches(unit, dest):
                    out.append({prov: Support(unit.kind, unit.loc, p, dest, other.kind)})
            elif board.reaches(unit, p):
                out.append({prov: Support(unit.kind, unit.loc, p, None, other.kind)})
        return out

    def _contested(self, province: str) -> bool:
        """Could a support matter for a move into `province`: an enemy holds it or can enter it."""
        unit = self.board.units.get(province)
        return (unit is not None and not self.board.ours(unit.power)) or self.values.enemy_reach(province) > 0

    def _order_of_units(self, plan: Plan) -> list[str]:
        """Units where the fighting is first (enemy units and centres not ours in reach, then
        enemy units two steps away); with `focus`, only those."""
        board, t = self.board, self.board.tables
        enemies = [t.index[p] for p, u in board.units.items() if board.enemy(u.power)]

        def busy(prov: str) -> tuple[int, int]:
            reach = board.reach[prov] | {prov}
            near = sum(1 for p in reach if (p in board.units and board.enemy(board.units[p].power))
                       or (board.dmap.provinces[p].supply_center and not board.ours(board.owners.get(p))))
            close = int((t.between[t.index[prov], enemies] <= 2).sum()) if enemies else 0
            return near, close
        ranked = sorted(plan, key=lambda p: (tuple(-x for x in busy(p)), p))
        if self.effort.focus:
            ranked = [p for p in ranked if busy(p) != (0, 0)]
        return ranked

    def improve(self, plan: Plan) -> Plan:
        """Coordinate ascent over our units' orders from `plan` (see the module's step 3). A
        change is first played against the first `PROBE` samples: one that does worse there
        than the plan it would change is dropped without the rest (most of the orders a unit
        could give lose against every reply; a change that helps against a rare reply and
        costs nothing against the common ones still goes on to the full row)."""
        best = self.score(plan)
        budget = self.effort.adjudications
        probe = min(PROBE, len(self.samples))
        improved = True
        while improved:
            improved = False
            for prov in self._order_of_units(plan):
                choice, choice_score = None, best
                base = self.score(plan, probe)
                for change in self._options(plan, prov):
                    if self.adjudications + len(self.samples) > budget:
                        break
                    trial = coherent(self.board, {**plan, **change})
                    if _key(trial) == _key(plan):
                        continue
                    if probe < len(self.samples) and self.score(trial, probe) < base - IMPROVEMENT:
                        continue
                    s = self.score(trial)
                    if s > choice_score + IMPROVEMENT:
                        choice, choice_score = trial, s
                if choice is not None:
                    plan, best = choice, choice_score
                    improved = True
                if self.adjudications + len(self.samples) > budget:
                    return plan
        return plan

    # ---- the choice
    def choose(self, rng: random.Random) -> tuple[Plan, Plan, str]:
        """The plan to play, the heuristic's first plan, and a few words on the search."""
        scored = sorted(((self.score(p), i) for i, p in enumerate(self.seeds)), reverse=True)
        first = self.seeds[0]
        best = self.seeds[scored[0][1]]
        if self.effort.adjudications:
            best = self.improve(best)
        note = f"search: {self.score(best):.1f} centres expected against {round(sum(self.weights))} likely replies"
        if len(self.opponents) == 1 and len(self.samples) > 1:
            finalists = [best] + [self.seeds[i] for _, i in scored if _key(self.seeds[i]) != _key(best)]
            finalists = finalists[:FINALISTS]
            mix = regret_matching([self.row(p) for p in finalists])
            pick = rng.choices(range(len(finalists)), weights=mix)[0]
            best = finalists[pick]
            note = (f"search: plan {pick + 1} of {len(finalists)}, {round(100 * mix[pick])}% at equilibrium "
                    f"against {round(sum(self.weights))} likely replies")
        return best, first, note


def _key(plan: Plan) -> tuple:
    return tuple(sorted(plan.items(), key=lambda item: item[0]))


def regret_matching(payoff: list[list[float]], iterations: int = ITERATIONS) -> list[float]:
    """The row player's average strategy after `iterations` of regret matching+ in the
    zero-sum game `payoff` (rows maximise, columns minimise)."""
    rows, cols = len(payoff), len(payoff[0])
    regret_r, regret_c = [0.0] * rows, [0.0] * cols
    total = [0.0] * rows

    def mix(regret: list[float]) -> list[float]:
        positive = sum(r for r in regret if r > 0)
        return [max(r, 0.0) / positive for r in regret] if positive > 0 else [1.0 / len(regret)] * len(regret)

    for _ in range(iterations):
        sr, sc = mix(regret_r), mix(regret_c)
        for i in range(rows):
            total[i] += sr[i]
        ur = [sum(payoff[i][j] * sc[j] for j in range(cols)) for i in range(rows)]
        uc = [-sum(payoff[i][j] * sr[i] for i in range(rows)) for j in range(cols)]
        vr = sum(sr[i] * ur[i] for i in range(rows))
        vc = sum(sc[j] * uc[j] for j in range(cols))
        regret_r = [max(regret_r[i] + ur[i] - vr, 0.0) for i in range(rows)]
        regret_c = [max(regret_c[j] + uc[j] - vc, 0.0) for j in range(cols)]
    norm = sum(total)
    return [t / norm for t in total]


def search_orders(variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random,
                  rules_for: Callable[[Any], BotRules], level: str) -> list[Pair]:
    """The level's orders for `seat` in a movement phase, with reasons."""
    search = Search(variant, state, seat, rng, rules_for(variant), EFFORT[level])
    if not search.seeds:
        return []
    plan, first, note = search.choose(rng)
    out = []
    for (line, why), order in zip(explain(search.board, search.values, plan), (plan[u.province] for u in search.board.own_units())):
        if first.get(order.province) != order:
            why = f"the search's choice: {why}"
        out.append((line, f"{why} [{note}]"))
    return out
