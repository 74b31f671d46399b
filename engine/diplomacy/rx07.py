"""World War I Diplomacy (rx07) by John Boardman: Entente versus Central Powers, two seats.

Each rule of the seed is one hook here; see docs/rulings.md for the readings chosen.
"""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import Mapping, Sequence

from engine.errors import IllegalOrder
from engine.variant import State

from .declared import Declaration, DeclaredVariant, standard_setup
from .map import DiplomacyMap
from .orders import Unit
from .position import board_units

ENTENTE, CENTRAL = "Entente", "Central"
SIDES = {ENTENTE: ("England", "France", "Russia"), CENTRAL: ("Germany", "Austria", "Turkey")}
ITALY_PROVINCES = ("apu", "nap", "pie", "rom", "tus", "ven")
# Rule 3: "Spain, Holland, Norway, Sweden, Denmark are permanently closed, as is Switzerland."
PERMANENTLY_CLOSED = ("den", "hol", "nwy", "spa", "swe")
# Rule 3: "Fleets may pass directly between the Baltic Sea and the Skagerrak."
BALTIC_PASSAGE = ("bal", "ska")
# Rule 4: "No moves may be made into the following territories prior to the indicated game date"
ENTRY_DATES = {ITALY_PROVINCES: (1915, "spring"), ("bul",): (1915, "fall"), ("por",): (1916, "spring"),
               ("rum",): (1916, "fall"), ("gre",): (1917, "spring")}
# Rule 7's capitals (docs/rulings.md): the seats of government in 1914.
CAPITALS = {"England": "lon", "France": "par", "Russia": "stp", "Germany": "ber", "Austria": "vie",
            "Turkey": "con", "Italy": "rom"}
# Rule 6: the four centres and the sea areas on the board's Atlantic edge that lead to America.
AMERICAN_LANDING = ("lon", "lvp", "edi", "bre")
ATLANTIC_EDGE = ("nao", "mao")
SEASON_ORDER = {"spring": 0, "fall": 1, "winter": 2}


def phase_index(year: int, season: str) -> int:
    """Phases in game order: a later phase has a larger index (rule 4's dates compare by it)."""
    return year * 3 + SEASON_ORDER[season]


@lru_cache(maxsize=16)
def map_with(closed: frozenset[str]) -> DiplomacyMap:
    """The rx07 map with `closed` impassable and rule 3's Baltic-Skagerrak passage."""
    return DiplomacyMap.standard().changed(closed=closed, fleet_passages=[BALTIC_PASSAGE])


# The eight rules of seed 003 as a player reads them (`/rules`), numbered as in the text.
RULES = """**World War I Diplomacy (rx07)** by John Boardman — Entente (England, France, Russia) against the Central Powers (Germany, Austria, Turkey), two players.
1. Play begins with the Fall 1914 moves; Italy may not be entered then (Belgium, North Africa, Tunis, Albania and Serbia may: see the rulings).
2. Just before Spring 1915 a coin flip decides Italy's side (announced with the Winter 1914 results); Italy first moves in Spring 1915.
3. Spain, Holland, Norway, Sweden, Denmark and Switzerland are closed all game. Fleets pass directly between the Baltic and the Skagerrak. No sea is closed.
4. No moves into Italy before Spring 1915, Bulgaria before Fall 1915, Portugal before Spring 1916, Rumania before Fall 1916, Greece before Spring 1917.
5. After the Spring 1917 move Russia is in civil disorder for the rest of the game: its units hold, its dislodged units disband, it builds nothing.
6. From Fall 1917, after each fall move an American (Entente) army appears in Edinburgh, Liverpool, London or Brest, if that centre is free after the fall move, Entente-owned and has a sea route to America with no Central fleet on it (`America <centre>` in the winter chooses).
7. The first side to hold two thirds of all pieces on the board (dislodged ones count), or to occupy all enemy capitals, wins; both at once is a draw.
8. Otherwise the rules of Diplomacy apply (adjudicated as in the DATC)."""


