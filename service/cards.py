"""The turn card's answers (cogs.cards): what a player's **My results** shows. Everything here is
public once a phase is adjudicated; these only pick out the reader's part of it."""
from __future__ import annotations

from engine.variant import get_variant

from .games import GameService
from .history import past_phase
from .ids import checks_ids
from .reports import own_results, seat_powers, sections


@checks_ids
async def my_results(service: GameService, game_id: int, user_id: int, seq: int) -> str:
    """A player's own part of phase `seq`'s results (the turn card's **My results**): the sections
    of the powers their seats order, else (a report not split by power, as A&A's) the lines that
    name one of their seats. Results are public once adjudicated; this only finds the reader's."""
    game = await service.game(game_id)
    phase = await past_phase(service, game_id, seq)
    seats = game.seats_of(user_id)
    if not seats:
        return (f"You hold no seat in game #{game_id}. Every power's results of **{phase.label}** are in the "
                f"message above; **History** adds every seat's orders.")
    variant = get_variant(game.variant)
    powers = {power for seat in seats for power in seat_powers(variant, phase.state, seat)}
    report = phase.report or ""
    mine = own_results(report, powers) if sections(report) else \
        "\n".join(line for line in report.splitlines() if any(p in line for p in powers))
    if not mine:
        return f"Nothing of {', '.join(seats)} was reported in **{phase.label}**."
    return f"**{phase.label}** — the results of {', '.join(seats)}:\n{mine}"
