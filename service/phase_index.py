"""A game's phases without their positions: what `/history`, its suggestions and `/map replay`
need to find phases, read without decoding a single stored state.

A stored state is 40-130 KB of JSON for an A&A phase; decoding all of a long game's phases on the
event loop stalls the bot for a tenth of a second or more. Here the phases are listed
by number and label only, and the replay gets the stored (compressed) states as they are, for a
worker process to decode.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from .checks import check_number
from .errors import BadState, NotFound
from .models import parse_time


@dataclass(frozen=True)
class PhaseHeader:
    """A phase by number, without its position."""
    id: int
    seq: int
    label: str
    adjudicated_at: str | None


@dataclass(frozen=True)
class StoredPhase:
    """A phase as stored, for a worker: its state still compressed (`service.models.decode_state`
    reads it) and the orders that were given in it (public: only adjudicated phases are read)."""
    seq: int
    label: str
    state: bytes | str
    orders: dict[str, list[str]]


async def phase_headers(store, game_id: int) -> list[PhaseHeader]:
    """Every phase of the game, oldest first."""
    async with store.db.lookup() as r:
        rows = await r.phases.headers(game_id)
    return [PhaseHeader(row["id"], row["seq"], row["label"], row["adjudicated_at"]) for row in rows]


async def stored_phases(store, game_id: int) -> list[StoredPhase]:
    """Every phase of the game, oldest first, with its stored state and — for an adjudicated
    phase — the orders of every seat (an adjudicated phase's orders are public)."""
    async with store.db.read() as r:
        rows = await r.phases.stored(game_id)
        given = await r.orders.adjudicated_of_game(game_id)
    orders: dict[int, dict[str, list[str]]] = {}
    for row in given:
        try:
            lines = json.loads(row["lines"])
        except ValueError:
            raise BadState(f"the orders of {row['seat']} in phase {row['phase_id']} are damaged") from None
        if lines:
            orders.setdefault(row["phase_id"], {})[row["seat"]] = [str(line) for line in lines]
    return [StoredPhase(row["seq"], row["label"], row["state"], orders.get(row["id"], {}) if row["adjudicated_at"]
                        else {}) for row in rows]


@dataclass(frozen=True)
class PhaseRow:
    """One phase with its state still as stored (a worker decodes it)."""
    id: int
    seq: int
    label: str
    state: bytes | str
    deadline: datetime | None
    adjudicated_at: str | None


async def phase_row(store, game_id: int, seq: int) -> PhaseRow:
    """Phase `seq` of the game, its state undecoded."""
    seq = check_number(seq, "phase number")
    async with store.db.lookup() as r:
        row = await r.phases.stored_one(game_id, seq)
    if row is None:
        raise NotFound(f"game #{game_id} has no phase number {seq}")
    return PhaseRow(row["id"], row["seq"], row["label"], row["state"], parse_time(row["deadline"]),
                    row["adjudicated_at"])


async def phase_header(store, game_id: int, seq: int) -> PhaseHeader | None:
    """Phase `seq` of the game by number and label, or None if there is none."""
    async with store.db.lookup() as r:
        row = await r.phases.header(game_id, seq)
    return PhaseHeader(row["id"], row["seq"], row["label"], row["adjudicated_at"]) if row else None


async def current_seq(store, game_id: int, current_phase: int | None) -> int | None:
    """The number of the game's current phase (`GameInfo.current_phase` is its id)."""
    if current_phase is None:
        return None
    async with store.db.lookup() as r:
        row = await r.phases.header_by_id(current_phase)
    return row["seq"] if row else None
