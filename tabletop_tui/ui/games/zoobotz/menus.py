"""ZOOBOTZ's menus of legal actions: a menu is a title and its entries, each submitting an
Action (or closing the menu), shown in the screen's list."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text


@dataclass(frozen=True)
class Entry:
    label: Text
    #: the Action it submits (None: close the menu)
    action: object | None = None
    #: a card instance to show while the entry is highlighted
    card: str | None = None


@dataclass(frozen=True)
class Menu:
    title: str
    entries: tuple[Entry, ...]
    #: what it is about: "card", "bot", "hack"
    kind: str
    source: str
