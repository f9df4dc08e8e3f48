"""Bots see what a player sees: the seat's view and its legal actions, nothing more."""

from __future__ import annotations

import random
from typing import Any, Protocol

from .core import Seat


class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: list, seat: Seat, rng: random.Random) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions; works for every game."""

    name = "random"

    def choose(self, view: Any, legal: list, seat: Seat, rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


def bot_rng(seed: int, step: int, seat: Seat) -> random.Random:
    """A bot's own dice, fixed by the match seed and the move number (so games replay)."""
    return random.Random((seed * 1_000_003 + step) * 17 + seat)
