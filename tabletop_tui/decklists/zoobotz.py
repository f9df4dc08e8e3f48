"""A player's own ZOOBOTZ decks: TOML files in the data folder, read without ever raising.

    <data_dir>/decks/zoobotz/<name>.toml

    [deck]
    name = "My Deck"
    [deck.cards]
    data-dodo = 4
    rocket-roo = 3

The same shape as the shipped `card_data/zoobotz/deck-*.toml`. A file that is not TOML, lacks
a field, names an unknown card, breaks the 4-copies rule or has fewer than 40 cards comes
back with its problems listed. The reading and writing are shared with the other deck
builder (tabletop_tui/decklists/__init__.py); this names ZOOBOTZ's folder, rules and file header.
Kept free of Textual.
"""

from __future__ import annotations

from pathlib import Path

from ..games.zoobotz.cards import MAX_COPIES, MIN_DECK, deck_problems
from ..games.zoobotz.models import CustomDeck
from . import DeckFolder, Entries, deck_text
from . import SavedDeck as AnySavedDeck
from . import clean_name as clean_name  # (the builder imports it from here)
from . import file_stem as file_stem  # (and the tests this)


class SavedDeck(AnySavedDeck):
    custom_type = CustomDeck


FOLDER = DeckFolder("zoobotz", deck_problems, SavedDeck)
decks_dir = FOLDER.path
deck_path = FOLDER.deck_path
#: read one deck file (path, pool); problems are returned, never raised
read_deck = FOLDER.read
#: every deck file in the folder (pool), sorted by name
saved_decks = FOLDER.saved
#: a setup screen deck choice (choice, pool) as a shipped deck id or a CustomDeck
resolve_choice = FOLDER.resolve


def deck_toml(name: str, cards: dict[str, int] | Entries) -> str:
    return deck_text(
        name,
        cards,
        [
            "# A ZOOBOTZ deck built in tabletop-tui's deck builder.",
            f"# At least {MIN_DECK} cards, at most {MAX_COPIES} copies of any card.",
        ],
    )


def write_deck(name: str, cards: dict[str, int] | Entries) -> Path:
    """Save a deck (atomically) under its sanitised name; returns the file written."""
    return FOLDER.write(name, deck_toml(name, cards))
