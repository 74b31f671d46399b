"""Axis & Allies 1914 under the Tournament Rules as a Dispatch variant.

One service phase is one power's turn, in the rulebook's order. The active power's player
gives all the turn's orders (buy, move, attack, break off/retreat, place) and marks ready;
any player may set their powers' order of loss (`casualties …`) at any time, which is how a
defender overrides the default within the deadline.
"""
from __future__ import annotations

import itertools
import random
from typing import Mapping, Sequence

from engine.errors import IllegalOrder, OrderError, RulesError, StateError
from engine.variant import ChoiceGroup, OptionSpec, PhaseResult, State, Variant

from .auction import auction_state_lines, open_auction
from .board import board_for, standard_board
from .house.catalog import HOUSE_OPTIONS
from .house.registry import house_rules, rules_for
from .italy import check_promise
from .key_events import key_events
from .model import GameState
from .orders import Buy, MoveOrder, Place, SeaDecision, orders_help, parse_order, words_in_force
from .phases import PHASES
from .setup import initial_state
from .standing import apply_standing, standing_field
from .state import income, incomes
from .tournament import KEY_CAPITAL, capital_victory, capitals_held, economic_victory, victory_points
from .turn import Turn
from .units import HOUSE_UNITS, UNIT_TYPES, unit_name


# What a player needs at hand (`/rules`), from seed 001 (Tournament Rules, final edition).
TOURNAMENT_ESSENTIALS = """**Axis & Allies 1914 — Larry Harris' Tournament Rules** (the base rulebook applies otherwise; no Russian Revolution).
**Winning**: capture two enemy capitals (Central Powers: one must be Paris; Allies: one must be Berlin), or, at the end of the last round, have the most victory points: the IPC value of enemy *homeland* territories your alliance controls or contests (each counted once).
**Collapse**: economic collapse is checked at the start of a power's turn, political collapse at its end, against the IPC value of its homeland territories captured or contested by enemies — Austria-Hungary 13/16, Russia 13/15, Germany 16/18, France 8/10, Britain 5/7, Ottomans 7/9, Italy 7/9. Economic: no purchases, no income until it recovers. Political: the power surrenders and leaves the game; its treasury goes to the first enemy to take its capital.
**Movement**: every unit moves two spaces; land units move one when entering hostile or neutral territory or leaving a contested one, and stop on entering a contested territory or a friendly minor for the first time. Ships starting at a friendly naval base move one more; ships stop on entering a mined zone.
**Naval retreats**: the attacker may break off, or retreat every attacking ship (not submerged subs) to one adjacent friendly zone it came from; transports may not offload after retreating.
**Unrestricted submarine warfare**: each German sub rolls a die; rolls of 3 or less are deducted from the British or US income.
Orders: `buy 3 infantry`, `move 2 infantry Berlin - Silesia`, `attack Picardy`, `place 3 infantry Berlin`, `casualties infantry, artillery`; `/odds` works out any battle."""


