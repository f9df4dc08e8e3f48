"""Models more than one game keeps as they are: a deck list carried in a config (PR CCG,
ZOOBOTZ) and one option of a pending decision (Zeo, ZOOBOTZ). Each game's `models` names
them again, so a game's code and saves read as before.
"""

# Annotations are objects here, not strings (no `from __future__ import annotations`):
# pydantic would evaluate every string when it builds these classes, before the first frame.

from pydantic import Field

from .core import Model


class CustomDeck(Model):
    """A deck list carried inside the config (built by a player in the deck builder, or
    from sealed packs), so every save of the game replays it."""

    name: str = Field(min_length=1, max_length=60)
    #: (card id, copies) pairs
    cards: tuple[tuple[str, int], ...]


class Option(Model):
    """One answer a pending decision offers: the id a `Choose` names, and its words."""

    id: str
    label: str
