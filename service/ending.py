"""The end of a game: a final summary and the move of its channels to the archive.

When a game ends (won, drawn, conceded or abandoned) the service queues one `archive` job in the
same transaction. The bot carries it out like a message (retried, never lost): the game's
channels move to the server's archive category and become read-only, the seat and alliance
channels become readable by every player of the game (and by those who held a seat and left), and
the final summary — winner, the
standing (victory points or pieces), the key events and the seed — is posted in the game channel
with the full export attached. The summary is posted once, even when some channels could not be
moved (a full server): the archive is then retried until it is done, and the game's Spectator
role is deleted at the end. The console prints the summary and writes the export to its
out folder.
"""
from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

from engine.variant import get_variant

from . import permissions
from .decisions import DecidedEnd, read_decision
from .errors import BadState, Forbidden
from .ids import checked_ids
from .models import Actor, GameInfo, PhaseInfo, iso
from .runtime import Now
from .seasons import Seasons
from .store import Store

MAX_KEY_EVENTS = 16        # in the summary: the first few, then the latest (all are in the export)
FIRST_KEY_EVENTS = 4


@checked_ids
class Ending:
    """A game ends: won (after an adjudication), agreed (a draw, a concession) or abandoned by
    its GM; the final summary and the archive job, and their bookkeeping."""

    def __init__(self, store: Store, clock: Now, seasons: Seasons):
        self.store = store
        self.clock = clock
        self.seasons = seasons
        # parts above that follow a game's end in its transaction (A&A league matches: the next game)
        self.over_hooks: list[Callable[[Any, int], Awaitable[None]]] = []

    async def game_over(self, tx, game_id: int) -> None:
        """Queue the final summary and the archiving of the game's channels."""
        await self.seasons.records.game_ended(tx, game_id)     # seasons hook: the result on record, ratings move
        for follow in self.over_hooks:
            await follow(tx, game_id)
        game = await self.store.game(game_id, tx)
        await self.store.outbox(tx, game.id, "archive", await self._final_summary(tx, game), None,
                                iso(self.clock()))

    async def summary_posted(self, game_id: int) -> bool:
        """Whether the final summary is already in the game channel (an archive that was
        interrupted and is being resumed must not post it twice)."""
        async with self.store.db.lookup() as r:
            return await r.events.any_of(game_id, "summary_posted")

    async def mark_summary_posted(self, game_id: int) -> None:
        async with self.store.db.transaction() as tx:
            await self.store.log(tx, game_id, None, iso(self.clock()), None, "summary_posted", {})

    async def former_players(self, game_id: int) -> list[int]:
        """Everyone who held a seat of the game at some time (they read the archive too)."""
        return list(dict.fromkeys(h.user_id for h in await self.store.seat_history(game_id) if h.user_id))

    async def mark_archived(self, game_id: int) -> None:
        async with self.store.db.transaction() as tx:
            await tx.games.archived(game_id, iso(self.clock()))
            await self.store.log(tx, game_id, None, iso(self.clock()), None, "archived", {})

    async def finish_by_agreement(self, tx, game: GameInfo, phase: PhaseInfo, winners: tuple[str, ...],
                                   why: str, gm_decision: bool = False) -> None:
        """The players ended the game by vote (a draw, a concession), or the GM by a decision
        (`gm_decision`: recorded so, never rated): no adjudication."""
        now = iso(self.clock())
        await tx.games.finished(game.id, now, winners)
        await tx.timers.cancel_game(game.id, now)
        await tx.phases.set_deadline(phase.id, None)
        payload = {"winners": list(winners), "why": why, **({"gm_decision": True} if gm_decision else {})}
        await self.store.log(tx, game.id, phase.id, now, None, "finished", payload)
        seed = await self.store.seed(tx, game.id)
        result = ", ".join(winners) or "nobody (a draw)"
        told = (f"Not rated: ratings skip a game the GM decided; `/game scores {game.id}` shows its points"
                if gm_decision else f"Winner: {result}")
        await self.store.outbox(tx, game.id, "game", (
            f"🏁 **{game.name}** is over in {phase.label}: {why}. {told}.\n"
            f"Seed revealed: `{seed}` (sha256 `{game.seed_hash}`): every roll can now be checked."), None, now)
        await self.game_over(tx, game.id)

    async def _final_summary(self, tx, game: GameInfo) -> str:
        variant = get_variant(game.variant)
        phase = await self.store.phase_by_id(game.current_phase, tx) if game.current_phase else None
        decided = await tx.events.of_kind_with_seq(game.id, "gm_decision")
        outcome = ("abandoned by the GM" if game.status == "abandoned" else
                   f"ended by the GM's decision, {json.loads(decided[-1]['payload'])['words']} (not rated)"
                   if decided else f"won by {', '.join(game.winners)}" if game.winners else "a draw")
        lines = [f"📜 **Final summary of {game.name}** (game #{game.id}, {variant.title}): {outcome}."]
        if phase is not None:
            standing = variant.describe(phase.state)
            lines.append(f"**Standing at the end** ({phase.label}):\n{standing[:900]}")
        players = "; ".join(f"{s.seat}: <@{s.user_id}>" if s.user_id else f"{s.seat}: 🤖 bot ({s.bot})"
                            for s in game.seats if s.user_id or s.bot)
        lines.append(f"**Players**: {players}")
        events = await self._key_events(tx, game)
        if events:
            lines.append("**Key events**:\n" + key_events_text(events))
        seed = await self.store.seed(tx, game.id)
        lines.append(f"Seed: `{seed}` (sha256 `{game.seed_hash}`); phase *n* rolled `random.Random(\"<seed>:<n>\")`.")
        lines.append("The channels are archived read-only; every player can now read every seat channel. "
                     "The full record is attached (`/game export` gives it again).")
        return "\n".join(lines)

    async def key_events(self, tx, game: GameInfo) -> list[str]:
        """What a player would retell, each as `phase: what happened` (`_key_events`)."""
        return [f"{label}: {text}" for label, text in await self._key_events(tx, game)]

    async def _key_events(self, tx, game: GameInfo) -> list[tuple[str, str]]:
        """What a player would retell, in order, each with its phase: announcements (captures,
        coin flips, victories), the news the variant finds in a phase's report (A&A: collapses,
        minors joining, capitals taken, the United States at war, USW, Italy's choice, Spain's
        entry — `Variant.key_events`), seats changing hands, civil disorder, rollbacks and
        agreed endings."""
        variant = get_variant(game.variant)
        reports = {row["label"]: row["report"] or "" for row in await tx.phases.of_game(game.id)
                   if row["adjudicated_at"]}
        rows = await tx.events.with_labels(game.id)
        found: list[tuple[str, str]] = []
        for row in rows:
            payload, label = json.loads(row["payload"]), row["label"] or "before the start"
            kind = row["kind"]
            if kind == "adjudicated":
                played = payload.get("label", label)
                found.extend((played, text) for text in payload.get("announcements", []))
                found.extend((played, text) for text in variant.key_events(reports.get(played, "")))
            elif kind in ("seat_taken", "seat_assigned") and payload.get("previous"):
                found.append((label, f"<@{payload['user_id']}> took over {payload['seat']}"))
            elif kind == "missed" and payload.get("misses", 0) > game.excused_misses:
                found.append((label, f"{payload['seat']} fell into civil disorder"))
            elif kind == "rolled_back":
                found.append((str(payload.get("reopened")), f"its adjudication was undone ({payload.get('how')})"))
            elif kind == "finished" and payload.get("why"):
                found.append((label, payload["why"]))
        return list(dict.fromkeys(found))

    async def end_by_decision(self, game_id: int, actor: Actor, result: str, confirm: bool = False,
                              phase_seq: int | None = None) -> DecidedEnd:
        """GM: end a running game with a result they decide (`service.decisions`): a draw among
        the survivors or named seats, or a win for a seat or a side. Without `confirm` nothing
        changes: the answer says what would happen. A GM who holds a seat may not decide their
        own game's result (the players end it by vote). `phase_seq`: the phase the GM was shown
        it in (a Confirm button); once the game has moved on, nothing changes."""
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "end")
            if game.status == "forming":
                raise BadState(f"game #{game.id} has not started: `/game delete {game.id}` removes it")
            if game.status in ("finished", "abandoned"):
                raise BadState(f"game #{game.id} is already {game.status}")
            if game.seats_of(actor.user_id):
                raise Forbidden(f"you hold a seat in game #{game.id}, so its result is not yours to decide: the "
                                f"players end it by vote (`/vote draw`, `/vote concede`), or `/gm abandon` ends it "
                                f"without a result")
            decision = read_decision(game, result)
            phase = await self.store.phase_by_id(game.current_phase, tx)
            if phase_seq is not None and phase_seq != phase.seq:
                raise BadState(f"game #{game.id} has moved on to {phase.label} since: nothing changed; type "
                               f"`/gm end game_id:{game.id} result:{decision.typed()}` again to end it now")
            if not confirm:
                return DecidedEnd(game.id, decision, False, phase.label, phase.seq, decision.code(game))
            why = f"the GM ended it by decision: {decision.words()}"
            await self.store.log(tx, game.id, phase.id, iso(self.clock()), actor.user_id, "gm_decision",
                                 {"kind": decision.kind, "winners": list(decision.winners),
                                  "words": decision.words()})
            await self.finish_by_agreement(tx, game, phase, decision.winners if decision.kind == "win" or
                                           decision.winners else (), why, gm_decision=True)
        return DecidedEnd(game_id, decision, True, phase.label, phase.seq)

    async def abandon(self, game_id: int, actor: Actor) -> GameInfo:
        async with self.store.db.transaction() as tx:
            game = await self.store.game(game_id, tx)
            permissions.require_gm(game, actor, "abandon")
            if game.status in ("finished", "abandoned"):
                raise BadState(f"game #{game.id} is already {game.status}")
            now = iso(self.clock())
            await tx.games.abandoned(game_id, now)
            await tx.timers.cancel_game(game_id, now)
            await self.store.log(tx, game_id, game.current_phase, now, actor.user_id, "abandoned", {})
            seed = await self.store.seed(tx, game_id)
            await self.store.outbox(tx, game_id, "game", (
                f"{game.name} was abandoned by the GM <@{actor.user_id}>. Seed revealed: `{seed}`."), None, now)
            await self.game_over(tx, game_id)
        return await self.store.game(game_id)


def key_events_text(events: list[tuple[str, str]]) -> str:
    """The key events as a phone shows them: each phase's name on a line of its own, its events
    under it; past `MAX_KEY_EVENTS`, the first few and the latest, saying how many are left out."""
    shown: list[tuple[str, str] | None] = list(events)
    if len(events) > MAX_KEY_EVENTS:
        shown = events[:FIRST_KEY_EVENTS] + [None] + events[-(MAX_KEY_EVENTS - FIRST_KEY_EVENTS):]
    lines, heading = [], None
    for event in shown:
        if event is None:
            lines.append(f"… {len(events) - MAX_KEY_EVENTS} more, in the export")
            heading = None
            continue
        label, text = event
        if label != heading:
            lines.append(f"__{label}__")
            heading = label
        lines.append(f"• {text}")
    return "\n".join(lines)
