"""House rule 4.16 "The Italian Dilemma": neutral Italy, the negotiation phases and the deals."""
import random

import pytest

from engine.aa1914.orders import parse_order
from engine.aa1914.turn import Turn
from engine.errors import OrderError
from tests.aa_helpers import V, seat_everyone, state_with


def _italian(**extra):
    from engine.aa1914.board import board_for
    state = state_with(italian_dilemma=True, **extra)
    return board_for(state["options"], "neutral"), state


def test_italy_starts_neutral_and_joins_whoever_it_is_attacked_by():
    """4.16 "At the beginning of the game, Italy is neutral to both sides ... If, however, it is
    attacked by any power during this turn, it will automatically join the opposing alliance" """
    from engine.aa1914.state import at_war
    board, state = _italian()
    assert board.side_of("Italy") is None and not at_war(board, state, "Italy", "Austria-Hungary")
    turn = Turn(board, state, "Austria-Hungary", random.Random(3))
    after = turn.run([parse_order("move 1 infantry Tyrolia - Venice", board)])
    assert after["italy"]["status"] == "Allies"
    assert any(e["battle"] == "Venice" for e in after["log"])           # a real battle followed


def test_neutral_italy_moves_at_home_and_attacks_only_from_turn_3():
    """ "it can produce and move its units inside its territories ... Starting on Turn 3 ... It may
    also decide to unilaterally attack one side or the other ... or BOTH sides" """
    board, state = _italian()
    with pytest.raises(OrderError, match="from turn 3"):
        Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board)])
    state["round"] = 3
    after = Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board)])
    assert after["italy"]["status"] == "Allies"
    both = Turn(board, state, "Italy", None).run([parse_order("move 1 infantry Venice - Tyrolia", board),
                                                  parse_order("move 1 infantry Piedmont - Marseilles", board)])
    assert both["italy"]["status"] == "alone"


async def test_negotiation_round(service):
    """ "Starting on Turn 2, just before Italy begins its turn, there is a negotiation round ... If
    only one side agrees to the terms ... Italy joins the war on that side. If both sides are willing
    ... Italy joins the war on the side of the highest bidder." """
    game, players = await seat_everyone(service, {"italian_dilemma": "on"}, 700)
    state = (await service.phase(game.id)).state
    assert V.phase_label(state) == "Round 1: Austria-Hungary"
    # play round 1 (everyone passes) up to Italy's round-2 negotiation
    for _ in range(8 + 6):
        phase = await service.phase(game.id)
        if phase.state.get("phase") != "turn":
            break
        await service.mark_ready(game.id, players[V.active(phase.state)], confirm=True)
    phase = await service.phase(game.id)
    assert phase.label == "Round 2: Italy's demands"
    await service.submit_orders(game.id, players["Italy"], "demand lump 5\ndemand per-turn 2")
    _, phase = await service.mark_ready(game.id, players["Italy"])
    assert phase.label == "Round 2: answering Italy"
    await service.submit_orders(game.id, players["France"], "accept")
    await service.submit_orders(game.id, players["Germany"], "offer 3")
    for seat in V.seats_to_act(phase.state):
        await service.mark_ready(game.id, players[seat])
    phase = await service.phase(game.id)
    assert phase.label == "Round 2: Italy" and phase.state["italy"]["status"] == "Central Powers"
    assert phase.state["italy"]["deal"]["speaker"] == "Germany" and phase.state["italy"]["deal"]["per_turn"] == 2


def test_deal_payments_and_defection():
    """ "if the Central Powers negotiated a deal where they would give 5 IPCs per turn to Italy and
    fail to do so at one point, Italy may choose to defect to the Entente side ... Defection can only
    occur once during the game." """
    from engine.aa1914.board import board_for
    state = state_with(italian_dilemma=True)
    state["italy"].update(status="Central Powers", deal={"side": "Central Powers", "speaker": "Germany",
                                                           "per_turn": 5, "territory": None, "by_round": 0})
    state["treasury"]["Germany"] = 3
    state["round"] = 4
    board = board_for(state["options"], "Central Powers")
    after = Turn(board, state, "Italy", random.Random(1)).run([])
    assert after["italy"]["broken"]
    board = board_for(after["options"], "Central Powers")
    defected = Turn(board, after, "Italy", random.Random(1)).run([parse_order("defect", board)])
    assert defected["italy"]["status"] == "Allies" and defected["italy"]["defected"]
    with pytest.raises(OrderError, match="once"):
        Turn(board_for(defected["options"], "Allies"), defected, "Italy", None).run([parse_order("defect", board)])


def test_territory_promise_and_neutral_italys_victory():
    """ "Italy entered war on the side of the Entente in exchange for the promise of capturing
    Trieste by the end of turn 5, but at the end of that turn the territory is not under Italy's
    control. It could then defect" and "If it is still neutral or at war with both when one of the
    alliances capitulates, Italy will be victorious if it reaches an economic value of 26 IPCs." """
    from engine.aa1914.italy import check_promise
    state = state_with(italian_dilemma=True)
    state["italy"].update(status="Allies", deal={"side": "Allies", "speaker": "France", "per_turn": 0,
                                                 "territory": "Trieste", "by_round": 5})
    notes = []
    check_promise(state, 5, notes)
    assert state["italy"]["broken"] and "Trieste is not Italian" in notes[0]
    neutral = state_with(italian_dilemma=True)
    for name in ("Berlin", "Vienna", "Constantinople"):
        neutral["control"][name] = "Russia"
        neutral["units"] = [u for u in neutral["units"] if u["where"] != name]
    for name in ("Tyrolia", "Trieste", "Bohemia"):   # Italy grows to 14 + 4 + 4 + 3 = 25 ... and Galicia
        neutral["control"][name] = "Italy"
        neutral["units"] = [u for u in neutral["units"] if u["where"] != name]
    neutral["control"]["Galicia"] = "Italy"
    neutral["units"] = [u for u in neutral["units"] if u["where"] != "Galicia"]
    neutral["turn"] = 1
    result = V.adjudicate(neutral, {}, random.Random(0))
    assert result.finished and result.state["winner"] == "Allies"
    assert "Italy" in result.winners and "Germany" not in result.winners