class AA1914Variant(Variant):
    key = "aa1914"
    title = "Axis & Allies 1914 (Tournament Rules)"
    summary = ("Eight powers, Central Powers against the Allies, under Larry Harris' Tournament Rules: "
               "2-space movement, collapse, two-capital and economic victory.")

    def rules_summary(self, options) -> str:
        """The Tournament Rules' essentials, then each house option in force with its section."""
        in_force = super().rules_summary(options).split("\n")[1:]
        orders = [f"• {line}" for line in orders_help(options)[1]]
        return "\n".join([TOURNAMENT_ESSENTIALS, *in_force, *(["**Orders these options add**", *orders] if orders else [])])

    def option_specs(self):
        return (OptionSpec("end_round", "round after which economic victory decides (0: play to capitals)", 0),
                OptionSpec("tournament_setup", "apply the Tournament Rules' setup changes", True)) + HOUSE_OPTIONS

    @property
    def board(self):
        return standard_board()

    def board_of(self, state_or_options: dict):
        if "units" in state_or_options:
            state = state_or_options
            return board_for(state.get("options", {}), state.get("italy", {}).get("status"))
        return board_for(state_or_options)

    def seat_aliases(self) -> dict[str, str]:
        return {"austria": "Austria-Hungary", "a-h": "Austria-Hungary", "ah": "Austria-Hungary",
                "austria hungary": "Austria-Hungary", "russian empire": "Russia", "germany": "Germany",
                "uk": "British Empire", "britain": "British Empire", "great britain": "British Empire",
                "british": "British Empire", "england": "British Empire", "turkey": "Ottoman Empire",
                "ottomans": "Ottoman Empire", "ottoman": "Ottoman Empire", "usa": "United States",
                "us": "United States", "america": "United States", "united states of america": "United States",
                "french": "France", "italian": "Italy", "german": "Germany", "russian": "Russia"}

    def seats(self, options):
        return board_for(options).turn_order

    def alliances(self, options) -> dict[str, tuple[str, ...]]:
        """The Central Powers and the Allies; under the Italian dilemma (4.16) Italy starts on
        neither side."""
        # board_for sets Italy apart only in a game of the Italian Dilemma
        return {side: tuple(seats) for side, seats in board_for(dict(options), "neutral").sides.items()}

    def initial_state(self, options, rng: random.Random) -> State:
        return initial_state(board_for(options), dict(options))

    def active(self, state: State) -> str:
        return self.board_of(state).turn_order[state["turn"]]

    def phase_label(self, state: State) -> str:
        if state.get("winner"):
            return f"Round {state['round']}: game over"
        phase = PHASES.get(state.get("phase"))
        if phase is not None:
            return phase.label(self.board_of(state), state)
        return f"Round {state['round']}: {self.active(state)}"

    def seats_to_act(self, state: State) -> tuple[str, ...]:
        if state.get("winner"):
            return ()
        phase = PHASES.get(state.get("phase"))
        if phase is not None:
            return phase.seats_to_act(self.board_of(state), state)
        return (self.active(state),)

    def may_order(self, state: State, seat: str) -> bool:
        if state.get("phase") in PHASES:
            return seat in self.seats_to_act(state)
        return not state.get("winner") and seat in self.board_of(state).turn_order

    def missing_orders(self, state: State, seat: str, lines: Sequence[str]) -> list[str]:
        """What /ready asks a player to confirm leaving out. Base rules: "Austria-Hungary must attack
        Serbia on its first turn, starting the war" (docs/rulings.md); house rule 4.2: "The Freighter
        must move every turn"."""
        if state.get("phase") in PHASES or seat != self.active(state):
            return []
        missing = []
        orders = []
        for line in lines:
            try:
                orders.append(parse_order(line, self.board_of(state), state.get("options", {})))
            except OrderError:
                continue
        missing += self._purchase_gaps(state, seat, orders)
        for rule in house_rules(state.get("options", {})):
            missing += rule.sheet_gaps(state, seat, orders)
        if seat != "Austria-Hungary" or state.get("round") != 1:
            return missing
        for line in lines:
            words = line.replace(":", " ").split()
            if words and words[0].lower() in ("move", "attack") and "serbia" in line.lower().split("-")[-1]:
                return missing
        return missing + ["Austria-Hungary must attack Serbia in its first turn (base rules), e.g. "
                          "`move 3 infantry, 1 artillery Budapest - Serbia`; without it the war starts without that attack"]

    def _purchase_gaps(self, state: State, seat: str, orders: list) -> list[str]:
        """Units bought but given no place (RULES.md 1.4: they are mobilized at the first legal
        place) and money that could still buy an infantry (it stays in the treasury)."""
        rules = rules_for(state.get("options", {}))
        bought: dict[str, int] = {}
        placed: dict[str, int] = {}
        spent = 0
        for order in orders:
            if isinstance(order, Buy):
                for kind, n in order.units:
                    bought[kind] = bought.get(kind, 0) + n
                    spent += rules.cost(kind) * n
            elif isinstance(order, Place):
                for kind, n in order.units:
                    placed[kind] = placed.get(kind, 0) + n
        gaps = []
        unplaced = {kind: n - placed.get(kind, 0) for kind, n in bought.items() if n > placed.get(kind, 0)}
        if unplaced:
            words = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in unplaced.items())
            gaps.append(f"bought but not placed: {words}; they will be mobilized at the first legal place "
                        f"(your capital for land units), or say where, e.g. `place {words} <territory>`")
        left = state["treasury"].get(seat, 0) - spent
        if left >= rules.cost("infantry"):
            gaps.append(f"{left} IPCs left unspent (they stay in your treasury for a later turn)")
        return gaps

    def check_state(self, state: State) -> None:
        game = self.typed_state(state)
        # a house unit exists only through its option (units.HOUSE_UNITS): a truck on the board of
        # a game played without `trucks` is a state that contradicts its own options
        allowed = rules_for(game.options).house_units
        stray = next((u for u in game.units if u.type in HOUSE_UNITS and u.type not in allowed), None)
        if stray is not None:
            raise StateError(f"unit {stray.id} is a {unit_name(stray.type)}, but the game is played without "
                             f"the `{HOUSE_UNITS[stray.type]}` option")

    def typed_state(self, state: State) -> GameState:
        """The stored JSON as a typed `model.GameState`, refusing a damaged one by name. The board
        depends on the options, so the structure is read before places are checked against it."""
        game = GameState.from_json(state)
        board = self.board_of(state)
        stray = next((u for u in game.units if u.where not in board.territories), None)
        if stray is not None:
            raise StateError(f"unit {stray.id} ({unit_name(stray.type)}) stands nowhere on the map: {stray.where[:30]}")
        return game

    def check_orders(self, state: State, seat: str, lines: Sequence[str], existing: Sequence[str] = ()) -> list[str]:
        self.check_state(state)
        return self._checked(state, seat, lines, existing)

    def sheet_checker(self, state: State, seat: str):
        """One line at a time over a state that passed `check_state`: the state is not parsed
        again, each line is parsed once, and the turn's start is set up once for the sheet."""
        return SheetChecker(self, state, seat)

    def _checked(self, state: State, seat: str, lines: Sequence[str], existing: Sequence[str] = (),
                 sheet: "SheetChecker | None" = None) -> list[str]:
        """`check_orders` on a state already known to be sound (suggestions check many lines;
        `sheet` keeps what a submission's lines share)."""
        board = self.board_of(state)
        phase = PHASES.get(state.get("phase"))
        if phase is not None:
            return phase.check(board, state, seat, lines, existing)
        options = state.get("options", {})
        parse = sheet.parse if sheet is not None else (lambda text: parse_order(text, board, options))
        merged: list[str] = list(existing)
        for line in lines:
            order = parse(line)
            # checked on a copy: a standing order for a rule the game does not use is refused here
            if seat != self.active(state) and not apply_standing(dict(state), seat, order):
                standing = ", ".join(w.standing for w in words_in_force(options) if w.standing)
                raise IllegalOrder(f"it is {self.active(state)}'s turn: {seat} may only set `casualties …` and "
                                   f"other standing orders now ({standing})", line)
            text = order.text()
            key = _key(text, board)
            merged = [m for m in merged if key is None or _key(m, board) != key] + [text]
        if seat == self.active(state):
            orders = [parse(line) for line in merged]
            if sheet is not None:
                sheet.turn().trial(orders)
            else:
                Turn(board, state, seat, rng=None).play(orders)
        return merged

    def adjudicate(self, state: State, orders: Mapping[str, Sequence[str]], rng: random.Random) -> PhaseResult:
        self.check_state(state)
        board = self.board_of(state)
        # what the map marks of the phase just played (render/aa1914_orders.py): a new phase starts bare
        state = {k: v for k, v in state.items() if k not in ("turn_played", "destroyed")}
        phase = PHASES.get(state.get("phase"))
        if phase is not None:
            return phase.adjudicate(board, state, orders, rng)
        power = self.active(state)
        state["destroyed"] = []          # ledger.remove_losses lists the units battles destroy
        for seat, lines in orders.items():
            if seat != power:
                for line in lines:
                    apply_standing(state, seat, parse_order(line, board, state["options"]))
        mine = [parse_order(line, board, state["options"]) for line in orders.get(power, ())]
        turn = Turn(board, state, power, rng)
        new = turn.run(mine)
        new["turn_played"] = {"round": state["round"], "power": power, "log_from": len(state.get("log", []))}
        report = turn.report or [f"{power} passes."]
        announcements = []
        winner = capital_victory(board, new)
        if winner:
            new["winner"] = winner
            held = capitals_held(board, new, winner)
            announcements.append(f"🏆 The {winner} win: they hold {len(held)} enemy capitals ("
                                 + ", ".join(sorted(held)) + "); the rule is two, one of them "
                                 + KEY_CAPITAL[winner] + ".")
        else:
            announcements.extend(self._advance(new))
            board = self.board_of(new)
            end = int(new["options"].get("end_round") or 0)
            if end and new["round"] > end:
                winner, points = economic_victory(board, new)
                new["winner"] = winner or "draw"
                score = ", ".join(f"{side} {n}" for side, n in points.items())
                announcements.append(f"⏱️ Round {end} is over. Economic victory points: {score}. "
                                     + (f"🏆 The {winner} win!" if winner else "A draw."))
        winners = () if not new.get("winner") or new["winner"] == "draw" else tuple(board.sides[new["winner"]])
        italy = new.get("italy")
        if new.get("winner") and italy and italy["status"] in ("neutral", "alone") and \
                income(board, new, "Italy") >= 26:
            # 4.16: "If it is still neutral or at war with both when one of the alliances capitulates,
            # Italy will be victorious if it reaches an economic value of 26 IPCs."
            winners += ("Italy",)
        return PhaseResult(new, "\n".join(report), finished=bool(new.get("winner")), winners=winners,
                           announcements=tuple(announcements))

    def _advance(self, state: State) -> list[str]:
        """Move to the next power that still plays; returns announcements made on the way."""
        notes: list[str] = []
        order = self.board_of(state).turn_order
        for _ in range(len(order)):
            state["turn"] += 1
            if state["turn"] == len(order):
                state["turn"] = 0
                state["round"] += 1
                if state.get("italy"):
                    check_promise(state, state["round"] - 1, notes)
            italy = state.get("italy")
            if italy and order[state["turn"]] == "Italy" and state["round"] >= 2 \
                    and italy["status"] in ("neutral", "alone"):
                state["phase"] = "italy_demands"   # 4.16: the negotiation round before Italy's turn
            if state["collapsed"].get(order[state["turn"]]) not in ("political", "joined"):
                return notes
        return notes

    def order_help(self, state: State) -> str:
        """Every order word of the rules in force, with examples (the order table: orders.py)."""
        text, extra = orders_help(state.get("options", {}))
        return "\n".join([text, *(f"• {line}" for line in extra)]) if extra else text

    def phase_brief(self, state: State, seat: str) -> str:
        game = self.typed_state(state)
        board = self.board_of(state)
        phase = PHASES.get(state.get("phase"))
        if phase is not None:
            return phase.brief(board, state, seat)
        if seat != self.active(state):
            return (f"It is {self.active(state)}'s turn. You may set standing orders for {seat}: "
                    f"`casualties infantry, artillery, tank`, `submerge always`.")
        stacks = game.stacks_of(seat)
        where = "; ".join(f"{name}: " + ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in sorted(kinds.items()))
                          for name, kinds in sorted(stacks.items()))
        held = sorted(name for name, holder in state["control"].items() if holder == seat)
        examples = self.example_orders(state, seat)
        lines = [f"It is {seat}'s turn (round {state['round']}): treasury {state['treasury'][seat]} IPCs, "
                 f"income {income(board, state, seat)}.",
                 f"Your units — {where or 'none'}.",
                 f"Your territories ({len(held)}): {', '.join(held) or 'none'}."]
        if examples:
            lines.append("Orders, for example: " + ", ".join(f"`{e}`" for e in examples)
                         + ". Then `/ready`. `/rules` has the rest.")
        lines.extend(f"⚠️ {duty}." for duty in self.missing_orders(state, seat, []))
        return "\n".join(lines)

    def example_orders(self, state: State, seat: str) -> list[str]:
        """A purchase, a move and a placement, each legal for this power right now."""
        board = self.board_of(state)
        examples: list[str] = []

        def legal(line: str, existing: Sequence[str] = ()) -> bool:
            try:
                self._checked(state, seat, [line], existing)
                return True
            except RulesError:
                return False
            except Exception:  # noqa: BLE001 - an example is a courtesy, never an error
                return False

        if legal("buy 1 infantry"):
            examples.append("buy 1 infantry")
        for u in state["units"]:
            if u["owner"] != seat or u["type"] != "infantry":
                continue
            here = board.territories[u["where"]]
            for step in sorted(here.adjacent):
                if not board.territories[step].sea and legal(f"move 1 infantry {u['where']} - {step}"):
                    examples.append(f"move 1 infantry {u['where']} - {step}")
                    break
            if len(examples) > 1:
                break
        capital = board.capital_of(seat)
        if examples and examples[0].startswith("buy") and capital and legal(f"place 1 infantry {capital}",
                                                                              ["buy 1 infantry"]):
            examples.append(f"place 1 infantry {capital}")
        return examples

    def order_choices(self, state: State, seat: str) -> list[str]:
        """The example orders, a purchase of one of each unit type the power may buy, and the
        move of each of its stacks (all units of one type) to each neighbouring territory or
        sea zone — each checked by the rules before it is offered."""
        if state.get("phase") in PHASES or seat not in self.seats_to_act(state):
            return []
        game = self.typed_state(state)
        board = self.board_of(state)
        candidates = [f"buy 1 {kind.replace('_', ' ')}" for kind in UNIT_TYPES]
        for where, kinds in sorted(game.stacks_of(seat).items()):
            for kind, count in sorted(kinds.items()):
                for step in sorted(board.territories[where].adjacent):
                    candidates.append(f"move {count} {kind.replace('_', ' ')} {where} - {step}")
        out = []
        sheet = self.sheet_checker(state, seat)         # the turn's start is read once for every candidate
        for line in self.example_orders(state, seat) + candidates:
            try:
                checked = sheet(line, ())
            except Exception:  # noqa: BLE001 - a candidate the rules refuse is simply not offered
                continue
            if checked and checked[-1] not in out:
                out.append(checked[-1])
        return out

    def choice_groups(self, state: State, seat: str, lines: Sequence[str] = ()) -> list[ChoiceGroup]:
        """Answers that are a choice between a few words, offered as buttons or a menu: the
        auction's opening bids (several at once), threat and premium steps (house rules 4.9/4.10)
        and the alliances' answer to neutral Italy's demands (4.16). Higher maximum bids are typed."""
        phase = PHASES.get(state.get("phase"))
        if phase is None:
            return self._loss_order_menu(state, seat) + self._sea_battle_menus(state, seat, lines)
        if seat not in self.seats_to_act(state):
            return []
        options, prompt = phase.answers(self.board_of(state), state, seat)
        legal = tuple(line for line in options if self._answer_is_legal(state, seat, line))
        picks = max(1, min(phase.answer_picks(self.board_of(state), state), len(legal)))
        return [ChoiceGroup(f"answer/{phase.name}", prompt, legal, picks)] if legal else []

    LOSS_TYPES = ("infantry", "artillery", "tank", "fighter")

    def _loss_order_menu(self, state: State, seat: str) -> list[ChoiceGroup]:
        """The order of loss (RULES.md: the owner chooses casualties; `casualties …` is a standing
        order, set any time, also during an enemy's turn): every order of the four land types, 24
        in all, so the menu is an ordered choice. Other unit types are typed."""
        if seat not in self.board_of(state).turn_order:
            return []
        options = tuple("casualties " + ", ".join(order) for order in itertools.permutations(self.LOSS_TYPES))
        current = state.get("loss_orders", {}).get(seat)
        prompt = "Order of loss (first to die first)" + (f": now {', '.join(current)}"[:100] if current else "")
        return [ChoiceGroup("casualties/land", prompt[:150], options)]

    def _sea_battle_menus(self, state: State, seat: str, lines: Sequence[str]) -> list[ChoiceGroup]:
        """For each sea battle the active power's moves start (RULES.md: the attacker may break
        off after any round, or retreat its ships to a neighbouring zone): when to break off, or
        where to retreat and when — each option checked against the moves on the sheet."""
        if seat != self.active(state) or not lines:
            return []
        board = self.board_of(state)
        zones: list[str] = []
        for line in lines:
            try:
                order = parse_order(line, board, state.get("options", {}))
            except OrderError:
                continue
            path = getattr(order, "path", None) or ()
            if isinstance(order, MoveOrder) and path and board.territories[path[-1]].sea and path[-1] not in zones:
                zones.append(path[-1])
        menus = []
        for zone in zones[:2]:
            options = [f"break off {zone} after {n}" for n in (1, 2, 3)]
            options += [f"retreat {zone} to {step} after {n}" for step in sorted(board.territories[zone].adjacent)
                        if board.territories[step].sea for n in (1, 2)]
            legal = [o for o in options[:25] if self._answer_is_legal(state, seat, o, lines)]
            if legal:
                menus.append(ChoiceGroup(f"sea/{zone}", f"Sea battle in {zone}: break off or retreat…", tuple(legal)))
        return menus

    def _answer_is_legal(self, state: State, seat: str, line: str, existing: Sequence[str] = ()) -> bool:
        try:
            self._checked(state, seat, [line], existing)
        except RulesError:
            return False
        return True

    def name_choices(self, state: State, text: str) -> list[str]:
        board = self.board_of(state)
        key = "".join(ch for ch in text.lower() if ch.isalnum())
        names = [kind.replace("_", " ") for kind in UNIT_TYPES if kind.replace("_", "").startswith(key)]
        names += sorted(n for n in board.territories if "".join(ch for ch in n.lower() if ch.isalnum()).startswith(key))
        return names or board.closest(text)

    def key_events(self, report: str) -> list[str]:
        """Collapses, minors joining, capitals taken, the United States at war, USW, Italy's choice
        and Spain's entry, as the turn's report tells them (`key_events.py`)."""
        return key_events(report)

    def describe(self, state: State, seat: str | None = None) -> str:
        game, board = self.typed_state(state), self.board_of(state)
        lines = [self.phase_label(state)]
        income_of = incomes(board, state)
        for power in board.turn_order:
            status = game.collapsed.get(power)
            extra = f" — {status} collapse" if status else ""
            lines.append(f"{power}: {game.treasury[power]} IPCs, income {income_of.get(power, 0)}, "
                         f"{len(game.units_of(power))} units{extra}")
        lines.append("Victory points: " + ", ".join(f"{side} {victory_points(board, state, side)}"
                                                    for side in board.sides))
        if not game.us_at_war:
            lines.append("The United States is neutral (at war from its round-4 turn at the latest).")
        if state.get("phase") == "auction":        # 4.9/4.10: the auction's state, as every brief shows it
            lines.extend(auction_state_lines(board, open_auction(board, dict(state)), seat))
        return "\n".join(lines)


