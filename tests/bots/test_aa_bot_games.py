"""The Axis & Allies 1914 bot in every seat — under the Tournament Rules and random
sets of house options, its sheets are never refused, games never crash, and the state keeps its
invariants (treasuries, units, control)."""
from __future__ import annotations

import copy
import random

import pytest

from engine.aa1914.bot.sheet import brief_syntax
from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_random_play import play_random_phases, random_options

register_all()
V = get_variant("aa1914")


def check_invariants(before: dict, state: dict) -> None:
    board = V.board_of(state)
    assert all(v >= 0 for v in state["treasury"].values())
    ids = [u["id"] for u in state["units"]]
    assert len(ids) == len(set(ids)) and all(i < state["next_id"] for i in ids)
    for u in state["units"]:
        assert u["where"] in board.territories
        if u.get("aboard") is not None:
            carrier = next(t for t in state["units"] if t["id"] == u["aboard"])
            assert carrier["type"] == "transport" and carrier["where"] == u["where"]
    powers = set(board.turn_order) | {"Spain", "Neutral"}
    for name, holder in state["control"].items():
        assert holder is None or holder in powers, (name, holder)
        assert not board.territories[name].sea
    assert set(state["treasury"]) == set(before["treasury"])


def play_bots(options: dict, seed: int, phases: int, level: str = "normal") -> tuple[dict, int]:
    """Bots in every seat for up to `phases` phases; every sheet must pass check_orders, and every
    state a bot is shown, and the last one, keeps the invariants."""
    start = V.initial_state(options, random.Random(seed))
    lines = 0

    def bot_sheet(state: dict, seat: str, rng: random.Random) -> list[str]:
        nonlocal lines
        check_invariants(start, state)
        pairs = V.bot_orders(state, seat, random.Random(rng.random()), level)
        # hints are in the briefs' words and read as the same orders the rules accept
        assert [brief_syntax(line) for line in V.check_orders(state, seat, [line for line, _ in pairs])] \
            == [line for line, _ in pairs]
        assert all(reason.strip() for _, reason in pairs)
        lines += len(pairs)
        return [line for line, _ in pairs]

    state = play_random_phases(start, random.Random(seed), bot_sheet, phases)
    check_invariants(start, state)
    return state, lines


@pytest.mark.parametrize("seed", range(6))
def test_bots_in_every_seat_under_random_house_options(seed):
    options = dict(random_options(random.Random(seed)), end_round=2)
    state, lines = play_bots(options, seed, 40, level=("normal", "easy")[seed % 2])
    assert lines > 0
    assert state["round"] >= 2 or state.get("winner")


def test_a_tournament_game_of_bots_reaches_the_round_cap_or_a_victory():
    state, _ = play_bots(V.parse_options({"end_round": 3}), 7, 60)
    assert state.get("winner")          # economic victory after round 3, or capitals before


def test_the_bot_is_deterministic_and_leaves_the_state_alone():
    state = V.initial_state(V.parse_options({}), random.Random(1))
    kept = copy.deepcopy(state)
    first = V.bot_orders(state, "Austria-Hungary", random.Random(5))
    assert state == kept
    assert V.bot_orders(state, "Austria-Hungary", random.Random(5)) == first
    assert V.bot_levels() == ("easy", "normal", "hard")


def test_austria_hungary_attacks_serbia_in_round_one():
    """Base rules: "Austria-Hungary must attack Serbia on its first turn" — the bot does."""
    state = V.initial_state(V.parse_options({}), random.Random(1))
    pairs = V.bot_orders(state, "Austria-Hungary", random.Random(1))
    assert any(line.endswith("- Serbia") for line, _ in pairs)
    assert V.missing_orders(state, "Austria-Hungary", [line for line, _ in pairs]) == []


def test_a_seat_whose_turn_it_is_not_gets_an_empty_sheet():
    state = V.initial_state(V.parse_options({}), random.Random(1))
    assert V.bot_orders(state, "Germany", random.Random(1)) == []


def test_attack_reasons_quote_the_odds_and_the_income():
    state = V.initial_state(V.parse_options({}), random.Random(1))
    reasons = [reason for _, reason in V.bot_orders(state, "Austria-Hungary", random.Random(1))]
    attack = next(r for r in reasons if r.startswith("attack Serbia"))
    assert "% to take it" in attack and "this turn" in attack and "IPCs" in attack


@pytest.mark.parametrize("option", ["auction_by_power", "auction_by_alliance", "deploy_reserves", "italian_dilemma"])
def test_the_phases_before_the_turns_get_answers(option):
    """Pre-game phases (4.9/4.10 auctions by proxy bid, 4.3 reserves, 4.16 Italy) are answered
    with lines their own checks accept, and the game gets to its first turn."""
    state = V.initial_state(V.parse_options({option: True}), random.Random(2))
    rng = random.Random(2)
    for _ in range(12):
        if state.get("phase", "turn") == "turn":
            break
        orders = {seat: [line for line, _ in V.bot_orders(state, seat, random.Random(rng.random()))]
                  for seat in V.seats_to_act(state)}
        assert any(orders.values())
        state = V.adjudicate(state, orders, random.Random(rng.random())).state
    assert state.get("phase", "turn") == "turn"


def test_the_same_sheet_in_another_process_whatever_its_hash_seed():
    """Deterministic for a seed in any worker process: no order depends on set iteration order."""
    import json
    import os
    import subprocess
    import sys
    script = ("import json, random\nfrom engine.catalog import register_all\nfrom engine.variant import get_variant\n"
              "register_all()\nV = get_variant('aa1914')\n"
              "s = V.initial_state(V.parse_options({'trucks': True, 'destroyers': True}), random.Random(4))\n"
              "out = []\n"
              "for power in ('Austria-Hungary', 'Russia', 'Germany', 'France', 'British Empire'):\n"
              "    pairs = V.bot_orders(s, power, random.Random(9))\n"
              "    out.append(pairs)\n"
              "    s = V.adjudicate(s, {power: [l for l, _ in pairs]}, random.Random(9)).state\n"
              "print(json.dumps(out))\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runs = [subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": root}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and json.loads(runs[0])[0]
