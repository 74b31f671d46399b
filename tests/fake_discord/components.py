"""Discord's limits on message components and modals (Interactions → Message Components,
Component Reference; Receiving and Responding → Modal), as the fake enforces them.

A message holds at most 5 action rows; a row holds 1–5 buttons or exactly one select menu;
custom ids are 1–100 characters and unique within the message; a button label is at most 80
characters; a select menu offers 1–25 options (label, value, description each at most 100),
with 0 <= min_values <= max_values <= 25 and max_values no more than its options. A modal has a
title of 1–45 characters and 1–5 rows, each holding one text input (label at most 45, value and
max_length at most 4000).
"""
from __future__ import annotations

from typing import Any, Iterator

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
LINK_STYLE = 5


class ComponentError(ValueError):
    """What Discord's 50035 Invalid Form Body would name."""


def _check_id(custom_id: Any, seen: set[str]) -> None:
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        raise ComponentError(f"custom_id: must be 1-100 characters, got {custom_id!r}")
    if custom_id in seen:
        raise ComponentError(f"custom_id: {custom_id!r} is used twice in one message")
    seen.add(custom_id)


def check_message_components(rows: list[dict[str, Any]]) -> None:
    if len(rows) > 5:
        raise ComponentError("components: at most 5 action rows")
    seen: set[str] = set()
    for row in rows:
        if row.get("type") != ACTION_ROW:
            raise ComponentError("components: the top level holds action rows")
        inner = row.get("components") or []
        kinds = {c.get("type") for c in inner}
        if not inner or (kinds == {BUTTON} and len(inner) > 5) or (STRING_SELECT in kinds and len(inner) != 1):
            raise ComponentError("action row: 1-5 buttons, or exactly one select menu")
        if not kinds <= {BUTTON, STRING_SELECT}:
            raise ComponentError(f"action row: component types {sorted(kinds)} do not belong in a message")
        for component in inner:
            if component["type"] == BUTTON:
                if len(component.get("label") or "") > 80:
                    raise ComponentError("button label: at most 80 characters")
                if component.get("style") == LINK_STYLE:
                    continue
                _check_id(component.get("custom_id"), seen)
            else:
                _check_select(component, seen)


def _check_select(select: dict[str, Any], seen: set[str]) -> None:
    _check_id(select.get("custom_id"), seen)
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        raise ComponentError(f"select options: 1-25, got {len(options)}")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= high <= 25 and high <= len(options)):
        raise ComponentError(f"select: min_values {low} / max_values {high} with {len(options)} options")
    if len(select.get("placeholder") or "") > 150:
        raise ComponentError("select placeholder: at most 150 characters")
    values = set()
    for option in options:
        for key in ("label", "value"):
            if not 1 <= len(option.get(key) or "") <= 100:
                raise ComponentError(f"select option {key}: 1-100 characters")
        if len(option.get("description") or "") > 100:
            raise ComponentError("select option description: at most 100 characters")
        if option["value"] in values:
            raise ComponentError(f"select option value {option['value']!r} twice")
        values.add(option["value"])


def check_modal(data: dict[str, Any]) -> None:
    if not 1 <= len(data.get("title") or "") <= 45:
        raise ComponentError("modal title: 1-45 characters")
    seen: set[str] = set()
    _check_id(data.get("custom_id"), set())
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        raise ComponentError("modal: 1-5 rows")
    for row in rows:
        inner = row.get("components") or []
        if row.get("type") != ACTION_ROW or len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
            raise ComponentError("modal row: exactly one text input")
        field = inner[0]
        _check_id(field.get("custom_id"), seen)
        if not 1 <= len(field.get("label") or "") <= 45:
            raise ComponentError("text input label: 1-45 characters")
        if len(field.get("value") or "") > 4000 or int(field.get("max_length") or 4000) > 4000:
            raise ComponentError("text input value / max_length: at most 4000")


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of a message, nested ones included (a Components v2 layout's containers,
    sections and their accessories), parents first."""
    for component in components or []:
        yield component
        yield from walk(component.get("components") or [])
        if component.get("accessory"):
            yield component["accessory"]


def components_of(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The buttons and menus of a message, also those nested in a Components v2 layout."""
    return (c for c in walk(message.get("components") or []) if c.get("type") in (BUTTON, STRING_SELECT))
