"""Widgets every game screen shares, so the collection looks like one product.

The shared widgets are imported when first asked for (`from ..widgets import LogPanel`):
a game screen's start-up imports the ones it uses, not every one (dice, piles, trackers).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: each shared widget's module in this package
_HOMES = {
    "CardFace": "card",
    "CardView": "card",
    "DiceRoll": "dice",
    "DiceView": "dice",
    "HandView": "hand",
    "LogPanel": "log",
    "PileView": "pile",
    "TrackerView": "tracker",
}

__all__ = [
    "CardFace",
    "CardView",
    "DiceRoll",
    "DiceView",
    "HandView",
    "LogPanel",
    "PileView",
    "TrackerView",
]

if TYPE_CHECKING:
    from .card import CardFace, CardView
    from .dice import DiceRoll, DiceView
    from .hand import HandView
    from .log import LogPanel
    from .pile import PileView
    from .tracker import TrackerView


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # asked once
    return value
