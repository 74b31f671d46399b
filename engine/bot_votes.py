"""How a bot seat votes on a motion that ends the game: a fixed rule read off the board, the same
at every bot level, so the people at the table can predict it (docs/bots.md, "How a bot votes").

A bot is asked only about the motions that end a game: `draw` (every surviving seat agrees) and
`concede` (`concede:<side>`: its side gives the game to the other; `concede` alone: every
surviving seat but one gives it to that one). It never votes on pausing, extending or rolling
back: those are the people's business and change nobody's chances.

**Diplomacy** (classic, the two-player variants, rx07). A bot judges whether its seat *can still
win on the board*:
- while a supply centre that may be entered is still neutral, the opening's land grab is not over
  and every seat can still win;
- otherwise its *reach* is what it holds plus everything held by the seats smaller than it (it
  could plausibly eat those; a seat as large or larger stands in its way). It can still win while
  its reach makes the victory number.
The measure is the variant's own: supply centres against the solo number (18 in classic), or in
rx07 rule 7's pieces against two thirds of all pieces. A bot accepts a draw, and concedes, only
when it can no longer win; so the leader never does.

**Axis & Allies 1914** (no draws; a side concedes). A bot concedes for its side only when another
side leads it on every count the Tournament Rules' victory reads — enemy capitals held, victory
points — and in income. It never concedes while its side leads or stands level on any of them.

Any other game: a bot has no way to judge the position and never votes to end it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .aa1914.state import controller, incomes
from .aa1914.tournament import capitals_held, victory_points
from .aa1914.variant import AA1914Variant
from .diplomacy.declared import DeclaredVariant
from .diplomacy.rx07 import PERMANENTLY_CLOSED, Rx07Variant
from .variant import State, Variant

ENDING_MOTIONS = ("draw", "concede")
NO_SIDE = "neutral"       # rx07: the pieces of a power on no side (Italy before the coin flip)


@dataclass(frozen=True)
class BotVote:
    """A bot seat's vote on a motion, with the reason it is told with (one sentence)."""

    seat: str
    yes: bool
    reason: str


@dataclass(frozen=True)
class Standing:
    """A Diplomacy position as the rule reads it: each party's count (a seat, or rx07's side;
    `neutral` for pieces of no side), the count that wins, what is counted, and the neutral
    centres that may still be taken."""

    counts: Mapping[str, int]
    target: int
    measure: str
    open_neutrals: tuple[str, ...]

    def reach(self, party: str) -> tuple[int, tuple[str, ...]]:
        """What `party` holds plus what the parties smaller than it hold, and those parties."""
        own = self.counts.get(party, 0)
        smaller = tuple(sorted(p for p, n in self.counts.items() if p not in (party, NO_SIDE) and 0 < n < own))
        return own + sum(self.counts[p] for p in smaller), smaller


def bot_vote(variant: Variant, state: State, seat: str, motion: str) -> BotVote:
    """The bot's vote for `seat` on `motion` (`draw`, `concede` or `concede:<side>`, the
    service's motion keys) in the position `state`. Pure: the same position gives the same vote."""
    kind = motion.partition(":")[0]
    if kind not in ENDING_MOTIONS:
        raise ValueError(f"bots vote only on {' and '.join(ENDING_MOTIONS)}, not {motion!r}")
    if isinstance(variant, AA1914Variant):
        return _aa1914_vote(variant, state, seat, kind)
    standing = diplomacy_standing(variant, state)
    if standing is None:
        return BotVote(seat, False, f"a bot cannot judge a {variant.title} position, so it never votes to end "
                                    f"the game")
    return _diplomacy_vote(standing, seat, kind)


