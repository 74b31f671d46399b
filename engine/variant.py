"""The contract every game variant fulfils, and the registry the service looks them up in.

A variant is data plus a few hooks (godip style): it knows its seats, its options, how to
start a game, who must act in a phase, how to check one seat's orders and how to adjudicate
a phase. It never touches Discord, the database or the clock; randomness arrives as an
explicit `random.Random` seeded by the service.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .errors import IllegalOrder, OptionError, RulesError

State = dict[str, Any]

# The levels a bot may play at, weakest first: `easy` (more randomness, no supports), `normal`
# (the heuristic) and `hard` (a search over the heuristic's candidates, where a bot has one).
BOT_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class ChoiceGroup:
    """One decision a seat makes by picking from a list rather than typing: a dislodged unit's
    retreat, a power's builds or removals. Each option is a whole order line."""

    key: str                    # stable within the phase, e.g. "retreat/bud", "build/England"
    prompt: str                 # e.g. "A Bud retreats to…", "England builds (up to 2)"
    options: tuple[str, ...]
    picks: int = 1              # how many options may be chosen together
    replaces: tuple[str, ...] = ()   # other orders a pick here takes the place of (e.g. `Waive`)


@dataclass(frozen=True)
class CheckedLine:
    """One line of a seat's sheet as the rules read it: its text and, for an order the rules
    accept but that can only come to nothing as things stand, why (`void unless …`)."""

    text: str
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    """One switch a game can be created with (`key=value` at `/game create`)."""

    key: str
    description: str
    default: Any = False
    choices: tuple[Any, ...] = ()
    # Option keys that cannot be combined with this one.
    excludes: tuple[str, ...] = ()

    def parse(self, raw: Any) -> Any:
        """Turn text typed by a player into a typed value, or raise OptionError."""
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on", ""):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"option `{self.key}` is on/off, not `{raw}`")
        if isinstance(self.default, int):
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise OptionError(f"option `{self.key}` takes a whole number, not `{raw}`") from None
        else:
            value = str(raw).strip()
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option `{self.key}` must be one of {allowed}, not `{raw}`")
        return value


class NoBot(RulesError):
    """A bot was asked for where there is none: a variant without a bot yet, a level its bot
    does not play, or a seat the game does not have."""


class Bot(ABC):
    """A computer player for one family of variants. It reads the variant's own hooks (map,
    powers of a seat, rules) through the `variant` it is given, so one bot serves every variant
    of the family. Pure: the same state, seat, seed and level give the same orders."""

    # The levels this bot plays (a subset of BOT_LEVELS, weakest first).
    levels: tuple[str, ...] = ("easy", "normal")

    @abstractmethod
    def orders(self, variant: "Variant", state: State, seat: str, rng: random.Random,
               level: str) -> list[tuple[str, str]]:
        """(order line, reason) pairs for `seat` in this phase."""

    def hint_line(self, canonical: str) -> str:
        """How a checked line is shown in a hint: in the words the variant's briefs teach (the
        same order as `canonical`); by default the canonical text itself."""
        return canonical


_BOTS: dict[type, Bot] = {}


def register_bot(family: type, bot: Bot) -> Bot:
    """Let every variant that is a `family` (a Variant subclass) be played by `bot`; the
    family's package calls this when it is loaded (see engine.catalog)."""
    _BOTS[family] = bot
    return bot


@dataclass(frozen=True)
class PhaseResult:
    """What adjudicating one phase produced."""

    state: State
    report: str
    finished: bool = False
    winners: tuple[str, ...] = ()
    # Extra lines worth announcing publicly (a coin flip, a collapse, ...).
    announcements: tuple[str, ...] = ()
    # Per-seat private messages (seat -> text), e.g. "your retreat options".
    private: Mapping[str, str] = field(default_factory=dict)


