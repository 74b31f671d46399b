"""A Diplomacy game as a Variant: state as JSON, the season/phase cycle, seat orders, reports.

Variants (rx07) subclass `DiplomacyGame` and override hooks: `game_map`, `powers_of`,
`civil_disorder_powers`, `extra_adjustment`, `victory`, `on_new_phase`.
"""
from __future__ import annotations

import random
from operator import itemgetter
from typing import Mapping, Sequence

from engine.errors import OrderError, StateError
from engine.variant import ChoiceGroup, PhaseResult, State, Variant

from . import report
from .choices import adjustment_choices, movement_choices, retreat_choices
from .map import DiplomacyMap
from .movement import resolve_movement
from .orders import MOVEMENT_ORDERS, Build, Order, Unit, Waive
from .parser import parse_order
from .position import board_dislodged, board_units, unit_from_json, unit_to_json
from .retreats import adjustment_counts, resolve_adjustments, resolve_retreats, retreat_options
from .sheets import SheetChecks

SEASONS = ("spring", "fall", "winter")
EDITION = "2023"


# Stored units already found sound, as values: (kind, power, location) -> Unit. A position is
# read on every sheet checked and every phase adjudicated; its units are mostly ones seen before.
_SOUND_UNITS: dict[tuple[str, str, str], Unit] = {}
_SOUND_KEPT = 8192
_UNIT_FIELDS = itemgetter("kind", "power", "loc")


MOVEMENT_ORDER_TYPES = frozenset(MOVEMENT_ORDERS)
# what every phase's adjudication writes anew into the next state
_REBUILT = frozenset(("units", "resolved", "eliminated"))


