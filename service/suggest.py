"""Suggestions while a player types an order (Discord autocomplete, the console's `suggest`).

The variant lists the whole orders a seat may legally give now (`Variant.order_choices`); they
are worked out once per phase and seat (the board does not change within a phase) off the
event loop, then filtered by what was typed. Place names are matched by full name,
abbreviation or prefix, and when nothing matches the last word is completed from the board's
names ("did you mean …" spellings included). Suggestions never raise: a bad guess is no answer.
"""
from __future__ import annotations

import re
from collections import OrderedDict

from engine.catalog import register_all
from engine.variant import get_variant

from .games import GameService
from .models import Actor

LIMIT = 25                       # Discord offers at most 25 autocomplete choices
_CACHE: "OrderedDict[tuple[int, str], list[str]]" = OrderedDict()
_CACHE_SIZE = 256


def legal_orders(variant_key: str, state: dict, seat: str) -> list[str]:
    """Every whole order `seat` may give now (run in the CPU pool: it may take a while)."""
    register_all()
    return get_variant(variant_key).order_choices(state, seat)


async def cached_legal_orders(service: GameService, phase_id: int, variant_key: str, state: dict,
                              seat: str) -> list[str]:
    key = (phase_id, seat)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    found = await service.cpu.run(legal_orders, variant_key, state, seat, timeout=20.0)
    _CACHE[key] = found
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,:]+", text.lower().replace("->", "-")) if w and w != "-"]


def rank(candidates: list[str], typed: str, expand=lambda word: [word]) -> list[str]:
    """The candidates every typed word matches (as the start of one of the candidate's words, or
    through `expand`, which turns a full name into the abbreviation the candidate uses), those
    starting with what was typed first, then the shortest."""
    words = _words(typed)
    forms = [tuple(expand(w)) for w in words]          # once per typed word, not per candidate
    lowered = typed.strip().lower()
    hits = []
    for line in candidates:
        parts = _words(line)
        if all(any(p.startswith(form) for p in parts for form in word_forms) for word_forms in forms):
            hits.append(line)
    # what starts as typed first, then the plainest orders (a move before a support naming it)
    order = {line: index for index, line in enumerate(candidates)}
    hits.sort(key=lambda line: (not line.lower().startswith(lowered), len(_words(line)), order[line]))
    return hits


async def order_suggestions(service: GameService, game_id: int, actor: Actor, seat: str | None,
                            typed: str) -> list[str]:
    """Up to 25 order lines for what `actor` has typed so far for `seat` (default: the one seat
    of theirs that acts now)."""
    try:
        game = await service.game(game_id)
        if game.status != "active" or game.current_phase is None:
            return []
        phase = await service.phase(game_id)
        variant = get_variant(game.variant)
        mine = [s for s in game.seats_of(actor.user_id) if variant.may_order(phase.state, s)]
        if seat is None:
            seat = mine[0] if mine else None
        if seat is None or seat not in mine:
            return []
        legal = await cached_legal_orders(service, phase.id, game.variant, phase.state, seat)
    except Exception:  # noqa: BLE001 - autocomplete is a courtesy; the command itself reports errors
        return []

    def expand(word: str) -> list[str]:
        # a full or partial place name typed where the order uses its abbreviation
        forms = [word]
        if len(word) >= 3:
            forms += [name.split(" (")[0].lower() for name in variant.name_choices(phase.state, word)[:3]]
        return forms
    hits = rank(legal, typed, expand)
    if not hits and typed.strip():     # nothing legal matches: at least finish the name being typed
        hits = _complete_last_word(variant, phase.state, typed)
    return hits[:LIMIT]


def _complete_last_word(variant, state: dict, typed: str) -> list[str]:
    """What was typed with its last word completed to a place or unit name of the board."""
    head, _, last = typed.rstrip().rpartition(" ")
    if len(last) < 2:
        return []
    names = variant.name_choices(state, last)
    return [f"{head} {name.split(' (')[0]}".strip()[:100] for name in names[:LIMIT]]
