"""The games Dispatch offers. Importing this module registers them all."""
from __future__ import annotations

from .variant import register, register_alias, register_bot, variants

_LOADED = False


def register_all() -> None:
    """Register every shipped variant once (render/ knows their maps; the engine draws nothing)."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for loader in _LOADERS:
        loader()


def _diplomacy() -> None:
    from .diplomacy.bot import DiplomacyBot
    from .diplomacy.classic import classic_variants
    from .diplomacy.game import DiplomacyGame
    from .diplomacy.rx07 import Rx07Variant
    register(Rx07Variant())
    for variant in classic_variants():
        register(variant)
    register_alias("diplomacy", "classic")     # what players call the seven-power game
    register_bot(DiplomacyGame, DiplomacyBot())   # one bot plays every Diplomacy variant


def _aa1914() -> None:
    from .aa1914.bot import AA1914Bot
    from .aa1914.variant import AA1914Variant
    register(AA1914Variant())
    register_bot(AA1914Variant, AA1914Bot())    # every power, every option set


_LOADERS: list = [_diplomacy, _aa1914]

__all__ = ["register_all", "variants"]
