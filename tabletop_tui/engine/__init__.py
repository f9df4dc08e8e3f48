"""Pure game engine: no Textual, no Rich (tests/test_purity.py enforces it)."""

from ..startup import collector_paused

with collector_paused():  # pydantic's import, and the base models
    from .core import (
        Event,
        IllegalAction,
        Model,
        Outcome,
        Rejection,
        Rules,
        Seat,
        bounded,
        replace_at,
    )
    from .rng import Rng

__all__ = [
    "Event",
    "IllegalAction",
    "Model",
    "Outcome",
    "Rejection",
    "Rng",
    "Rules",
    "Seat",
    "bounded",
    "replace_at",
]
