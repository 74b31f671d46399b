"""The finished game every scoring system reads, checked once for all of them.

`final_position` turns what the service knows of a finished game (each power's supply centres,
the soloist, the powers in a passed draw, the order and the years in which powers fell) into a
`FinalPosition`, or refuses it with a `ScoringError` that names what is wrong. A scoring system
is then one function from a `FinalPosition` to points per power (`ScoringSystem`), so no system
re-checks its input and every system refuses bad input in the same words.

Words used throughout (the published systems' own): a *survivor* owns at least one supply centre
at the end; an *eliminated* power owns none; the *board-topper* owns the most centres.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import ScoringError

STANDARD_CENTRES = 34       # supply centres on the standard board
STANDARD_VICTORY = 18       # rulebook: "controls 18 supply centers"
FIRST_YEAR = 1901           # the standard game's first year


@dataclass(frozen=True)
class FinalPosition:
    """A finished game as the scoring systems read it (build it with `final_position`)."""

    powers: tuple[str, ...]               # every power of the game, in the caller's order
    centres: Mapping[str, int]            # supply centres at the end (0: eliminated)
    solo: str | None                      # the soloist (or the power conceded to)
    conceded: bool                        # the solo was conceded by vote, not reached on the board
    draw: frozenset[str]                  # the powers named in a passed draw (empty: none named)
    fell: tuple[frozenset[str], ...]      # eliminated powers, first to fall first; a group fell together
    fell_in: Mapping[str, int]            # the game year in which an eliminated power lost its last centre
    first_year: int                       # the game's first year
    last_year: int | None                 # the year the game ended (with a solo: the solo's year)
    total: int | None                     # the board's supply centres, when the caller gave them
    victory: int | None                   # centres a solo needs; None: the variant decides victory

    @property
    def survivors(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if self.centres[p] > 0)

    @property
    def eliminated(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if self.centres[p] == 0)

    @property
    def board_centres(self) -> int:
        """The board's centres: `total` when given, else the standard board's 34 (the number the
        published systems write as "34")."""
        return self.total if self.total is not None else STANDARD_CENTRES

    @property
    def top(self) -> int:
        return max(self.centres.values())

    @property
    def toppers(self) -> tuple[str, ...]:
        """The board-toppers: every power holding the most centres."""
        return tuple(p for p in self.powers if self.centres[p] == self.top)

    def drawn(self, system: str) -> tuple[str, ...]:
        """The powers sharing the draw: those named in the passed draw, else every survivor
        ("draws include all survivors", the rulebook's draw)."""
        if self.draw:
            return tuple(p for p in self.powers if p in self.draw)
        if not self.survivors:
            raise ScoringError(f"{system} shares a draw among the survivors, but no power holds a supply centre")
        return self.survivors

    def by_centres(self) -> list[tuple[str, ...]]:
        """Every power grouped by its centres, most first; equal counts form one group."""
        counts = sorted({self.centres[p] for p in self.powers}, reverse=True)
        return [tuple(p for p in self.powers if self.centres[p] == n) for n in counts]

    def elimination_order(self, system: str) -> tuple[frozenset[str], ...]:
        """The eliminated powers grouped by when they fell, first to fall first."""
        if self.fell:
            return self.fell
        eliminated = self.eliminated
        if len(eliminated) <= 1:
            return tuple(frozenset((p,)) for p in eliminated)
        raise ScoringError(
            f"{system} ranks eliminated powers by when they fell: give the order ({', '.join(eliminated)} "
            f"have no centres) with eliminated=[first to fall, …] or the years with fell={{power: year}}")

    def year_fell(self, power: str, system: str) -> int:
        if power not in self.fell_in:
            raise ScoringError(f"{system} scores an eliminated power by the years it played: give the year "
                               f"{power} lost its last centre (fell={{'{power}': year}})")
        return self.fell_in[power]

    def end_year(self, system: str) -> int:
        if self.last_year is None:
            raise ScoringError(f"{system} scores the losers of a solo by the years they played: give the "
                               f"year of the solo (last_year=…)")
        return self.last_year


Points = Callable[[FinalPosition], dict[str, float]]


@dataclass(frozen=True)
class ScoringSystem:
    """One published scoring system: its key, its name, the points it gives, where it is defined."""

    key: str
    name: str
    points: Points
    rule: str                  # the rule in one or two sentences (what `/game scores` may show)
    source: str                # where the rule is published (docs/scoring.md quotes it)
    sides: int | None = None   # the number of powers it scores (winloss: 2); None: any


def shared_places(groups: Iterable[Collection[str]], places: Sequence[float]) -> dict[str, float]:
    """Place points for powers ranked in `groups` (best first, a group tied): each group takes
    the next places and its powers share those places' points equally — C-Diplo's "tied places
    share the bonus points", Carnage's "if two players share a rank, they split the points for
    those positions". Places past the end of `places` are worth nothing."""
    points: dict[str, float] = {}
    taken = 0
    for group in groups:
        members = list(group)
        pool = sum(places[taken:taken + len(members)])
        for power in members:
            points[power] = pool / len(members)
        taken += len(members)
    return points


def _one_name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ScoringError(f"{what}: a power's name, not {value!r}")
    return value


def _power(name: object, powers: Mapping[str, int], what: str) -> str:
    name = _one_name(name, what)
    if name not in powers:
        raise ScoringError(f"{what}: `{name}` is not a power of this game (powers: {', '.join(powers)})")
    return name


def _year(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"{what}: a year, not {value!r}")
    return value


def _check_centres(centres: Mapping[str, int], total: int | None) -> dict[str, int]:
    if not isinstance(centres, Mapping) or len(centres) < 2:
        raise ScoringError("centres: give every power of the game with its supply centres (at least two powers)")
    checked: dict[str, int] = {}
    for power, count in centres.items():
        _one_name(power, "centres")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ScoringError(f"centres: {power} holds {count!r} supply centres; a count is a whole number, 0 or more")
        checked[power] = count
    if total is not None:
        if isinstance(total, bool) or not isinstance(total, int) or total < 1:
            raise ScoringError(f"total: the board's supply centres, a whole number, not {total!r}")
        owned = sum(checked.values())
        if owned > total:
            raise ScoringError(f"the centres add up to {owned}, more than the board's {total}")
    return checked


def _check_solo(centres: dict[str, int], solo: object, conceded: bool, victory: int | None) -> str | None:
    if solo is None:
        if conceded:
            raise ScoringError("conceded=True names no power: give the power conceded to as solo=…")
        if victory is not None:
            top = max(centres.values())
            leaders = [p for p, n in centres.items() if n == top]
            if top >= victory and len(leaders) == 1:
                raise ScoringError(f"{leaders[0]} holds {top} supply centres, a solo victory at {victory}: "
                                   f"score it with solo='{leaders[0]}'")
        return None
    power = _power(solo, centres, "solo")
    if victory is not None:
        held = centres[power]
        if held == 0:
            raise ScoringError(f"solo: {power} holds no supply centre; an eliminated power wins nothing")
        if not conceded and held < victory:
            raise ScoringError(f"solo: {power} holds {held} supply centres, fewer than the {victory} a solo "
                               f"victory needs (a game conceded to {power}: conceded=True)")
        beaten = [p for p, n in centres.items() if p != power and n >= held]
        if not conceded and beaten:
            raise ScoringError(f"solo: {beaten[0]} holds as many centres as {power} ({centres[beaten[0]]}); "
                               f"a solo needs strictly the most")
    return power


def _check_draw(centres: dict[str, int], draw: Collection[str], solo: str | None) -> frozenset[str]:
    if isinstance(draw, str) or not isinstance(draw, Iterable):
        raise ScoringError(f"draw: give the powers in the draw as a list, not {draw!r}")
    named = [_power(p, centres, "draw") for p in draw]
    if len(set(named)) != len(named):
        raise ScoringError("draw: a power is named twice")
    if named and solo is not None:
        raise ScoringError(f"a game ends in a solo or in a draw, not both (solo {solo}, draw {', '.join(named)})")
    for power in named:
        if centres[power] == 0:
            raise ScoringError(f"draw: {power} holds no supply centre; an eliminated power is not in a draw")
    return frozenset(named)


def _check_eliminated(centres: dict[str, int], eliminated: Sequence[str | Collection[str]]) -> list[frozenset[str]]:
    if isinstance(eliminated, str) or not isinstance(eliminated, Iterable):
        raise ScoringError(f"eliminated: give the powers in the order they fell as a list, not {eliminated!r}")
    groups: list[frozenset[str]] = []
    seen: set[str] = set()
    for entry in eliminated:
        members = [entry] if isinstance(entry, str) else list(entry) if isinstance(entry, Iterable) else [entry]
        if not members:
            raise ScoringError("eliminated: an empty group; a group lists the powers that fell in the same year")
        for power in members:
            power = _power(power, centres, "eliminated")
            if centres[power] > 0:
                raise ScoringError(f"eliminated: {power} still holds {centres[power]} supply centres")
            if power in seen:
                raise ScoringError(f"eliminated: {power} is named twice")
            seen.add(power)
        groups.append(frozenset(members))
    missing = [p for p, n in centres.items() if n == 0 and p not in seen]
    if groups and missing:
        raise ScoringError(f"eliminated: the order of eliminations leaves out {', '.join(missing)} (no supply "
                           f"centre left)")
    return groups


def _check_years(centres: dict[str, int], fell: Mapping[str, int] | None, first_year: int,
                 last_year: int | None) -> dict[str, int]:
    first_year = _year(first_year, "first_year")
    if last_year is not None and _year(last_year, "last_year") < first_year:
        raise ScoringError(f"last_year {last_year} is before the game's first year {first_year}")
    if fell is None:
        return {}
    if not isinstance(fell, Mapping):
        raise ScoringError("fell: give the year each eliminated power lost its last centre, as {power: year}")
    years: dict[str, int] = {}
    for power, year in fell.items():
        power = _power(power, centres, "fell")
        if centres[power] > 0:
            raise ScoringError(f"fell: {power} still holds {centres[power]} supply centres")
        year = _year(year, f"fell[{power}]")
        if year < first_year or (last_year is not None and year > last_year):
            raise ScoringError(f"fell: {power} fell in {year}, outside the game's years "
                               f"({first_year}–{last_year if last_year is not None else '…'})")
        years[power] = year
    return years


def _order_from_years(centres: dict[str, int], groups: list[frozenset[str]],
                      years: dict[str, int]) -> tuple[frozenset[str], ...]:
    """The order of eliminations: as given, checked against the years when both are given;
    from the years alone when they cover every eliminated power (the same year: fell together)."""
    if groups:
        known = [{years[p] for p in g if p in years} for g in groups]
        for group, found in zip(groups, known):
            if len(found) > 1:
                raise ScoringError(f"eliminated: {', '.join(sorted(group))} are grouped as falling together but "
                                   f"fell in {', '.join(map(str, sorted(found)))}")
        dated = [next(iter(found)) for found in known if found]
        if any(a >= b for a, b in zip(dated, dated[1:])):
            raise ScoringError("eliminated: the order of eliminations does not match the years in fell "
                               "(powers that fell in the same year form one group)")
        return tuple(groups)
    zero = [p for p, n in centres.items() if n == 0]
    if zero and all(p in years for p in zero):
        return tuple(frozenset(p for p in zero if years[p] == y) for y in sorted({years[p] for p in zero}))
    return ()


def final_position(centres: Mapping[str, int], *, solo: str | None = None, draw: Collection[str] = (),
                   eliminated: Sequence[str | Collection[str]] = (), fell: Mapping[str, int] | None = None,
                   first_year: int = FIRST_YEAR, last_year: int | None = None, total: int | None = None,
                   victory: int | None = STANDARD_VICTORY, conceded: bool = False) -> FinalPosition:
    """Check a finished game once for every system (the arguments are `engine.scoring.score`'s)."""
    checked = _check_centres(centres, total)
    if victory is not None and (isinstance(victory, bool) or not isinstance(victory, int) or victory < 1):
        raise ScoringError(f"victory: the supply centres a solo needs, a whole number, not {victory!r}")
    soloist = _check_solo(checked, solo, bool(conceded), victory)
    named = _check_draw(checked, draw, soloist)
    groups = _check_eliminated(checked, eliminated)
    years = _check_years(checked, fell, first_year, last_year)
    return FinalPosition(powers=tuple(checked), centres=checked, solo=soloist, conceded=bool(conceded),
                         draw=named, fell=_order_from_years(checked, groups, years), fell_in=years,
                         first_year=first_year, last_year=last_year, total=total, victory=victory)
