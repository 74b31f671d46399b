"""House rule 2.8 "Armored Trains": 9 IPCs, "Attack and defense value: 2x 2".

"Armored Trains may only move within the power's original territories" — "any number of spaces"
(`check_rail`); "Armored Trains may move « reactively » after an enemy declares an attack to
reinforce the defense in a territory. This may be done once per round" (`trains_react`, for
powers whose standing order is `trains react`); at most one train stands in a territory. A train
"negate[s] 2 hits on the defense and 1 on the offense": that arithmetic is the battle's
(`combat.land_battle`, `rules.TRAIN_DICE`/`TRAIN_CANCELS`), shared with `/odds`.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.errors import IllegalOrder

from ..board import Board
from ..context import TurnContext
from ..grammar import OrderWord, Place, Standing
from ..position import BoardUnit
from .base import HouseRule, reserves_in


@dataclass(frozen=True)
class TrainsReact(Standing):
    """`trains react` / `trains stay` — may your armored trains move reactively?"""

    react: bool

    def text(self) -> str:
        return "trains react" if self.react else "trains stay"

    def kept_as(self) -> str:
        return "trains_react"

    def kept_value(self) -> bool:
        return self.react


def read_trains(rest: str, board: Board) -> TrainsReact | None:
    word = rest.strip().lower()
    return TrainsReact(word == "react") if word in ("react", "stay") else None


def rail_ok(turn: TurnContext, name: str, owner: str) -> bool:
    """2.8: "Armored Trains may only move within the power's original territories": a train runs
    on through those the power held, uncontested, at the start of the turn."""
    t = turn.board.territories[name]
    return (not t.sea and t.original_owner == owner and turn.start.control.get(name) == owner
            and name not in turn.start.contested)


def check_rail(turn: TurnContext, path: tuple[str, ...]) -> str:
    """ "Armored Trains may move any number of spaces within the owner's original territories."
    The last space may be an original territory the enemy holds or contests: the train attacks
    there (2 dice at 2, negating 1 hit), as any unit entering hostile ground ends its move."""
    for name in path[1:-1]:
        if not rail_ok(turn, name, turn.power):
            raise IllegalOrder(f"armored trains run on only through {turn.power}'s own original territories "
                             f"that it held at the start of the turn, not {name}")
    dest = turn.board.territories[path[-1]]
    if dest.sea or dest.original_owner != turn.power:
        raise IllegalOrder(f"armored trains run only in {turn.power}'s own original territories, not {path[-1]}")
    return "land"


def trains_react(turn: TurnContext, name: str) -> None:
    """2.8: "Armored Trains may move « reactively » after an enemy declares an attack to reinforce
    the defense in a territory. This may be done once per round" — for powers whose standing order
    is `trains react`, the nearest train that can reach the attacked original territory by rail (of
    trains equally near, the first found walking the neighbours in alphabetical order)."""
    board, position = turn.board, turn.position
    t = board.territories[name]
    owner = t.original_owner
    if owner is None or not position.extra.get("trains_react", {}).get(owner) or position.control.get(name) != owner:
        return
    if not any(u.owner == turn.power for u in position.units_in(name)):
        return
    if any(u.owner == owner and u.type == "armored_train" for u in position.units_in(name)):
        return
    reacted = position.extra.setdefault("train_reacted", {})
    trains = {u.where: u for u in position.units if u.owner == owner and u.type == "armored_train"
              and reacted.get(str(u.id)) != position.round}
    seen, queue = {name}, deque([name])
    while queue:
        here = queue.popleft()
        if here in trains and here != name:
            train = trains[here]
            position.move(train, name)
            reacted[str(train.id)] = position.round
            turn.report.append(f"🚂 {owner}'s armored train rushes from {here} to defend {name}.")
            return
        for nxt in sorted(board.territories[here].adjacent):     # the same train in every process
            nt = board.territories[nxt]
            if nxt not in seen and not nt.sea and nt.original_owner == owner and position.control.get(nxt) == owner:
                seen.add(nxt)
                queue.append(nxt)


def one_train_problem(turn: TurnContext, where: str, arriving: int = 0) -> str | None:
    if arriving + sum(1 for u in turn.position.units_in(where) if u.type == "armored_train") > 1:
        return f"there may be only one armored train in {where}"
    return None


def reserve_problem(board: Board, state: dict, power: str, where: str, places: list[Place]) -> str | None:
    """4.3 reserves: 2.8 "There may be only one Armored Train per territory", in the power's own
    original territories."""
    if reserves_in(state, places, where, "armored_train") > 1:
        return f"there may be only one armored train in {where}"
    if board.territories[where].original_owner != power:
        return f"armored trains run only in {power}'s original territories, not {where}"
    return None


class ArmoredTrains(HouseRule):
    key = "armored_trains"
    units = ("armored_train",)
    words = (OrderWord(("trains",), "trains react|stay", read_trains,
                       "`move 1 train Moscow - Ukraine - Poland` (any distance by rail), `trains react|stay`",
                       "`trains react|stay`"),)

    def check_move(self, turn: TurnContext, path: tuple[str, ...], units: list[BoardUnit]) -> str | None:
        if all(u.type == "armored_train" for u in units):
            return check_rail(turn, path)
        if any(u.type == "armored_train" for u in units):
            raise IllegalOrder("armored trains move on their own (by rail)")
        return None

    def before_land_battle(self, turn: TurnContext, name: str) -> None:
        trains_react(turn, name)

    def end_of_movement(self, turn: TurnContext) -> None:
        for name in sorted(turn.progress.land_entered):
            problem = one_train_problem(turn, name)
            if problem:
                raise IllegalOrder(problem)

    def placement_problem(self, turn: TurnContext, kind: str, where: str, n: int, problem: str | None) -> str | None:
        return problem or one_train_problem(turn, where, n)

    def reserve_problem(self, board: Board, state: dict, power: str, kind: str, where: str,
                        places: list[Place]) -> str | None:
        return reserve_problem(board, state, power, where, places)


RULE = ArmoredTrains()
