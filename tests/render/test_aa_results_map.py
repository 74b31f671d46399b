"""The A&A results map: arrows in the mover's colour that start and end inside their
territories and go around the badges, battle markers only for the turn drawn (with their
outcome), units destroyed this turn crossed out where they stood — asserted on geometry."""
import io
import random

import pytest
from PIL import Image

from engine.aa1914.board import standard_board
from engine.aa1914.variant import AA1914Variant
from engine.catalog import register_all
from render.aa1914 import map_layout, power_colours, render_aa1914
from render.aa1914_geometry import on_ground, origin
from render.aa1914_layout import overlaps
from render.aa1914_orders import Battle, battles_of_phase, outcome
from render.aa1914_routes import crossings
from render.overlay import path_length, point_along
from render.palettes import FAILED

V = AA1914Variant()
BOARD = standard_board()
ORDERS = {"Austria-Hungary": ["move 3 infantry, 1 artillery Budapest - Serbia",
                              "move 2 infantry Vienna - Galicia - Ukraine",
                              "move 1 infantry Vienna - Trieste", "move 2 infantry, 1 artillery Tyrolia - Trieste"]}


@pytest.fixture(scope="module")
def played():
    """Austria-Hungary's first turn (an attack on Serbia, moves into Trieste, one refused move),
    then Russia's turn with no orders."""
    register_all()
    state = V.initial_state({}, random.Random(1))
    after = V.adjudicate(state, ORDERS, random.Random(3)).state
    quiet = V.adjudicate(after, {}, random.Random(4)).state
    return state, after, quiet


def test_battle_markers_are_only_for_the_turn_drawn(played):
    """"a ⚔ from the previous power's turn stays on the map after a turn with no battle"."""
    _, after, quiet = played
    assert [b.where for b in battles_of_phase(BOARD, after)] == ["Serbia"]
    assert battles_of_phase(BOARD, quiet) == []
    assert all(not placed for _, _, placed in map_layout(quiet, {"Russia": []}))
    marked = [battle for _, _, placed in map_layout(after, ORDERS) for battle, _ in placed]
    assert [b.where for b in marked] == ["Serbia"]


def test_spains_diplomacy_roll_mines_and_submarine_warfare_are_not_battles(played):
    _, after, _ = played
    state = {**after, "log": [*after["log"][:after["turn_played"]["log_from"]],
                              {"round": 1, "power": "Spain", "battle": "Spain", "who": "Germany/France",
                               "step": "diplomacy in Madrid", "target": 0, "dice": [3, 4]},
                              {"round": 1, "power": "Austria-Hungary", "battle": "SZ 18", "who": "mines",
                               "step": "mines", "target": 1, "dice": [4]},
                              {"round": 1, "power": "Austria-Hungary", "battle": "USW", "who": "Germany",
                               "step": "unrestricted submarine warfare", "target": 2, "dice": [4]}]}
    assert battles_of_phase(BOARD, state) == []


def test_a_stored_state_without_the_turn_record_marks_only_its_last_turns_battles(played):
    _, after, quiet = played
    older = {k: v for k, v in after.items() if k not in ("turn_played", "destroyed")}
    assert [b.where for b in battles_of_phase(BOARD, older)] == ["Serbia"]
    older_quiet = {k: v for k, v in quiet.items() if k not in ("turn_played", "destroyed")}
    assert battles_of_phase(BOARD, older_quiet) == []


def _unit(uid, kind, owner, where):
    return {"id": uid, "type": kind, "owner": owner, "where": where, "damaged": False}


def test_each_battle_is_marked_taken_contested_or_held(played):
    """The outcome is read from the position after the battle, never from the dice."""
    start, _, _ = played
    base = {**start, "units": [u for u in start["units"] if u["where"] not in ("Serbia", "SZ 18")]}
    taken = {**base, "control": {**base["control"], "Serbia": "Austria-Hungary"},
             "units": base["units"] + [_unit(9001, "infantry", "Austria-Hungary", "Serbia")]}
    contested = {**base, "units": base["units"] + [_unit(9001, "infantry", "Austria-Hungary", "Serbia"),
                                                   _unit(9002, "infantry", "Russia", "Serbia")]}
    held = {**base, "units": base["units"] + [_unit(9002, "infantry", "Russia", "Serbia")]}
    assert outcome(BOARD, taken, "Serbia", "Austria-Hungary") == "taken"
    assert outcome(BOARD, contested, "Serbia", "Austria-Hungary") == "contested"
    assert outcome(BOARD, held, "Serbia", "Austria-Hungary") == "held"
    won = {**base, "units": base["units"] + [_unit(9003, "cruiser", "Austria-Hungary", "SZ 18")]}
    lost = {**base, "units": base["units"] + [_unit(9004, "cruiser", "Italy", "SZ 18")]}
    assert outcome(BOARD, won, "SZ 18", "Austria-Hungary") == "won"
    assert outcome(BOARD, lost, "SZ 18", "Austria-Hungary") == "held"


