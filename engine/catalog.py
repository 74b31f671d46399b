"""The games Dispatch offers. Importing this module registers them all."""
from __future__ import annotations

from .variant import register, variants

_LOADED = False


def register_all() -> None:
    """Register every shipped variant (and its renderer) once."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for loader in _LOADERS:
        loader()


def _diplomacy() -> None:
    from .diplomacy.rx07 import Rx07Variant
    register(Rx07Variant())
    from render.diplomacy import register_diplomacy_renderer
    register_diplomacy_renderer()


def _aa1914() -> None:
    from .aa1914.variant import AA1914Variant
    register(AA1914Variant())
    from render.aa1914 import register_aa1914_renderer
    register_aa1914_renderer()


_LOADERS: list = [_diplomacy, _aa1914]

__all__ = ["register_all", "variants"]
