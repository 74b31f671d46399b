"""The position a power's turn changes: its units as typed `BoardUnit`s indexed by territory, the
counters every rule reads (control, treasuries, collapses, the US at war …), the fields the house
options keep (`extra`), and the dice log — with an undo log, so that an order which fails
half-way is taken back at the cost of what it changed, not of a copy of the whole board.

JSON is read and written only at the edges (`from_json`, `to_json`): `to_json` gives the stored
state's format exactly (the same fields in the same order), so stored games need no migration.

A unit changes only through its position (`move`, `damage`, `embark`, `give`, `remove` …): that
keeps the index by territory right and lets `rollback` undo it. The counters `control`,
`treasury` and `collapsed` are `LoggedDict`s, undone the same way; `extra` is copied at each
checkpoint (it is small), and the log, which only grows, is undone by its length.
"""
from __future__ import annotations

import bisect
import pickle
from typing import Any, Iterable, Mapping

from .board import Board
from .state import alignment, contested_among, friendly, holds_land_kind, incomes_from, sides_at_war
from .units import UNIT_TYPES, UnitType

# the stored state's own fields (model.CORE_FIELDS) the position types; the rest rides in `extra`
_COUNTERS = ("control", "treasury", "collapsed")
_SCALARS = {"round": 0, "turn": 0, "phase": "turn", "us_at_war": False, "usw_declared": False, "next_id": 0,
            "winner": None}


class BoardUnit:
    """One unit on the board: its number, type, owner and place, whether it is damaged, the
    transport carrying it (`aboard`) and a freighter's last claim (`claimed_in`, 4.2)."""

    __slots__ = ("id", "type", "owner", "where", "damaged", "aboard", "claimed_in", "seq")

    def __init__(self, uid: int, kind: str, owner: str, where: str, damaged: bool = False,
                 aboard: int | None = None, claimed_in: str | None = None, seq: int = 0):
        setter = object.__setattr__
        setter(self, "id", uid)
        setter(self, "type", kind)
        setter(self, "owner", owner)
        setter(self, "where", where)
        setter(self, "damaged", damaged)
        setter(self, "aboard", aboard)
        setter(self, "claimed_in", claimed_in)
        setter(self, "seq", seq)           # its place in the stored list of units

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a unit changes through its Position (move, damage, …), not by setting `{name}`")

    def __repr__(self) -> str:
        return f"<{self.owner} {self.type} #{self.id} in {self.where}>"

    @property
    def spec(self) -> UnitType:
        return UNIT_TYPES[self.type]

    @property
    def holds_land(self) -> bool:
        """It holds and contests land (state.LAND_HOLDERS)."""
        return holds_land_kind(self.type)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], seq: int) -> "BoardUnit":
        return cls(data["id"], data["type"], data["owner"], data["where"], bool(data.get("damaged", False)),
                   data.get("aboard"), data.get("claimed_in"), seq)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "owner": self.owner, "where": self.where,
                                "damaged": self.damaged}
        if self.aboard is not None:
            data["aboard"] = self.aboard
        if self.claimed_in is not None:
            data["claimed_in"] = self.claimed_in
        return data


_MISSING = object()


