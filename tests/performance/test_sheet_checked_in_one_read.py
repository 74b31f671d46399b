"""An A&A submission reads the stored state once (not once per line), and
checking a sheet line by line through `sheet_checker` gives exactly what `check_orders` gives."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from engine.aa1914.model import GameState
from engine.aa1914.turn import Turn
from engine.errors import RulesError
from tests.aa_helpers import B, V, seat_everyone, state_with

START = state_with()
SEAT = V.seats_to_act(START)[0]
CHOICES = V.order_choices(START, SEAT)
EXTRA = ["buy 40 infantry", "move 9 infantry: Vienna - Moscow", "place 1 infantry Paris", "attack Serbia",
         "casualties infantry, artillery", "nonsense", "buy 1 infantry", "move 1 infantry: Bohemia - Galicia"]


def legal_sheet(size: int) -> list[str]:
    sheet: list[str] = []
    for line in CHOICES:
        try:
            merged = V.check_orders(START, SEAT, [line], sheet)
        except RulesError:
            continue
        if len(merged) == len(sheet) + 1 and not V.repeated_order(START, SEAT, line, sheet):
            sheet = merged
        if len(sheet) == size:
            return sheet
    raise AssertionError("the start offers fewer legal orders than the test needs")


def outcome(check, line, existing):
    try:
        return ("ok", check(line, existing))
    except RulesError as exc:
        return (type(exc).__name__, str(exc))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(CHOICES + EXTRA), min_size=1, max_size=10))
def test_sheet_checker_gives_what_check_orders_gives(lines):
    sheet = V.sheet_checker(START, SEAT)
    one_by_one, together = [], []
    for line in lines:
        a = outcome(sheet, line, one_by_one)
        b = outcome(lambda text, existing: V.check_orders(START, SEAT, [text], existing), line, together)
        assert a == b, line
        if a[0] == "ok":
            one_by_one, together = a[1], b[1]


def test_a_trial_of_a_sheet_leaves_the_turns_start_and_position_as_they_were():
    """A sheet checked line by line plays each line on one position read once and takes it back:
    after any number of trials the turn is the one a new read of the state gives."""
    sheet = legal_sheet(8)
    orders = [V.sheet_checker(START, SEAT).parse(line) for line in sheet]
    start = Turn(B, START, SEAT, rng=None)
    for n in range(1, len(orders) + 1):
        start.trial(orders[:n])
    new = Turn(B, START, SEAT, rng=None)
    assert start.position.to_json() == new.position.to_json() == START
    assert start.start == new.start and start.progress == new.progress and start.report == new.report == []
    assert start.fresh().run(orders) == Turn(B, START, SEAT, rng=None).run(orders)


async def test_a_twelve_line_submission_parses_the_state_once(service, monkeypatch):
    game, players = await seat_everyone(service, {}, 500)
    phase = await service.phase(game.id)
    seat = V.seats_to_act(phase.state)[0]
    sheet = legal_sheet(12)
    parses = []
    original = GameState.__dict__["from_json"].__func__

    def counting(cls, *args, **kwargs):
        parses.append(1)
        return original(cls, *args, **kwargs)
    monkeypatch.setattr(GameState, "from_json", classmethod(counting))
    saved = await service.submit_orders(game.id, players[seat], "\n".join(sheet), seat)
    assert saved.refused == () and len(saved.lines) == 12
    assert len(parses) == 1
    parses.clear()
    saved = await service.submit_orders(game.id, players[seat], "\n".join(sheet[:6] + ["buy 400 infantry"]), seat)
    assert len(saved.refused) == 1 and len(parses) == 1
