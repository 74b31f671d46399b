"""A house option as one object: everything it adds to a game, found from the option's name.

Each option of seed 002 is one module, `engine/aa1914/house/<option>.py`, holding one `HouseRule`:
- `numbers`: the fields of `rules.Rules` it changes (costs, hit values, switches the battle code
  reads), so the arithmetic shared with `/odds` stays in one place;
- `units`: the house units it lets powers buy;
- `orders`: the orders it adds, each with the step of the turn it is carried out in, and `words`:
  how they are written (each word's reader and the examples /help shows);
- `memo`: the type of its own record of a turn (what its orders asked for, what it noted), a fresh
  one each turn, found with `memo_of(turn)`;
- hooks into the steps of a power's turn (below), each given the turn as a `TurnContext`.

`turn.Turn` composes the options a game was created with (`registry.house_rules`) and calls their
hooks in registry order; an order of an option the game does not use is refused in one place
(`catalog.not_enabled`). A hook that does nothing is simply not overridden.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping

from ..board import Board
from ..context import ArtilleryPlan, TurnContext
from ..grammar import OrderWord, Place
from ..position import BoardUnit

# The steps of a power's turn (RULES.md 1.2, with the house rules' extra orders placed where the
# seed puts them): orders are carried out step by step, each step in the order the player wrote.
STANDING, PURCHASE, MOVEMENT, BREAKTHROUGH, ATTACK, COLLECT = (
    "standing", "purchase", "movement", "breakthrough", "attack", "collect")

# `limited_placement`'s answer when the place is none of this option's business.
NOT_MINE = "not mine"


def reserves_in(state: dict, places: list[Place], where: str, kind: str) -> int:
    """Units of `kind` in `where` once the secret reserves `places` are placed (4.3)."""
    return sum(n for order in places if order.where == where for k, n in order.units if k == kind) + sum(
        1 for u in state["units"] if u["where"] == where and u["type"] == kind)


@dataclass(frozen=True)
class OrderHandler:
    """Where in the turn an order is carried out, and how."""

    step: str
    carry_out: Callable[[TurnContext, Any], None]


class HouseRule:
    """One house option. Subclasses set the class attributes and override the hooks they use."""

    key: ClassVar[str] = ""
    numbers: ClassVar[Mapping[str, Any]] = {}
    units: ClassVar[tuple[str, ...]] = ()
    orders: ClassVar[Mapping[type, OrderHandler]] = {}
    words: ClassVar[tuple[OrderWord, ...]] = ()     # how its orders are written (orders.ORDER_WORDS)
    phases: ClassVar[tuple[str, ...]] = ()         # pre-game phases it adds (phases.PHASES)
    standing_orders: ClassVar[tuple[type, ...]] = ()   # standing orders it adds (standing.py)
    memo: ClassVar[Callable[[], Any] | None] = None    # its record of a turn (TurnProgress.memos)

    def memo_of(self, turn: TurnContext) -> Any:
        """This option's memo of the turn being played."""
        return turn.progress.memos[self.key]

    # ---------------------------------------------------------------- the game's creation
    def setup_units(self, stacks: dict[tuple[str, str, str], int]) -> None:
        """Change the starting units, (owner, type, territory) -> count, in place."""

    def setup_state(self) -> dict[str, Any]:
        """Fields this option adds to the starting state."""
        return {}

    # ---------------------------------------------------------------- the reserves (4.3)
    def reserve_problem(self, board: Board, state: dict, power: str, kind: str, where: str,
                        places: list[Place]) -> str | None:
        """What is wrong with placing this option's unit `kind` in `where` among the secret
        reserves `places` of `power` (reserves.py), if anything."""
        return None

    # ---------------------------------------------------------------- a sheet before /ready
    def sheet_gaps(self, state: dict, seat: str, orders: list) -> list[str]:
        """What the active power's sheet leaves undone that this option asks for, each as a
        sentence saying what happens instead (asked before a seat marks itself ready)."""
        return []

    # ---------------------------------------------------------------- the turn's start
    def begin_turn(self, turn: TurnContext) -> None:
        """After the US's entry into the war is checked, before economic collapse."""

    def on_us_enters_war(self, turn: TurnContext) -> None:
        """The United States has just entered the war."""

    # ---------------------------------------------------------------- purchase and movement
    def check_purchase(self, turn: TurnContext, kind: str, total: int) -> None:
        """`total` of this option's unit `kind` bought so far this turn; raise IllegalOrder."""

    def before_sail(self, turn: TurnContext, dest: str, ships: list[BoardUnit]) -> None:
        """Ships are about to sail into `dest`; raise IllegalOrder to refuse the move."""

    def on_sail(self, turn: TurnContext, path: tuple[str, ...], ships: list[BoardUnit]) -> None:
        """Ships have sailed along `path` (before minefields are rolled for)."""

    def on_enter_land(self, turn: TurnContext, dest: str) -> None:
        """Land units of the power have entered `dest`."""

    def check_move(self, turn: TurnContext, path: tuple[str, ...], units: list[BoardUnit]) -> str | None:
        """The kind of move, if this option's units move on their own terms (else None)."""
        return None

    def sits_out(self, turn: TurnContext, unit: BoardUnit) -> bool:
        """Must `unit` stay where it is this turn (it may not be picked to move)?"""
        return False

    def end_of_movement(self, turn: TurnContext) -> None:
        """Dry run only: the position after every move; raise IllegalOrder if it breaks a rule."""

    # ---------------------------------------------------------------- combat
    def before_battles(self, turn: TurnContext) -> None:
        """Movement is over; no sea battle has been fought yet."""

    def sea_defenders(self, turn: TurnContext, zone: str, attackers: list[BoardUnit], enemy: list[BoardUnit]) -> list[BoardUnit]:
        """The enemy ships that fight the sea battle in `zone` (all of them unless the option says)."""
        return enemy

    def before_land_battles(self, turn: TurnContext) -> None:
        """Sea battles and waiting landings are done; land battles come next."""

    def before_land_battle(self, turn: TurnContext, name: str) -> None:
        """The land battle in `name` (if any) is about to be fought."""

    def land_defenders(self, turn: TurnContext, name: str, enemy: list[BoardUnit]) -> list[BoardUnit]:
        """The defenders that fight the land battle in `name` (all of them unless the option says)."""
        return enemy

    def joined_attackers(self, turn: TurnContext, name: str | None) -> set[int]:
        """Allied units that joined the power's attack on `name` (on any territory: None)."""
        return set()

    def plan_artillery(self, turn: TurnContext, name: str, enemy: list[BoardUnit], plan: ArtilleryPlan) -> ArtilleryPlan:
        """How the artillery of the land battle in `name` fires beyond the standard rules."""
        return plan

    def battle_supplies(self, turn: TurnContext, name: str, side: list[BoardUnit]) -> dict[str, int]:
        """Supplies each power of `side` spends in the land battle of `name` (power -> number)."""
        return {}

    def after_land_battle(self, turn: TurnContext, name: str, plans: tuple[dict[str, int], dict[str, int]],
                          used: tuple[int, int]) -> None:
        """The land battle of `name` was fought; `used`: the supplies each side's dice took."""

    # ---------------------------------------------------------------- mobilization
    def land_placements(self, turn: TurnContext) -> list[str]:
        """More places where land units may be mobilized (with limits: `limited_placement`)."""
        return []

    def limited_placement(self, turn: TurnContext, kind: str, where: str, n: int) -> str | None:
        """Whether `n` `kind` may be placed in `where` under this option's own placement limits:
        None (yes), a reason (no), or NOT_MINE (the place is not one of this option's)."""
        return NOT_MINE

    def placement_problem(self, turn: TurnContext, kind: str, where: str, n: int, problem: str | None) -> str | None:
        """For this option's own units: the problem with placing them (given what the standard
        rules said)."""
        return problem

    def check_unplaced(self, turn: TurnContext, kind: str, n: int) -> None:
        """`n` of this option's unit were bought but not placed; raise IllegalOrder if the player
        must say where (otherwise they go to the first legal place)."""

    def may_place_unasked(self, turn: TurnContext, kind: str, where: str, n: int) -> bool:
        """Units bought but not placed go to the first legal place: may this option's unit go to
        `where`?"""
        return True

    # ---------------------------------------------------------------- income and the turn's end
    def before_income(self, turn: TurnContext) -> None:
        """The Collect Income phase starts (not in an economic collapse)."""

    def income(self, turn: TurnContext) -> int:
        """IPCs this option adds to the power's income this turn."""
        return 0

    def sub_warfare_areas(self, turn: TurnContext) -> tuple[list[str], str] | None:
        """Sea zones where German submarines cost this power IPCs at its Collect phase while
        Unrestricted Submarine Warfare is not on it, with the name of that warfare."""
        return None

    def after_collect(self, turn: TurnContext) -> None:
        """After income (and in the dry run, after mobilization)."""

    def end_turn(self, turn: TurnContext) -> None:
        """After the power's minor entries are recorded, before political collapse is checked."""

    # ---------------------------------------------------------------- a power leaving the board
    def power_leaves(self, turn: TurnContext, power: str, successor: str | None) -> None:
        """`power` leaves the board: it surrenders (a political collapse; `successor` None: its
        units are removed) or joins `successor`, which takes over its units and territories (4.17:
        Spain joining a side). What the option keeps for `power` is lost or passes on here."""