class LoggedDict(dict):
    """A dict whose changes the position's undo log records (control, treasuries, collapses)."""

    __slots__ = ("_position",)

    def __init__(self, position: "Position", items: Mapping):
        super().__init__(items)
        self._position = position

    def _note(self, key) -> None:
        undo = self._position._undo
        if undo is not None:
            undo.append((self._put_back, key, dict.get(self, key, _MISSING)))

    def _put_back(self, key, value) -> None:
        if value is _MISSING:
            dict.pop(self, key, None)
        else:
            dict.__setitem__(self, key, value)

    def __setitem__(self, key, value) -> None:
        self._note(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        self._note(key)
        dict.__delitem__(self, key)

    def pop(self, key, *default):
        if key in self:
            self._note(key)
        return dict.pop(self, key, *default)

    def setdefault(self, key, default=None):
        if key not in self:
            self._note(key)
        return dict.setdefault(self, key, default)

    def update(self, *args, **kwargs) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def popitem(self):
        raise TypeError("a counter of the position is changed key by key")

    def clear(self) -> None:
        raise TypeError("a counter of the position is changed key by key")

    def __reduce__(self):
        return dict, (dict(self),)


class Checkpoint:
    """Where `Position.rollback` goes back to."""

    __slots__ = ("undone_to", "logged", "extra")

    def __init__(self, undone_to: int, logged: int, extra: bytes):
        self.undone_to, self.logged, self.extra = undone_to, logged, extra


class Position:
    """The board's units and counters as one power's turn changes them (see the module's doc)."""

    def __init__(self, board: Board, fields: dict[str, Any], units: Iterable[BoardUnit], old_log: list,
                 order: list[str]):
        self.board = board
        self._fields = fields            # the typed fields: counters and scalars, as stored
        self.extra: dict[str, Any] = {}  # the other fields: standing orders, what the options keep, …
        self._order = order              # the stored state's fields, in its order
        self._old_log = old_log          # the dice log before this turn (shared, never changed)
        self.log: list[dict] = []        # entries logged in this turn
        self._undo: list[tuple] | None = None
        self._open = 0
        self._units: dict[int, BoardUnit] = {}
        self._at: dict[str, list[BoardUnit]] = {}
        self._next_seq = 0
        self._unsorted = False
        for unit in units:
            self._units[unit.id] = unit
            self._at.setdefault(unit.where, []).append(unit)
            self._next_seq = max(self._next_seq, unit.seq + 1)

    # ------------------------------------------------------------------ JSON at the edges
    @classmethod
    def from_json(cls, state: Mapping[str, Any], board: Board) -> "Position":
        """A position to change from a stored state, which stays as it was (the log is shared
        until `to_json`, everything else copied)."""
        fields: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, value in state.items():
            if key in _COUNTERS or key in _SCALARS:
                fields[key] = value
            elif key == "options":
                fields[key] = dict(value)
            elif key not in ("units", "log"):
                extra[key] = value
        units = [BoardUnit.from_json(u, seq) for seq, u in enumerate(state["units"])]
        position = cls(board, fields, units, state.get("log", []), list(state))
        for key in _COUNTERS:
            if key in fields:
                fields[key] = LoggedDict(position, fields[key])
        position.extra = _copy(extra)
        return position

    def to_json(self) -> dict[str, Any]:
        """The stored state: the fields in the order the state given had them, new ones after
        (sharing no container with the position)."""
        out: dict[str, Any] = {}
        extra = _copy(self.extra)          # the position may go on changing; what it hands out does not
        for key in self._order + [k for k in self._fields if k not in self._order] + [
                k for k in self.extra if k not in self._order]:
            if key == "units":
                out[key] = [u.to_json() for u in self.units]
            elif key == "log":
                out[key] = _copy(self._old_log) + _copy(self.log)
            elif key in self._fields:
                value = self._fields[key]
                out[key] = dict(value) if isinstance(value, dict) else value
            elif key in extra:
                out[key] = extra[key]
        if self.log and "log" not in out:
            out["log"] = _copy(self.log)
        return out

    # ------------------------------------------------------------------ the counters
    @property
    def options(self) -> Mapping[str, Any]:
        return self._fields.get("options", {})

    @property
    def control(self) -> dict[str, str | None]:
        return self._fields["control"]

    @property
    def treasury(self) -> dict[str, int]:
        return self._fields["treasury"]

    @property
    def collapsed(self) -> dict[str, str]:
        return self._fields["collapsed"]

    round = property(lambda self: self._stored("round"), lambda self, v: self._store("round", v))
    turn = property(lambda self: self._stored("turn"), lambda self, v: self._store("turn", v))
    phase = property(lambda self: self._stored("phase"), lambda self, v: self._store("phase", v))
    us_at_war = property(lambda self: self._stored("us_at_war"), lambda self, v: self._store("us_at_war", v))
    usw_declared = property(lambda self: self._stored("usw_declared"), lambda self, v: self._store("usw_declared", v))
    next_id = property(lambda self: self._stored("next_id"), lambda self, v: self._store("next_id", v))
    winner = property(lambda self: self._stored("winner"), lambda self, v: self._store("winner", v))

    def _stored(self, name: str) -> Any:
        return self._fields.get(name, _SCALARS[name])

    def _store(self, name: str, value: Any) -> None:
        if self._undo is not None:
            self._undo.append((self._put_field, name, self._fields.get(name, _MISSING)))
        self._fields[name] = value

    def _put_field(self, name: str, value: Any) -> None:
        if value is _MISSING:
            self._fields.pop(name, None)
        else:
            self._fields[name] = value

    # ------------------------------------------------------------------ the units
    @property
    def units(self) -> list[BoardUnit]:
        """Every unit, in the stored order (a new list: the position may change as it is read)."""
        if self._unsorted:
            self._units = {u.id: u for u in sorted(self._units.values(), key=lambda u: u.seq)}
            self._unsorted = False
        return list(self._units.values())

    def units_in(self, where: str) -> list[BoardUnit]:
        """The units in a territory or sea zone, in the stored order (a new list)."""
        return list(self._at.get(where, ()))

    def unit(self, uid: int) -> BoardUnit | None:
        return self._units.get(uid)

    def __contains__(self, unit: BoardUnit) -> bool:
        """Is this unit still on the board?"""
        return self._units.get(unit.id) is unit

    def cargo_of(self, transport: BoardUnit) -> list[BoardUnit]:
        """The land units aboard a transport, wherever they stand: while ships sail, their cargo
        follows them only once they have arrived (core_orders.move)."""
        return [u for u in self.units if u.aboard == transport.id]

    def add_unit(self, kind: str, owner: str, where: str) -> BoardUnit:
        """A new unit, numbered next."""
        unit = BoardUnit(self.next_id, kind, owner, where, False, None, None, self._next_seq)
        self._next_seq += 1
        self.next_id = self.next_id + 1
        self._insert(unit)
        if self._undo is not None:
            self._undo.append((self._take_out, unit))
        return unit

    def remove(self, units: Iterable[BoardUnit]) -> None:
        """Take these units off the board (their cargo stays: see ledger.destroy)."""
        for unit in list(units):
            if self._units.get(unit.id) is not unit:
                continue
            self._take_out(unit)
            if self._undo is not None:
                self._undo.append((self._insert, unit))

    def move(self, unit: BoardUnit, where: str) -> None:
        if unit.where == where:
            return
        self._set(unit, "where", where)

    def damage(self, unit: BoardUnit, damaged: bool = True) -> None:
        self._set(unit, "damaged", damaged)

    def embark(self, unit: BoardUnit, transport: int | None) -> None:
        """Put a land unit aboard a transport (None: it is unloaded)."""
        self._set(unit, "aboard", transport)

    def give(self, unit: BoardUnit, owner: str) -> None:
        """The unit changes hands (Italy's deal 4.16, Spain joining a side 4.17)."""
        self._set(unit, "owner", owner)

    def claim(self, unit: BoardUnit, zone: str | None) -> None:
        """A freighter's claim this turn (None: none), 4.2."""
        self._set(unit, "claimed_in", zone)

    def _set(self, unit: BoardUnit, name: str, value: Any) -> None:
        old = getattr(unit, name)
        if self._undo is not None:
            self._undo.append((self._set_back, unit, name, old))
        self._set_back(unit, name, value)

    def _set_back(self, unit: BoardUnit, name: str, value: Any) -> None:
        if name == "where" and unit.id in self._units:
            here = self._at[unit.where]
            here.remove(unit)
            if not here:
                del self._at[unit.where]
            object.__setattr__(unit, name, value)
            bisect.insort(self._at.setdefault(value, []), unit, key=_seq)
            return
        object.__setattr__(unit, name, value)

    def _insert(self, unit: BoardUnit) -> None:
        if self._units and unit.seq < next(reversed(self._units.values())).seq:
            self._unsorted = True
        self._units[unit.id] = unit
        bisect.insort(self._at.setdefault(unit.where, []), unit, key=_seq)

    def _take_out(self, unit: BoardUnit) -> None:
        del self._units[unit.id]
        here = self._at[unit.where]
        here.remove(unit)
        if not here:
            del self._at[unit.where]

    # ------------------------------------------------------------------ the dice log
    def logged(self) -> int:
        """Entries in the whole log (before this turn and in it)."""
        return len(self._old_log) + len(self.log)

    # ------------------------------------------------------------------ undo
    def checkpoint(self) -> Checkpoint:
        """Remember the position as it is now (cheap: the undo log starts recording)."""
        if self._undo is None:
            self._undo = []
        self._open += 1
        return Checkpoint(len(self._undo), len(self.log), pickle.dumps(self.extra, protocol=pickle.HIGHEST_PROTOCOL))

    def rollback(self, checkpoint: Checkpoint) -> None:
        """Back to the checkpoint: every change since is undone."""
        undo = self._undo
        while len(undo) > checkpoint.undone_to:
            step = undo.pop()
            step[0](*step[1:])
        del self.log[checkpoint.logged:]
        self.extra = pickle.loads(checkpoint.extra)
        self._close()

    def release(self, checkpoint: Checkpoint) -> None:
        """The changes since the checkpoint stay."""
        self._close()

    def _close(self) -> None:
        self._open -= 1
        if not self._open:
            self._undo = None

    # ------------------------------------------------------------------ the rules' questions
    def at_war(self, a: str | None, b: str | None) -> bool:
        return sides_at_war(self.board, self.us_at_war, a, b)

    def friendly(self, a: str | None, b: str | None) -> bool:
        return friendly(self.board, a, b)

    def aligned(self, territory) -> str | None:
        return alignment(self.extra.get("alignments", {}), territory)

    def owners_in(self, territory: str) -> set[str]:
        return {u.owner for u in self._at.get(territory, ())}

    def is_contested(self, territory: str) -> bool:
        """A land territory holding units of two powers at war (RULES.md 3.1)."""
        if self.board.territories[territory].sea:
            return False
        return contested_among(self.board, self.us_at_war,
                               {u.owner for u in self._at.get(territory, ()) if u.holds_land})

    def controller(self, territory: str) -> str | None:
        """Who controls a territory now: nobody while it is contested."""
        return None if self.is_contested(territory) else self.control.get(territory)

    def contested_territories(self) -> set[str]:
        territories = self.board.territories
        return {name for name in self._at if not territories[name].sea and self.is_contested(name)}

    def incomes(self) -> dict[str, int]:
        return incomes_from(self.board, self.control, self.contested_territories())

    def income(self, power: str) -> int:
        return self.incomes().get(power, 0)


def _seq(unit: BoardUnit) -> int:
    return unit.seq


def _copy(value: Any) -> Any:
    """A copy of JSON data sharing no container with it."""
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
