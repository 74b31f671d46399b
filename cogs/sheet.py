"""The order sheet as Discord shows it: the whole sheet with ✓/✗ (`service.commands.orders.
sheet_text`, the console's words too), **Ready** / **Not ready** buttons, menus for the decisions
that are a choice from a list (a retreat, builds, removals), and **Edit all**, which opens the
multi-line orders form (`/orders` with no text shows the sheet with it).

A press answered for the presser alone outside the seat's own channel leaves a short copy in that
channel (`service.commands.orders.keep`): an ephemeral answer can vanish on a phone.

Buttons and menus are `DynamicItem`s and the form is answered by `handle_orders_form`: their
custom id (`cogs.custom_ids`) carries the sheet they act on — game, seat and phase — so they keep
working after the bot restarts, and one made for an earlier phase changes nothing
(`answer_if_stale` answers it with the current sheet). Every press goes through the same service
calls as the typed commands; a sheet is only ever posted in its seat's channel or ephemerally.
What a press raises is answered in one place (`GameComponent.on_error`, the form's `refuse`).
"""
from __future__ import annotations

import re
from typing import Any

import discord

from engine.variant import ChoiceGroup
from service import GameService, ServiceError
from service.commands.orders import keep, ready_record, sheet_record, sheet_text
from service.errors import BadState, Unconfirmed
from service.models import OrderSheet

from .common import GameComponent, actor_of, component_game, error_text, refuse, table_command, tell_privately
from .custom_ids import SheetTarget, build, form_target, target_of, template

NO_PINGS = discord.AllowedMentions.none()
MAX_MENUS = 4                    # a message holds 5 rows: one for the buttons, four menus

__all__ = ["sheet_text", "sheet_view", "give_orders", "handle_orders_form", "answer_if_stale", "menus_for"]


class SheetButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=template("ready|unready|confirm")):
    """Ready / Not ready on a sheet, and "Ready anyway" under the list of what is missing."""

    LABELS = {"ready": ("Ready", discord.ButtonStyle.success), "unready": ("Not ready", discord.ButtonStyle.secondary),
              "confirm": ("Ready anyway", discord.ButtonStyle.danger)}

    def __init__(self, act: str, sheet: SheetTarget, disabled: bool = False):
        label, style = self.LABELS[act]
        super().__init__(discord.ui.Button(label=label, style=style, disabled=disabled,
                                           custom_id=build(act, sheet.game_id, sheet.phase, sheet.seat)))
        self.act, self.sheet, self.game_id = act, sheet, sheet.game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(match["kind"], target_of(match))

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer()
        if await answer_if_stale(interaction, self.sheet):
            return
        game_id = self.sheet.game_id
        try:
            seat, moved = await service.mark_ready(game_id, actor_of(interaction), self.act != "unready",
                                                   self.sheet.seat, confirm=self.act == "confirm",
                                                   phase_seq=self.sheet.phase)
        except Unconfirmed as exc:         # not an error: what is missing, and "Ready anyway"
            text = (f"⚠️ **{exc.seat}** is not marked ready yet. Still open:\n"
                    + "\n".join(f"• {line}" for line in exc.missing)
                    + "\nGive those orders, or mark ready as it is.")
            view = discord.ui.View(timeout=None)
            view.add_item(SheetButton("confirm", SheetTarget(game_id, exc.seat, self.sheet.phase)))
            await interaction.followup.send(text[:2000], view=view, ephemeral=True, allowed_mentions=NO_PINGS)
            return
        await keep(service, await service.game(game_id), seat, interaction.channel_id,
                   ready_record(game_id, seat, self.act != "unready", f"the **{self.LABELS[self.act][0]}** button",
                                moved))
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
        sheet = await service.orders(game_id, actor_of(interaction), seat)
        await redraw(interaction, self.sheet, sheet)


class EditButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button], template=template("edit")):
    """**Edit all** on a sheet: the orders form, holding every order of the sheet as it is now. A
    form must be the first answer to the press, so the staleness check comes before it here."""

    def __init__(self, sheet: SheetTarget):
        super().__init__(discord.ui.Button(label="Edit all", style=discord.ButtonStyle.primary,
                                           custom_id=build("edit", sheet.game_id, sheet.phase, sheet.seat)))
        self.sheet, self.game_id = sheet, sheet.game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(target_of(match))

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        game = await service.game(self.sheet.game_id)
        current = await service.phase(game.id) if game.current_phase is not None else None
        if current is None or current.seq != self.sheet.phase or game.status not in ("active", "paused"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await answer_if_stale(interaction, self.sheet)
            return
        actor = actor_of(interaction)
        sheet = await service.orders(game.id, actor, self.sheet.seat)
        examples = await service.example_orders(game.id, actor, sheet.seat)
        hint = f"e.g. {examples[0]}" if examples else "one order per line"
        await interaction.response.send_modal(orders_form(game.id, current.seq, sheet.seat, sheet.lines, hint))


class ChoiceMenu(GameComponent, discord.ui.DynamicItem[discord.ui.Select], template=template("pick", r":(?P<key>.+)")):
    """A menu of legal orders for one decision; picking replaces that decision's earlier orders."""

    def __init__(self, sheet: SheetTarget, group: ChoiceGroup):
        options = [discord.SelectOption(label=line[:100], value=line[:100]) for line in group.options[:25]]
        super().__init__(discord.ui.Select(
            custom_id=build("pick", sheet.game_id, sheet.phase, sheet.seat, group.key),
            placeholder=group.prompt[:150], min_values=1, max_values=max(1, min(group.picks, len(options))),
            options=options))
        self.sheet, self.group, self.game_id = sheet, group, sheet.game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /):
        group = ChoiceGroup(match["key"], item.placeholder or "", tuple(o.value for o in item.options),
                            item.max_values)
        return cls(target_of(match), group)

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        if await answer_if_stale(interaction, self.sheet):
            return
        await _pick_and_redraw(interaction, self.sheet, self.group.key, list(self.item.values))


