"""The `hard` level: a one-phase search over the heuristic's own ideas.

For the seat to move and for its opponents (every other seat with orders, taken together) the
heuristic proposes K candidate sheets (different seeded draws, some bolder); every pair is
adjudicated with the game's own resolver, and the position after it is scored from our side
(centres, pieces, what the fall will decide). Regret matching over that K x K table finds the
equilibrium mix of our sheets against the opponents' best replies, and one sheet is drawn
from the mix with the seeded RNG — unpredictable, as a mixed strategy must be, yet the same for
the same seed.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from engine.errors import OrderError

from ..movement import MovementResult, resolve_movement
from ..parser import parse_order
from ..retreats import retreat_options
from .board import NEUTRAL, Board
from .heuristic import STYLES, Pair, movement_orders
from .rules import BotRules
from .values import Values

CANDIDATES = 6           # K: sheets per side
ITERATIONS = 400         # rounds of regret matching
# Score of a position from our side, in centres.
PIECE = 0.6              # a unit on the board (rx07 counts pieces)
LOST = 1.0               # a dislodged unit with nowhere to retreat is destroyed
DISLODGED = 0.35         # a dislodged unit that can retreat has lost ground
STANDING_ON = 0.4        # in spring, standing on a centre we do not own: the fall may take it
POSITION = 0.05          # the values of the places our units end on, per unit of value


def _candidates(variant: Any, state: Mapping[str, Any], seat: str, rng: random.Random,
                rules: BotRules) -> tuple[Board, Values, list[list[Pair]]]:
    """Up to K different heuristic sheets for `seat`: half as the normal level plays, half bolder."""
    board = Board.read(variant, state, seat)
    values = Values(board, rules)
    sheets: list[list[Pair]] = []
    seen: set[tuple[str, ...]] = set()
    for i in range(CANDIDATES * 2):
        style = STYLES["normal"] if i % 2 == 0 else STYLES["bold"]
        sheet = movement_orders(board, values, random.Random(rng.random()), style)
        key = tuple(sorted(line for line, _ in sheet))
        if key not in seen:
            seen.add(key)
            sheets.append(sheet)
        if len(sheets) == CANDIDATES:
            break
    return board, values, sheets


def _given(board: Board, lines: Sequence[str]) -> list[tuple[str, Any]]:
    out = []
    for line in lines:
        try:
            order = parse_order(line, board.dmap, "movement")
        except OrderError:
            continue
        unit = board.units.get(order.province)
        if unit is not None:
            out.append((unit.power, order))
    return out


def score(board: Board, values: Values, result: MovementResult) -> float:
    """The position after a movement from `board.seat`'s side: our centres and pieces minus the
    enemies' (averaged over enemy seats), with a little for where our units stand."""
    dmap, fall = board.dmap, board.season == "fall"
    mine = 0.0
    theirs: dict[str, float] = {}

    def add(side: str, amount: float) -> None:
        nonlocal mine
        if side == board.seat:
            mine += amount
        elif side != NEUTRAL:
            theirs[side] = theirs.get(side, 0.0) + amount

    for centre in dmap.supply_centers():
        unit = result.units.get(centre)
        owner = board.owners.get(centre)
        if fall and unit is not None:
            owner = unit.power
        elif unit is not None and board.side_of(unit.power) != board.side_of(owner):
            add(board.side_of(unit.power), STANDING_ON)
        if owner is not None:
            add(board.side_of(owner), 1.0)
    for prov, unit in result.units.items():
        add(board.side_of(unit.power), PIECE)
        if board.ours(unit.power):
            mine += POSITION * values.of(unit.kind, unit.loc) / values.unit
    for prov, d in result.dislodged.items():
        trapped = not retreat_options(dmap, result.units, prov, d, result.contested)
        add(board.side_of(d.unit.power), PIECE - (LOST if trapped else DISLODGED))
    enemy = sum(theirs.values()) / len(theirs) if theirs else 0.0
    return mine - enemy


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
                  rules_for: Callable[[Any], BotRules]) -> list[Pair]:
    rules = rules_for(variant)
    board, values, mine = _candidates(variant, state, seat, rng, rules)
    others = [s for s in variant.seats_to_act(state) if s != seat]
    if len(mine) < 2 or not others:
        return mine[0] if mine else []
    per_seat = [_candidates(variant, state, other, rng, rules)[2] for other in others]
    replies = [[line for sheets in per_seat for line, _ in sheets[j % len(sheets)]]
               for j in range(max(len(s) for s in per_seat))]
    edition = variant.edition(state)      # the rulebook edition this game is adjudicated by
    payoff = []
    for sheet in mine:
        row = []
        ours = _given(board, [line for line, _ in sheet])
        for reply in replies:
            result = resolve_movement(board.dmap, dict(board.units), ours + _given(board, reply), edition)
            row.append(score(board, values, result))
        payoff.append(row)
    strategy = regret_matching(payoff)
    pick = rng.choices(range(len(mine)), weights=strategy)[0]
    note = f" [search: plan {pick + 1} of {len(mine)}, played {round(100 * strategy[pick])}% of the time]"
    return [(line, why + note) for line, why in mine[pick]]

