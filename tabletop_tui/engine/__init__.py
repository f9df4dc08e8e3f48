"""Pure game engine: no Textual, no Rich (tests/test_purity.py enforces it)."""

from .core import (
    Event,
    IllegalAction,
    Model,
    Outcome,
    Rejection,
    Rules,
    Seat,
    bounded,
    event,
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
    "event",
    "replace_at",
]