class AnswerButton(GameComponent, discord.ui.DynamicItem[discord.ui.Button],
                   template=template("answer", r":(?P<key>[^#]+)#(?P<index>\d)")):
    """One of a few short answers (an auction bid or pass, Italy's accept or refuse) as a button;
    pressing it gives that answer, as if typed."""

    def __init__(self, sheet: SheetTarget, key: str, index: int, label: str):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=build("answer", sheet.game_id, sheet.phase, sheet.seat,
                                                           f"{key}#{index}")))
        self.sheet, self.key, self.index, self.game_id = sheet, key, index, sheet.game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(target_of(match), match["key"], int(match["index"]), item.label or "")

    async def pressed(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service
        await interaction.response.defer()
        if await answer_if_stale(interaction, self.sheet):
            return
        # the answer as the rules offer it now (an auction's next bid may have risen)
        _, groups = await service.choice_groups(self.sheet.game_id, actor_of(interaction), self.sheet.seat,
                                                self.sheet.phase)
        group = next((g for g in groups if g.key == self.key), None)
        if group is None or self.index >= len(group.options):
            raise BadState("that answer is no longer open; see your sheet with `/orders`")
        await _pick_and_redraw(interaction, self.sheet, self.key, [group.options[self.index]])


async def _pick_and_redraw(interaction: discord.Interaction, target: SheetTarget, key: str, picks: list[str]) -> None:
    """Settle a menu decision through the service, then redraw the sheet the menu sits on."""
    service: GameService = interaction.client.service
    sheet = await service.pick(target.game_id, actor_of(interaction), target.seat, key, picks, target.phase)
    await keep(service, await service.game(target.game_id), sheet.seat, interaction.channel_id,
               sheet_record(target.game_id, sheet, "a menu of the sheet"))
    await redraw(interaction, target, sheet)


async def redraw(interaction: discord.Interaction, target: SheetTarget, sheet: OrderSheet) -> None:
    """The message a sheet's button or menu sits on, redrawn with the sheet as it is now."""
    groups = list(sheet.menus)          # read with the sheet, in the same service call
    await interaction.edit_original_response(content=sheet_text(target.game_id, sheet)[:2000],
                                             view=sheet_view(target.game_id, target.phase, sheet, groups),
                                             allowed_mentions=NO_PINGS)


async def answer_if_stale(interaction: discord.Interaction, target: SheetTarget, typed: str | None = None) -> bool:
    """The one staleness check of every sheet button, menu and orders form (the interaction
    already deferred). Returns False when `target.phase` is still the game's current phase; else
    answers the presser alone — "this was for <phase>", their current sheet, and what they had
    `typed` into a stale form so nothing is lost — changes nothing, and returns True."""
    service: GameService = interaction.client.service
    actor = actor_of(interaction)
    game = await service.game(target.game_id)
    current = await service.phase(game.id) if game.current_phase is not None else None
    if current is not None and target.phase == current.seq and game.status in ("active", "paused"):
        return False
    label = "an earlier phase"
    if target.phase is not None:
        try:
            label = (await service.phase(game.id, target.phase)).label
        except ServiceError:
            label = f"phase {target.phase}, since undone"
    text = f"⌛ This was for **{label}**; nothing was changed."
    view = None
    if game.status not in ("active", "paused") or current is None:
        text += f" Game #{game.id} is {game.status}: there is no sheet to give orders on."
    else:
        try:
            sheet = await service.orders(game.id, actor, target.seat)
            groups = list(sheet.menus)
            text += (f" The game is now in **{current.label}**; here is your current sheet:\n"
                     + sheet_text(game.id, sheet))
            view = sheet_view(game.id, current.seq, sheet, groups)
        except ServiceError as exc:
            text += f" The game is now in **{current.label}**. {error_text(exc)}"
    if typed is not None and typed.strip():
        await tell_privately(interaction, text, None)
        await tell_privately(interaction,
                             "What you had typed in the form (copy it into `/orders` if you still want it):\n"
                             f"```\n{typed.replace('```', 'ʼʼʼ')}\n```", view)
        return True
    await tell_privately(interaction, text, view)
    return True


def orders_form(game_id: int, phase: int, seat: str, lines: tuple[str, ...], hint: str) -> discord.ui.Modal:
    """`/orders` with no text: the whole sheet in one box, pre-filled. The form is not kept in
    memory: `handle_orders_form` answers its submission from the custom id alone, so it still
    works after a restart or hours later (and a form for an earlier phase is caught as stale)."""
    form = discord.ui.Modal(title=f"Orders: {seat} (game #{game_id})"[:45], timeout=None,
                            custom_id=build("form", game_id, phase, seat))
    form.add_item(discord.ui.TextInput(label="One order per line", style=discord.TextStyle.paragraph,
                                       custom_id="orders", default="\n".join(lines)[:4000] or None,
                                       required=False, max_length=4000, placeholder=hint[:100] or None))
    form.stop()          # not kept in discord.py's view store: the listener handles every submission
    return form


def form_text(interaction: discord.Interaction) -> str:
    """What was typed in an orders form's box."""
    for row in (interaction.data or {}).get("components", []):
        for field in row.get("components", []):
            if field.get("type") == 4:
                return str(field.get("value") or "")
    return ""


async def handle_orders_form(interaction: discord.Interaction) -> bool:
    """Answer an orders form's submission if it is one (returns whether it was): an empty box
    withdraws every order, otherwise its lines replace the sheet. An error is answered by the
    one error path (`refuse`), with what was typed under it."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return False
    target = form_target((interaction.data or {}).get("custom_id", ""))
    if target is None:
        return False
    service: GameService = interaction.client.service
    typed = form_text(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await component_game(service, interaction, target.game_id)       # the place check of every component
        if await answer_if_stale(interaction, target, typed):
            return True
        actor = actor_of(interaction)
        if typed.strip():
            sheet = await service.submit_orders(target.game_id, actor, typed, target.seat, replace=True,
                                                phase_seq=target.phase)
        else:
            await service.clear_orders(target.game_id, actor, target.seat, target.phase)
            sheet = await service.orders(target.game_id, actor, target.seat)
        groups = list(sheet.menus)
    except Exception as error:  # noqa: BLE001 - the player must hear back, and keep what they typed
        await refuse(interaction, error, keep=typed)
        return True
    await keep(service, await service.game(target.game_id), sheet.seat, interaction.channel_id,
               sheet_record(target.game_id, sheet, "the orders form"))
    await interaction.followup.send(sheet_text(target.game_id, sheet)[:2000],
                                    view=sheet_view(target.game_id, target.phase, sheet, groups),
                                    ephemeral=True, allowed_mentions=NO_PINGS)
    return True


def sheet_view(game_id: int, phase: int | None, sheet: OrderSheet, groups: list[ChoiceGroup] = ()) -> discord.ui.View:
    """Ready / Not ready (the current state greyed out), then a menu per choice of the phase;
    each carries `phase`, the number of the phase the sheet is for."""
    view = discord.ui.View(timeout=None)
    target = SheetTarget(game_id, sheet.seat, phase)
    view.add_item(SheetButton("ready", target, disabled=sheet.ready))
    view.add_item(SheetButton("unready", target, disabled=not sheet.ready))
    view.add_item(EditButton(target))
    for row, group in enumerate(list(groups)[:MAX_MENUS], start=1):
        if not group.options:
            continue
        if group.key.startswith("answer/") and len(group.options) <= 5:      # a few words: buttons
            for index, answer in enumerate(group.options):
                button = AnswerButton(target, group.key, index, answer)
                button.row = row
                view.add_item(button)
        else:
            view.add_item(ChoiceMenu(target, group))
    return view


async def phase_now(service: GameService, game_id: int) -> int | None:
    """The number of the game's current phase, read before a sheet is changed, for its buttons
    (None before the start)."""
    try:
        return (await service.phase(game_id)).seq
    except ServiceError:
        return None


async def menus_for(service: GameService, actor, game_id: int, seat: str) -> list[ChoiceGroup]:
    """The phase's menu decisions for a seat (none when it has nothing to order now)."""
    try:
        return (await service.choice_groups(game_id, actor, seat))[1]
    except ServiceError:
        return []


async def give_orders(cog, ctx, **values: Any) -> None:
    """A command that gives orders (`/orders`, `/order`, `/buy`, …), as the command table says:
    the sheet it leaves, with its Ready buttons and menus, for the seat alone."""
    ask = await cog.ask(ctx, **values)
    sheet = await table_command(ctx).act(cog.service, ask)      # the sheet, its phase and menus in one call
    await cog.answer(ctx, ask, sheet, view=sheet_view(ask.game.id, sheet.phase_seq, sheet, list(sheet.menus)))


def register_sheet_items(client: discord.Client) -> None:
    client.add_dynamic_items(SheetButton, EditButton, ChoiceMenu, AnswerButton)
