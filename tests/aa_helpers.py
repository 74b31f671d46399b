"""Helpers shared by the A&A 1914 tests."""
from __future__ import annotations

import random

from engine.aa1914.board import standard_board
from engine.aa1914.combat import Piece
from engine.aa1914.orders import parse_order
from engine.aa1914.setup import initial_state
from engine.aa1914.turn import Turn
from engine.aa1914.variant import AA1914Variant

B = standard_board()
V = AA1914Variant()


class Dice(random.Random):
    """Rolls chosen by the test, in order."""

    def __init__(self, *rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0)


def fresh(**changes) -> dict:
    """The Tournament Rules start, with top-level state fields changed."""
    state = initial_state(B, {})
    state.update(changes)
    return state


def state_with(**options) -> dict:
    """The start of a game created with these options."""
    return initial_state(B, V.parse_options(options))


def place(state: dict, owner: str, kind: str, where: str, n: int = 1, **extra) -> dict:
    for _ in range(n):
        state["units"].append({"id": state["next_id"], "type": kind, "owner": owner, "where": where,
                               "damaged": False, **extra})
        state["next_id"] += 1
    return state["units"][-1]


def clear(state: dict, *names: str) -> None:
    state["units"] = [u for u in state["units"] if u["where"] not in names]


def units_at(state: dict, where: str, owner: str | None = None, kind: str | None = None) -> list[dict]:
    return [u for u in state["units"] if u["where"] == where and (owner is None or u["owner"] == owner)
            and (kind is None or u["type"] == kind)]


def play_turn(state: dict, power: str, *orders: str, rng=None, board=B) -> dict:
    """`power`'s turn with these order lines carried out; the state after it."""
    return Turn(board, state, power, rng).run([parse_order(o, board) for o in orders])


def force(*types: str, owner: str = "x") -> list[Piece]:
    return [Piece(t, owner, uid=i) for i, t in enumerate(types)]


async def seat_everyone(service, options: dict, first_id: int):
    """Create an aa1914 game with these options, one player per power, and start it."""
    from engine.catalog import register_all
    from service import Actor
    register_all()
    players = {p: Actor(first_id + i, name=p) for i, p in enumerate(V.seats(V.parse_options(options)))}
    creator = players["Italy"]
    game = await service.create_game(1000, creator, "aa1914", options=options)
    for power, actor in players.items():
        await service.join(game.id, actor, power)
    await service.start(game.id, creator)
    return game, players
