"""House rule 4.11 "We Need More Production".

"At the beginning of the game, every country – except the United States – places a factory token
in one territory of his choice ... controlled by the country ... worth at least 2 IPCs" (placed
with the power's first-round orders: `factory <territory> income|staging`). "The factory
increases the territory's IPC output by 3", or it is a staging ground for "twice its IPC value,
to a maximum of six" units a turn. It is destroyed when an enemy captures its territory."""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalOrder, UnreadableOrder

from ..board import Board
from ..context import TurnContext
from ..grammar import OrderWord, place_named
from ..state import US
from .base import NOT_MINE, STANDING, HouseRule, OrderHandler

FACTORY_INCOME = 3        # "The factory increases the territory's IPC output by 3"
FACTORY_MIN_IPC = 2       # "The territory must be worth at least 2 IPCs."


@dataclass(frozen=True)
class BuildFactory:
    """`factory Ruhr income` or `factory Munich staging`."""

    where: str
    effect: str

    def text(self) -> str:
        return f"factory {self.where} {self.effect}"


def read_factory(rest: str, board: Board) -> BuildFactory:
    words = rest.split()
    if len(words) < 2 or words[-1].lower() not in ("income", "staging"):
        raise UnreadableOrder("write `factory <territory> income` or `factory <territory> staging`")
    return BuildFactory(place_named(board, " ".join(words[:-1])), words[-1].lower())


def staging_capacity(ipc: int) -> int:
    """4.11: "twice its IPC value, to a maximum of six" units a turn."""
    return min(2 * ipc, 6)


def build_factory(turn: TurnContext, order: BuildFactory) -> None:
    if turn.power == US:
        raise IllegalOrder("the United States places no factory")
    factories = turn.position.extra.setdefault("factories", {})
    if turn.power in factories or turn.position.round != 1:
        raise IllegalOrder(f"{turn.power} places its one factory in its first turn")
    t = turn.board.territories[order.where]
    if turn.position.control.get(order.where) != turn.power or t.ipc < FACTORY_MIN_IPC:
        raise IllegalOrder(f"a factory goes in a territory {turn.power} controls worth 2 IPCs or more, "
                           f"not {order.where}")
    factories[turn.power] = {"where": order.where, "effect": order.effect}
    turn.report.append(f"🏭 {turn.power} builds a factory in {order.where} ({order.effect}).")


def factory(turn: TurnContext) -> dict | None:
    """This power's factory, if it still stands (destroyed when captured by an enemy)."""
    built = turn.position.extra.get("factories", {}).get(turn.power)
    if built is None:
        return None
    holder = turn.position.control.get(built["where"])
    if holder is not None and turn.position.at_war(turn.power, holder):
        del turn.position.extra["factories"][turn.power]
        turn.report.append(f"🔥 {turn.power}'s factory in {built['where']} is destroyed.")
        return None
    return built


class MoreProduction(HouseRule):
    key = "more_production"
    orders = {BuildFactory: OrderHandler(STANDING, build_factory)}
    words = (OrderWord(("factory",), "factory", read_factory,
                       "`factory Ruhr income` or `factory Munich staging` (turn 1)"),)

    def land_placements(self, turn: TurnContext) -> list[str]:
        built = factory(turn)
        return [built["where"]] if built and built["effect"] == "staging" else []

    def limited_placement(self, turn: TurnContext, kind: str, where: str, n: int) -> str | None:
        built = factory(turn)
        if not (built and built["effect"] == "staging" and built["where"] == where):
            return NOT_MINE
        cap = staging_capacity(turn.board.territories[where].ipc)
        return None if turn.progress.placed.get(where, 0) + n <= cap else f"{where}'s factory takes {cap} units a turn"

    def income(self, turn: TurnContext) -> int:
        built = factory(turn)
        if built and built["effect"] == "income" and turn.position.control.get(built["where"]) == turn.power \
                and not turn.position.is_contested(built["where"]):
            return FACTORY_INCOME
        return 0


RULE = MoreProduction()
