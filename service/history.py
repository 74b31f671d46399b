"""What happened in a past phase, as a player reads it: every seat's orders and the results.

Only adjudicated phases are told (their orders are public from then on); the phase still open
keeps its orders secret. The map of a past phase is the one `service.maps.phase_map` draws for
the phase after it: that phase's orders as arrows on the position they produced.
"""
from __future__ import annotations

import re

from .errors import BadInput, NotFound
from .ids import checks_ids
from .games import GameService
from .models import PhaseInfo
from .phase_index import phase_headers
from .visibility import orders_visible

HEADLINES = 3


@checks_ids
async def past_phase(service: GameService, game_id: int, seq: int | None) -> PhaseInfo:
    """Phase `seq` of the game if it has been adjudicated; default: the last adjudicated one.
    Only that phase's position is read: the others are found by number (`phase_index`)."""
    phases = [p for p in await phase_headers(service.store, game_id) if p.adjudicated_at]
    if not phases:
        raise BadInput(f"game #{game_id} has no adjudicated phase yet: history starts after the first "
                       f"deadline (or when everyone is ready)")
    if seq is None:
        return await service.store.phase_by_id(phases[-1].id)
    found = next((p for p in phases if p.seq == seq), None)
    if found is None:
        labels = ", ".join(f"{p.seq} ({p.label})" for p in phases[-8:])
        raise NotFound(f"phase {seq} of game #{game_id} has not been adjudicated; past phases: {labels}")
    return await service.store.phase_by_id(found.id)


@checks_ids
async def history_text(service: GameService, game_id: int, seq: int | None = None) -> tuple[str, int]:
    """The orders of every seat and the results of a past phase, and that phase's number."""
    game = await service.game(game_id)
    phase = await past_phase(service, game_id, seq)
    sheets = await service.store.order_sheets(phase.id)
    lines = [f"**#{game.id} {game.name} — {phase.label}** (phase {phase.seq}): orders and results"]
    for seat in (s.seat for s in game.seats):
        # an adjudicated phase's orders are public (service.visibility)
        assert orders_visible(game, seat, True, None)
        sheet = sheets.get(seat)
        orders = ", ".join(f"`{line}`" for line in sheet.lines) if sheet and sheet.lines else "no orders"
        lines.append(f"**{seat}**: {orders}")
    lines.append("**Results**")
    lines.append(phase.report or "nothing was reported")
    return "\n".join(lines), phase.seq


@checks_ids
async def last_headlines(service: GameService, game_id: int) -> str | None:
    """The first lines of the last adjudicated phase's report, for `/game status`."""
    try:
        phase = await past_phase(service, game_id, None)
    except BadInput:
        return None
    report = [line.strip() for line in (phase.report or "").splitlines() if line.strip()]
    # a unit that held and was left alone is not news: moves, failures and events come first
    news = [line for line in report if not re.search(r"\bH ✓$", line)] or report
    if not news:
        return None
    shown = news[:HEADLINES]
    more = f" (+{len(report) - len(shown)} more lines: `/history`)" if len(report) > len(shown) else ""
    return f"Last phase ({phase.label}): " + " · ".join(shown) + more


@checks_ids
async def phase_choices(service: GameService, game_id: int, typed: str) -> list[tuple[str, int]]:
    """Adjudicated phases matching what was typed, newest first: (label, number)."""
    phases = [p for p in await phase_headers(service.store, game_id) if p.adjudicated_at]
    typed = typed.strip().lower()
    return [(f"{p.seq}: {p.label}", p.seq) for p in reversed(phases)
            if typed in f"{p.seq} {p.label}".lower()][:25]
