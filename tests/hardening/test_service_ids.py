"""Every service entry point checks the ids it is given before anything reaches the database.

A game number, a phase number, a Discord id (server, user, channel) or a message's number given
to any public `GameService` method — 2^63 and more, negative, 0, text, true/false, a float,
None where one is needed — is refused with a `ServiceError` naming what it was for, never an
OverflowError from SQLite or a TypeError. The methods are found by reading the class, so a new
entry point is covered the day it is written."""
import inspect

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import GameService, ServiceError
from service.errors import MESSAGE_MAX
from service.ids import ID_PARAMETERS
from tests.conftest import ADMIN, ALICE, BOB, GUILD

HOSTILE = st.one_of(
    st.sampled_from([0, -1, 2 ** 63, 2 ** 64, -(2 ** 63), 10 ** 30, True, False, 1.5, float("nan"), "12x", "", "#",
                     None, [], {}, b"1"]),
    st.integers(min_value=-(2 ** 70), max_value=2 ** 70), st.text(max_size=8), st.floats())

# Plausible values for the other parameters, so that a call gets as far as its ids can take it.
PLAIN = {"actor": ALICE, "viewer": ALICE, "seat": None, "seats": ("North", "South"), "seats_text": "South",
         "to_text": "South", "text": "guess 3", "motion": "pause", "hours": 24.0, "level": "normal", "raw": b"{}",
         "data": {}, "key": "x", "picks": ["x"], "ready": True, "cancel": False, "confirm": False,
         "withdraw": False, "error": "refused", "retry_at": None, "reason": "deadline", "console": True,
         "limit": 5, "dedupe_hours": 6.0, "palette": "standard", "variant_key": "guess", "name": "Game",
         "channels": None, "stored_states": False, "also_in_game_channel": False, "replace": True,
         "result": "draw"}


def entry_points() -> dict[str, inspect.Signature]:
    """Every public coroutine method of the service that takes an id (never one handed a
    database connection: those run inside another entry point's transaction)."""
    found = {}
    for name, method in inspect.getmembers(GameService, inspect.iscoroutinefunction):
        parameters = inspect.signature(method).parameters
        if name.startswith("_") or "conn" in parameters:
            continue
        if any(p in ID_PARAMETERS for p in parameters):
            found[name] = inspect.signature(method)
    return found


def test_every_id_parameter_is_known():
    """A parameter that looks like an id is one `ID_PARAMETERS` checks."""
    for name, method in inspect.getmembers(GameService, inspect.iscoroutinefunction):
        for parameter in inspect.signature(method).parameters:
            if parameter.endswith(("_id", "_seq")) or parameter == "seq":
                assert parameter in ID_PARAMETERS, f"{name}({parameter}) is not checked as an id"
    assert len(entry_points()) > 40


async def running_game(service) -> int:
    if not hasattr(service, "_hostile_game"):
        game = await service.create_game(GUILD, ALICE, "guess")
        await service.join(game.id, ALICE)
        await service.join(game.id, BOB)
        await service.start(game.id, ALICE)
        service._hostile_game = game.id
    return service._hostile_game


def arguments(signature: inspect.Signature, hostile_name: str, hostile, game_id: int) -> dict:
    values = {}
    for name, parameter in list(signature.parameters.items())[1:]:
        if name == hostile_name:
            values[name] = hostile
        elif name == "game_id":
            values[name] = game_id
        elif name in ("guild_id", "channel_id"):
            values[name] = GUILD if name == "guild_id" else 5
        elif name in ("user_id", "message_id"):
            values[name] = 1
        elif name in ("phase_seq", "seq", "phase_id"):
            values[name] = None if parameter.default is None else 0
        elif name == "seat":
            values[name] = None if parameter.default is None else "North"
        elif name in PLAIN:
            values[name] = ADMIN if name == "actor" else PLAIN[name]     # the GM of every game: calls go far
        elif parameter.default is not inspect.Parameter.empty:
            continue
        else:
            raise AssertionError(f"no plain value for {name}")
    return values


CALLS = sorted((name, parameter) for name, signature in entry_points().items()
               for parameter in signature.parameters if parameter in ID_PARAMETERS)


@pytest.mark.parametrize("name, parameter", CALLS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(hostile=HOSTILE)
async def test_a_hostile_id_is_refused_by_name_never_a_crash(service, name, parameter, hostile):
    game_id = await running_game(service)
    signature = entry_points()[name]
    if hostile is None and signature.parameters[parameter].default is None:
        return                                    # None is this parameter's "not given"
    call = getattr(service, name)(**arguments(signature, parameter, hostile, game_id))
    try:
        await call
    except ServiceError as refusal:
        message = str(refusal)
        assert message and len(message) <= MESSAGE_MAX
    # a plain int in range may well be accepted: what matters is that nothing else escapes


@pytest.mark.parametrize("name, parameter", [c for c in CALLS if c[1] != "seq"])
async def test_an_id_past_sqlites_integers_names_what_it_was_for(service, name, parameter):
    game_id = await running_game(service)
    signature = entry_points()[name]
    with pytest.raises(ServiceError, match=r"game|phase|id|message|number"):
        await getattr(service, name)(**arguments(signature, parameter, 2 ** 63, game_id))


# Entry points written as functions of the service (what `/history`, `/map`, `/games`, the turn
# card and the autocompletes call): found by reading the package, like the class's methods.
def module_entry_points() -> dict[str, object]:
    """Every public coroutine function of a `service` module that takes the service first and an
    id after it (never one handed a transaction: those run inside another entry point's)."""
    import importlib
    import pkgutil

    import service
    found = {}
    for module_info in pkgutil.iter_modules(service.__path__):
        module = importlib.import_module(f"service.{module_info.name}")
        for name, function in vars(module).items():
            if name.startswith("_") or not inspect.iscoroutinefunction(function) \
                    or function.__module__ != module.__name__:
                continue
            parameters = list(inspect.signature(function).parameters)
            if parameters[:1] == ["service"] and not {"tx", "conn"} & set(parameters) \
                    and any(p in ID_PARAMETERS for p in parameters):
                found[name] = function
    return found


def test_every_service_function_checks_its_ids():
    """A front end may hand any of them what a user typed: each checks its ids first."""
    found = module_entry_points()
    assert {"results_maps", "history_text", "game_list_page", "order_suggestions"} <= set(found)
    unchecked = [name for name, function in found.items() if not getattr(function, "ids_checked", False)]
    assert not unchecked, f"these do not check their ids (decorate them with checks_ids): {unchecked}"


# Values for the other parameters of these functions (`game`: the running game, filled in by the test).
PLAIN.update(typed="", region=None, page=1, upload_limit=8_000_000, video=False, game=None, results=True)


MODULE_CALLS = sorted((name, parameter) for name, function in module_entry_points().items()
                      for parameter in inspect.signature(function).parameters if parameter in ID_PARAMETERS)


@pytest.mark.parametrize("name, parameter", MODULE_CALLS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(hostile=HOSTILE)
async def test_a_hostile_id_given_to_a_service_function_is_refused(service, name, parameter, hostile):
    game_id = await running_game(service)
    function = module_entry_points()[name]
    signature = inspect.signature(function)
    if hostile is None and signature.parameters[parameter].default is None:
        return
    values = arguments(signature, parameter, hostile, game_id)
    if "actor" in values:
        values["actor"] = ALICE
    if "game" in values:
        values["game"] = await service.game(game_id)
    try:
        await function(service, **values)
    except ServiceError as refusal:
        assert str(refusal) and len(str(refusal)) <= MESSAGE_MAX
