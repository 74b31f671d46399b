"""A&A league matches (docs/tournaments.md, "Axis & Allies league mode"): two players, a sealed bid
for sides, then two games of aa1914 played as two sides — one player holds every power of a side
— with sides swapped in the second.

1. `create`: a player names their opponent; the match is in **bidding**.
2. `bid`: each player names, in secret, the side they want and the extra IPCs they ask to play it
   (0 up to `ask_cap`, the poorer side's starting income). Only the bidder sees their bid; the
   other is told only that it is in. A bid may change until the other's arrives; then both are
   revealed to both, final, and resolved by `SealedBids.resolve`: the lower ask takes the side it
   named with its ask as the bid, the other player the other side; equal asks, a seeded coin.
   Game 1 is created then, each player seated at every power of their side.
3. `place`: the player of the bid's side places it as extra units under the placement
   convention (`engine.aa1914.league_bid`: only where their powers stand at the start, one unit
   per territory or sea zone, the game's costs); the engine refuses a placement that breaks it,
   by name. A game with no bid (a lower ask of 0) needs no placement.
4. The game starts through the lobby's start (`Lobby.start`), whose hook here applies the placed
   bid to the start state before the seed commitment is posted, and logs it (`league_bid`): game 1
   once its bid is placed (both players confirmed it by bidding), game 2 once its bid is placed and
   both players have confirmed (`ready`; placing the bid is its placer's confirmation). A start
   needs the command of a player (on Discord it makes the channels), never the clock.
5. When game 1 ends (the `Ending` hook, in its transaction) game 2 is created with sides swapped
   and the same bid on the same side, placed by whoever plays that side now; when game 2 ends the
   match's result (`TwoGameMatch.result`: win 1, draw ½, loss 0; a win each goes to the quicker
   win) is recorded and posted, and the parts that follow matches (playoffs) are told. An
   abandoned game ends its match without a result. Each game is rated as two sides by the seasons'
   records (service/seasons/records.py), like any A&A game.
"""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, replace
from typing import Any, Awaitable, Callable, Mapping

from engine.aa1914.league_bid import (BidPlacement, apply_bid, ask_cap, check_bid_placement, parse_bid_placement,
                                      start_digest)
from engine.errors import RulesError
from engine.tournaments import BidError, SealedBids
from engine.variant import get_variant

from ..checks import check_hours, check_id
from ..ending import Ending
from ..errors import BadInput, BadState, Forbidden, NotFound
from ..ids import checked_ids
from ..lobby import Lobby
from ..models import Actor, GameChannels, GameInfo, iso
from ..runtime import Now
from ..store import DEFAULT_SETTINGS, Store
from .match_records import (MatchInfo, bid_hint, bid_line, game_words, match_from_rows, outcome_to_json, place_hint,
                            ready_hint, result_to_json, result_words, sides_line, who)
from .seasons import Seasons
from .settings import check_settings

log = logging.getLogger("dispatch.matches")
VARIANT = "aa1914"


@dataclass(frozen=True)
class MatchNews:
    """What a match command did: the answer to the asker, what is posted for both players in the
    match's channel (never a sealed bid), and the game that may start now (`due`) — then
    `started`, or why it could not start."""

    match: MatchInfo
    private: str
    public: str | None = None
    due: int | None = None
    started: GameInfo | None = None
    start_problem: str | None = None


