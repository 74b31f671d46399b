"""Which renderer draws which variant, with a plain status card for variants without a map."""
from __future__ import annotations

import importlib
import inspect
import io
import textwrap
from dataclasses import dataclass
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
                summary: str, palette: str, box: tuple[float, float, float, float], scale: float,
                crop: bool = False) -> bytes:
    """The part `box` of a built-in map (its pixels at scale 1), drawn `scale` times larger from
    the map's geometry, with the map's own title and legend below it (`crop`: a short caption, for
    a renderer that draws one)."""
    renderer = _renderer(variant_key)
    if renderer is None:
        raise ValueError(f"the {variant_key} map has no parts to draw")
    accepts = inspect.signature(renderer).parameters
    extra = {"crop": True} if crop and "crop" in accepts else {}
    for view in ("viewport", "box"):
        if view in accepts:
            return renderer(state, last_orders, label, summary, palette, scale=scale, **{view: box}, **extra)
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


@dataclass(frozen=True)
class Crop:
    """A phone-sized picture of part of a turn's action: its PNG and the part of the board it
    shows (map pixels at scale 1, as `place_point` gives them)."""
    png: bytes
    box: tuple[float, float, float, float]


def focus_boxes(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None,
                seats: Sequence[str] | None = None) -> list[tuple[float, float, float, float]]:
    """The parts of the board that together hold every order of the turn that changed something
    or failed, every unit it dislodged, destroyed or built and every battle (only the orders of
    `seats`, when given): one, or a few theatres when the action was far apart. [] when the map
    has no parts or the turn no action."""
    from .focus import theatres, turn_actions
    module = map_module(variant_key)
    if module is None:
        return []
    insets = module.inset_boxes() if hasattr(module, "inset_boxes") else ()
    return theatres(turn_actions(module, state, last_orders, seats), module.board_size(), insets=insets)


def focus_crops(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                palette: str = "standard", seats: Sequence[str] | None = None) -> list[Crop]:
    """Where a turn's action was, as phone-sized pictures drawn at their own scale, each under a
    short caption: every part `focus_boxes` finds (a seat's own orders, with `seats`)."""
    from .focus import crop_zoom
    boxes = focus_boxes(variant_key, state, last_orders, seats)
    renderer = _renderer(variant_key)
    if not boxes or renderer is None:
        return []
    what = f"{', '.join(seats)}'s orders" if seats else "where the action was"
    crops = []
    for number, box in enumerate(boxes, 1):
        title = f"{label} — {what}" + (f" ({number} of {len(boxes)})" if len(boxes) > 1 else "")
        crops.append(Crop(render_view(variant_key, state, last_orders, title, "", palette, box, crop_zoom(box),
                                      crop=True), box))
    return crops


def render_results(variant_key: str, state: dict, last_orders: Mapping[str, Sequence[str]] | None, label: str,
                   summary: str = "", palette: str = "standard") -> tuple[bytes, list[bytes]]:
    """What is posted with a turn's results: the whole map and the crops of where its action was."""
    full = render_map(variant_key, state, last_orders, label, summary, None, palette)
    return full, [crop.png for crop in focus_crops(variant_key, state, last_orders, label, palette)]


def preview_state(state: dict) -> dict:
    """The position as a preview draws it: without the marks of the last adjudication (which
    orders failed, what was destroyed, the battles fought — they belong to other orders), so only
    the orders being previewed are drawn on it; a dislodged unit waiting to retreat stays."""
    log = state.get("log")
    cleared = {**state, "resolved": {}, "failed_orders": [], "eliminated": [], "destroyed": []}
    if isinstance(log, list):
        # the turn drawn starts after the last log entry: no battle of it has been fought yet
        cleared["turn_played"] = {"round": state.get("round"), "power": None, "log_from": len(log)}
    return cleared


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
