"""Minefields in the bot's naval and amphibious decisions.

RULES.md 5.4 / seed 001: a ship entering an active enemy minefield "must survive a roll" — it is
hit on a 1 (a battleship is damaged instead of sunk, a transport goes down with its cargo), and
ships must end their move there. So every voyage into a mined zone has an expected loss, and a
sea battle fought there is fought by the ships the mines left: the bot weighs both.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from math import comb

from ..movement import enemy_minefield
from ..odds import sea_odds
from ..units import UNIT_TYPES
from .view import View

HIT = 1 / 6                 # a mine hits on a roll of 1
DAMAGE_SHARE = 0.5          # a damaged battleship: half its worth until repaired


def mined(view: View, zone: str) -> bool:
    """The zone holds a minefield of an enemy that is active for us this turn."""
    return view.board.territories[zone].sea and view.board.territories[zone].minefield is not None \
        and enemy_minefield(view.turn, zone)


def expected_loss(ships, cargo=()) -> float:
    """IPCs the mines are expected to take from `ships` entering a mined zone (a transport's
    cargo goes down with it; a battleship is only damaged)."""
    loss = 0.0
    for kind in ships:
        worth = UNIT_TYPES[kind].cost * (DAMAGE_SHARE if kind == "battleship" else 1)
        loss += HIT * worth
    transports = sum(1 for k in ships if k == "transport")
    if transports and cargo:
        loss += HIT * sum(UNIT_TYPES[k].cost for k in cargo)       # each unit aboard is on some transport
    return loss


@lru_cache(maxsize=2048)
def _after_mines(ships: tuple[str, ...]) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """(probability, ships left able to fight) for every outcome of the mine rolls (a damaged
    battleship still fights)."""
    counts = sorted(Counter(ships).items())
    outcomes: dict[tuple[str, ...], float] = {}
    for lost in product(*[range((0 if k == "battleship" else n) + 1) for k, n in counts]):
        p = 1.0
        left: list[str] = []
        for (kind, n), k in zip(counts, lost):
            if kind == "battleship":
                left += [kind] * n
                continue
            p *= comb(n, k) * HIT ** k * (1 - HIT) ** (n - k)
            left += [kind] * (n - k)
        key = tuple(left)
        outcomes[key] = outcomes.get(key, 0.0) + p
    return tuple((p, left) for left, p in outcomes.items())


@lru_cache(maxsize=2048)
def _sea_ev(ships: tuple[str, ...], enemy: tuple[str, ...], minefield: bool) -> tuple[float, float]:
    """(P(we clear the zone), expected IPC swing: the enemy's losses minus ours, mines included)."""
    fighting = tuple(t for t in enemy if UNIT_TYPES[t].defense > 0)
    if not minefield:
        outcomes: tuple = ((1.0, ships),)
    else:
        outcomes = _after_mines(ships)
    win = swing = 0.0
    for p, left in outcomes:
        mine_cost = sum(UNIT_TYPES[t].cost for t in ships) - sum(UNIT_TYPES[t].cost for t in left)
        attackers = tuple(t for t in left if UNIT_TYPES[t].attack > 0)
        if not attackers:
            swing -= p * (mine_cost + sum(UNIT_TYPES[t].cost for t in left))
            continue
        if not fighting:
            win += p
            swing += p * (sum(UNIT_TYPES[t].cost for t in enemy) - mine_cost)
            continue
        odds = sea_odds(attackers[-12:], fighting[-12:])
        prize = sum(UNIT_TYPES[t].cost for t in enemy if t not in fighting)     # transports taken with the zone
        win += p * odds.attacker_wins
        swing += p * (odds.defender_ipc_lost + odds.attacker_wins * prize - odds.attacker_ipc_lost - mine_cost)
    return win, swing


def sea_attack(view: View, ships, zone: str, enemy) -> tuple[float, float, bool]:
    """(P(win), expected IPC swing, mined?) of sending `ships` to attack `enemy` in `zone`."""
    field = mined(view, zone)
    key = lambda xs: tuple(sorted(xs, key=lambda t: (UNIT_TYPES[t].cost, t)))     # noqa: E731
    win, swing = _sea_ev(key(ships), key(enemy), field)
    return win, swing, field