def _fresh(value):
    """A copy of a stored value's containers (dicts and lists, as JSON holds them)."""
    if isinstance(value, dict):
        return {k: _fresh(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def _sound_unit(key, data) -> Unit:
    """The unit of one stored record, or StateError naming what is wrong with it: an army or
    fleet of a power, where such a unit can stand on the standard map."""
    if not isinstance(data, Mapping) or data.get("kind") not in ("A", "F") or \
            not isinstance(data.get("power"), str) or not isinstance(data.get("loc"), str):
        raise StateError(f"the unit in {str(key)[:20]} is not an army or fleet of a power")
    if not DiplomacyMap.standard().can_hold(data["kind"], data["loc"]):
        raise StateError(f"{'an army' if data['kind'] == 'A' else 'a fleet'} cannot stand in {data['loc'][:20]}")
    unit = unit_from_json(data)
    if type(data["kind"]) is str and type(data["power"]) is str and type(data["loc"]) is str \
            and len(_SOUND_UNITS) < _SOUND_KEPT:
        _SOUND_UNITS[(unit.kind, unit.power, unit.loc)] = unit
    return unit


class DiplomacyGame(SheetChecks, Variant):
    """Standard Diplomacy machinery; a subclass says who plays which powers and adds rules."""

    powers: tuple[str, ...] = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    # Diplomacy games may end in a draw all surviving players agree to.
    draws_allowed = True

    # ---------------------------------------------------------------- hooks
    def game_map(self, state: State) -> DiplomacyMap:
        return DiplomacyMap.standard()

    def powers_of(self, state: State, seat: str) -> tuple[str, ...]:
        """The powers whose units a seat orders in this phase."""
        return (seat,)

    def civil_disorder_powers(self, state: State) -> set[str]:
        """Powers that give no orders: units hold, retreats disband, builds are waived."""
        return set()

    def extra_adjustment(self, state: State, orders: Mapping[str, Sequence[str]],
                         units: dict[str, Unit], rng: random.Random) -> list[str]:
        """Variant rules applied in the adjustment phase; may change `units`; returns report lines."""
        return []

    def extra_adjustment_due(self, state: State) -> bool:
        return False

    def extra_adjustment_seats(self, state: State) -> set[str]:
        return set()

    def check_extra_order(self, state: State, seat: str, text: str) -> str | None:
        """A variant order (canonical text) or None if `text` is not one."""
        return None

    def edition(self, state: State) -> str:
        """The rulebook edition the adjudicator follows where editions differ (DATC readings):
        a game option where the variant offers one, else the 2023 rules."""
        return str(state.get("options", {}).get("edition", EDITION))

    def power_label(self, state: State, power: str) -> str:
        """How a power is named in status texts (a variant may add its side)."""
        return power

    def closed_reason(self, state: State, province: str) -> str | None:
        """Why `province` cannot be entered now, in the variant's words (None: the map's)."""
        return None

    def check_sheet(self, state: State, seat: str, lines: Sequence[str]) -> None:
        """Variant checks of a whole sheet (orders that conflict); raise OrderError."""

    def on_new_phase(self, state: State, rng: random.Random) -> list[str]:
        """Called when the game enters a new phase; may change `state`; returns announcements."""
        return []

    def victory(self, state: State) -> tuple[str, ...]:
        return ()

    def victory_reason(self, state: State, winner: str) -> str:
        """Why `winner` won, with the rule and the numbers, for the announcement."""
        return "the victory condition is met"

    def civil_disorder_note(self, state: State, power: str) -> str:
        """What the results say under the header of a power in civil disorder."""
        return "in civil disorder: its units hold, its dislodged units disband, it builds nothing"

    def civil_disorder_announcement(self, state: State, power: str) -> str:
        """Said once, with the results of the phase after which `power` falls into civil disorder."""
        return (f"⚠️ {power} falls into civil disorder: from now on its units hold, its dislodged units "
                f"disband and it builds nothing.")

    def _waived_reasons(self, state: State, lines: Sequence[str], given: Sequence[tuple[str, Order]],
                        adjusted: dict[str, Unit], dmap: DiplomacyMap) -> list[str]:
        """`Germany: 1 build(s) waived` says why: no home centre left free to build in, civil
        disorder, waived by order, or simply not ordered."""
        disorder = self.civil_disorder_powers(state)
        waived_by_order = {power for power, order in given if isinstance(order, Waive)}
        out = []
        for line in lines:
            power, _, what = line.partition(": ")
            if what.endswith("build(s) waived"):
                n = int(what.split()[0])
                free = [h for h in dmap.home_centers.get(power, ())
                        if state["owners"].get(h) == power and h not in adjusted]
                if power in disorder:
                    why = "civil disorder"
                elif not free:
                    why = "no home centre of " + power + " is free to build in"
                elif power in waived_by_order:
                    why = "waived by order"
                else:
                    why = "no build ordered; free: " + ", ".join(dmap.label(h) for h in sorted(free))
                line = f"{power}: {n} build{'s' if n > 1 else ''} waived ({why})"
            out.append(line)
        return out

    # ---------------------------------------------------------------- Variant API
    def phase_label(self, state: State) -> str:
        return f"{state['season'].capitalize()} {state['year']} {state['phase'].capitalize()}"

    def seats_to_act(self, state: State) -> tuple[str, ...]:
        return tuple(seat for seat in self.seats(state.get("options", {})) if self._has_orders(state, seat))

    def _has_orders(self, state: State, seat: str) -> bool:
        powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
        if state["phase"] == "movement":
            return any(u["power"] in powers for u in state["units"].values())
        if state["phase"] == "retreat":
            return any(d["unit"]["power"] in powers for d in state.get("dislodged", {}).values())
        return any(self._adjustment_owed(state, power) for power in powers) or (
            self.extra_adjustment_due(state) and seat in self.extra_adjustment_seats(state))

    def _adjustment_owed(self, state: State, power: str) -> bool:
        """Must `power` remove units, or can it build at least one?"""
        units = board_units(state)
        owed = adjustment_counts(units, state["owners"], [power])[power]
        if owed < 0:
            return True
        dmap = self.game_map(state)
        homes = dmap.home_centers.get(power, ())
        return owed > 0 and any(state["owners"].get(h) == power and h not in units for h in homes)

    def check_state(self, state: State) -> None:
        """Every unit of a stored position is an army or fleet of a power, where such a unit can
        stand on the standard map; a damaged one is refused by name."""
        self.read_board(state)

    def read_board(self, state: State) -> dict[str, Unit]:
        """The position's units as values, read in the same pass that checks them as
        `check_state` does (raises StateError the same way)."""
        units = state.get("units") if isinstance(state, Mapping) else None
        if not isinstance(units, Mapping):
            raise StateError("the stored position has no units")
        if set(map(type, units.values())) <= {dict}:
            try:
                return dict(zip(units, map(_SOUND_UNITS.__getitem__, map(_UNIT_FIELDS, units.values()))))
            except (KeyError, TypeError):
                pass              # a unit not met before, or a damaged record: read one by one
        return {key: _sound_unit(key, data) for key, data in units.items()}

    def order_help(self, state: State) -> str:
        """The forms of this phase's orders, with placeholders (a brief gives the reader's own)."""
        return {"movement": "Orders: `A <from> - <to>` (move), `A <place> S A <from> - <to>` (support), "
                            "`F <sea> C A <from> - <to>` (convoy), `A <place> H` (hold).",
                "retreat": "Retreats: `A <place> R <to>` (or `A <place> - <to>`), `A <place> D` to disband.",
                "adjustment": "Adjustments: `Build A <home centre>`, `Build F <home centre>`, "
                              "`Remove A <place>`, `Waive`."}[state["phase"]]

    def phase_brief(self, state: State, seat: str) -> str:
        dmap = self.game_map(state)
        powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
        lines = [self.order_help(state)]
        if state["phase"] == "retreat":
            units = board_units(state)
            for prov, d in sorted(board_dislodged(state).items()):
                if d.unit.power in powers:
                    options = retreat_options(dmap, units, prov, d, state.get("contested", []))
                    lines.append(f"{d.unit.power} {d.unit} must retreat to "
                                 + (" or ".join(dmap.label(o) for o in options) or "nowhere") + " or disband.")
        elif state["phase"] == "adjustment":
            counts = adjustment_counts(board_units(state), state["owners"], sorted(powers))
            for power, owed in counts.items():
                if owed > 0:
                    lines.append(f"{power} may build {owed} unit(s).")
                elif owed < 0:
                    lines.append(f"{power} must remove {-owed} unit(s).")
            if self.extra_adjustment_due(state) and seat in self.extra_adjustment_seats(state):
                lines.append(self.extra_adjustment_help(state))
        else:
            by_power: dict[str, list[str]] = {}
            for unit in board_units(state).values():
                if unit.power in powers:
                    by_power.setdefault(unit.power, []).append(f"{unit.kind} {dmap.label(unit.loc)}")
            lines.append("Your units: " + "; ".join(f"{power}: {', '.join(sorted(units))}"
                                                    for power, units in sorted(by_power.items())))
        examples = self.example_orders(state, seat)
        if examples:
            what = {"movement": "Orders", "retreat": "Retreats", "adjustment": "Adjustments"}[state["phase"]]
            lines[0] = f"{what}, for example: " + ", ".join(f"`{e}`" for e in examples) + "."
            if state["phase"] != "movement":
                lines[0] += " Or pick from the menus below."
        return "\n".join(lines)

    def example_orders(self, state: State, seat: str) -> list[str]:
        """A move, a support of it and a hold, each legal for this seat right now; in a retreat
        phase a retreat and a disband of its own dislodged unit, in an adjustment phase its own
        first build or removal (and `Waive`) — all from the phase's legal orders."""
        if state["phase"] != "movement":
            choices = self.order_choices(state, seat)
            out = []
            for start in ("Build A", "Build F", "Remove", "America") if state["phase"] == "adjustment" else ():
                # a second build example in another centre: two builds in one centre cannot both stand
                taken = {c.split()[-1].split("/")[0] for c in out if c.startswith("Build")}
                fresh = [c for c in choices if c.startswith(start) and c.split()[-1].split("/")[0] not in taken]
                out += (fresh or [c for c in choices if c.startswith(start)])[:1]
            if state["phase"] == "retreat":
                out = [c for c in choices if " R " in c][:1] + [c for c in choices if c.endswith(" D")][:1]
            return out + (["Waive"] if "Waive" in choices else [])
        dmap = self.game_map(state)
        powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
        own = [u for _, u in sorted(board_units(state).items()) if u.power in powers]
        for unit in own:
            steps = dmap.army_neighbours(unit.province) if unit.kind == "A" else dmap.fleet_neighbours(unit.loc)
            for step in sorted(steps):
                move = self._legal(state, seat, f"{unit.kind} {dmap.label(unit.loc)} - {dmap.label(step)}")
                if move is None:
                    continue
                examples = [move]
                for helper in own:
                    if helper is unit:
                        continue
                    support = self._legal(state, seat, f"{helper.kind} {dmap.label(helper.loc)} S {move}")
                    if support is not None:
                        examples.append(support)
                        break
                hold = next((u for u in own if u is not unit), unit)
                examples.append(f"{hold.kind} {dmap.label(hold.loc)} H")
                return examples
        return []

    def order_choices(self, state: State, seat: str) -> list[str]:
        """Movement: holds, moves and supports of the seat's units; retreats and disbands of its
        dislodged units; builds, removals and `Waive` — each checked as the seat would type it."""
        if state["phase"] == "movement":
            dmap = self.game_map(state)
            powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
            candidates = movement_choices(dmap, board_units(state), powers)
        else:
            groups = self.choice_groups(state, seat)
            candidates = [option for group in groups for option in group.options]
            if state["phase"] == "adjustment" and any(g.key.startswith("build/") for g in groups):
                candidates.append("Waive")
        return [line for line in (self._legal(state, seat, c) for c in candidates) if line is not None]

    def choice_groups(self, state: State, seat: str, lines: Sequence[str] = ()) -> list[ChoiceGroup]:
        """A menu per dislodged unit (its retreats, or disband) and per power owing builds or
        removals (pick up to the number owed)."""
        dmap = self.game_map(state)
        powers = set(self.powers_of(state, seat)) - self.civil_disorder_powers(state)
        units = board_units(state)
        if state["phase"] == "retreat":
            groups = retreat_choices(dmap, units, board_dislodged(state), powers, state.get("contested", []))
            return [ChoiceGroup(f"retreat/{prov}", f"{options[-1][:-2]} retreats to… (or disbands)",
                                tuple(options)) for prov, options in groups.items()]
        if state["phase"] == "adjustment":
            out = []
            for power, (owed, options) in adjustment_choices(dmap, units, state["owners"], powers).items():
                if not options or (owed > 0 and not self._adjustment_owed(state, power)):
                    continue
                kind = "builds" if owed > 0 else "removes"
                out.append(ChoiceGroup(f"{'build' if owed > 0 else 'remove'}/{power}",
                                       f"{power} {kind} (up to {abs(owed)})" if owed > 0
                                       else f"{power} removes {-owed}", tuple(options[:25]),
                                       min(abs(owed), len(options[:25])), ("Waive",) if owed > 0 else ()))
            return out
        return []

    def name_choices(self, state: State, text: str) -> list[str]:
        dmap = self.game_map(state)
        key = " ".join(text.lower().split())
        names = sorted({dmap.label(code) + f" ({p.name})" for code, p in dmap.provinces.items()
                        if code.startswith(key) or p.name.lower().startswith(key)})
        return names or dmap.closest(text)

    def _legal(self, state: State, seat: str, line: str) -> str | None:
        try:
            return self.check_orders(state, seat, [line])[0]
        except OrderError:
            return None

    def extra_adjustment_help(self, state: State) -> str:
        return ""

    # ---------------------------------------------------------------- adjudication
    def adjudicate(self, state: State, orders: Mapping[str, Sequence[str]], rng: random.Random) -> PhaseResult:
        units = self.read_board(state)
        dmap = self.game_map(state)
        given: list[tuple[str, Order]] = []
        disorder = self.civil_disorder_powers(state)
        phase = state["phase"]
        for seat, lines in orders.items():
            powers = set(self.powers_of(state, seat)) - disorder
            for line in lines:
                try:
                    order = parse_order(line, dmap, phase)
                except OrderError:
                    continue   # variant orders (e.g. rx07's `America`) are read by the hooks
                if phase == "movement" and type(order) in MOVEMENT_ORDER_TYPES:
                    unit = units.get(order.province)       # `_power_for` of a unit's order
                    power = unit.power if unit is not None else None
                else:
                    power = self._power_for(state, order, units, dmap)
                if power in powers:
                    given.append((power, order))
        # the new position shares no container with the one given, so changing it (the owners
        # after a fall, the next phase) never changes the caller's: the engine is pure
        new = {k: v if k in _REBUILT else _fresh(v) for k, v in state.items()}
        lines_out: list[str] = []
        if state["phase"] == "movement":
            result = resolve_movement(dmap, units, given, self.edition(state))
            # which of the phase's orders failed, by the ordering unit's province, for the
            # results map (a bounced move or a cut support is drawn as failed)
            new["resolved"] = {unit.province: ok for unit, _, ok, _ in result.outcomes}
            new["units"] = {p: {"kind": u.kind, "power": u.power, "loc": u.loc}      # unit_to_json
                            for p, u in sorted(result.units.items())}
            new["dislodged"] = {p: {"unit": unit_to_json(d.unit), "attacker_from": d.attacker_from,
                                    "by_convoy": d.by_convoy} for p, d in result.dislodged.items()}
            new["contested"] = sorted(result.contested)
            # units that leave the board this phase, for the results map to cross out where they
            # stood (a dislodged unit with no retreat is destroyed at once)
            new["eliminated"] = []
            retreats: dict[str, list[str]] = {}
            for prov, d in result.dislodged.items():
                options = retreat_options(dmap, result.units, prov, d, result.contested)
                retreats[prov] = [dmap.label(o) for o in options]
                if not options:
                    del new["dislodged"][prov]
                    new["eliminated"].append({"unit": unit_to_json(d.unit), "how": "destroyed",
                                              "attacker_from": d.attacker_from})
            sections = report.movement_lines(dmap, units, given, result, retreats)
        elif state["phase"] == "retreat":
            outcome = resolve_retreats(dmap, units, board_dislodged(state), state.get("contested", []), given)
            # a retreat that was not carried out (bounced, impossible, none given, civil disorder)
            # is a disbanded unit
            new["resolved"] = {prov: prov in outcome.succeeded for prov in state.get("dislodged", {})}
            new["eliminated"] = [{"unit": dict(d["unit"]), "how": "disbanded"}
                                 for prov, d in sorted(state.get("dislodged", {}).items())
                                 if prov not in outcome.succeeded]
            sections = report.grouped(line.replace("(no retreat order)", "(civil disorder)")
                                      if line.split(":")[0] in disorder else line for line in outcome.lines)
            new["units"] = {p: unit_to_json(u) for p, u in sorted(outcome.units.items())}
            new["dislodged"], new["contested"] = {}, []
        else:
            new["resolved"] = {}
            outcome = resolve_adjustments(dmap, units, state["owners"], given, self.powers, self.edition(state))
            adjusted = dict(outcome.units)
            sections = report.grouped(self._waived_reasons(state, outcome.lines, given, adjusted, dmap))
            lines_out.extend(self.extra_adjustment(state, orders, adjusted, rng))
            new["units"] = {p: unit_to_json(u) for p, u in sorted(adjusted.items())}
            new["eliminated"] = [{"unit": unit_to_json(u), "how": "removed"}
                                 for p, u in sorted(units.items()) if adjusted.get(p) != u]
        labels = {p: self.power_label(state, p)[len(p):] for p in sections}
        notes = {p: self.civil_disorder_note(state, p) for p in disorder}
        # what no power's section holds (an American army landing) first, then the powers'
        lines_out.append(report.render(sections, self.powers, labels, notes))
        lines_out = [line for line in lines_out if line]
        announcements = self._advance(new, rng)
        for power in sorted(self.civil_disorder_powers(new) - disorder):
            announcements.append(self.civil_disorder_announcement(new, power))
        # Victory is judged on a settled position: while dislodged units may still retreat, the
        # count of pieces on the board is not final.
        winners = self.victory(new) if new["phase"] != "retreat" else ()
        if len(winners) > 1:
            # No side was "the first" to meet the victory rule: the game ends drawn.
            announcements.append(f"🤝 {' and '.join(winners)} meet the victory condition in the same "
                                 f"position: the game is drawn.")
            return PhaseResult(new, "\n".join(lines_out) or "Nothing happened.", finished=True, winners=(),
                               announcements=tuple(announcements))
        if winners:
            announcements.append(f"🏆 {winners[0]} wins: {self.victory_reason(new, winners[0])}.")
        return PhaseResult(new, "\n".join(lines_out) or "Nothing happened.", finished=bool(winners),
                           winners=winners, announcements=tuple(announcements))

    def _power_for(self, state: State, order: Order, units: dict[str, Unit], dmap: DiplomacyMap) -> str | None:
        if isinstance(order, Build):
            return dmap.home_power(order.province)
        if isinstance(order, Waive):
            return None
        if state["phase"] == "retreat":
            d = state.get("dislodged", {}).get(order.province)
            return d["unit"]["power"] if d else None
        unit = units.get(order.province)
        return unit.power if unit else None

    def _advance(self, state: State, rng: random.Random) -> list[str]:
        """Move `state` to the next phase that needs anyone's orders."""
        announcements: list[str] = []
        while True:
            season, phase = state["season"], state["phase"]
            if phase == "movement" and state.get("dislodged"):
                state["phase"] = "retreat"
            elif season == "spring":
                state["season"], state["phase"] = "fall", "movement"
            elif season == "fall" and phase in ("movement", "retreat"):
                self._take_centres(state)
                state["season"], state["phase"] = "winter", "adjustment"
            else:
                state["season"], state["phase"] = "spring", "movement"
                state["year"] += 1
            announcements.extend(self.on_new_phase(state, rng))
            # a retreat phase always runs (civil-disorder units disband in it); an adjustment
            # phase only when some power must build or remove, or a variant rule is due
            if state["phase"] != "adjustment" or self.victory(state) or self._adjustment_needed(state):
                return announcements

    def _adjustment_needed(self, state: State) -> bool:
        """Must some power build or remove (what `_adjustment_owed` asks of each power), or is a
        variant rule due?"""
        if self.extra_adjustment_due(state):
            return True
        units = board_units(state)
        owners = state["owners"]
        homes = None
        for power, owed in adjustment_counts(units, owners, self.powers).items():
            if owed < 0:
                return True
            if owed > 0:
                homes = homes or self.game_map(state).home_centers
                if any(owners.get(h) == power and h not in units for h in homes.get(power, ())):
                    return True
        return False

    def _take_centres(self, state: State) -> None:
        """After the fall moves and retreats, a unit standing on a supply centre owns it."""
        dmap = self.game_map(state)
        owners = dict(state["owners"])
        for prov, unit in state["units"].items():
            if dmap.provinces[prov].supply_center:
                owners[prov] = unit["power"]
        state["owners"] = owners

    def describe(self, state: State, seat: str | None = None) -> str:
        counts: dict[str, list[int]] = {}
        for owner in state["owners"].values():
            counts.setdefault(owner, [0, 0])[0] += 1
        for unit in state["units"].values():
            counts.setdefault(unit["power"], [0, 0])[1] += 1
        lines = [self.phase_label(state)]
        for power in self.powers:
            if power in counts:
                sc, n = counts[power]
                mine = [f"{u['kind']} {DiplomacyMap.standard().label(u['loc'])}"
                        for u in state["units"].values() if u["power"] == power]
                lines.append(f"{self.power_label(state, power)}: {sc} centres, {n} units — "
                             f"{', '.join(sorted(mine)) or 'none'}")
        return "\n".join(lines)
