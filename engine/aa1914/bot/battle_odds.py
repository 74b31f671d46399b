"""Exact odds for the bot's decisions, from engine/aa1914/odds.py.

A land battle in 1914 is one round a turn, so an attack is judged two ways: `land_odds` for this
turn's round (exact, with air combat), and `pressed_land` for the battle fought round after round
until a side is gone, nobody reinforcing — the same absorbing Markov chain `sea_odds` uses, with
the land dice (artillery support, tanks cancelling defending hits). Both are cached by the
forces' unit types, so a turn asks each question once.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..combat import land_targets, take_hits
from ..odds import Odds, absorbing_chain, hit_distribution, land_odds, pieces_of, sea_odds, tanks_cancel
from ..units import DEFAULT_LOSS_ORDER, UNIT_TYPES

MAX_UNITS = 40          # odds.py is fast up to here; a larger stack is judged by its first 40


def _key(types) -> tuple[str, ...]:
    fighting = [t for t in types if not UNIT_TYPES[t].is_sea and UNIT_TYPES[t].attack + UNIT_TYPES[t].defense > 0]
    order = {t: i for i, t in enumerate(DEFAULT_LOSS_ORDER)}
    # the strongest units last: a capped stack keeps its fodder out of the count
    return tuple(sorted(fighting, key=lambda t: (order.get(t, 99), t)))[-MAX_UNITS:]


def _survivors(types: tuple[str, ...], hits: int) -> tuple[str, ...]:
    force = pieces_of(types)
    take_hits(force, hits, DEFAULT_LOSS_ORDER)
    return tuple(p.type for p in force)


@lru_cache(maxsize=4096)
def _pressed(attackers: tuple[str, ...], defenders: tuple[str, ...]) -> float:
    if not defenders:
        return 1.0 if attackers else 0.0
    if not attackers:
        return 0.0
    a_forces = [_survivors(attackers, k) for k in range(len(attackers) + 1)]
    d_forces = [_survivors(defenders, k) for k in range(len(defenders) + 1)]
    a_dists = [np.array(hit_distribution(land_targets(pieces_of(f), True, False))) for f in a_forces]
    # tanks cancel defending hits (RULES.md 3.1 (4)): folded into the defender's distribution
    # seen from the attacker's state; approximated with the attacker's full tank count
    tanks = sum(t == "tank" for t in attackers)
    d_dists = [tanks_cancel(np.array(hit_distribution(land_targets(pieces_of(f), False, False))), tanks)
               for f in d_forces]
    ended = np.zeros((len(a_forces), len(d_forces)), dtype=bool)
    ended[-1, :] = ended[:, -1] = True
    final = absorbing_chain(a_dists, d_dists, ended)
    return float(final[:-1, -1].sum())


def pressed_land(attackers, defenders) -> float:
    """P(the attacker ends holding the territory) if the battle is fought to the end."""
    return _pressed(_key(attackers), _key(defenders))


@lru_cache(maxsize=4096)
def _round(attackers: tuple[str, ...], defenders: tuple[str, ...]) -> Odds:
    return land_odds(attackers, defenders)


def this_round(attackers, defenders) -> Odds:
    """The exact outcome of this turn's round."""
    return _round(_key(attackers), _key(defenders))


@lru_cache(maxsize=1024)
def _sea(attackers: tuple[str, ...], defenders: tuple[str, ...]) -> Odds:
    return sea_odds(attackers, defenders)


def sea_win(attackers, defenders) -> float:
    """P(the attacking ships clear the zone and some survive), pressing on."""
    a = tuple(sorted(t for t in attackers if t != "transport"))[-20:]
    d = tuple(sorted(t for t in defenders if t in ("battleship", "cruiser", "submarine", "destroyer",
                                                     "merchant_raider")))[-20:]
    if not d:
        return 1.0
    if not a:
        return 0.0
    return _sea(a, d).attacker_wins
