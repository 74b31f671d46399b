"""What happened in a past phase, as a player reads it: every seat's orders and the results.

Only adjudicated phases are told (their orders are public from then on); the phase still open
keeps its orders secret. The map of a past phase is the one `service.maps.phase_map` draws for
the phase after it: that phase's orders as arrows on the position they produced.
"""
from __future__ import annotations

import re

from engine.variant import get_variant

from .errors import BadInput, NotFound
from .ids import checks_ids
from .games import GameService
from .models import PhaseInfo
from .phase_index import phase_headers
from .reports import own_first, power_of_header, sections, seat_powers
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
async def history_text(service: GameService, game_id: int, seq: int | None = None,
                       reader: int | None = None) -> tuple[str, int]:
    """The orders of every seat and the results of a past phase, and that phase's number,
    grouped by power as the results are: a Diplomacy report has each power's orders with what
    came of them (✓/✗), so its sections are the orders; an A&A phase is a power's turn (or a
    pre-game phase), told as each ordering seat's orders, then the results. The `reader`'s own
    powers come first (leave it out where their seat must not show, as a public answer in a
    game with anonymous players)."""
    game = await service.game(game_id)
    phase = await past_phase(service, game_id, seq)
    sheets = await service.store.order_sheets(phase.id)
    variant = get_variant(game.variant)
    # an adjudicated phase's orders are public (service.visibility)
    assert all(orders_visible(game, seat.seat, True, None) for seat in game.seats)
    own = game.seats_of(reader) if reader is not None else []
    acting = [seat for seat in variant.seats_to_act(phase.state) if seat in {s.seat for s in game.seats}]
    given = [seat for seat in own + [s.seat for s in game.seats if s.seat not in own]
             if sheets.get(seat) and sheets[seat].lines]
    silent = [seat for seat in acting if seat not in given]
    report = phase.report or ""
    lines = [f"**#{game.id} {game.name} — {phase.label}** (phase {phase.seq})"]
    if sections(report):
        lines.append("Each power's orders and what came of them (✓ done, ✗ failed):")
        powers = [power for seat in own for power in seat_powers(variant, phase.state, seat)]
        lines.append(own_first(report, powers))
    else:
        for seat in given:
            lines.append(f"**{seat}** ordered:")
            lines.extend(f"• `{line}`" for line in sheets[seat].lines)
        lines.append("**Results**")
        lines.append(report or "nothing was reported")
    if silent:
        lines.append("No orders from " + ", ".join(silent) + ".")
    return "\n".join(lines), phase.seq


def news_lines(report: str) -> list[str]:
    """What changed in a phase, as its report says it: every line but a power's header, a
    success (✓, or the holds that stood), what no order did (•) and a battle's details
    (indented), in the report's order."""
    news = []
    for line in report.splitlines():
        if not line.strip() or line.startswith(" ") or power_of_header(line) is not None:
            continue
        if line.startswith(("✓", "•", "held:")) or re.search(r"\bH ✓$", line):
            continue
        news.append(line.strip())
    return news


@checks_ids
async def last_headlines(service: GameService, game_id: int) -> str | None:
    """The first lines of the last adjudicated phase's report, for `/game status`."""
    try:
        phase = await past_phase(service, game_id, None)
    except BadInput:
        return None
    report = [line.strip() for line in (phase.report or "").splitlines() if line.strip()]
    # what went as ordered is not news: failures and events come first
    news = news_lines(phase.report or "") or report
    if not news:
        return None
    shown = news[:HEADLINES]
    more = f" (+{len(news) - len(shown)} more: `/history`)" if len(news) > len(shown) else ""
    return f"Last phase ({phase.label}): " + " · ".join(shown) + more


@checks_ids
async def phase_choices(service: GameService, game_id: int, typed: str) -> list[tuple[str, int]]:
    """Adjudicated phases matching what was typed, newest first: (label, number)."""
    phases = [p for p in await phase_headers(service.store, game_id) if p.adjudicated_at]
    typed = typed.strip().lower()
    return [(f"{p.seq}: {p.label}", p.seq) for p in reversed(phases)
            if typed in f"{p.seq} {p.label}".lower()][:25]
