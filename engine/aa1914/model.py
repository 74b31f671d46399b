"""The A&A game state as typed values at the variant's boundary, as engine/diplomacy does with its
units: `Unit` and `GameState`, each with `from_json`/`to_json`.

The state is stored as JSON (the service keeps it, exports it and replays it), and `to_json` gives
back exactly the JSON `from_json` read, so stored games need no migration. `from_json` checks what
every rule relies on — each unit's type, owner and place, unique ids, the counters' kinds — and refuses a
corrupt state with a `StateError` that names the bad field, before any rule runs on it. Readers
(briefs, descriptions, the map) take typed values from here; a turn works on a JSON copy of the
state it was given (`turn.Turn`), which is what the rules change and hand back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.errors import StateError

from .board import Board
from .units import UNIT_TYPES

# The fields a state always has; the rest (the log, standing orders, and what house options keep:
# `italy`, `factories`, `supplies`, `auction`, …) are carried as they are in `extra`.
CORE_FIELDS = ("round", "turn", "phase", "options", "units", "control", "treasury", "collapsed", "us_at_war",
               "usw_declared", "next_id", "winner")


_UNIT_FIELDS = frozenset({"id", "type", "owner", "where", "damaged", "aboard", "claimed_in"})


@dataclass(frozen=True)
class Unit:
    """One unit on the board. `aboard` is the transport carrying it; `claimed_in` the sea zone of a
    freighter's last claim (house rule 4.2)."""

    id: int
    type: str
    owner: str
    where: str
    damaged: bool = False
    aboard: int | None = None
    claimed_in: str | None = None

    @property
    def is_land(self) -> bool:
        return UNIT_TYPES[self.type].is_land

    @property
    def is_sea(self) -> bool:
        return UNIT_TYPES[self.type].is_sea

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> "Unit":
        # the common case, a sound stored unit, read in one pass; anything else is looked at field
        # by field below, which names what is wrong
        if type(data) is dict and data.keys() <= _UNIT_FIELDS:
            uid, kind, owner, where, aboard = (data.get("id"), data.get("type"), data.get("owner"), data.get("where"),
                                               data.get("aboard"))
            if type(uid) is int and kind in UNIT_TYPES and type(owner) is str and owner and type(where) is str \
                    and (board is None or where in board.territories) and (aboard is None or type(aboard) is int):
                return cls(uid, kind, owner, where, bool(data.get("damaged", False)), aboard, data.get("claimed_in"))
        if not isinstance(data, Mapping):
            raise StateError(f"a unit is not a record: {str(data)[:40]}")
        unknown = set(data) - _UNIT_FIELDS
        if unknown:
            raise StateError(f"unit {data.get('id')} has fields the rules do not know: {', '.join(sorted(unknown))}")
        unit_id = data.get("id")
        if not isinstance(unit_id, int) or isinstance(unit_id, bool):
            raise StateError(f"a unit has no number: {str(dict(data))[:60]}")
        kind, owner, where = data.get("type"), data.get("owner"), data.get("where")
        if kind not in UNIT_TYPES:
            raise StateError(f"unit {unit_id} is of no known type: {str(kind)[:30]}")
        if not isinstance(owner, str) or not owner:
            raise StateError(f"unit {unit_id} ({kind}) has no owner")
        if not isinstance(where, str) or (board is not None and where not in board.territories):
            raise StateError(f"unit {unit_id} ({kind}) stands nowhere on the map: {str(where)[:30]}")
        aboard = data.get("aboard")
        if aboard is not None and (not isinstance(aboard, int) or isinstance(aboard, bool)):
            raise StateError(f"unit {unit_id} is aboard no transport: {str(aboard)[:20]}")
        return cls(unit_id, kind, owner, where, bool(data.get("damaged", False)), aboard, data.get("claimed_in"))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "owner": self.owner, "where": self.where,
                                "damaged": self.damaged}
        if self.aboard is not None:
            data["aboard"] = self.aboard
        if self.claimed_in is not None:
            data["claimed_in"] = self.claimed_in
        return data


@dataclass(frozen=True)
class GameState:
    """A game between two phases: round and turn, whose phase it is, the board's units, control
    and treasuries, collapses, and the US's war. Everything else rides along in `extra`."""

    round: int
    turn: int
    phase: str
    options: Mapping[str, Any]
    units: tuple[Unit, ...]
    control: Mapping[str, str | None]
    treasury: Mapping[str, int]
    collapsed: Mapping[str, str]
    us_at_war: bool
    usw_declared: bool
    next_id: int
    winner: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    # which of the core fields the stored JSON had (older states lack some), so to_json is exact
    present: frozenset[str] = frozenset(CORE_FIELDS)

    @classmethod
    def from_json(cls, data: Any, board: Board | None = None) -> "GameState":
        if not isinstance(data, Mapping):
            raise StateError("the game's state is not a record")
        for name in ("round", "turn", "next_id"):
            if not isinstance(data.get(name), int) or isinstance(data.get(name), bool):
                raise StateError(f"the state's `{name}` is not a number: {str(data.get(name))[:20]}")
        for name in ("options", "control", "treasury", "collapsed"):
            if not isinstance(data.get(name, {}), Mapping):
                raise StateError(f"the state's `{name}` is not a record")
        if not isinstance(data.get("units"), list):
            raise StateError("the state has no list of units")
        units = tuple(Unit.from_json(u, board) for u in data["units"])
        ids = [u.id for u in units]
        if len(set(ids)) != len(ids):
            raise StateError("two units share a number")
        if board is not None:
            strangers = sorted(set(data.get("control", {})) - set(board.territories))
            if strangers:
                raise StateError(f"control of places not on the map: {', '.join(strangers[:3])}")
        for power, money in data.get("treasury", {}).items():
            if not isinstance(money, int) or isinstance(money, bool):
                raise StateError(f"{power}'s treasury is not a number of IPCs: {str(money)[:20]}")
        return cls(round=data["round"], turn=data["turn"], phase=data.get("phase", "turn"),
                   options=dict(data.get("options", {})), units=units, control=dict(data.get("control", {})),
                   treasury=dict(data.get("treasury", {})), collapsed=dict(data.get("collapsed", {})),
                   us_at_war=bool(data.get("us_at_war", False)), usw_declared=bool(data.get("usw_declared", False)),
                   next_id=data["next_id"], winner=data.get("winner"),
                   extra={k: v for k, v in data.items() if k not in CORE_FIELDS},
                   present=frozenset(k for k in CORE_FIELDS if k in data))

    def to_json(self) -> dict[str, Any]:
        core = {"round": self.round, "turn": self.turn, "phase": self.phase, "options": dict(self.options),
                "units": [u.to_json() for u in self.units], "control": dict(self.control),
                "treasury": dict(self.treasury), "collapsed": dict(self.collapsed), "us_at_war": self.us_at_war,
                "usw_declared": self.usw_declared, "next_id": self.next_id, "winner": self.winner}
        return {**{k: v for k, v in core.items() if k in self.present}, **self.extra}

    # ---------------------------------------------------------------- what readers ask
    def units_of(self, owner: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.owner == owner)

    def units_in(self, where: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.where == where)

    def stacks_of(self, owner: str) -> dict[str, dict[str, int]]:
        """Where `owner`'s units stand: territory -> unit type -> count."""
        stacks: dict[str, dict[str, int]] = {}
        for u in self.units_of(owner):
            kinds = stacks.setdefault(u.where, {})
            kinds[u.type] = kinds.get(u.type, 0) + 1
        return stacks
