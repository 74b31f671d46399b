"""Pillow maps. A renderer turns a state (and the orders that led to it) into PNG bytes.

Renderers never decide rules: anything they show comes from the state the engine produced.
"""
from .registry import register_renderer, render_map

__all__ = ["register_renderer", "render_map"]
