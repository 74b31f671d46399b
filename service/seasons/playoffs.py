"""Playoffs of A&A league mode (docs/tournaments.md, "Playoffs"): the top 8 of a league's table (or
a ranked list the organiser gives) play two-game matches (`matches.Matches`) in a fixed bracket —
1 v 8, 4 v 5, 2 v 7, 3 v 6, then the winners, so seeds 1 and 2 can meet only in the final
(`engine.tournaments.playoff_bracket`).

An organiser (a server admin, or a member with the server's organiser role) sets it up; the
first round's four matches are created at once, each opening with its sealed bid. When a match
ends (the `Matches` hook, in the game's own transaction) its winner advances: a match level after
its own tie-break (the quicker win) goes to the higher seed, and so does one that could not be
finished (an abandoned game) — the reward for the better season. A match whose two players are
known is created at once; the bracket is posted to the channel where the playoff was set up,
every line of it fitting a phone (at most 40 characters, a player's name as Discord shows it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence

from engine.tournaments import Bracket, MatchResult, PlayoffError, advance, playoff_bracket

from ..errors import BadInput, BadState, NotFound
from ..ids import check_id, checked_ids
from ..models import Actor, iso
from ..runtime import Now
from ..store import DEFAULT_SETTINGS, Store
from .match_records import DECIDED, MatchInfo, bid_hint, match_from_rows, points, who
from .matches import VARIANT, Matches
from .seasons import Seasons

SIZE = 8
ROUND_NAMES = {1: ("Final", "F"), 2: ("Semi-finals", "SF"), 3: ("Quarter-finals", "QF")}


@dataclass(frozen=True)
class PlayoffInfo:
    id: int
    guild_id: int
    channel_id: int | None
    organiser_id: int
    league: str | None
    options: dict[str, Any]
    phase_hours: float | None
    bracket: Bracket
    status: str

    @classmethod
    def from_row(cls, row: Any) -> "PlayoffInfo":
        return cls(row["id"], row["guild_id"], row["channel_id"], row["organiser_id"], row["league"],
                   json.loads(row["options"] or "{}"), row["phase_hours"],
                   Bracket.from_json(json.loads(row["bracket"])), row["status"])


@dataclass(frozen=True)
class PlayoffNews:
    playoff: PlayoffInfo
    text: str


def round_label(bracket: Bracket, round_: int, slot: int | None = None) -> str:
    """`Quarter-finals`, or one match of it: `QF2`."""
    left = bracket.rounds - round_ + 1           # rounds to go, the final being 1
    name, short = ROUND_NAMES.get(left, (f"Round {round_}", f"R{round_}."))
    if slot is None:
        return name
    return short if short == "F" else f"{short}{slot}"


def bracket_text(playoff: PlayoffInfo, matches: Mapping[tuple[int, int], MatchInfo]) -> str:
    """The bracket as a phone shows it: a line per match (its label, its match number and where it
    stands), then a line per player (▶ marks who went through)."""
    bracket = playoff.bracket
    source = f"the league {playoff.league}" if playoff.league else "a ranked list"
    lines = [f"🏆 **Playoff #{playoff.id}** · A&A 1914", f"Top {len(bracket.seeds)} of {source}"[:40]]
    for round_ in range(1, bracket.rounds + 1):
        lines.append(f"**{round_label(bracket, round_)}**")
        for m in (m for m in bracket.matches if m.round == round_):
            match = matches.get((m.round, m.slot))
            lines.append(f"{round_label(bracket, m.round, m.slot)} · {_standing(m, match)}"[:40])
            for entrant, feeder in ((m.high, 2 * m.slot - 1), (m.low, 2 * m.slot)):
                if entrant is None:
                    lines.append(f"  ? winner of {round_label(bracket, m.round - 1, feeder)}")
                else:
                    seed, player = entrant
                    mark = "▶" if m.winner == player else " "
                    lines.append(f"{mark}{seed} {who(player)}")
    if bracket.champion is not None:
        lines.append(f"🏆 Champion: {who(bracket.champion)}")
    return "\n".join(lines)


def _standing(m, match: MatchInfo | None) -> str:
    if m.winner is not None:
        how = DECIDED.get(m.decided_by or "games", m.decided_by)
        if match is not None and match.result and match.result.get("points"):
            pa, pb = match.result["points"]
            return f"#{match.id} · {points(pa)}–{points(pb)}, {how}"
        return f"won on {how}" if match is None else f"#{match.id} · {how}"
    if match is None:
        return "waiting"
    if match.status == "bidding":
        return f"match #{match.id} · bidding"
    current = match.current
    return f"match #{match.id} · game {current.number} (#{current.game_id})" if current else f"match #{match.id}"


@checked_ids
class Playoffs:
    """A server's playoffs: set up by an organiser, advanced as their matches end."""

    def __init__(self, store: Store, clock: Now, matches: Matches, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.matches = matches
        self.organisers = seasons.organisers      # who may set a playoff up
        self.leagues = seasons.leagues            # a league's table seeds it
        matches.after_match.append(self.match_over)

    async def create(self, guild_id: int, actor: Actor, seeds: Sequence[int] = (), league: str | None = None,
                     hours: float | None = None, options: Mapping[str, Any] | None = None,
                     channel_id: int | None = None, *, roles: Collection[int] = ()) -> PlayoffNews:
        """Organiser: a playoff of the top 8 of `league`'s table, or of `seeds` (best first)."""
        seeds = [check_id(s, "a seeded player") for s in seeds if s is not None]
        if league and seeds:
            raise BadInput("seed the playoff from a league's table or from the players you name, not both")
        async with self.store.db.read() as r:
            await self.organisers.require(r, guild_id, actor, roles, "set up a playoff")
        if league:
            ranked = list(await self.leagues.ranked(guild_id, league))
            source = f"the league {league}'s table ranks {len(ranked)} player{'s' if len(ranked) != 1 else ''}"
        else:
            ranked = seeds
            source = f"you named {len(ranked)} player{'s' if len(ranked) != 1 else ''} (seed1 … seed8, best first)"
        if len(set(ranked)) != len(ranked):
            twice = next(p for p in ranked if ranked.count(p) > 1)
            raise BadInput(f"{who(twice)} is named twice: each seed is a different player")
        if len(ranked) < SIZE:
            raise BadInput(f"a playoff seeds the top {SIZE}, and {source}: {SIZE - len(ranked)} short")
        parsed, hours = await self.matches.check_setup(guild_id, options, hours)
        bracket = playoff_bracket(ranked[:SIZE], SIZE)
        async with self.store.db.transaction() as tx:
            await self.organisers.require(tx, guild_id, actor, roles, "set up a playoff")
            playoff_id = await tx.matches.create_playoff(guild_id, channel_id, actor.user_id, league or None, VARIANT,
                                                         parsed, hours, bracket.to_json(), iso(self.clock()))
            playoff = PlayoffInfo.from_row(await tx.matches.playoff(playoff_id))
            created = await self.open_matches(tx, playoff)
            found = await self.playoff_matches(tx, playoff.id)
        opening = ", ".join(f"#{m.id} ({round_label(bracket, 1, m.playoff[2])})" for m in created)
        text = (f"Playoff #{playoff.id} is set up: seeds 1–8 "
                + (f"from the league {league}'s table" if league else "as you ranked them")
                + f". First-round matches: {opening}; each opens with its sealed bid ({bid_hint(created[0])}, "
                  f"with your own match's number). Winners advance as their matches end; `/match bracket` shows "
                  f"where it stands.\n\n" + bracket_text(playoff, found))
        return PlayoffNews(playoff, text)

    async def bracket(self, guild_id: int, playoff_id: int | None = None) -> str:
        """The bracket of playoff `playoff_id`, or of the server's newest."""
        async with self.store.db.read() as r:
            row = (await r.matches.playoff(playoff_id) if playoff_id is not None
                   else await r.matches.newest_playoff(guild_id))
            if row is None or row["guild_id"] != guild_id:
                raise NotFound(f"there is no playoff #{playoff_id} on this server" if playoff_id is not None
                               else "this server has no playoff yet; an organiser sets one up with `/match playoff`")
            playoff = PlayoffInfo.from_row(row)
            return bracket_text(playoff, await self.playoff_matches(r, playoff.id))

    @staticmethod
    async def playoff_matches(tx, playoff_id: int) -> dict[tuple[int, int], MatchInfo]:
        """The playoff's matches by (round, slot), read in `tx` (a read or the transaction)."""
        return {(row["playoff_round"], row["playoff_slot"]): match_from_rows(row, await tx.matches.games(row["id"]))
                for row in await tx.matches.of_playoff(playoff_id)}

    async def open_matches(self, tx, playoff: PlayoffInfo) -> list[MatchInfo]:
        """A match for each bracket match whose two players are known and that has none yet."""
        have = {(row["playoff_round"], row["playoff_slot"]) for row in await tx.matches.of_playoff(playoff.id)}
        created = []
        for m in playoff.bracket.pending():
            if (m.round, m.slot) in have:
                continue
            hours = playoff.phase_hours or DEFAULT_SETTINGS["phase_hours"]
            match_id = await self.matches.create_in(tx, playoff.guild_id, playoff.channel_id, playoff.organiser_id,
                                                    (m.high[1], m.low[1]), playoff.options, hours,
                                                    (playoff.id, m.round, m.slot))
            created.append(match_from_rows(await tx.matches.get(match_id), []))
        return created

    async def match_over(self, tx, match: MatchInfo, game_id: int) -> None:
        """Matches hook, in the transaction that ended the match: its winner advances, the next
        match opens when its players are known, and the bracket is posted."""
        if match.playoff is None:
            return
        playoff_id, round_, slot = match.playoff
        playoff = PlayoffInfo.from_row(await tx.matches.playoff(playoff_id))
        result = match.result or {}
        if result.get("abandoned") or not result.get("points"):
            outcome = MatchResult(match.players, (0.0, 0.0), None, None, True)       # → the higher seed
        else:
            outcome = MatchResult(match.players, tuple(result["points"]), result.get("winner"),
                                  result.get("decided_by"), True)
        try:
            bracket = advance(playoff.bracket, round_, slot, outcome)
        except PlayoffError as exc:
            raise BadState(f"playoff #{playoff.id}: {exc}") from None
        over = iso(self.clock()) if bracket.champion is not None else None
        await tx.matches.set_bracket(playoff.id, bracket.to_json(), over)
        playoff = PlayoffInfo(playoff.id, playoff.guild_id, playoff.channel_id, playoff.organiser_id, playoff.league,
                              playoff.options, playoff.phase_hours, bracket, "over" if over else "playing")
        created = await self.open_matches(tx, playoff)
        decided = bracket.match(round_, slot)
        lines = [f"🏆 Playoff #{playoff.id}: {who(decided.winner)} goes through "
                 f"({round_label(bracket, round_, slot)}, {DECIDED.get(decided.decided_by or 'games')})."]
        for new in created:
            lines.append(f"New match #{new.id} ({round_label(bracket, new.playoff[1], new.playoff[2])}): "
                         f"{who(new.players[0])} v {who(new.players[1])}; bid with {bid_hint(new)}.")
        text = "\n".join(lines) + "\n\n" + bracket_text(playoff, await self.playoff_matches(tx, playoff.id))
        target = f"channel:{playoff.channel_id}" if playoff.channel_id else "game"
        await self.store.outbox(tx, game_id, target, text, None, iso(self.clock()))
