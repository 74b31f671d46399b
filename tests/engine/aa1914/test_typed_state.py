"""The A&A state as typed values at the variant's boundary (`model.GameState`,
`model.Unit`), reading and writing exactly the JSON games are stored in, and refusing a damaged
state by name before any rule runs on it."""
import copy
import random

import pytest

from engine.aa1914.model import GameState, Unit
from engine.errors import StateError
from engine.errors import RulesError
from tests.aa_random_play import V, accepted, phase_lines, play_random_phases, random_lines, random_options


def test_a_unit_reads_and_writes_its_json():
    data = {"id": 7, "type": "transport", "owner": "Germany", "where": "SZ 10", "damaged": False}
    assert Unit.from_json(data).to_json() == data
    loaded = {"id": 8, "type": "infantry", "owner": "Germany", "where": "SZ 10", "damaged": False, "aboard": 7}
    unit = Unit.from_json(loaded)
    assert unit.aboard == 7 and unit.is_land and unit.to_json() == loaded


@pytest.mark.parametrize("seed", range(4))
def test_every_state_of_a_random_game_round_trips(seed):
    """Stored games stay readable: to_json(from_json(s)) == s for every phase of random games
    with random house options (their own fields ride along unchanged)."""
    rng = random.Random(seed)
    state = V.initial_state(random_options(rng), random.Random(seed))
    seen = []

    def lines_for(state, seat, rng):
        seen.append(copy.deepcopy(state))
        try:
            return accepted(state, seat, phase_lines(state, seat, rng))
        except RulesError:
            return []
    seen.append(play_random_phases(state, rng, lines_for, 25))
    for each in seen:
        game = GameState.from_json(each, V.board_of(each))
        assert game.to_json() == each
        assert len(game.units) == len(each["units"]) and game.round == each["round"]


@pytest.mark.parametrize("damage, named", [
    (lambda s: s["units"][0].update(type="zeppelin"), "unit 1 is of no known type: zeppelin"),
    (lambda s: s["units"][0].pop("owner"), r"unit 1 \(artillery\) has no owner"),
    (lambda s: s["units"][0].update(where="Atlantis"), "stands nowhere on the map: Atlantis"),
    (lambda s: s["units"][1].update(id=1), "two units share a number"),
    (lambda s: s.update(next_id="3"), "the state's `next_id` is not a number"),
    (lambda s: s["treasury"].update(Germany="lots"), "Germany's treasury is not a number"),
    (lambda s: s.update(units="many"), "no list of units"),
])
def test_a_damaged_state_is_refused_by_name_and_nothing_is_played(damage, named):
    state = V.initial_state({}, random.Random(0))
    damage(state)
    before = copy.deepcopy(state)
    with pytest.raises(StateError, match=named):
        V.check_orders(state, "Austria-Hungary", ["buy 1 infantry"])
    with pytest.raises(StateError, match=named):
        V.adjudicate(state, {"Austria-Hungary": ["buy 1 infantry"]}, random.Random(0))
    assert state == before


def test_readers_use_the_typed_state():
    state = V.initial_state({}, random.Random(0))
    game = GameState.from_json(state)
    stacks = game.stacks_of("Germany")
    assert stacks["Berlin"]["infantry"] == sum(1 for u in state["units"] if u["owner"] == "Germany"
                                               and u["where"] == "Berlin" and u["type"] == "infantry")
    assert f"Germany: {state['treasury']['Germany']} IPCs" in V.describe(state)
    lines = random_lines(state, "Austria-Hungary", random.Random(1))
    assert isinstance(lines, list)


async def test_a_damaged_stored_state_gets_a_clear_answer_and_changes_nothing(service):
    """The brief: "a corrupt row gets a clear, specific error message and changes nothing"."""
    from engine.catalog import register_all
    from service import BadState
    from service.models import encode_state
    from tests.aa_helpers import seat_everyone
    register_all()
    game, players = await seat_everyone(service, {}, 50)
    game_id = game.id
    phase = await service.phase(game_id)
    broken = dict(phase.state, units=[dict(phase.state["units"][0], type="zeppelin")] + phase.state["units"][1:])
    async with service.db.transaction() as conn:
        await conn.execute("UPDATE phases SET state=? WHERE id=?", (encode_state(broken), phase.id))
    austria = players["Austria-Hungary"]
    with pytest.raises(BadState, match="stored position of game .* is damaged: unit 1 is of no known type: zeppelin"):
        await service.submit_orders(game_id, austria, "buy 1 infantry", "Austria-Hungary")
    assert (await service.orders(game_id, austria, "Austria-Hungary")).lines == ()


def test_a_damaged_diplomacy_position_is_refused_by_name_too():
    from engine.catalog import register_all
    from engine.variant import get_variant
    register_all()
    rx07 = get_variant("rx07")
    state = rx07.initial_state({}, random.Random(0))
    province = next(iter(state["units"]))
    state["units"][province] = dict(state["units"][province], loc="Atlantis")
    with pytest.raises(StateError, match="cannot stand in Atlantis"):
        rx07.check_orders(state, "Entente", ["A Par H"])
    with pytest.raises(StateError, match="cannot stand in Atlantis"):
        rx07.adjudicate(state, {}, random.Random(0))
