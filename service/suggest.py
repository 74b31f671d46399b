"""Suggestions while a player types an order (Discord autocomplete, the console's `suggest`).

The variant lists the whole orders a seat may legally give now (`Variant.order_choices`); they
are worked out once per phase and seat (the board does not change within a phase) off the
event loop, then filtered by what was typed. Place names are matched by full name,
abbreviation or prefix, and when nothing matches the last word is completed from the board's
names ("did you mean …" spellings included). Suggestions never raise: a bad guess is no answer.
"""
from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict

from engine.catalog import register_all
from engine.variant import get_variant

from .games import GameService
from .ids import checks_ids
from .models import Actor
from .workers import IDLE, URGENT, Inline

log = logging.getLogger("dispatch.suggest")

LIMIT = 25                       # Discord offers at most 25 autocomplete choices
# (database, phase id, seat) -> the seat's legal orders in that phase
_CACHE: "OrderedDict[tuple[str, int, str], list[str]]" = OrderedDict()
_CACHE_SIZE = 256
_PENDING: dict[tuple[str, int, str], asyncio.Future] = {}     # being worked out: shared by all who ask
WARM_AT_ONCE = 32                # phases opened since the last clock round that are prepared


def legal_orders(variant_key: str, state: dict, seat: str) -> list[str]:
    """Every whole order `seat` may give now (run in the CPU pool: it may take a while)."""
    register_all()
    return get_variant(variant_key).order_choices(state, seat)


def cache_key(service: GameService, phase_id: int, seat: str) -> tuple[str, int, str]:
    return (str(getattr(service.db, "path", id(service.db))), phase_id, seat)


async def _cached_legal_orders(service: GameService, phase_id: int, variant_key: str, state: dict,
                              seat: str, priority: int = URGENT) -> list[str]:
    """The seat's legal orders in the phase, worked out once in the worker pool; a second asker
    while they are being worked out (the phase's warm-up, another keystroke) waits for the same job."""
    key = cache_key(service, phase_id, seat)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    job = _job(service, key, variant_key, state, seat, priority)
    return await asyncio.shield(job)      # a keystroke given up on does not stop the shared job


def _job(service: GameService, key, variant_key: str, state: dict, seat: str, priority: int) -> asyncio.Future:
    """The job working out `key`'s legal orders: the one under way, else a new one (shared by all
    who ask meanwhile; one nobody waits for that fails is only logged)."""
    job = _PENDING.get(key)
    if job is None:
        job = _PENDING[key] = asyncio.ensure_future(_work_out(service, key, variant_key, state, seat, priority))
        job.add_done_callback(_quietly)
    return job


async def _work_out(service: GameService, key, variant_key: str, state: dict, seat: str, priority: int) -> list[str]:
    try:
        found = await service.cpu.run(legal_orders, variant_key, state, seat, timeout=20.0, priority=priority)
        _CACHE[key] = found
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        return found
    finally:
        _PENDING.pop(key, None)


def _quietly(done: asyncio.Future) -> None:
    """A job nobody waited for (a warm-up) that failed: the next asker works it out again."""
    if not done.cancelled() and done.exception() is not None:
        log.warning("legal orders could not be worked out: %r", done.exception(), exc_info=done.exception())


async def warm_opened_phases(service: GameService, after: int | None) -> int | None:
    """Start working out, in the worker pool, the legal orders of each seat that must act in the
    phases opened since phase id `after` (the clock calls this each round, after the phase's
    transaction is committed): the first autocomplete of a phase then finds them ready. Returns
    the id to continue after (`after` None, the first round after a start: the newest phases still
    open are prepared). Reads new phases by id (an index range), so a round costs the same
    at any number of games. Without a worker pool (the console, tests) nothing is prepared: it
    would run on the event loop."""
    async with service.db.lookup() as r:
        top = await r.phases.newest_id()
    if after is None:
        # the first round after a start: the phases open now (the newest of them) are prepared too,
        # so a restart does not leave their first autocomplete to work everything out
        after = max(0, top - WARM_AT_ONCE)
    if top <= after or isinstance(service.cpu, Inline):
        return max(top, after)             # nothing opened since the last round, or no workers
    async with service.db.lookup() as r:
        rows = await r.phases.opened_after(after, WARM_AT_ONCE)     # (more at once: the rest are worked out when asked)
    for row in rows:
        phase = await service.store.phase_by_id(row["id"])
        variant = get_variant(row["variant"])
        for seat in variant.seats_to_act(phase.state):
            key = cache_key(service, phase.id, seat)
            if key not in _CACHE:
                _job(service, key, row["variant"], phase.state, seat, IDLE)      # after the turns' maps
    return top


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


@checks_ids
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
        legal = await _cached_legal_orders(service, phase.id, game.variant, phase.state, seat)
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
