"""A game the GM ends with a result they decide (`/gm end`): after a dispute, or a game that
stalled, the GM rules the outcome — a draw among the powers still on the board, a draw among
named seats, or a win for one seat or one side.

Such an ending is a result like any other for the standings: the final summary, `/game scores`,
a league or a tournament board count it as decided (docs/tournaments.md, "What counts"). It is
never rated: ratings move only on what the board or the players decided (docs/scoring.md, "Not
rated"), so the event that ends the game is marked `gm_decision` and the record reads it so.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.variant import get_variant

from . import permissions
from .checks import clip
from .errors import BadInput
from .models import GameInfo
from .rooms import seat_words

KINDS = ("draw", "win")
EXAMPLES = "`draw`, `draw England, France`, `win England` or `win Central Powers`"


@dataclass(frozen=True)
class Decision:
    """The result a GM decided: `winners` empty is a draw of the powers still on the board."""

    kind: str
    winners: tuple[str, ...]
    side: str | None = None

    def words(self) -> str:
        if self.kind == "draw":
            return f"a draw among {_listed(self.winners)}" if self.winners else \
                "a draw among the powers still on the board"
        if self.side:
            return f"a win for the {self.side} ({', '.join(self.winners)})"
        return f"a win for {self.winners[0]}"

    def typed(self) -> str:
        """The decision as `/gm end` takes it back."""
        named = self.side or ", ".join(self.winners)
        return f"{self.kind} {named}".strip()

    def code(self, game: GameInfo) -> str:
        """The decision in a few characters (a Confirm button's id): `d`, `d0.2`, `w3`, `ws1` —
        the kind, then the seats' places in the game (or the side's among its sides)."""
        if self.side is not None:
            return f"ws{list(_sides(game)).index(self.side)}"
        names = [s.seat for s in game.seats]
        return self.kind[0] + ".".join(str(names.index(seat)) for seat in self.winners)


@dataclass(frozen=True)
class DecidedEnd:
    """The answer to `/gm end`: what it does (`confirmed` False: nothing changed yet)."""

    game_id: int
    decision: Decision
    confirmed: bool
    label: str | None = None
    seq: int | None = None          # the phase it was shown in (a Confirm button acts only then)
    code: str = ""                  # `Decision.code`, for that button


def read_decision(game: GameInfo, text: str | None) -> Decision:
    """`draw`, `draw England, France`, `win England`, `win Central Powers` → a `Decision`.
    A draw names two seats or more (or none: the survivors share it); a win names one seat or
    one side (its alliance, where the game has sides)."""
    words = (text or "").strip().split(None, 1)
    if not words or words[0].lower() not in KINDS:
        raise BadInput(f"the result is {EXAMPLES}, not `{clip(text or '', 40)}`")
    kind, rest = words[0].lower(), (words[1] if len(words) > 1 else "").strip()
    variant = get_variant(game.variant)
    names = [s.seat for s in game.seats]
    sides = _sides(game)
    side = permissions.match_name(rest, list(sides)) if rest and sides else None
    if side is not None:
        if kind == "draw":
            raise BadInput(f"a draw is among seats, not a side: `draw {', '.join(names[:2])}` (or `win {side}`)")
        return Decision("win", tuple(sides[side]), side)
    seats: list[str] = []
    aliases = variant.seat_aliases()
    for word in seat_words(rest, names, aliases):
        seat = permissions.match_name(word, names, aliases)
        if seat is None:
            sided = f"; sides: {', '.join(sides)}" if sides else ""
            raise BadInput(f"game #{game.id} has no seat `{clip(word)}`; seats: {', '.join(names)}{sided}")
        if seat not in seats:
            seats.append(seat)
    if kind == "win":
        if len(seats) != 1:
            raise BadInput(f"a win names one seat{' or one side' if sides else ''}, e.g. `win {names[0]}`; "
                           f"for several seats decide a draw: `draw {', '.join(names[:2])}`")
        return Decision("win", (seats[0],))
    if len(seats) == 1:
        raise BadInput(f"a draw needs two seats or more (or none: the powers still on the board); for one "
                       f"seat decide a win: `win {seats[0]}`")
    return Decision("draw", tuple(s for s in names if s in seats))


def typed_from_code(game: GameInfo, code: str) -> str:
    """The result `Decision.code` stands for, as `/gm end` takes it; BadInput for a code that
    names no seat or side of this game."""
    kind = {"d": "draw", "w": "win"}.get(code[:1])
    rest = code[1:]
    try:
        if kind == "win" and rest.startswith("s"):
            return f"win {list(_sides(game))[int(rest[1:])]}"
        names = [s.seat for s in game.seats]
        return f"{kind} {', '.join(names[int(i)] for i in rest.split('.') if i)}".strip() if kind else ""
    except (ValueError, IndexError):
        raise BadInput(f"that button names no result of game #{game.id}: type `/gm end` again") from None


def _sides(game: GameInfo) -> dict[str, tuple[str, ...]]:
    variant = get_variant(game.variant)
    return {name: seats for name, seats in variant.alliances(game.options).items() if len(seats) > 1}


def _listed(seats: tuple[str, ...]) -> str:
    return seats[0] if len(seats) == 1 else f"{', '.join(seats[:-1])} and {seats[-1]}"