class Variant(ABC):
    """Base class of every game. Subclasses set `key`, `title` and `summary`."""

    key: str = ""
    title: str = ""
    summary: str = ""
    min_players: int = 1

    def option_specs(self) -> Sequence[OptionSpec]:
        return ()

    def parse_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validate `raw` options against `option_specs`; fill defaults. Raises OptionError."""
        specs = {spec.key: spec for spec in self.option_specs()}
        unknown = sorted(set(raw) - set(specs))
        if unknown:
            known = ", ".join(sorted(specs)) or "none"
            raise OptionError(f"unknown option(s) {', '.join(unknown)} for {self.title}; options: {known}")
        options = {key: spec.default for key, spec in specs.items()}
        for key, value in raw.items():
            options[key] = specs[key].parse(value)
        for key, spec in specs.items():
            if options[key] and options[key] != spec.default:
                for other in spec.excludes:
                    if options.get(other) and options[other] != specs[other].default:
                        raise OptionError(f"options `{key}` and `{other}` cannot be combined")
        return options

    def seat_aliases(self) -> dict[str, str]:
        """Other names players use for seats (lower case → seat), e.g. `uk` → British Empire."""
        return {}

    @abstractmethod
    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The seats a game has (powers or sides), in table order."""

    @abstractmethod
    def initial_state(self, options: Mapping[str, Any], rng: random.Random) -> State:
        """The state of the first phase."""

    @abstractmethod
    def phase_label(self, state: State) -> str:
        """A short name of the phase, e.g. `Fall 1914 Movement`."""

    @abstractmethod
    def seats_to_act(self, state: State) -> tuple[str, ...]:
        """Seats that have something to order in this phase (others are skipped)."""

    def may_order(self, state: State, seat: str) -> bool:
        """May `seat` submit orders now? By default only the seats that must act; a variant can
        let others give standing instructions (A&A: casualty orders during other turns)."""
        return seat in self.seats_to_act(state)

    def check_state(self, state: State) -> None:
        """Raise a RulesError naming what is wrong if a stored state cannot be played (a damaged
        record); the variant calls it where a state enters its rules."""

    @abstractmethod
    def check_orders(self, state: State, seat: str, lines: Sequence[str],
                     existing: Sequence[str] = ()) -> list[str]:
        """Validate `lines` for `seat`, merged over `existing`; return canonical lines.

        Raises OrderError naming the first bad line. Nothing is stored on error.
        """

    def sheet_checker(self, state: State, seat: str) -> Callable[[str, Sequence[str]], list[str]]:
        """`check_orders` of one line at a time over one state that passed `check_state` (a
        submission checks its lines one by one): `checker(line, existing)` returns the merged
        canonical lines or raises as `check_orders` does. A variant whose check reads the whole
        state (A&A) reads it here once for the sheet rather than once per line."""
        return lambda line, existing: self.check_orders(state, seat, [line], existing)

    def checked_lines(self, state: State, seat: str, lines: Sequence[str]) -> list[CheckedLine]:
        """Each line of `seat`'s saved sheet (as `check_orders` returned it) with the warnings the
        rules give about it when it is given (none by default); shown wherever a sheet is."""
        return [CheckedLine(line) for line in lines]

    def repeated_order(self, state: State, seat: str, line: str, given: Sequence[str]) -> str | None:
        """Why `line` contradicts an order given earlier in the same sheet (`given`), or None;
        the service refuses such a line instead of letting it replace the earlier one."""
        return None

    @abstractmethod
    def adjudicate(self, state: State, orders: Mapping[str, Sequence[str]],
                   rng: random.Random) -> PhaseResult:
        """Resolve one phase. Seats missing from `orders` get the rules' default."""

    def describe(self, state: State, seat: str | None = None) -> str:
        """A status text: the board as a player would want it summarised."""
        return self.phase_label(state)

    def key_events(self, report: str) -> list[str]:
        """The lines of a phase's report a player would retell at the game's end (the final
        summary), besides the phase's announcements; none by default."""
        return []

    def order_help(self, state: State) -> str:
        return "One order per line."

    def phase_brief(self, state: State, seat: str) -> str:
        """What `seat` has to order in this phase, sent privately when the phase opens."""
        return self.order_help(state)

    def default_orders(self, state: State, seat: str) -> list[str]:
        """Orders shown to a seat before it has given any (none by default)."""
        return []

    def rules_summary(self, options: Mapping[str, Any]) -> str:
        """The rules a player can read (`/rules`): the essentials, then every option in force."""
        lines = [f"**{self.title}** — {self.summary}"]
        changed = [spec for spec in self.option_specs() if options.get(spec.key, spec.default) != spec.default]
        if changed:
            lines.append("**Options in force**")
            lines.extend(f"• `{spec.key}`: {spec.description}" for spec in changed)
        return "\n".join(lines)

    def example_orders(self, state: State, seat: str) -> list[str]:
        """A few orders legal for `seat` right now, to show how orders are written."""
        return []

    def order_choices(self, state: State, seat: str) -> list[str]:
        """Whole orders `seat` may legally give now, as canonical lines, for autocomplete (none
        by default: then only names are completed)."""
        return []

    def choice_groups(self, state: State, seat: str, lines: Sequence[str] = ()) -> list[ChoiceGroup]:
        """Decisions of this phase that are choices from a short list (offered as menus), given
        the seat's orders so far (`lines`: a menu may depend on them, e.g. a sea battle a move
        starts)."""
        return []

    def name_choices(self, state: State, text: str) -> list[str]:
        """Names of places on the board that match what was typed (prefix first, then close
        spellings), for completing the last word of an order."""
        return []

    def alliances(self, options: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        """The sides seats play on at the start (side name -> seats), where seats are allied;
        a seat on no side here plays for itself."""
        return {}

    # Whether the game can end in a draw agreed by every player (Diplomacy's draw vote).
    draws_allowed: bool = False

    def out_of_game(self, state: State, seat: str) -> bool:
        """Has `seat` been eliminated (Diplomacy: no unit and no centre)? It then no longer votes."""
        return False

    def missing_orders(self, state: State, seat: str, lines: Sequence[str]) -> list[str]:
        """What `seat` has left undecided with these orders, each as a sentence saying what
        the rules will do instead (asked before a seat marks an incomplete sheet ready)."""
        return []

    # ---------------------------------------------------------------- bots
    def bot(self) -> Bot | None:
        """The bot that plays this variant (the one registered for the nearest family), if any."""
        return next((_BOTS[family] for family in type(self).__mro__ if family in _BOTS), None)

    def bot_levels(self) -> tuple[str, ...]:
        """The levels a bot plays this variant at (empty: no bot yet)."""
        bot = self.bot()
        return bot.levels if bot else ()

    def bot_orders(self, state: State, seat: str, rng: random.Random,
                   level: str = "normal") -> list[tuple[str, str]]:
        """What the bot orders for `seat` now: (order line, one-line reason) pairs forming a legal
        sheet, each line exactly as `check_orders` returns it for a player. Pure engine code:
        deterministic for `rng`'s seed, no I/O, no clock; all inputs are plain data, so a worker
        process can run it. An empty list when the seat has nothing to order.

        Raises NoBot when the variant has no bot or not at that level, OrderError if the bot
        ever produced a line a player's sheet would be refused for (a bug, never hidden)."""
        bot = self.bot()
        if bot is None:
            raise NoBot(f"{self.title} has no bot yet: a seat can only be played by a person")
        if level not in bot.levels:
            raise NoBot(f"the {self.title} bot plays at {', '.join(bot.levels)}, not `{level}`")
        if seat not in self.seats(state.get("options", {})):
            raise NoBot(f"{self.title} has no seat `{seat}`; seats: "
                        + ", ".join(self.seats(state.get("options", {}))))
        if seat not in self.seats_to_act(state):
            return []
        pairs = bot.orders(self, state, seat, rng, level)
        lines = [line for line, _ in pairs]
        # the checks a player's sheet passes when submitted: each line, then no line repeating
        # an earlier one (which the service refuses rather than letting it replace the first)
        canonical = self.check_orders(state, seat, lines)
        for i, line in enumerate(lines):
            why = self.repeated_order(state, seat, line, lines[:i])
            if why:
                raise IllegalOrder(why, line)
        if len(canonical) != len(pairs):
            raise IllegalOrder(f"the bot gave {len(pairs)} orders that make {len(canonical)} on a sheet: "
                               f"two of them are for the same unit")
        return [(bot.hint_line(line), reason) for line, (_, reason) in zip(canonical, pairs)]


_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make a variant available to `/game create`; keys are unique."""
    if not variant.key:
        raise ValueError("a variant needs a key")
    _REGISTRY[variant.key] = variant
    return variant


# Other names players call a variant by (`diplomacy` is the classic game); a game is always
# stored under the variant's own key.
_ALIASES: dict[str, str] = {}


def register_alias(alias: str, key: str) -> None:
    _ALIASES[alias] = key


def unregister(key: str) -> None:
    _REGISTRY.pop(key, None)


def get_variant(key: str) -> Variant:
    found = _REGISTRY.get(key) or _REGISTRY.get(_ALIASES.get(str(key).strip().lower(), ""))
    if found is None:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        aliases = ", ".join(f"`{a}` = `{k}`" for a, k in sorted(_ALIASES.items()) if k in _REGISTRY)
        raise OptionError(f"no game called `{key}`; available: {known}" + (f" ({aliases})" if aliases else ""))
    return found


def variants() -> dict[str, Variant]:
    return dict(sorted(_REGISTRY.items()))