@checked_ids
class Matches:
    """Matches: bidding, placing, starting their games, and following them to the result."""

    def __init__(self, store: Store, clock: Now, lobby: Lobby, ending: Ending, seasons: Seasons,
                 seed_source: Callable[[], str]):
        self.store = store
        self.clock = clock
        self.lobby = lobby
        self.seasons = seasons           # the leagues a match's games may count in
        self.seed_source = seed_source
        # parts above that follow a match's end in the same transaction (playoffs advance)
        self.after_match: list[Callable[[Any, MatchInfo, int], Awaitable[None]]] = []
        lobby.start_hooks.append(self.start_state)
        ending.over_hooks.append(self.game_over)

    # ------------------------------------------------------------------ reading
    async def match(self, match_id: int, guild_id: int | None = None) -> MatchInfo:
        """Match `match_id` of this server (NotFound otherwise)."""
        return await self._load(None, match_id, guild_id)

    async def _load(self, tx, match_id: int, guild_id: int | None = None) -> MatchInfo:
        async with self.store.reading(tx) as r:
            row = await r.matches.get(match_id)
            if row is None or (guild_id is not None and row["guild_id"] != guild_id):
                raise NotFound(f"there is no match #{match_id} on this server")
            return match_from_rows(row, await r.matches.games(match_id))

    async def find(self, guild_id: int, actor: Actor, match_id: int | None = None) -> MatchInfo:
        """Match `match_id`, or the asker's only match of this server that is not over."""
        return await self._find(None, guild_id, actor, match_id)

    async def _find(self, tx, guild_id: int, actor: Actor, match_id: int | None) -> MatchInfo:
        if match_id is not None:
            return await self._load(tx, match_id, guild_id)
        async with self.store.reading(tx) as r:
            rows = await r.matches.open_of_player(guild_id, actor.user_id)
        if not rows:
            raise NotFound("you play in no match on this server now; `/match create opponent:<member>` sets one up")
        if len(rows) > 1:
            numbers = ", ".join("#" + str(row["id"]) for row in rows)
            raise BadInput(f"you play in matches {numbers}: name one "
                           f"(`match_id:{rows[0]['id']}`)")
        return await self._load(tx, rows[0]["id"], guild_id)

    async def status(self, guild_id: int, actor: Actor, match_id: int | None = None) -> str:
        """Where a match stands, as `actor` may see it (their own sealed bid; the other's only
        once both are in)."""
        match = await self.find(guild_id, actor, match_id)
        a, b = match.players
        lines = [f"⚔️ **Match #{match.id}**: {who(a)} v {who(b)} · {match.status}"
                 + (f" · playoff round {match.playoff[1]}" if match.playoff else "")]
        if match.status == "bidding":
            for player in match.players:
                view = match.bids.view(player)
                if player == actor.user_id:
                    lines.append(f"Your bid: {view.own.side}, {view.own.ipcs} IPCs (sealed; you may change it "
                                 f"until the other is in)" if view.own else f"Your bid: not yet — {bid_hint(match)}")
                else:
                    sealed = any(p == player for p, _ in match.bids.bids)
                    lines.append(f"{who(player)}: {'bid in (sealed)' if sealed else 'no bid yet'}")
            return "\n".join(lines)
        if match.outcome is not None:
            lines += [bid_line(p, bid) for p, bid in match.bids.bids]
            lines.append("Coin flip for equal asks." if match.outcome.coin_flip else "The lower ask won.")
        for game in match.games:
            lines.append(game_words(match, game))
        current = match.current
        if match.status == "playing" and current is not None:
            problem = self.due_problem(match, current)
            if problem and current.game_id is not None and (await self.store.game(current.game_id)).status == "forming":
                lines.append(f"Waiting: {problem}")
        if match.status == "over":
            lines.append(f"Result: {result_words(match)}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ a new match
    async def create(self, guild_id: int, actor: Actor, opponent: int, hours: float | None = None,
                     options: Mapping[str, Any] | None = None, channel_id: int | None = None) -> MatchNews:
        """A match between the asker and `opponent`, in bidding (`league=` among the options: its
        games count in that league)."""
        opponent = check_id(opponent, "the opponent")
        if opponent == actor.user_id:
            raise BadInput("a match is between two players: name your opponent, not yourself")
        options = dict(options or {})
        league = str(options.pop("league")).strip() if "league" in options else None
        parsed, hours = await self.check_setup(guild_id, options, hours)
        if league is not None:
            league = await self.league_named(guild_id, league)
        async with self.store.db.transaction() as tx:
            match_id = await self.create_in(tx, guild_id, channel_id, actor.user_id, (actor.user_id, opponent),
                                            parsed, hours, league=league)
            match = await self._load(tx, match_id)
        cap = ask_cap(parsed)
        text = (f"⚔️ **Match #{match.id}**: {who(actor.user_id)} v {who(opponent)} — A&A 1914 as two sides, one "
                f"player holding every power of a side; {hours:g}h phases.\n"
                f"Two games, sides swapped in the second. First a **sealed bid**: each of you names the side you "
                f"want and the extra IPCs you ask to play it (0 to {cap}). Only you see your bid until both are "
                f"in: {bid_hint(match)}\n"
                f"The lower ask takes the side it named and places its ask as extra units; equal asks: a coin flip.")
        return MatchNews(match, text)

    async def league_named(self, guild_id: int, name: str) -> str:
        """The league a match's games will count in, checked now (before anything is bid): one of
        this server's, open, counting A&A 1914."""
        word = " ".join(str(name).split()).lower()
        found = next((lg for lg in await self.seasons.leagues.listing(guild_id) if lg.name.lower() == word), None)
        if found is None:
            raise NotFound(f"league: this server has no league called `{str(name)[:40]}` (`/league standings` lists "
                           f"them)")
        if found.closed:
            raise BadState(f"league: {found.name} is closed (its season is over); no new game counts in it")
        if not found.allows(VARIANT):
            raise BadInput(f"league: {found.name} counts {found.games_words()} games, not A&A 1914")
        return found.name

    async def check_setup(self, guild_id: int, options: Mapping[str, Any] | None,
                          hours: float | None) -> tuple[dict[str, Any], float]:
        """The games' options and phase length, or BadInput: A&A 1914 where every power is on a
        side from the start (so each player holds one side's powers)."""
        variant = get_variant(VARIANT)
        try:
            parsed = variant.parse_options(dict(options or {}))
        except RulesError as exc:
            raise BadInput(str(exc)) from None
        sides = variant.alliances(parsed)
        if len(sides) != 2 or sorted(p for seats in sides.values() for p in seats) != sorted(variant.seats(parsed)):
            apart = sorted(set(variant.seats(parsed)) - {p for seats in sides.values() for p in seats})
            raise BadInput(f"a match is played as two sides, and with these options {', '.join(apart) or 'a power'} "
                           f"starts on neither side (the Italian Dilemma); leave that option out")
        settings = await self.store.guild_settings(guild_id)
        hours = settings["phase_hours"] if hours is None else check_hours(hours)
        if hours < settings["min_phase_hours"]:
            raise BadInput(f"phases on this server last at least {settings['min_phase_hours']:g}h")
        return parsed, hours

    async def create_in(self, tx, guild_id: int, channel_id: int | None, creator_id: int,
                        players: tuple[int, int], options: dict[str, Any], hours: float,
                        playoff: tuple[int, int, int] | None = None, league: str | None = None) -> int:
        """A match's row in `tx` (a playoff creates its rounds' matches this way)."""
        sides = tuple(get_variant(VARIANT).alliances(options))
        bids = SealedBids(players, sides)
        return await tx.matches.create(guild_id, channel_id, creator_id, players, VARIANT, options, hours,
                                       bids.to_json(), iso(self.clock()), playoff, league)

    # ------------------------------------------------------------------ the sealed bid
    async def bid(self, guild_id: int, actor: Actor, side: str, ipcs: Any, match_id: int | None = None) -> MatchNews:
        """`actor`'s sealed bid: the side they want and the IPCs they ask to play it."""
        async with self.store.db.transaction() as tx:
            match = await self._find(tx, guild_id, actor, match_id)
            self.require_player(match, actor, "bid in")
            if match.status != "bidding":
                raise BadState(f"both bids of match #{match.id} are in and were revealed: they are final")
            cap = ask_cap(match.options)
            if isinstance(ipcs, int) and not isinstance(ipcs, bool) and ipcs > cap:
                raise BadInput(f"an ask is at most {cap} IPCs (the poorer side's whole starting income), "
                               f"not {ipcs}")
            try:
                bids = match.bids.submit(actor.user_id, match.side_word(side), ipcs)
            except BidError as exc:
                raise BadInput(str(exc)) from None
            own = bids.view(actor.user_id).own
            if not bids.complete:
                await tx.matches.set_bids(match.id, bids.to_json())
                other = match.other(actor.user_id)
                private = (f"🔒 Your bid for match #{match.id} is sealed: the **{own.side}** for "
                           f"**{own.ipcs} IPCs**. "
                           f"Nobody else sees it until both bids are in; you may change it until {who(other)}'s "
                           f"arrives (`/match bid` again).")
                public = (f"🔒 {who(actor.user_id)} has bid in match #{match.id} (sealed). {who(other)}, your bid: "
                          f"{bid_hint(match)} — only you will see it.")
                return MatchNews(replace(match, bids=bids), private, public)
            match = await self.reveal(tx, match, bids)
        first = match.game(1)
        due = first.game_id if self.due_problem(match, first) is None else None
        return MatchNews(match, f"🔓 Both bids of match #{match.id} are in: they are revealed in the channel.",
                         self.reveal_text(match), due)

    async def reveal(self, tx, match: MatchInfo, bids: SealedBids) -> MatchInfo:
        """Both bids in: resolve them, create game 1 with each player at their side's powers."""
        outcome = bids.resolve(random.Random(f"{self.seed_source()}:match:{match.id}"))
        await tx.matches.resolved(match.id, bids.to_json(), outcome_to_json(outcome))
        match = replace(match, bids=bids, outcome=outcome, status="playing")
        game_id = await self.create_game(tx, match, 1)
        await self.store.log(tx, game_id, None, iso(self.clock()), None, "league_bids",
                             {"match": match.id, "bids": [[p, b.side, b.ipcs] for p, b in bids.bids],
                              "outcome": outcome_to_json(outcome)})
        return await self._load(tx, match.id)

    async def create_game(self, tx, match: MatchInfo, number: int) -> int:
        """Game `number` of the match, its seats held by the side's player (sides swapped in 2)."""
        variant = get_variant(VARIANT)
        sides = match.two_games().sides(number)
        alliances = variant.alliances(match.options)
        holders = {seat: player for player, side in sides.items() for seat in alliances[side]}
        row = await tx.settings.guild(match.guild_id)
        reminders = json.loads(row["reminder_hours"]) if row is not None else list(DEFAULT_SETTINGS["reminder_hours"])
        game_id = await self.lobby.create_in(
            tx, match.guild_id, match.creator_id, VARIANT, match.options, f"Match {match.id} · game {number}",
            match.phase_hours or DEFAULT_SETTINGS["phase_hours"], reminders, False, "server",
            check_settings(variant, match.options, {"league": match.league} if match.league else {}), holders)
        await tx.matches.add_game(match.id, number, game_id)
        return game_id

    @staticmethod
    def reveal_text(match: MatchInfo) -> str:
        outcome = match.outcome
        lines = [f"🔓 **Match #{match.id}: bids revealed**"]
        lines += [bid_line(p, bid) for p, bid in match.bids.bids]
        winner = outcome.bidder
        if outcome.coin_flip:
            lines.append(f"Equal asks: the coin gave the bid to {who(winner)}.")
        else:
            lines.append(f"The lower ask wins: {who(winner)}.")
        first = match.game(1)
        lines.append(f"Game 1 is **#{first.game_id}**: {sides_line(match, 1)}. Sides swap in game 2.")
        if outcome.bid_ipcs:
            lines.append(f"{who(winner)}, place the bid as extra units — only where your powers stand at the start, "
                         f"one unit per territory or sea zone, at the game's prices: {place_hint(match)}. "
                         f"Game 1 starts once it is placed.")
        else:
            lines.append("No bid to place: game 1 starts now.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ placing the bid, confirming
    async def place(self, guild_id: int, actor: Actor, units: str | None, match_id: int | None = None) -> MatchNews:
        """The bid placed as extra units on the start of the match's next game (checked by the
        engine against that start)."""
        async with self.store.db.transaction() as tx:
            match = await self._find(tx, guild_id, actor, match_id)
            self.require_player(match, actor, "place its bid")
            game = await self.next_game(tx, match)
            side, ipcs, placer = match.two_games().bid_for(game.number)
            if not ipcs:
                raise BadState(f"match #{match.id} has no bid to place: the lower ask was 0")
            if actor.user_id != placer:
                raise Forbidden(f"the bid is placed by {who(placer)}, who plays the {side} in game {game.number} "
                                f"of match #{match.id}")
            if not (units or "").strip():
                raise BadInput(f"name the extra units, e.g. {place_hint(match)} (the bid is {ipcs} IPCs)")
            variant = get_variant(VARIANT)
            start = variant.initial_state(match.options, random.Random(0))
            try:
                placement = parse_bid_placement(units, start)
                placed = check_bid_placement(start, side, ipcs, placement)
            except RulesError as exc:
                raise BadInput(f"{exc}; nothing was placed") from None
            await tx.matches.set_placement(match.id, game.number, {"text": units.strip()[:500],
                                                                   "placement": placement.to_json(),
                                                                   "lines": placed.lines(), "by": actor.user_id})
            await tx.matches.set_ready(match.id, game.number, sorted(set(game.ready) | {actor.user_id}))
            match = await self._load(tx, match.id)
        game = match.game(game.number)
        problem = self.due_problem(match, game)
        lines = [f"✅ {who(actor.user_id)} placed the bid of match #{match.id}, game {game.number} "
                 f"({side}, {ipcs} IPCs):"] + [f"• {line}" for line in placed.lines()]
        if problem:
            lines.append(f"The game starts once the other player confirms: {ready_hint(match)}.")
        return MatchNews(match, "\n".join(lines), None, None if problem else game.game_id)

    async def ready(self, guild_id: int, actor: Actor, match_id: int | None = None) -> MatchNews:
        """`actor` confirms the start of the match's next game (game 2: both players confirm; the
        bid's placer by placing it). Also starts a game whose start failed before."""
        async with self.store.db.transaction() as tx:
            match = await self._find(tx, guild_id, actor, match_id)
            self.require_player(match, actor, "confirm its games")
            game = await self.next_game(tx, match)
            side, ipcs, placer = match.two_games().bid_for(game.number)
            if ipcs and actor.user_id == placer and not game.placement:
                raise BadInput(f"you play the {side} in game {game.number}: place its bid of {ipcs} IPCs first "
                               f"({place_hint(match)}); placing it confirms your start")
            if game.number == 2 and actor.user_id not in game.ready:
                await tx.matches.set_ready(match.id, 2, sorted(set(game.ready) | {actor.user_id}))
                match = await self._load(tx, match.id)
                game = match.game(2)
        problem = self.due_problem(match, game)
        if problem:
            return MatchNews(match, f"👍 {who(actor.user_id)} is ready for game {game.number} of match #{match.id}. "
                                    f"Waiting: {problem}.")
        return MatchNews(match, f"👍 {who(actor.user_id)} is ready: game {game.number} of match #{match.id} starts.",
                         None, game.game_id)

    async def next_game(self, tx, match: MatchInfo):
        """The match's game being set up (not yet started), or BadState."""
        if match.status == "bidding":
            raise BadState(f"match #{match.id} is still bidding: its bid is placed once both bids are in "
                           f"({bid_hint(match)})")
        game = match.current
        if match.status != "playing" or game is None:
            raise BadState(f"match #{match.id} is over")
        info = await self.store.game(game.game_id, tx)
        if info.status != "forming":
            raise BadState(f"game {game.number} of match #{match.id} (#{info.id}) has started: its bid is on the "
                           f"board; the next step comes when it ends")
        return game

    @staticmethod
    def require_player(match: MatchInfo, actor: Actor, doing: str) -> None:
        if actor.user_id not in match.players:
            a, b = match.players
            raise Forbidden(f"only {who(a)} and {who(b)} play match #{match.id}, so only they {doing}")

    @staticmethod
    def due_problem(match: MatchInfo, game) -> str | None:
        """Why game `game` of the match may not start yet (None: it may)."""
        if match.status != "playing" or game is None or game.ended:
            return f"match #{match.id} has no game waiting to start"
        if game.number == 2 and not match.game(1).ended:
            return f"game 2 of match #{match.id} waits for game 1 to end"
        side, ipcs, placer = match.two_games().bid_for(game.number)
        if ipcs and not game.placement:
            return f"{who(placer)} places the bid of {ipcs} IPCs for the {side} ({place_hint(match)})"
        if game.number == 2:
            missing = [p for p in match.players if p not in game.ready]
            if missing:
                return f"{' and '.join(who(p) for p in missing)} to confirm ({ready_hint(match)})"
        return None

    # ------------------------------------------------------------------ starting a game
    async def check_start(self, match_id: int, guild_id: int | None = None) -> GameInfo:
        """The match's game due to start, as the lobby would start it (raises its refusal, or
        BadState saying what the match still waits for): asked before channels are made."""
        match = await self.match(match_id, guild_id)
        game = match.current
        problem = self.due_problem(match, game)
        if problem:
            raise BadState(f"game {game.number if game else '?'} cannot start yet: {problem}")
        return await self.lobby.check_start(game.game_id, Actor(match.creator_id), guild_id)

    async def start(self, match_id: int, guild_id: int | None = None,
                    channels: GameChannels | None = None) -> GameInfo:
        """Start the match's game that is due, through the lobby (its GM is the match's creator);
        the bid goes on the board in the start's own transaction (`start_state`)."""
        match = await self.match(match_id, guild_id)
        if match.current is None or match.current.game_id is None:
            raise BadState(f"match #{match.id} has no game waiting to start")
        return await self.lobby.start(match.current.game_id, Actor(match.creator_id), channels, guild_id)

    async def start_state(self, tx, game: GameInfo, state: dict) -> dict:
        """Lobby hook, in the start's transaction before the seed commitment is posted: a match
        game starts only when the match says so, with the bid's units on the board."""
        row = await tx.matches.of_game(game.id)
        if row is None:
            return state
        match = await self._load(tx, row["match_id"])
        current = match.game(row["number"])
        problem = self.due_problem(match, current)
        if problem:
            raise BadState(f"game #{game.id} is game {current.number} of match #{match.id}: it starts when the "
                           f"match says so — {problem}")
        side, ipcs, placer = match.two_games().bid_for(current.number)
        lines: list[str] = []
        if ipcs:
            try:
                placed = check_bid_placement(state, side, ipcs, BidPlacement.from_json(current.placement["placement"]))
            except RulesError as exc:
                raise BadInput(f"the placed bid no longer fits the start: {exc}; place it again "
                               f"({place_hint(match)})") from None
            state = apply_bid(state, placed)
            lines = placed.lines()
        now = iso(self.clock())
        await self.store.log(tx, game.id, None, now, placer, "league_bid",
                             {"match": match.id, "game": current.number,
                              "sides": {str(p): s for p, s in match.two_games().sides(current.number).items()},
                              "bid_side": side, "bid_ipcs": ipcs, "placed": lines, "start_sha256": start_digest(state)})
        text = [f"⚔️ League match #{match.id}, game {current.number}: {sides_line(match, current.number)}."]
        if lines:
            text.append("The bid's extra units, on the board from the start:")
            text += [f"• {line}" for line in lines]
        await self.store.outbox(tx, game.id, "game", "\n".join(text), None, now)
        return state

    # ------------------------------------------------------------------ a game ends
    async def game_over(self, tx, game_id: int) -> None:
        """Ending hook, in the transaction that ends the game: record it; after game 1, create
        game 2 with sides swapped; after game 2 (or an abandoned game), the match's result. A
        failure here is logged and undone, never the game's end."""
        try:
            async with tx.savepoint("league_match"):
                await self.follow_game(tx, game_id)
        except Exception:  # noqa: BLE001 - a match's record must never stop a game from ending
            log.exception("game %s: its league match could not follow its end", game_id)

    async def follow_game(self, tx, game_id: int) -> None:
        row = await tx.matches.of_game(game_id)
        if row is None:
            return
        match = await self._load(tx, row["match_id"])
        played = match.game(row["number"])
        if played.ended or match.status != "playing":
            return
        game = await self.store.game(game_id, tx)
        abandoned = game.status == "abandoned"
        winner = None if abandoned else self.winning_side(match, game)
        rounds = None
        if game.current_phase is not None:
            rounds = (await self.store.phase_by_id(game.current_phase, tx)).state.get("round")
        await tx.matches.game_ended(match.id, played.number, winner, rounds)
        match = await self._load(tx, match.id)
        now = iso(self.clock())
        if abandoned:
            await tx.matches.finished(match.id, result_to_json(None, abandoned=True), now)
        elif played.number == 1:
            second = await self.create_game(tx, match, 2)
            match = await self._load(tx, match.id)
            await self.post(tx, match, second, self.second_game_text(match))
            return
        else:
            await tx.matches.finished(match.id, result_to_json(match.results()), now)
        match = await self._load(tx, match.id)
        await self.post(tx, match, game_id, f"🏁 **Match #{match.id}** is over: {result_words(match)}.\n"
                                            + "\n".join(game_words(match, g) for g in match.games))
        for follow in self.after_match:
            await follow(tx, match, game_id)

    @staticmethod
    def winning_side(match: MatchInfo, game: GameInfo) -> str | None:
        """The side whose powers won (None: no winner)."""
        sides = get_variant(VARIANT).alliances(match.options)
        for winner in game.winners:
            for side, powers in sides.items():
                if winner in powers:
                    return side
        return None

    @staticmethod
    def second_game_text(match: MatchInfo) -> str:
        first, second = match.game(1), match.game(2)
        side, ipcs, placer = match.two_games().bid_for(2)
        other = match.other(placer)
        steps = (f"{who(placer)}, place the bid: {place_hint(match)}; {who(other)}, confirm with {ready_hint(match)}"
                 if ipcs else f"both of you confirm with {ready_hint(match)}")
        return (f"🏁 Match #{match.id}, {game_words(match, first)}.\n"
                f"Game 2 is **#{second.game_id}**, sides swapped: {sides_line(match, 2)}.\n"
                f"{steps}. It starts when both have.")

    async def post(self, tx, match: MatchInfo, game_id: int, text: str) -> None:
        """News of the match in its channel (the console prints it)."""
        target = f"channel:{match.channel_id}" if match.channel_id else "game"
        await self.store.outbox(tx, game_id, target, text, None, iso(self.clock()))