def test_arrows_start_and_end_inside_their_territories_and_go_around_badges(played):
    """"arrows into Trieste end in SZ 18"; "never through the badges they concern
    where a route around exists"."""
    _, after, _ = played
    theatre, paths, placed = map_layout(after, ORDERS)[0]
    assert len(paths) == 4
    ends = [("Budapest", "Serbia"), ("Vienna", "Ukraine"), ("Vienna", "Trieste"), ("Tyrolia", "Trieste")]
    for path, (start, end) in zip(paths, ends):
        assert on_ground(theatre.view, start, *path[0]), (start, path[0])
        assert on_ground(theatre.view, end, *path[-1]), (end, path[-1])
        concerned = [b.box for b in theatre.badges if b.where in (start, end)]
        assert crossings(path, concerned) == 0, (start, end)
    for battle, box in placed:
        assert not any(overlaps(box, b.box) for b in theatre.badges)
        assert not any(overlaps(box, name) for name in theatre.names.values())


def test_arrows_are_in_the_movers_colour_and_a_refused_move_is_marked_at_its_head(played):
    _, after, _ = played
    image = Image.open(io.BytesIO(render_aa1914(after, ORDERS, "Round 1"))).convert("RGB")
    theatre, paths, _ = map_layout(after, ORDERS)[0]
    left, top = origin(theatre.view)
    green = power_colours()["Austria-Hungary"]
    x, y = point_along(paths[0], path_length(paths[0]) / 2)
    assert list(image.crop((int(x + left) - 4, int(y + top) - 4, int(x + left) + 4, int(y + top) + 4)).getdata()
                ).count(green) > 5
    tip = paths[1][-1]           # Vienna - Galicia - Ukraine could not be carried out
    around = image.crop((int(tip[0] + left) - 24, int(tip[1] + top) - 24, int(tip[0] + left) + 24,
                         int(tip[1] + top) + 24))
    assert list(around.getdata()).count(FAILED) > 10


def test_units_destroyed_this_turn_are_drawn_crossed_out_where_they_stood(played):
    _, after, quiet = played
    destroyed = after["destroyed"]
    assert destroyed and all(d["where"] == "Serbia" for d in destroyed)
    theatre = map_layout(after, ORDERS)[0][0]
    lost = [b for b in theatre.badges if b.lost]
    assert sum(n for b in lost for _, n in b.parts) == len(destroyed)
    assert {b.where for b in lost} == {"Serbia"}
    image = Image.open(io.BytesIO(render_aa1914(after, ORDERS, "Round 1"))).convert("RGB")
    left, top = origin(theatre.view)
    for badge in lost:
        box = (int(badge.box[0] + left), int(badge.box[1] + top), int(badge.box[2] + left) + 1,
               int(badge.box[3] + top) + 1)
        assert list(image.crop(box).getdata()).count(FAILED) > 10
    # the next turn starts bare: nothing of Austria-Hungary's losses is drawn after Russia's turn
    assert not any(b.lost for b in map_layout(quiet)[0][0].badges)


def test_the_battle_record_names_the_outcome_in_the_legend(played):
    _, after, _ = played
    from render.aa1914_panel import legend_entries
    texts = [e.text for e in legend_entries(after, power_colours(), {"neutral": (1, 1, 1), "impassable": (1, 1, 1),
                                                                       "contested": (1, 1, 1), "hatch": (1, 1, 1)},
                                            {"battles": True, "lost": True, "moves": True, "failed": True})]
    assert any("taken" in t and "contested" in t and "held" in t for t in texts)
    assert "destroyed this turn" in texts and "neutral" in texts
    assert Battle("Serbia", "contested").outcome == "contested"


def test_a_ship_a_minefield_sinks_is_drawn_crossed_out_where_it_sank():
    """Units destroyed outside a battle too: a cruiser sunk entering Germany's minefield in SZ 10
    is recorded (`destroyed`) and drawn crossed out in SZ 10; the mine roll is no battle."""
    from engine.aa1914.orders import parse_order
    from engine.aa1914.turn import Turn
    from tests.aa_helpers import Dice, clear, fresh, place
    state = fresh()
    clear(state, "SZ 9", "SZ 10")
    place(state, "British Empire", "cruiser", "SZ 9")
    state["destroyed"] = []
    after = Turn(BOARD, state, "British Empire", Dice(1, *[6] * 20)).run(
        [parse_order("move 1 cruiser SZ 9 - SZ 10", BOARD)])
    assert after["destroyed"] == [{"type": "cruiser", "owner": "British Empire", "where": "SZ 10"}]
    after["turn_played"] = {"round": 1, "power": "British Empire", "log_from": len(state["log"])}
    theatre = map_layout(after)[0][0]
    assert [(b.where, b.parts) for b in theatre.badges if b.lost] == [("SZ 10", (("cruiser", 1),))]
    assert battles_of_phase(BOARD, after) == []