# ---------------------------------------------------------------------- Diplomacy
def diplomacy_standing(variant: Variant, state: State) -> Standing | None:
    """The counts the rule compares, or None for a game it cannot read."""
    if isinstance(variant, Rx07Variant):
        # rule 7: "a 2/3 majority of all pieces on the board"
        pieces = variant.pieces(state)
        total = sum(pieces.values())
        closed_for_good = set(PERMANENTLY_CLOSED)
        return Standing(pieces, -(-2 * total // 3), "pieces", _open_neutrals(variant, state, closed_for_good))
    if isinstance(variant, DeclaredVariant) and variant.declaration.victory_centres is not None:
        target = variant.victory_centres(state.get("options", {}))
        return Standing(variant.centres(state), target, "supply centres", _open_neutrals(variant, state, set()))
    return None


def _open_neutrals(variant: DeclaredVariant, state: State, closed_for_good: set[str]) -> tuple[str, ...]:
    owners = state.get("owners", {})
    return tuple(sc for sc in variant.game_map(state).supply_centers()
                 if sc not in owners and sc not in closed_for_good)


def _diplomacy_vote(standing: Standing, seat: str, kind: str) -> BotVote:
    verb = "accepts" if kind == "draw" else "concedes"
    if standing.open_neutrals:
        n = len(standing.open_neutrals)
        return BotVote(seat, False, f"{n} supply centre{'s are' if n != 1 else ' is'} still neutral: the opening's "
                                    f"land grab is not over, so every seat can still win")
    reach, smaller = standing.reach(seat)
    own = standing.counts.get(seat, 0)
    what = standing.measure
    others = (f" and the {reach - own} of the smaller {'seat' if len(smaller) == 1 else 'seats'} "
              f"{', '.join(smaller)}" if smaller else ", no seat being smaller")
    reckoning = f"its {own}{others}; {standing.target} win"
    if reach >= standing.target:
        return BotVote(seat, False, f"{seat} could still reach {reach} {what} ({reckoning})")
    return BotVote(seat, True, f"{verb}: {seat} can reach at most {reach} {what} ({reckoning})")


# ---------------------------------------------------------------------- Axis & Allies 1914
@dataclass(frozen=True)
class SideCounts:
    """What the Tournament Rules' victory reads for one side, and its income."""

    capitals: int
    points: int
    income: int

    def as_tuple(self) -> tuple[int, int, int]:
        return self.capitals, self.points, self.income


COUNT_NAMES = ("enemy capitals held", "victory points", "income")


def aa1914_counts(variant: AA1914Variant, state: State) -> dict[str, SideCounts]:
    """Each side on the board now (an alliance, or a power on none: Spain, a neutral Italy)."""
    board = variant.board_of(state)
    income = incomes(board, state)
    sides = {side: tuple(members) for side, members in board.sides.items()}
    for power in board.turn_order:
        if board.side_of(power) is None:
            sides[power] = (power,)
    counts = {}
    for side, members in sides.items():
        alliance = side in board.sides
        captured = len(capitals_held(board, state, side)) if alliance else sum(
            1 for name, t in board.territories.items()
            if t.capital and t.original_owner not in members and controller(board, state, name) in members)
        counts[side] = SideCounts(captured, victory_points(board, state, side) if alliance else 0,
                                  sum(income.get(p, 0) for p in members))
    return counts


def aa1914_side(variant: AA1914Variant, state: State, seat: str) -> str:
    return variant.board_of(state).side_of(seat) or seat


def _aa1914_vote(variant: AA1914Variant, state: State, seat: str, kind: str) -> BotVote:
    if kind == "draw":
        return BotVote(seat, False, f"{variant.title} has no draws")
    counts = aa1914_counts(variant, state)
    side = aa1914_side(variant, state, seat)
    mine = counts[side]
    for other, theirs in counts.items():
        if other != side and all(t > m for t, m in zip(theirs.as_tuple(), mine.as_tuple())):
            told = ", ".join(f"{name} {t} to {m}" for name, t, m in zip(COUNT_NAMES, theirs.as_tuple(),
                                                                         mine.as_tuple()))
            return BotVote(seat, True, f"concedes: the {other} lead the {side} on every count ({told})")
    rival = max((o for o in counts if o != side), key=lambda o: counts[o].as_tuple(), default=None)
    if rival is None:
        return BotVote(seat, False, f"the {side} have no rival to concede to")
    pairs = list(zip(COUNT_NAMES, mine.as_tuple(), counts[rival].as_tuple()))
    lead = [f"{name} ({m} to {t})" for name, m, t in pairs if m > t]
    level = [f"{name} ({m} to {t})" for name, m, t in pairs if m == t]
    parts = ([f"lead the {rival} in " + " and ".join(lead)] if lead else []) + (
        [f"stand level{'' if lead else f' with the {rival}'} in " + " and ".join(level)] if level else [])
    return BotVote(seat, False, f"the {side} " + " and ".join(parts))


def describe_counts(variant: Variant, state: State) -> str:
    """The counts the bots judge by, in one line (for the confirmation a player reads)."""
    if isinstance(variant, AA1914Variant):
        return "; ".join(f"{side}: " + ", ".join(f"{name} {n}" for name, n in zip(COUNT_NAMES, c.as_tuple()))
                         for side, c in aa1914_counts(variant, state).items())
    standing = diplomacy_standing(variant, state)
    if standing is None:
        return ""
    held = ", ".join(f"{p} {n}" for p, n in sorted(standing.counts.items(), key=lambda kv: -kv[1]) if n)
    return f"{standing.measure}: {held} ({standing.target} win)"
