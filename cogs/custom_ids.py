"""The custom ids of Dispatch's sheet buttons, menus and the orders form: built and read here only.

A component acts on one seat in one phase, so its id names both:
`dispatch:<kind>:<game>:p<phase>:<seat>[:<rest>]`, where `<phase>` is the phase's sequence
number when the component was made. A press is acted on only while that phase is still the
game's current one (`cogs.sheet.answer_if_stale` is the one check); an older component gets the
current sheet instead, and changes nothing.

The **Join** button of an open-seat notice is the exception: a seat stays open across phases (an
advert posted weeks ago is still good), so its id names only the game and the seat
(`dispatch:join:<game>:<seat>`, `JOIN_TEMPLATE` / `build_join`) and the service checks, when it
is pressed, that the seat is still open.

A custom id names any game, so an id says nothing about where it may be used: every component
(and the orders form) is checked against the server — and a turn card's buttons against the game
channel — it is used in, like a command's game number (`cogs.common.component_game`, run by
`GameComponent.interaction_check` before any callback).

Ids posted before phases were marked (`dispatch:<kind>:<game>:<seat>...`, still on messages in
running games) parse too, with no phase: they always count as stale, never as the current phase.
Discord allows 100 characters in a custom id; a seat's `:` becomes a space so it cannot be read
as a separator.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

CUSTOM_ID_LIMIT = 100
_PHASE = r"(?:p(?P<phase>\d+):)?"


@dataclass(frozen=True)
class SheetTarget:
    """The sheet a component acts on: the game, the seat and the phase it was made for (None:
    an old id, always stale)."""

    game_id: int
    seat: str
    phase: int | None


def template(kinds: str, tail: str = "") -> str:
    """The regular expression a `DynamicItem` registers: the new ids and the old, phase-less ones."""
    return rf"dispatch:(?P<kind>{kinds}):(?P<game>\d+):{_PHASE}(?P<seat>[^:]+){tail}"


def build(kind: str, game_id: int, phase: int | None, seat: str, *rest: str) -> str:
    """The custom id of a `kind` component for `seat` in phase number `phase` of a game (None
    when no phase is known: such an id is stale from the start and can never act)."""
    marked = [f"p{phase}"] if phase is not None else []
    parts = ["dispatch", kind, str(game_id), *marked, seat.replace(":", " "), *rest]
    return ":".join(parts)[:CUSTOM_ID_LIMIT]


def target_of(match: re.Match[str]) -> SheetTarget:
    """The sheet a matched id acts on (`phase` is None for an id without one)."""
    phase = match.group("phase")
    return SheetTarget(int(match.group("game")), match.group("seat"), int(phase) if phase is not None else None)


JOIN_TEMPLATE = r"dispatch:join:(?P<game>\d+):(?P<seat>.+)"


def build_join(game_id: int, seat: str) -> str:
    """The custom id of the Join button for `seat` (no phase: see the module's note)."""
    return f"dispatch:join:{game_id}:{seat.replace(':', ' ')}"[:CUSTOM_ID_LIMIT]


FORM = re.compile(template("form"))


def form_target(custom_id: str) -> SheetTarget | None:
    """The sheet an orders form acts on, or None when the id is not a Dispatch orders form."""
    match = FORM.fullmatch(custom_id or "")
    return target_of(match) if match else None


# The buttons of a turn card (cogs.cards): not a seat's, so the id names the game and the phase
# whose results the card shows; **My orders now** always answers with the current phase.
CARD_TEMPLATE = r"dispatch:card:(?P<act>mine|orders|history):(?P<game>\d+):p(?P<phase>\d+)"


def build_card(act: str, game_id: int, seq: int) -> str:
    return f"dispatch:card:{act}:{game_id}:p{seq}"


# The Confirm button under a vote that would end the game (cogs.table): the game, the phase the
# voter was shown and the motion; pressed once the game has moved on, it changes nothing.
VOTE_TEMPLATE = r"dispatch:vote:(?P<motion>draw|concede):(?P<game>\d+):p(?P<phase>\d+)"


def build_vote(motion: str, game_id: int, seq: int) -> str:
    return f"dispatch:vote:{motion}:{game_id}:p{seq}"


# The Confirm button under `/gm end` (cogs.gm): the game, the phase the GM was shown and the
# decided result in a few characters (`service.decisions.Decision.code`).
GM_END_TEMPLATE = r"dispatch:gmend:(?P<game>\d+):p(?P<phase>\d+):(?P<code>[dw][s0-9.]*)"


def build_gm_end(game_id: int, seq: int, code: str) -> str:
    return f"dispatch:gmend:{game_id}:p{seq}:{code}"
