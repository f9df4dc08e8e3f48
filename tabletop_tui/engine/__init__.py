"""Pure game engine: no Textual, no Rich (tests/test_purity.py enforces it)."""

import os

from ..startup import collector_paused, skip_plugin_loader

# The game needs no pydantic plugins, and looking for them reads the entry points of every
# installed distribution (a few ms of each start): pydantic's documented switch turns the
# search off. A value the user set (an empty one looks for plugins again) is kept.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

with collector_paused():  # pydantic's import, and the base models (see startup.py)
    skip_plugin_loader()  # (its loader's own imports cost more than the search it skips)
    from . import core  # noqa: F401

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