_HOMES, _UNITS = standard_setup("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
RX07 = Declaration(
    key="rx07", title="World War I Diplomacy (rx07)",
    summary=("Two players, Entente (England, France, Russia) against the Central Powers "
             "(Germany, Austria, Turkey), from Fall 1914; Italy joins a side by coin flip."),
    powers=("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"), seats=(ENTENTE, CENTRAL),
    # Rule 1: "Play begins with the "fall 1914" moves." Standard units and centres.
    home_centres=_HOMES, starting_units=_UNITS, start=(1914, "fall"), victory_centres=None,
    rules=RULES,
    sources=("seed 003: World War I Diplomacy (rx07) by John Boardman",),
    aliases={"ep": ENTENTE, "entente powers": ENTENTE, "allies": ENTENTE, "cp": CENTRAL,
             "central powers": CENTRAL, "centrals": CENTRAL})


class Rx07Variant(DeclaredVariant):
    """The declaration above plus one hook per rule of seed 003."""

    def __init__(self) -> None:
        super().__init__(RX07)

    def rules_summary(self, options) -> str:
        return self.declaration.rules

    def initial_state(self, options, rng: random.Random) -> State:
        """Rule 2: Italy belongs to no side until the coin flip; rules 1, 3, 4: what is closed."""
        state = super().initial_state(options, rng)
        state["italy_side"] = None
        state["closed"] = sorted(self.closed_provinces(state))
        return state

    # ---------------------------------------------------------------- rules 1, 3, 4: the map
    def closed_provinces(self, state: State) -> frozenset[str]:
        """Rules 1, 3 and 4: what no unit may enter in this phase."""
        now = phase_index(state["year"], state["season"])
        closed = set(PERMANENTLY_CLOSED)
        for provinces, (year, season) in ENTRY_DATES.items():
            if now < phase_index(year, season):
                closed.update(provinces)
        return frozenset(closed)

    def power_label(self, state: State, power: str) -> str:
        side = self.side_of(state, power)
        return f"{power} ({side or 'neutral'})"

    def closed_reason(self, state: State, province: str) -> str | None:
        """Rules 3 and 4 in the player's words: closed for good, or until a date."""
        name = DiplomacyMap.standard().name(province)
        if province in PERMANENTLY_CLOSED:
            return f"{name} is closed for the whole game (rule 3)"
        for provinces, (year, season) in ENTRY_DATES.items():
            if province in provinces:
                return f"{name} opens in {season.capitalize()} {year} (rule 4)"
        return None

    def game_map(self, state: State) -> DiplomacyMap:
        return map_with(self.closed_provinces(state))

    # ---------------------------------------------------------------- rules 2 and 5: who orders
    def side_powers(self, state: State, side: str) -> tuple[str, ...]:
        return SIDES[side] + (("Italy",) if state.get("italy_side") == side else ())

    def powers_of(self, state: State, seat: str) -> tuple[str, ...]:
        return self.side_powers(state, seat) if seat in SIDES else ()

    def side_of(self, state: State, power: str) -> str | None:
        return next((side for side in SIDES if power in self.side_powers(state, side)), None)

    def civil_disorder_powers(self, state: State) -> set[str]:
        """Rule 5: "After the spring 1917 move, Russia shall be in a state of civil disorder"."""
        after_spring_1917_move = (state["year"], SEASON_ORDER[state["season"]]) > (1917, 0) or (
            state["year"] == 1917 and state["season"] == "spring" and state["phase"] != "movement")
        return {"Russia"} if after_spring_1917_move else set()

    def on_new_phase(self, state: State, rng: random.Random) -> list[str]:
        """Rule 2: "Just before the spring 1915 moves, a coin shall be flipped to determine to
        which side Italy shall belong." Announced with the Winter 1914 results.
        Rules 3 and 4: the provinces closed in the new phase are kept in the state for the map."""
        state["closed"] = sorted(self.closed_provinces(state))
        if state.get("italy_side") is None and phase_index(state["year"], state["season"]) >= phase_index(1915, "spring"):
            state["italy_side"] = rng.choice((ENTENTE, CENTRAL))
            name = "the Entente" if state["italy_side"] == ENTENTE else "the Central Powers"
            return [f"🪙 Coin flip for Italy: Italy joins **{name}** and moves from Spring 1915."]
        return []

    # ---------------------------------------------------------------- rule 6: America
    def extra_adjustment_due(self, state: State) -> bool:
        """Rule 6: "After the fall 1917 move and each subsequent fall move ... a new EP army"."""
        return state["season"] == "winter" and state["year"] >= 1917

    def extra_adjustment_seats(self, state: State) -> set[str]:
        """The Entente chooses where the army lands only when there is a choice to make."""
        return {ENTENTE} if len(self.american_landings(state, board_units(state))) > 1 else set()

    def check_sheet(self, state: State, seat: str, lines: Sequence[str]) -> None:
        """An American army and a build cannot both go to the same centre, and the builds may not
        take every centre the army was offered: rule 6 says the army "shall be established"."""
        if state["phase"] != "adjustment" or not self.extra_adjustment_due(state):
            return
        built = {line.split()[-1].lower().split("/")[0] for line in lines if line.lower().startswith("build")}
        landing = next((line.split()[-1].lower() for line in lines if line.startswith("America")), None)
        dmap = self.game_map(state)
        if landing and landing in built:
            raise IllegalOrder(f"{dmap.name(landing)} cannot take both a build and the American army; build "
                               f"elsewhere or land the army in another open centre")
        offered = self.american_landings(state, board_units(state))
        if offered and all(c in built for c in offered):
            raise IllegalOrder("the American army must land in " + " or ".join(dmap.name(c) for c in offered)
                               + " this winter (rule 6), so your builds cannot take "
                               + ("it" if len(offered) == 1 else "all of them") + "; build elsewhere or waive")

    def check_extra_order(self, state: State, seat: str, text: str) -> str | None:
        words = text.replace(",", " ").split()
        if not words or words[0].lower() not in ("america", "american", "us", "usa"):
            return None
        if seat and seat != ENTENTE:
            raise IllegalOrder("only the Entente lands American armies", text)
        if not self.extra_adjustment_due(state):
            raise IllegalOrder("American armies arrive in the winters from 1917 on", text)
        place = [w for w in words[1:] if w.lower() not in ("a", "army", "in", "at")]
        code = self.game_map(state).lookup(" ".join(place)) if place else None
        if code not in AMERICAN_LANDING:
            raise IllegalOrder("write `America <Lon|Lvp|Edi|Bre>`", text)
        open_ = self.american_landings(state, board_units(state))
        if code not in open_:
            raise IllegalOrder(f"{code.capitalize()} cannot take an American army now; open: "
                             + (", ".join(c.capitalize() for c in open_) or "none"), text)
        return f"America A {code.capitalize()}"

    def extra_adjustment_help(self, state: State) -> str:
        open_ = self.american_landings(state, board_units(state))
        if not open_:
            return "No American army can land this winter (no open centre with a clear route)."
        return ("An American army lands this winter: choose with `America <centre>` from "
                + ", ".join(c.capitalize() for c in open_) + " (default: the first of these you do not build in; "
                "a centre your removals free this winter is not among them: rule 6 counts the centres free "
                "after the fall move).")

    def american_landings(self, state: State, units: dict[str, Unit]) -> list[str]:
        """Centres (in rule order) that are Entente-owned, empty in `units` and reachable from
        America. The route is judged on the board "after the fall move" (the state before
        this winter's builds and removals), see docs/rulings.md."""
        after_fall_move = board_units(state)
        return [c for c in AMERICAN_LANDING
                if c not in units and self.side_of(state, state["owners"].get(c, "")) == ENTENTE
                and self.route_to_america(state, c, after_fall_move)]

    def route_to_america(self, state: State, centre: str, units: dict[str, Unit]) -> bool:
        """Rule 6: "provided that no CP fleet sits on the route between the centre and America":
        a chain of sea areas, none holding a Central fleet, from the centre to the Atlantic edge."""
        dmap = self.game_map(state)
        blocked = {p for p, u in units.items() if u.kind == "F" and self.side_of(state, u.power) == CENTRAL}
        seas = {p for p, prov in dmap.provinces.items() if prov.is_sea and p not in blocked}
        start = [s for s in seas if dmap.borders(centre, s)]
        seen, queue = set(start), deque(start)
        while queue:
            sea = queue.popleft()
            if sea in ATLANTIC_EDGE:
                return True
            for nxt in seas - seen:
                if dmap.borders(sea, nxt):
                    seen.add(nxt)
                    queue.append(nxt)
        return False

    def extra_adjustment(self, state: State, orders: Mapping[str, Sequence[str]], units: dict[str, Unit],
                         rng: random.Random) -> list[str]:
        """Rule 6: "After the "fall 1917" move ... a new EP army shall be established": the army
        lands in a centre offered in the winter's brief (free after the fall move, see
        `american_landings`), the Entente's choice or else the first of them no build took. A
        centre that this winter's removals free is not offered, so the brief's list and the
        landing are always the same list (docs/rulings.md)."""
        if not self.extra_adjustment_due(state):
            return []
        offered = self.american_landings(state, board_units(state))
        if not offered:
            return ["🇺🇸 No American army this year: no free Entente centre of London, Liverpool, "
                    "Edinburgh or Brest has a route to America clear of Central fleets."]
        open_ = [c for c in offered if c not in units]
        dmap = self.game_map(state)
        if not open_:
            return ["🇺🇸 No American army this year: this winter's builds took every centre it was offered ("
                    + ", ".join(dmap.name(c) for c in offered) + ")."]
        wanted = [line.split()[-1].lower() for line in orders.get(ENTENTE, ()) if line.startswith("America")]
        centre = next((c for c in wanted if c in open_), open_[0])
        power = state["owners"][centre]
        units[centre] = Unit("A", power, centre)
        report = [f"🇺🇸 An American army lands in {dmap.name(centre)} ({power})."]
        if wanted and wanted[0] != centre:
            report.append(f"It could not land in {dmap.name(wanted[0])}, which a unit took this winter.")
        return report

    # ---------------------------------------------------------------- rule 7: victory
    def victory(self, state: State) -> tuple[str, ...]:
        """Rule 7: "The first player to gain a 2/3 majority of all pieces on the board, or to
        occupy all enemy capitals, wins." A dislodged unit is still a piece on the board (it may
        yet retreat), so it counts; it occupies no capital. Both sides are returned when both
        meet the rule in the same position (see `DiplomacyGame.adjudicate`: a draw)."""
        pieces = self.pieces(state)
        total = sum(pieces.values())
        winners = []
        for side in SIDES:
            enemy = SIDES[CENTRAL if side == ENTENTE else ENTENTE]
            enemy = enemy + (("Italy",) if state.get("italy_side") not in (None, side) else ())
            capitals = [CAPITALS[p] for p in enemy]
            holds_capitals = all(
                c in state["units"] and self.side_of(state, state["units"][c]["power"]) == side for c in capitals)
            if (total and 3 * pieces[side] >= 2 * total) or holds_capitals:
                winners.append(side)
        return tuple(winners)

    def victory_reason(self, state: State, winner: str) -> str:
        """Rule 7 with its numbers: the pieces, or the enemy capitals held."""
        pieces = self.pieces(state)
        total = sum(pieces.values())
        if total and 3 * pieces[winner] >= 2 * total:
            return f"rule 7, {pieces[winner]} of {total} pieces (two thirds: {-(-2 * total // 3)})"
        enemy = SIDES[CENTRAL if winner == ENTENTE else ENTENTE]
        enemy = enemy + (("Italy",) if state.get("italy_side") not in (None, winner) else ())
        names = ", ".join(DiplomacyMap.standard().name(CAPITALS[p]) for p in enemy)
        return f"rule 7, it occupies every enemy capital ({names})"

    def civil_disorder_note(self, state: State, power: str) -> str:
        return "in civil disorder (rule 5): its units hold, its dislodged units disband, it builds nothing"

    def civil_disorder_announcement(self, state: State, power: str) -> str:
        """Rule 5, told with the Spring 1917 results."""
        return ("🇷🇺 Russia falls into civil disorder (rule 5) for the rest of the game: its units hold, its "
                "dislodged units disband and it builds nothing; its pieces still count for the Entente.")

    def pieces(self, state: State) -> dict[str, int]:
        """Rule 7's count: every piece on the board, dislodged ones included, by side."""
        counts = {side: 0 for side in SIDES}
        units = list(state["units"].values()) + [d["unit"] for d in state.get("dislodged", {}).values()]
        neutral = 0
        for unit in units:
            side = self.side_of(state, unit["power"])
            if side in counts:
                counts[side] += 1
            else:
                neutral += 1          # neutral Italy's pieces are on the board too
        counts["neutral"] = neutral
        return counts

    def describe(self, state: State, seat: str | None = None) -> str:
        text = super().describe(state, seat)
        italy = {None: "not yet decided (coin flip before Spring 1915)", ENTENTE: "with the Entente",
                 CENTRAL: "with the Central Powers"}[state.get("italy_side")]
        extra = [f"Italy: {italy}."]
        if self.civil_disorder_powers(state):
            extra.append("Russia is in civil disorder (rule 5).")
        pieces = self.pieces(state)
        total = sum(pieces.values())
        needed = -(-2 * total // 3)
        for side in SIDES:
            extra.append(f"{side}: {pieces[side]} of {total} pieces ({needed} win)")
        closed = sorted(self.closed_provinces(state) - set(PERMANENTLY_CLOSED))
        if closed:
            extra.append("Not yet open: " + ", ".join(c.capitalize() for c in closed))
        return text + "\n" + "\n".join(extra)
