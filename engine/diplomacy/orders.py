"""Diplomacy orders as small immutable values, and the unit they are given to.

`loc` is always the ordered unit's location. `unit` is 'A' or 'F' as written by the player,
or None when the order left it out (the board supplies it).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .map import province_of


# Values are built by the thousand (every order read, every unit placed). A frozen dataclass's
# own __init__ sets each field through object.__setattr__, several times slower than writing the
# instance's __dict__ once per field, so each value class has `init=False` and that __init__
# (the same signature and defaults as the fields; equality, hashing and repr stay the dataclass's).


@dataclass(frozen=True, init=False)
class Unit:
    kind: str      # 'A' army or 'F' fleet
    power: str
    loc: str       # province, or coast for a fleet in a two-coast province

    def __init__(self, kind: str, power: str, loc: str):
        fields = self.__dict__
        fields["kind"], fields["power"], fields["loc"] = kind, power, loc

    @cached_property
    def province(self) -> str:
        return province_of(self.loc)

    def __str__(self) -> str:
        return f"{self.kind} {_label(self.loc)}"


@lru_cache(maxsize=4096)
def unit_value(kind: str, power: str, loc: str) -> Unit:
    """The unit (kind, power, place) as one shared immutable value: positions read and built
    every phase hold the same few hundred units."""
    return Unit(kind, power, loc)


_LABELS: dict[str, str] = {}


def _label(loc: str) -> str:
    label = _LABELS.get(loc)
    if label is None:
        prov, _, coast = loc.partition("/")
        label = prov.capitalize() + (f"/{coast}" if coast else "")
        if len(_LABELS) < 4096:       # the board's names; anything else is worked out each time
            _LABELS[loc] = label
    return label


@dataclass(frozen=True, init=False)
class Order:
    unit: str | None
    loc: str

    def __init__(self, unit: str | None, loc: str):
        fields = self.__dict__
        fields["unit"], fields["loc"] = unit, loc

    @property
    def province(self) -> str:
        return province_of(self.loc)

    def _head(self, kind: str | None = None) -> str:
        kind = kind or self.unit
        return f"{kind} {_label(self.loc)}" if kind else _label(self.loc)

    def text(self, kind: str | None = None) -> str:
        raise NotImplementedError


@dataclass(frozen=True, init=False)
class Hold(Order):
    def text(self, kind=None):
        return f"{self._head(kind)} H"


@dataclass(frozen=True, init=False)
class Move(Order):
    dest: str = ""
    via_convoy: bool = False

    def __init__(self, unit: str | None, loc: str, dest: str = "", via_convoy: bool = False):
        fields = self.__dict__
        fields["unit"], fields["loc"], fields["dest"], fields["via_convoy"] = unit, loc, dest, via_convoy

    def text(self, kind=None):
        return f"{self._head(kind)} - {_label(self.dest)}" + (" via convoy" if self.via_convoy else "")


@dataclass(frozen=True, init=False)
class Support(Order):
    target: str = ""                 # the supported unit's location
    target_dest: str | None = None   # None: support to hold
    target_unit: str | None = None

    def __init__(self, unit: str | None, loc: str, target: str = "", target_dest: str | None = None,
                 target_unit: str | None = None):
        fields = self.__dict__
        fields["unit"], fields["loc"], fields["target"] = unit, loc, target
        fields["target_dest"], fields["target_unit"] = target_dest, target_unit

    def text(self, kind=None):
        supported = f"{self.target_unit + ' ' if self.target_unit else ''}{_label(self.target)}"
        if self.target_dest is None:
            return f"{self._head(kind)} S {supported}"
        return f"{self._head(kind)} S {supported} - {_label(self.target_dest)}"


@dataclass(frozen=True, init=False)
class Convoy(Order):
    army: str = ""                   # the convoyed army's province
    dest: str = ""

    def __init__(self, unit: str | None, loc: str, army: str = "", dest: str = ""):
        fields = self.__dict__
        fields["unit"], fields["loc"], fields["army"], fields["dest"] = unit, loc, army, dest

    def text(self, kind=None):
        return f"{self._head(kind)} C A {_label(self.army)} - {_label(self.dest)}"


@dataclass(frozen=True, init=False)
class Retreat(Order):
    dest: str = ""

    def __init__(self, unit: str | None, loc: str, dest: str = ""):
        fields = self.__dict__
        fields["unit"], fields["loc"], fields["dest"] = unit, loc, dest

    def text(self, kind=None):
        return f"{self._head(kind)} R {_label(self.dest)}"


@dataclass(frozen=True, init=False)
class Disband(Order):
    """Retreat phase: the dislodged unit is disbanded instead of retreating."""

    def text(self, kind=None):
        return f"{self._head(kind)} D"


@dataclass(frozen=True, init=False)
class Build(Order):
    def text(self, kind=None):
        return f"Build {kind or self.unit} {_label(self.loc)}"


@dataclass(frozen=True, init=False)
class Remove(Order):
    """Adjustment phase: a unit removed because a power has more units than centres."""

    def text(self, kind=None):
        return f"Remove {self._head(kind)}"


@dataclass(frozen=True)
class Waive(Order):
    """Adjustment phase: a build the power chooses not to take."""

    def __init__(self):
        object.__setattr__(self, "unit", None)
        object.__setattr__(self, "loc", "")

    def text(self, kind=None):
        return "Waive"


MOVEMENT_ORDERS = (Hold, Move, Support, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
