"""Discord's limits on Components v2 messages (Message → Message Flags: IS_COMPONENTS_V2 = 1 << 15;
Components → Component Reference), as the fake enforces them.

With the flag set a message has no `content` and no `embeds` (text is in Text Displays), up to 40
components in all, nested ones counted (containers, rows, buttons, sections, their accessories,
text displays, galleries, separators), and at most 4000 characters of text over all its Text
Displays. A Media Gallery holds 1–10 items; a picture uploaded with the message is shown by
naming it `attachment://<filename>`, and a name no uploaded file has is refused. A Container
holds rows, sections, text displays, galleries, files and separators (no container in a
container); a Section holds 1–3 text displays and one accessory (a button or a thumbnail).
Action rows keep their own rules (1–5 buttons or one select menu), and a custom id is unique
within the whole message.
"""
from __future__ import annotations

from typing import Any

from .components import (ACTION_ROW, BUTTON, LINK_STYLE, STRING_SELECT, ComponentError, check_message_components,
                         walk)

IS_COMPONENTS_V2 = 1 << 15
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
MAX_COMPONENTS = 40
MAX_TEXT = 4000
GALLERY_ITEMS = 10
TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = TOP_LEVEL - {CONTAINER}


def is_v2(payload: dict[str, Any]) -> bool:
    return bool(int(payload.get("flags") or 0) & IS_COMPONENTS_V2)


def v2_text(message: dict[str, Any]) -> str:
    """What a reader sees of a v2 message's text: its Text Displays, in order."""
    return "\n".join(c.get("content") or "" for c in walk(message.get("components") or [])
                     if c.get("type") == TEXT_DISPLAY)


def check_v2_message(payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
    if payload.get("content"):
        raise ComponentError("content: cannot be sent with the IS_COMPONENTS_V2 flag (use a Text Display)")
    if payload.get("embeds"):
        raise ComponentError("embeds: cannot be sent with the IS_COMPONENTS_V2 flag")
    top = payload.get("components") or []
    if not top:
        raise ComponentError("components: an IS_COMPONENTS_V2 message needs at least one component")
    everything = list(walk(top))
    if len(everything) > MAX_COMPONENTS:
        raise ComponentError(f"components: at most {MAX_COMPONENTS} in all (nested ones counted), got "
                             f"{len(everything)}")
    text = sum(len(c.get("content") or "") for c in everything if c.get("type") == TEXT_DISPLAY)
    if text > MAX_TEXT:
        raise ComponentError(f"components: at most {MAX_TEXT} characters of text in all, got {text}")
    uploaded = {name for name, _ in files}
    for component in top:
        _check(component, TOP_LEVEL, uploaded)
    seen: set[str] = set()
    for component in everything:
        custom_id = component.get("custom_id")
        if custom_id is None or (component.get("type") == BUTTON and component.get("style") == LINK_STYLE):
            continue
        if custom_id in seen:
            raise ComponentError(f"custom_id: {custom_id!r} is used twice in one message")
        seen.add(custom_id)


def _check(component: dict[str, Any], allowed: set[int], uploaded: set[str]) -> None:
    kind = component.get("type")
    if kind not in allowed:
        raise ComponentError(f"component type {kind} does not belong here")
    if kind == ACTION_ROW:
        check_message_components([component])
    elif kind == CONTAINER:
        children = component.get("components") or []
        if not children:
            raise ComponentError("container: at least one component")
        for child in children:
            _check(child, IN_CONTAINER, uploaded)
    elif kind == SECTION:
        texts = component.get("components") or []
        if not 1 <= len(texts) <= 3 or any(t.get("type") != TEXT_DISPLAY for t in texts):
            raise ComponentError("section: 1-3 text displays")
        accessory = component.get("accessory") or {}
        if accessory.get("type") not in (BUTTON, THUMBNAIL):
            raise ComponentError("section: an accessory, a button or a thumbnail")
        if accessory.get("type") == THUMBNAIL:
            _media(accessory.get("media"), uploaded)
    elif kind == TEXT_DISPLAY:
        if not component.get("content"):
            raise ComponentError("text display: content is required")
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= GALLERY_ITEMS:
            raise ComponentError(f"media gallery: 1-{GALLERY_ITEMS} items, got {len(items)}")
        for item in items:
            _media(item.get("media"), uploaded)
    elif kind == FILE:
        _media(component.get("file"), uploaded)
    elif kind == STRING_SELECT:
        raise ComponentError("a select menu belongs in an action row")


def _media(media: Any, uploaded: set[str]) -> None:
    url = (media or {}).get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        raise ComponentError("media: a url is required")
    if url.startswith("attachment://") and url[len("attachment://"):] not in uploaded:
        raise ComponentError(f"media: {url} names no file uploaded with the message")


def text_of(message: dict[str, Any]) -> str:
    """What a reader sees of any message's text: its content, or a v2 layout's Text Displays."""
    return message.get("content") or v2_text(message)
