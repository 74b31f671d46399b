"""Which renderer draws which variant, with a plain status card for variants without a map."""
from __future__ import annotations

import importlib
import io
import textwrap
from typing import Callable, Mapping, Sequence

from PIL import Image, ImageDraw

from .fonts import font

Renderer = Callable[..., bytes]   # (state, last_orders, label, summary, palette) -> PNG
_RENDERERS: dict[str, Renderer] = {}
# the maps shipped with Dispatch, loaded on first use (Pillow data is large)
_BUILT_IN = {"rx07": ("render.diplomacy", "render_diplomacy"), "aa1914": ("render.aa1914", "render_aa1914")}
_BUILT_IN.update({key: _BUILT_IN["rx07"] for key in ("classic", "france_austria", "england_turkey")})  # same board


def register_renderer(variant_key: str, renderer: Renderer) -> None:
    _RENDERERS[variant_key] = renderer


def render_map(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None,
               label: str, summary: str = "", region: str | None = None, palette: str = "standard") -> bytes:
    """PNG bytes of `state`; `last_orders` are the orders that produced it (drawn as arrows);
    `summary` is the variant's own description of the position, shown beside the board."""
    renderer = _RENDERERS.get(variant_key)
    if renderer is None and variant_key in _BUILT_IN:
        module, name = _BUILT_IN[variant_key]
        renderer = _RENDERERS[variant_key] = getattr(importlib.import_module(module), name)
    if renderer is None:
        return status_card(label, summary)
    png = renderer(state, last_orders, label, summary, palette)
    if region is None:
        return png
    from .regions import REGIONS, crop_region
    places = REGIONS.get(variant_key, {}).get(region)
    if places is None:
        raise ValueError(f"no region {region!r} on this map")
    module = importlib.import_module(_BUILT_IN[variant_key][0])
    points = [p for p in (module.place_point(name) for name in places) if p is not None]
    return crop_region(png, points, module.board_size(), f"{label} — {region}")


def status_card(title: str, body: str, size: tuple[int, int] = (800, 450)) -> bytes:
    """A simple card for games that have no board to draw."""
    image = Image.new("RGB", size, "#f4efe1")
    draw = ImageDraw.Draw(image)
    draw.rectangle([8, 8, size[0] - 9, size[1] - 9], outline="#5b4a2f", width=3)
    draw.text((24, 20), title, fill="#2b2216", font=font(28))
    y = 70
    for paragraph in body.splitlines() or [""]:
        for line in textwrap.wrap(paragraph, 70) or [""]:
            if y > size[1] - 30:
                break
            draw.text((24, y), line, fill="#2b2216", font=font(16))
            y += 22
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
