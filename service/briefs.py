"""A phase's opening messages: each seat that must act gets its brief, pinging its player.

The texts depend on the position alone (`brief_texts`), so the worker that adjudicated the phase
before writes them too: an A&A brief lists the seat's legal orders, tens of milliseconds of work
that then never runs on the event loop."""
from __future__ import annotations

from dataclasses import dataclass

from engine.variant import Variant

from .ids import checked_ids
from .models import OWN_CROP, GameInfo, PhaseInfo
from .reports import FINISH_TURN, seat_results
from .store import Store


@dataclass(frozen=True)
class BriefTexts:
    """What a phase's opening messages say, worked out from its position (pickles to and from a
    worker): the seats that act, each seat's own results of the phase before, each acting seat's
    brief, and the acting seats that have menus."""

    acting: tuple[str, ...]
    own: dict[str, str]
    briefs: dict[str, str]
    menus: frozenset[str]


def brief_texts(variant: Variant, state, seats, results: tuple[str, str] | None) -> BriefTexts:
    """The texts of `announce` for a phase opening on `state` (pure: run in a worker)."""
    acting = tuple(variant.seats_to_act(state))
    return BriefTexts(acting, {seat: seat_results(variant, state, seat, results) for seat in seats},
                      {seat: variant.phase_brief(state, seat) for seat in acting},
                      frozenset(seat for seat in acting if variant.choice_groups(state, seat)))


@checked_ids
class Briefs:
    """Queues the briefs of a phase that opens (inside the caller's transaction)."""

    def __init__(self, store: Store):
        self.store = store

    async def announce(self, tx, game: GameInfo, variant: Variant, phase: PhaseInfo,
                       results: tuple[str, str] | None = None, texts: BriefTexts | None = None) -> None:
        """Each seat that must act gets its brief, pinging its player: its own results of the
        phase just played first (`results`: its label and report) with the crop of its own orders
        on the map (`OWN_CROP`, drawn when delivered), then what to order now, with
        the phase's menus (a retreat, builds, removals) as buttons under it. The brief waits
        behind the results in the game channel (`Store.due_outbox`). A held seat with nothing to
        order now still gets its own results in its channel, without a ping. `texts`: as worked
        out already (in the worker that adjudicated the phase before), else here."""
        if texts is None:
            texts = brief_texts(variant, phase.state, [s.seat for s in game.seats], results)
        acting = texts.acting

        def crop(seat: str) -> list[tuple[str, str]]:
            # a seat's own results carry the crop of its own orders (drawn on delivery, owed)
            return [(OWN_CROP, str(phase.seq - 1))] if results is not None and texts.own.get(seat) \
                and game.holder(seat) is not None else []
        for seat in (s.seat for s in game.seats):
            own = texts.own.get(seat, "") if seat not in acting else ""
            if own and game.holder(seat) is not None:
                await self.store.outbox(tx, game.id, f"seat:{seat}", own + f"Nothing for {seat} to order in "
                                        f"**{phase.label}**; you will be told when there is.", None, phase.created_at,
                                        buttons=crop(seat) or None)
        for seat in acting:
            holder = game.holder(seat)
            settings = await self.store.notify_settings(holder, tx)
            due = f"<t:{int(phase.deadline.timestamp())}:R>"
            await self.store.outbox(tx, game.id, f"seat:{seat}", (
                texts.own.get(seat, "")
                + f"**{phase.label}** has begun: your orders are due {due}. {FINISH_TURN}\n"
                f"{texts.briefs[seat]}"), None, phase.created_at,
                ping_user=None if settings.quiet else holder,
                buttons=([("menus", str(phase.seq))] if seat in texts.menus else []) + crop(seat) or None)
            if settings.dm_phase and not settings.quiet and holder is not None:
                await self.store.outbox(tx, game.id, f"user:{holder}", (
                    f"**{game.name}** (game #{game.id}): **{phase.label}** has begun for {seat}; orders are due "
                    f"{due}. Your seat channel has the details. (`/notify` changes these messages.)"),
                    None, phase.created_at)
