"""What a tournament board looks like: its seats (a power, a side, or a team of powers), the
letter each seat has in a preference list, and the preference lists themselves.

A *seat* here is what one tournament player gets on a board. For classic Diplomacy it is a power;
for rx07 and the two-player variants it is one of the variant's two seats; for Axis & Allies 1914
it is one power (`AA1914_POWERS`, eight players), one side (`AA1914_SIDES`, two players: the league
game) or a team's share of a side (`AA1914_TEAMS`, two players a side). `Seat.powers` names the
game seats the player holds, so the service can give one player several seats of the game.

Preferences are written as dipvis writes them: the seats' letters from most to least wanted,
"a string like "AEGFIRT"", each letter at most once, upper or lower case
(dipvis `TournamentPlayer.create_preferences_from_string` and `validate_preference_string`,
github.com/UEWBot/dipvis). A list may name only some seats; the ones left out come after the named
ones, all equally wanted (dipvis `GamePlayer.set_power_from_prefs`: when "no preferences left ...
pick a power at random from the unassigned ones").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import PreferenceError, TournamentError


@dataclass(frozen=True)
class Seat:
    """One place on a board. `letter` is its letter in a preference list; `side` the alliance it
    plays for (None in a game of single powers); `powers` the game's seats it holds."""

    name: str
    letter: str
    side: str | None = None
    powers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.powers:
            object.__setattr__(self, "powers", (self.name,))


@dataclass(frozen=True)
class BoardShape:
    """The seats of one board, in the game's table order. `key` names the shape."""

    key: str
    title: str
    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        names = [s.name for s in self.seats]
        letters = [s.letter.upper() for s in self.seats]
        if len(self.seats) < 2:
            raise ValueError(f"board shape {self.key} needs at least two seats")
        if len(set(names)) != len(names) or len(set(letters)) != len(letters):
            raise ValueError(f"board shape {self.key} repeats a seat name or letter: {names} / {letters}")
        if any(len(letter) != 1 or not letter.isalpha() for letter in letters):
            raise ValueError(f"board shape {self.key}: each seat's letter is one letter: {letters}")

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def letters(self) -> str:
        return "".join(s.letter.upper() for s in self.seats)

    def seat(self, name: str) -> Seat:
        for s in self.seats:
            if s.name == name:
                return s
        raise KeyError(name)

    @classmethod
    def of(cls, key: str, seats: Sequence[str], letters: str | None = None, title: str | None = None) -> "BoardShape":
        """A board of single seats (any variant's `seats`), lettered by their initials unless
        `letters` gives one letter per seat."""
        letters = letters or "".join(name[0] for name in seats)
        if len(letters) != len(seats):
            raise ValueError(f"{len(seats)} seats need {len(seats)} letters, not {letters!r}")
        return cls(key, title or key, tuple(Seat(name, letter.upper()) for name, letter in zip(seats, letters)))


# dipvis's GreatPower abbreviations: Austria A, England E, France F, Germany G, Italy I, Russia R, Turkey T.
CLASSIC = BoardShape.of("classic", ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"),
                        "AEFGIRT", "Diplomacy, seven players")
RX07 = BoardShape("rx07", "World War I Diplomacy (rx07), two players",
                  (Seat("Entente", "E", "Entente"), Seat("Central", "C", "Central")))
FRANCE_AUSTRIA = BoardShape.of("france_austria", ("France", "Austria"), "FA", "France vs Austria")
ENGLAND_TURKEY = BoardShape.of("england_turkey", ("England", "Turkey"), "ET", "England vs Turkey")

# Axis & Allies 1914: the map's powers in turn order and its two alliances (engine/aa1914/data/map.json;
# a test holds these names to the map). Letters: the initials, British Empire B, Ottoman Empire O.
CENTRAL_POWERS, ALLIES = "Central Powers", "Allies"
_AA_POWERS = (("Austria-Hungary", "A", CENTRAL_POWERS), ("Russia", "R", ALLIES), ("Germany", "G", CENTRAL_POWERS),
              ("France", "F", ALLIES), ("British Empire", "B", ALLIES), ("Ottoman Empire", "O", CENTRAL_POWERS),
              ("Italy", "I", ALLIES), ("United States", "U", ALLIES))