class SheetChecker:
    """`check_orders` for the lines of one submission in turn (`Variant.sheet_checker`): what
    every line's check shares — the board, each line's parse, the turn's start and its position
    (read from the state once) — is made once."""

    def __init__(self, variant: AA1914Variant, state: State, seat: str):
        self.variant, self.state, self.seat = variant, state, seat
        self.board = variant.board_of(state)
        self._parsed: dict[str, object] = {}
        self._start: Turn | None = None

    def parse(self, line: str):
        """The order a line reads as (parsed once; a line that does not parse raises each time)."""
        if line not in self._parsed:
            self._parsed[line] = parse_order(line, self.board, self.state.get("options", {}))
        return self._parsed[line]

    def turn(self) -> Turn:
        """The seat's turn on the sheet's state, read once: each line's check is a `trial` on it,
        taken back afterwards."""
        if self._start is None:
            self._start = Turn(self.board, self.state, self.seat, rng=None)
        return self._start

    def __call__(self, line: str, existing: Sequence[str]) -> list[str]:
        return self.variant._checked(self.state, self.seat, [line], existing, sheet=self)


def _key(text: str, board) -> str | None:
    """Orders that replace each other (one casualty order, one decision per sea zone, ...);
    None for orders that simply add to the sheet."""
    order = parse_order(text, board)
    field = standing_field(order)
    if field is not None:
        return field
    if isinstance(order, SeaDecision):
        return f"sea:{order.where}"
    return None
