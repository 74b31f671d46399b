"""The order sheet as Discord shows it: the whole sheet with ✓/✗, **Ready** / **Not ready**
buttons, menus for the decisions that are a choice from a list (a retreat, builds, removals),
and the multi-line orders form (`/orders` with no text).

Buttons and menus are `DynamicItem`s: their custom id carries the game and seat, so they keep
working after the bot restarts. Every press goes through the same service calls as the typed
commands; a sheet is only ever posted in its seat's channel or ephemerally.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from engine.variant import ChoiceGroup
from service import GameService, ServiceError
from service.errors import BadState, Unconfirmed
from service.models import OrderSheet

from .common import actor_of, error_text

log = logging.getLogger("dispatch")
NO_PINGS = discord.AllowedMentions.none()
MAX_MENUS = 4                    # a message holds 5 rows: one for the buttons, four menus


def sheet_text(game_id: int, sheet: OrderSheet) -> str:
    """The whole sheet, each order with ✓, then every refused line with ✗ and its reason."""
    body = "\n".join(f"✓ `{line}`" for line in sheet.lines) or "no orders yet"
    if sheet.refused:
        body += "\n" + "\n".join(f"✗ `{line}`: {why}" for line, why in sheet.refused)
        body += f"\n{len(sheet.refused)} line(s) not saved; the ✓ orders are."
    state = "✅ ready" if sheet.ready else "⏳ not ready — press **Ready** (or `/ready`) when done"
    text = f"Orders of **{sheet.seat}** in game #{game_id} — {state}\n{body}"
    if sheet.unreadied:
        text += "\n↩️ You had marked this seat ready; changing the orders took that back."
    return text


def _seat_id(seat: str) -> str:
    return seat.replace(":", " ")


class SheetButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dispatch:(?P<act>ready|unready|confirm):"
                                                                    r"(?P<game>\d+):(?P<seat>.+)"):
    """Ready / Not ready on a sheet, and "Ready anyway" under the list of what is missing."""

    LABELS = {"ready": ("Ready", discord.ButtonStyle.success), "unready": ("Not ready", discord.ButtonStyle.secondary),
              "confirm": ("Ready anyway", discord.ButtonStyle.danger)}

    def __init__(self, act: str, game_id: int, seat: str, disabled: bool = False):
        label, style = self.LABELS[act]
        super().__init__(discord.ui.Button(label=label, style=style, disabled=disabled,
                                           custom_id=f"dispatch:{act}:{game_id}:{_seat_id(seat)}"[:100]))
        self.act, self.game_id, self.seat = act, game_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(match["act"], int(match["game"]), match["seat"])

    async def callback(self, interaction: discord.Interaction) -> Any:
        service: GameService = interaction.client.service
        await interaction.response.defer()
        try:
            seat, moved = await service.mark_ready(self.game_id, actor_of(interaction),
                                                   self.act != "unready", self.seat, confirm=self.act == "confirm")
        except Unconfirmed as exc:
            text = (f"⚠️ **{exc.seat}** is not marked ready yet. Still open:\n"
                    + "\n".join(f"• {line}" for line in exc.missing)
                    + "\nGive those orders, or mark ready as it is.")
            view = discord.ui.View(timeout=None)
            view.add_item(SheetButton("confirm", self.game_id, exc.seat))
            await interaction.followup.send(text[:2000], view=view, ephemeral=True, allowed_mentions=NO_PINGS)
            return
        except ServiceError as exc:
            await interaction.followup.send(error_text(exc), ephemeral=True)
            return
        if moved is not None:
            text = (f"✅ {seat} is ready. Everyone was ready: the phase is adjudicated; now **{moved.label}**. "
                    f"The results are in the game channel.")
            await interaction.edit_original_response(content=text, view=None, allowed_mentions=NO_PINGS)
            return
        if self.act == "confirm":
            await interaction.edit_original_response(
                content=f"✅ {seat} is ready as it is. **Not ready** on your sheet (or `/unready`) takes it "
                        f"back until the deadline.", view=None)
            return
        sheet = await service.orders(self.game_id, actor_of(interaction), seat)
        groups = await _groups(service, interaction, self.game_id, seat)
        await interaction.edit_original_response(content=sheet_text(self.game_id, sheet)[:2000],
                                                 view=sheet_view(self.game_id, sheet, groups),
                                                 allowed_mentions=NO_PINGS)


class ChoiceMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"dispatch:pick:(?P<game>\d+):"
                                                                    r"(?P<seat>[^:]+):(?P<key>.+)"):
    """A menu of legal orders for one decision; picking replaces that decision's earlier orders."""

    def __init__(self, game_id: int, seat: str, group: ChoiceGroup):
        options = [discord.SelectOption(label=line[:100], value=line[:100]) for line in group.options[:25]]
        super().__init__(discord.ui.Select(
            custom_id=f"dispatch:pick:{game_id}:{_seat_id(seat)}:{group.key}"[:100], placeholder=group.prompt[:150],
            min_values=1, max_values=max(1, min(group.picks, len(options))), options=options))
        self.game_id, self.seat, self.group = game_id, seat, group

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /):
        group = ChoiceGroup(match["key"], item.placeholder or "", tuple(o.value for o in item.options),
                            item.max_values)
        return cls(int(match["game"]), match["seat"], group)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await interaction.response.defer()
        await _pick_and_redraw(interaction, self.game_id, self.seat, self.group.key, list(self.item.values))


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button], template=r"dispatch:answer:(?P<game>\d+):"
                                                                     r"(?P<seat>[^:]+):(?P<key>[^#]+)#(?P<index>\d)"):
    """One of a few short answers (an auction bid or pass, Italy's accept or refuse) as a button;
    pressing it gives that answer, as if typed."""

    def __init__(self, game_id: int, seat: str, key: str, index: int, label: str):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"dispatch:answer:{game_id}:{_seat_id(seat)}:{key}#{index}"[:100]))
        self.game_id, self.seat, self.key, self.index = game_id, seat, key, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(int(match["game"]), match["seat"], match["key"], int(match["index"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> Any:
        service: GameService = interaction.client.service
        await interaction.response.defer()
        try:
            # the answer as the rules offer it now (an auction's next bid may have risen)
            _, groups = await service.choice_groups(self.game_id, actor_of(interaction), self.seat)
            group = next((g for g in groups if g.key == self.key), None)
            if group is None or self.index >= len(group.options):
                raise BadState("that answer is no longer open; see your sheet with `/orders`")
        except ServiceError as exc:
            await interaction.followup.send(error_text(exc), ephemeral=True)
            return
        await _pick_and_redraw(interaction, self.game_id, self.seat, self.key, [group.options[self.index]])


async def _pick_and_redraw(interaction: discord.Interaction, game_id: int, seat: str, key: str,
                           picks: list[str]) -> None:
    """Settle a menu decision through the service, then redraw the sheet the menu sits on."""
    service: GameService = interaction.client.service
    try:
        sheet = await service.pick(game_id, actor_of(interaction), seat, key, picks)
        groups = await _groups(service, interaction, game_id, sheet.seat)
    except ServiceError as exc:
        await interaction.followup.send(error_text(exc), ephemeral=True)
        return
    await interaction.edit_original_response(content=sheet_text(game_id, sheet)[:2000],
                                             view=sheet_view(game_id, sheet, groups), allowed_mentions=NO_PINGS)


class OrdersForm(discord.ui.Modal):
    """`/orders` with no text: the whole sheet in one box, pre-filled; submitting replaces it
    (an empty box withdraws every order)."""

    def __init__(self, service: GameService, game_id: int, seat: str, lines: tuple[str, ...], hint: str):
        super().__init__(title=f"Orders: {seat} (game #{game_id})"[:45], timeout=30 * 60,
                         custom_id=f"dispatch:form:{game_id}:{_seat_id(seat)}"[:100])
        self.service, self.game_id, self.seat = service, game_id, seat
        self.box = discord.ui.TextInput(label="One order per line", style=discord.TextStyle.paragraph,
                                        default="\n".join(lines)[:4000] or None, required=False, max_length=4000,
                                        placeholder=hint[:100] or None)
        self.add_item(self.box)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = actor_of(interaction)
        try:
            if self.box.value.strip():
                sheet = await self.service.submit_orders(self.game_id, actor, self.box.value, self.seat, replace=True)
            else:
                await self.service.clear_orders(self.game_id, actor, self.seat)
                sheet = await self.service.orders(self.game_id, actor, self.seat)
            groups = await _groups(self.service, interaction, self.game_id, sheet.seat)
        except ServiceError as exc:
            await interaction.followup.send(error_text(exc), ephemeral=True)
            return
        await interaction.followup.send(sheet_text(self.game_id, sheet)[:2000], view=sheet_view(self.game_id, sheet, groups),
                                        ephemeral=True, allowed_mentions=NO_PINGS)

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        log.error("orders form failed", exc_info=error)
        text = error_text(error)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


def sheet_view(game_id: int, sheet: OrderSheet, groups: list[ChoiceGroup] = ()) -> discord.ui.View:
    """Ready / Not ready (the current state greyed out), then a menu per choice of the phase."""
    view = discord.ui.View(timeout=None)
    view.add_item(SheetButton("ready", game_id, sheet.seat, disabled=sheet.ready))
    view.add_item(SheetButton("unready", game_id, sheet.seat, disabled=not sheet.ready))
    for row, group in enumerate(list(groups)[:MAX_MENUS], start=1):
        if not group.options:
            continue
        if group.key.startswith("answer/") and len(group.options) <= 5:      # a few words: buttons
            for index, answer in enumerate(group.options):
                button = AnswerButton(game_id, sheet.seat, group.key, index, answer)
                button.row = row
                view.add_item(button)
        else:
            view.add_item(ChoiceMenu(game_id, sheet.seat, group))
    return view


async def _groups(service: GameService, interaction: discord.Interaction, game_id: int, seat: str) -> list[ChoiceGroup]:
    return await menus_for(service, actor_of(interaction), game_id, seat)


async def menus_for(service: GameService, actor, game_id: int, seat: str) -> list[ChoiceGroup]:
    """The phase's menu decisions for a seat (none when it has nothing to order now)."""
    try:
        return (await service.choice_groups(game_id, actor, seat))[1]
    except ServiceError:
        return []


def register_sheet_items(client: discord.Client) -> None:
    client.add_dynamic_items(SheetButton, ChoiceMenu, AnswerButton)