AA1914_POWERS = BoardShape("aa1914", "Axis & Allies 1914, eight players (one power each)",
                           tuple(Seat(name, letter, side) for name, letter, side in _AA_POWERS))
AA1914_SIDES = BoardShape("aa1914_sides", "Axis & Allies 1914, two players (one alliance each)", (
    Seat(CENTRAL_POWERS, "C", CENTRAL_POWERS, tuple(n for n, _, s in _AA_POWERS if s == CENTRAL_POWERS)),
    Seat(ALLIES, "A", ALLIES, tuple(n for n, _, s in _AA_POWERS if s == ALLIES))))
# Two players a side. The split is Dispatch's default (an organiser may declare another with
# `BoardShape`): Germany alone against the West (France, British Empire, United States); Austria-
# Hungary with the Ottoman Empire against the East (Russia, Italy) — each pair of seats faces the
# other across one front.
AA1914_TEAMS = BoardShape("aa1914_teams", "Axis & Allies 1914, four players (two a side)", (
    Seat("Germany", "G", CENTRAL_POWERS, ("Germany",)),
    Seat("Austria-Ottoman", "A", CENTRAL_POWERS, ("Austria-Hungary", "Ottoman Empire")),
    Seat("Western Allies", "W", ALLIES, ("France", "British Empire", "United States")),
    Seat("Eastern Allies", "E", ALLIES, ("Russia", "Italy"))))

SHAPES: dict[str, BoardShape] = {s.key: s for s in (CLASSIC, RX07, FRANCE_AUSTRIA, ENGLAND_TURKEY,
                                                     AA1914_POWERS, AA1914_SIDES, AA1914_TEAMS)}


def shape_for(key: str) -> BoardShape:
    """The board shape named `key` (a variant's key, or `aa1914_sides` / `aa1914_teams`)."""
    try:
        return SHAPES[key]
    except KeyError:
        raise TournamentError(f"no tournament board for `{key}`; boards: {', '.join(SHAPES)}") from None


@dataclass(frozen=True)
class Preferences:
    """A player's seats from most to least wanted (seat names). Seats left out share the rank
    after the last one named; an empty list wants every seat alike."""

    order: tuple[str, ...] = ()

    def rank(self, seat: str) -> int:
        """0 for the first choice, 1 for the second, …; len(order) for a seat not named."""
        try:
            return self.order.index(seat)
        except ValueError:
            return len(self.order)

    def letters(self, shape: BoardShape) -> str:
        return "".join(shape.seat(name).letter.upper() for name in self.order)


def parse_preferences(text: str, shape: BoardShape) -> Preferences:
    """Read a dipvis preference list such as `FGIRTEA` (spaces, commas and case ignored) for a
    board of `shape`. Raises PreferenceError naming the letter that is wrong."""
    if not isinstance(text, str):
        raise PreferenceError("a preference list is a word of letters, such as " + shape.letters)
    letters = "".join(ch for ch in text.upper() if not ch.isspace() and ch not in ",;-/>")
    if len(letters) > 2 * shape.size:
        raise PreferenceError(f"a preference list has at most {shape.size} letters ({shape.letters}); "
                              f"`{text[:30]}` is longer")
    by_letter = {s.letter.upper(): s.name for s in shape.seats}
    order: list[str] = []
    for ch in letters:
        if ch not in by_letter:
            names = ", ".join(f"{s.letter.upper()} {s.name}" for s in shape.seats)
            raise PreferenceError(f"`{ch}` is not a seat of {shape.title}: use {names}")
        if by_letter[ch] in order:
            raise PreferenceError(f"`{ch}` appears twice in `{letters}`: name each seat once, "
                                  f"most wanted first")
        order.append(by_letter[ch])
    return Preferences(tuple(order))
