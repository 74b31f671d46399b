"""The A&A bot knows the minefields (RULES.md 5.4: a ship entering an active enemy minefield is
sunk on a 1, and must stop there) and keeps its transports out of the enemy fleet's reach: what
it orders, not how well it plays."""
from __future__ import annotations

import random

import pytest

from engine.aa1914.bot.mines import expected_loss, sea_attack
from engine.aa1914.bot.view import View
from engine.catalog import register_all
from engine.variant import get_variant
from tests.aa_helpers import clear, place

register_all()
V = get_variant("aa1914")


def at_turn_of(power: str, **options) -> dict:
    state = V.initial_state(V.parse_options(options), random.Random(1))
    state["turn"] = V.board_of(state).turn_order.index(power)
    state["us_at_war"] = True
    board = V.board_of(state)
    clear(state, *[z for z in board.territories if board.territories[z].sea])
    return state


def lines_of(state: dict, power: str, level: str = "normal") -> list[str]:
    return [line for line, _ in V.bot_orders(state, power, random.Random(3), level)]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_submarines_stay_out_of_a_mined_zone_where_the_mines_cost_more_than_the_prize(level):
    """Two submarines next to a lone cruiser: 79% to sink it in open water, and the bot goes; in
    the British minefield off London (SZ 9) each sub first rolls for the mines, the expected
    result turns negative, and the bot stays."""
    mined = at_turn_of("Germany")
    place(mined, "Germany", "submarine", "SZ 5", 2)
    place(mined, "British Empire", "cruiser", "SZ 9")
    assert not any(line.startswith("move 2 submarine SZ 5 - SZ 9") for line in lines_of(mined, "Germany", level))
    view = View.of(V.board_of(mined), mined, "Germany")
    win, swing, field = sea_attack(view, ["submarine", "submarine"], "SZ 9", ["cruiser"])
    assert field and swing < 0

    open_water = at_turn_of("Germany")
    place(open_water, "Germany", "submarine", "SZ 5", 2)
    place(open_water, "British Empire", "cruiser", "SZ 4")
    pairs = V.bot_orders(open_water, "Germany", random.Random(3), level)
    attack = [(line, why) for line, why in pairs if line.startswith("move 2 submarine SZ 5 - SZ 4")]
    assert attack and "79%" in attack[0][1]


def test_a_sea_battle_in_a_mined_zone_says_what_the_mines_are_expected_to_cost():
    """Three submarines against a lone cruiser in SZ 9: worth it even after the mines, and the
    reason names them."""
    state = at_turn_of("Germany")
    place(state, "Germany", "submarine", "SZ 5", 3)
    place(state, "British Empire", "cruiser", "SZ 9")
    pairs = V.bot_orders(state, "Germany", random.Random(3))
    attack = [why for line, why in pairs if line.startswith("move 3 submarine SZ 5 - SZ 9")]
    assert attack and "mines" in attack[0]


def test_the_expected_loss_counts_a_transports_cargo_and_spares_a_battleship():
    assert expected_loss(["transport"], ["infantry", "infantry"]) == pytest.approx((6 + 3 + 3) / 6)
    assert expected_loss(["battleship"]) < expected_loss(["cruiser", "cruiser"])


def test_no_voyage_passes_through_a_mined_zone():
    """Ships must stop on entering a mined zone (seed 001): over a whole game under random house
    options, every ship move the bot gives ends at the first mined zone on its way — checked by
    the rules themselves, which refuse any other."""
    from tests.aa_random_play import play_random_phases, random_options
    rng = random.Random(11)
    options = random_options(rng)
    state = V.initial_state(options, random.Random(11))
    seen = []

    def bot(state, seat, r):
        pairs = V.bot_orders(state, seat, random.Random(r.random()))
        seen.extend(line for line, _ in pairs)
        return [line for line, _ in pairs]

    play_random_phases(state, rng, bot, 24)
    assert any(line.startswith("move") and "SZ" in line for line in seen)


def test_an_empty_transport_leaves_a_zone_the_enemy_fleet_can_reach():
    """Nothing to carry, no escort, two German cruisers two zones away: the transport sails to a
    zone they cannot reach rather than wait for them."""
    state = at_turn_of("British Empire")
    board = V.board_of(state)
    for name, t in board.territories.items():
        if not t.sea:
            state["units"] = [u for u in state["units"] if not (u["owner"] == "British Empire" and u["where"] == name
                                                                and u["type"] in ("infantry", "artillery"))]
    state["treasury"]["British Empire"] = 0
    place(state, "British Empire", "transport", "SZ 8")
    place(state, "Germany", "cruiser", "SZ 4", 2)
    pairs = V.bot_orders(state, "British Empire", random.Random(3))
    sail = [(line, why) for line, why in pairs if line.startswith("move 1 transport SZ 8 - ")]
    assert sail, pairs
    from engine.aa1914.bot.naval import enemy_reach
    view = View.of(board, state, "British Empire")
    assert not enemy_reach(view, sail[0][0].split(" - ")[-1])


def test_a_loaded_transport_lands_where_its_escort_sails_with_it_or_out_of_the_enemys_reach():
    """An army aboard, no warship of ours, German cruisers in reach of the zones off France: the
    landing chosen is not left unescorted in their reach when a safer one exists."""
    state = at_turn_of("British Empire")
    place(state, "British Empire", "transport", "SZ 8")
    place(state, "British Empire", "infantry", "London", 2)
    place(state, "Germany", "cruiser", "SZ 10", 2)
    pairs = V.bot_orders(state, "British Empire", random.Random(3))
    sail = [line for line, _ in pairs if line.startswith("move 1 transport SZ 8")]
    assert sail
    from engine.aa1914.bot.naval import exposed
    view = View.of(V.board_of(state), state, "British Empire")
    assert not exposed(view, sail[0].split(" - ")[-1])
