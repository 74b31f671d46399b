"""The turn card: a phase's outcome as one message a phone shows whole (Discord's Components v2
layout): the phase's title, the board and the crop of where the action was, the results, and
three buttons — **My results** (the reader's own part), **My orders now** (their sheet and menus
for the phase the results opened) and **History** (every seat's orders of that phase). The
answers are ephemeral: only the presser sees them, so no seat's orders are ever shown to another.

A card holds at most 4,000 characters of text (`CARD_TEXT`): a longer report keeps its headlines
(the lines outside the powers' sections) and sends the rest to **My results** and **History**.
"""
from __future__ import annotations

import io
import logging
import re

import discord

from engine.variant import get_variant
from service import GameService
from service.cards import my_results
from service.history import history_text
from service.maps import seat_crops
from service.reports import blocks, power_of_header

from .common import GameComponent, actor_of, tell_privately
from .custom_ids import CARD_TEMPLATE, build_card
from .sheet import sheet_text, sheet_view

CARD_TEXT = 3_800          # Discord: 4,000 characters over all of a v2 message's text; room for the title
GALLERY = 10               # Discord: a media gallery shows 1-10 pictures


class CardButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=CARD_TEMPLATE):
    in_game_channel = True          # a card is posted in the game channel only
    LABELS = {"mine": ("My results", discord.ButtonStyle.primary),
              "orders": ("My orders now", discord.ButtonStyle.success),
              "history": ("History", discord.ButtonStyle.secondary)}

    def __init__(self, act: str, game_id: int, seq: int):
        label, style = self.LABELS[act]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=build_card(act, game_id, seq)))
        self.act, self.game_id, self.seq = act, game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(match["act"], int(match["game"]), int(match["phase"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = None
        crops: list[discord.File] = []
        if self.act == "mine":
            text = await my_results(service, self.game_id, interaction.user.id, self.seq)
            crops = await own_crops(service, self.game_id, interaction.user.id, self.seq)
        elif self.act == "history":
            text, _ = await history_text(service, self.game_id, self.seq, interaction.user.id)   # theirs first
        else:
            text, view = await my_orders(service, interaction, self.game_id)
        await tell_privately(interaction, text, view)
        if crops:           # the reader's own orders on the map, for them alone
            await interaction.followup.send(files=crops, ephemeral=True)


async def own_crops(service: GameService, game_id: int, user_id: int, seq: int) -> list[discord.File]:
    """The crops of the presser's own orders of phase `seq`; none if drawing them fails (the
    results in words are the answer)."""
    try:
        return [discord.File(io.BytesIO(png), filename=name)
                for png, name in await seat_crops(service, game_id, seq, user_id)]
    except Exception:  # noqa: BLE001 - a picture that cannot be drawn must not stop the answer
        logging.getLogger("dispatch.cards").exception("own crops of game %s phase %s failed", game_id, seq)
        return []


async def my_orders(service: GameService, interaction: discord.Interaction,
                    game_id: int) -> tuple[str, discord.ui.View | None]:
    """The presser's sheet for the game's current phase, with its brief and menus (ephemeral)."""
    game = await service.game(game_id)
    if game.status not in ("active", "paused"):        # over: no phase takes orders, so no sheet, no Ready
        return (f"Game #{game_id} is {game.status}: there are no more orders to give. **History** and "
                f"`/history` tell every phase."), None
    seats = game.seats_of(interaction.user.id)
    if not seats:
        return f"You hold no seat in game #{game_id}: there are no orders of yours to give.", None
    phase = await service.phase(game_id)
    variant = get_variant(game.variant)
    acting = [s for s in seats if s in variant.seats_to_act(phase.state)]
    if not acting:
        return (f"**{phase.label}**: {', '.join(seats)} {'has' if len(seats) == 1 else 'have'} nothing to order "
                f"now; your seat channel tells you when you do."), None
    seat = acting[0]
    actor = actor_of(interaction)
    sheet = await service.orders(game_id, actor, seat)
    others = f"\n(Also yours to order: {', '.join(acting[1:])} — in its seat channel.)" if acting[1:] else ""
    text = (f"**{phase.label}** — {seat}\n{variant.phase_brief(phase.state, seat)}\n\n"
            f"{sheet_text(game_id, sheet)}{others}")
    return text, sheet_view(game_id, phase.seq, sheet, list(sheet.menus))


def card_body(body: str, limit: int = CARD_TEXT) -> str:
    """The results as the card shows them: whole if they fit, else the headlines (lines outside
    the powers' sections, e.g. a coin flip or a victory) and where the rest is."""
    if len(body) <= limit:
        return body
    parts = blocks(body)
    headlines = [b for b in parts if power_of_header(b) is None]
    powers = len(parts) - len(headlines)
    note = (f"Each of the {powers} powers' results: **My results** for yours, **History** for all."
            if powers else "The whole report: **History**.")
    kept: list[str] = []
    for line in "\n".join(headlines).splitlines():
        if sum(len(k) + 1 for k in kept) + len(line) + len(note) + 2 > limit:
            break
        kept.append(line)
    return "\n".join(kept + [note])


def turn_card(game_id: int, seq: int, text: str, pictures: list[str], over: bool = False) -> discord.ui.LayoutView:
    """The card of phase `seq`'s results: `text` is the results message (its first line the
    title), `pictures` the names of the files sent with it (the board, the action's crop). The
    card of a game that is `over` has no **My orders now**: no phase takes orders any more."""
    title, _, body = text.partition("\n")
    children: list[discord.ui.Item] = [discord.ui.TextDisplay(title)]
    if pictures:
        children.append(discord.ui.MediaGallery(*[discord.MediaGalleryItem(f"attachment://{name}")
                                                  for name in pictures[:GALLERY]]))
    body = card_body(body.strip(), CARD_TEXT - len(title))
    if body:
        children.append(discord.ui.TextDisplay(body))
    children.append(discord.ui.Separator())
    acts = ("mine", "history") if over else ("mine", "orders", "history")
    children.append(discord.ui.ActionRow(*(CardButton(act, game_id, seq) for act in acts)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children))
    return view
