"""Widgets every game screen shares, so the collection looks like one product."""

from .card import CardFace, CardView
from .dice import DiceRoll, DiceView
from .hand import HandView
from .log import LogPanel
from .pile import PileView
from .tracker import TrackerView

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
