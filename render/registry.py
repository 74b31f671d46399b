"""Which renderer draws which variant, with a plain status card for variants without a map."""
from __future__ import annotations

import importlib
import inspect
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


def map_module(variant_key: str):
    """The module of a map shipped with Dispatch (its geometry: `place_point`, `board_size`,
    `power_colours`), or None for a variant drawn by a registered renderer or not at all."""
    if variant_key not in _BUILT_IN:
        return None
    return importlib.import_module(_BUILT_IN[variant_key][0])


def render_map(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None,
               label: str, summary: str = "", region: str | None = None, palette: str = "standard") -> bytes:
    """PNG bytes of `state`; `last_orders` are the orders that produced it (drawn as arrows);
    `summary` is the variant's own description of the position, shown beside the board. A
    `region` is drawn at its own scale (`render.regions`)."""
    renderer = _renderer(variant_key)
    if renderer is None:
        return status_card(label, summary)
    if region is None:
        return renderer(state, last_orders, label, summary, palette)
    from .regions import region_box, zoom_for
    module = map_module(variant_key)
    if module is None:
        raise ValueError(f"no region {region!r} on this map")
    box = region_box(module, variant_key, region)
    return render_view(variant_key, state, last_orders, f"{label} — {region}", summary, palette, box, zoom_for(box))


def render_image(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                 summary: str = "", palette: str = "standard") -> Image.Image:
    """The map `render_map` draws, as an RGB image rather than PNG bytes (for the replay, which
    encodes its frames itself): a renderer that can hand its picture over (`as_image`) skips
    the PNG it would encode only to have it decoded again."""
    renderer = _renderer(variant_key)
    if renderer is not None and "as_image" in inspect.signature(renderer).parameters:
        return renderer(state, last_orders, label, summary, palette, as_image=True).convert("RGB")
    png = render_map(variant_key, state, last_orders, label, summary, palette=palette)
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def render_view(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                summary: str, palette: str, box: tuple[float, float, float, float], scale: float) -> bytes:
    """The part `box` of a built-in map (its pixels at scale 1), drawn `scale` times larger from
    the map's geometry, with the map's own title and legend below it."""
    renderer = _renderer(variant_key)
    if renderer is None:
        raise ValueError(f"the {variant_key} map has no parts to draw")
    accepts = inspect.signature(renderer).parameters
    for view in ("viewport", "box"):
        if view in accepts:
            return renderer(state, last_orders, label, summary, palette, scale=scale, **{view: box})
    # a map drawn only whole: drawn larger from its geometry, then cut (its own panel, as wide
    # as the whole map, is left out: the crop gets its own title and legend)
    from .regions import cut_out
    png = renderer(state, last_orders, label, "", palette, scale=scale)
    return cut_out(png, box, scale, label, map_module(variant_key), palette)


def _renderer(variant_key: str) -> Renderer | None:
    renderer = _RENDERERS.get(variant_key)
    if renderer is None and variant_key in _BUILT_IN:
        module, name = _BUILT_IN[variant_key]
        renderer = _RENDERERS[variant_key] = getattr(importlib.import_module(module), name)
    return renderer


def focus_crop(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
               palette: str = "standard", summary: str = "") -> bytes | None:
    """The phone-sized picture of where a turn's action was (its moves, battles, dislodged and
    destroyed units), drawn at its own scale; None if the map has no parts or the turn no action."""
    from .regions import action_points, focus_box, zoom_for
    module = map_module(variant_key)
    if module is None:
        return None
    box = focus_box(action_points(module, state, last_orders), module.board_size())
    if box is None:
        return None
    return render_view(variant_key, state, last_orders, f"{label} — where the action was", summary, palette, box,
                       zoom_for(box))


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
