"""A player's own Power Rangers CCG (2008) decks: TOML files in the data folder, read without
ever raising.

    <data_dir>/decks/pr-ccg-2008/<name>.toml

    [deck]
    name = "My Deck"
    [deck.cards]
    MMP-01 = 2
    JGF-03 = 1

The same [deck]/[deck.cards] shape as the shipped `card_data/pr-ccg-2008/deck-*.toml`.
A file that is not TOML, lacks a table, names an unknown card or breaks a deck rule
(RULINGS 8: exactly 20 cards, copies by rarity) comes back with its problems listed, so the
setup screen and the command line can say what is wrong with which file. The reading and
writing are shared with the other deck builder (tabletop_tui/decklists/__init__.py); this names the
game's folder, rules and file header. Kept free of Textual.
"""

from __future__ import annotations

from pathlib import Path

from ..games.pr_ccg_2008.cards import DECK_SIZE, Card
from ..games.pr_ccg_2008.decks import COPIES, deck_problems
from ..games.pr_ccg_2008.models import CustomDeck
from . import (
    DeckFolder,
    Entries,
    clean_name,  # noqa: F401 (imported from here)
    deck_text,
)
from . import SavedDeck as AnySavedDeck

GAME_ID = "pr-ccg-2008"


class SavedDeck(AnySavedDeck):
    custom_type = CustomDeck


FOLDER = DeckFolder(GAME_ID, deck_problems, SavedDeck)
decks_dir = FOLDER.path
deck_path = FOLDER.deck_path
#: read one deck file (path, pool); problems are returned, never raised
read_deck = FOLDER.read
#: every deck file in the folder (pool), sorted by name
saved_decks = FOLDER.saved
#: a saved deck by its file stem or its name (key, pool), for `--decks`
find_saved = FOLDER.find
#: a setup screen deck choice (choice, pool) as a shipped deck id or a CustomDeck
resolve_choice = FOLDER.resolve


def deck_toml(name: str, cards: dict[str, int] | Entries, pool: dict[str, Card]) -> str:
    """The deck's file; each card's line ends with its name as a comment."""
    limits = ", ".join(f"{n} of a {r} card" for r, n in COPIES.items())
    header = [
        "# A Power Rangers CCG (2008) deck built in tabletop-tui's deck builder.",
        f"# Exactly {DECK_SIZE} cards; at most {limits} (RULINGS.md, ruling 8).",
    ]

    def note(card_id: str) -> str:
        card = pool.get(card_id)
        return f"  # {card.name}" if card is not None else ""

    return deck_text(name, cards, header, note)


def write_deck(name: str, cards: dict[str, int] | Entries, pool: dict[str, Card]) -> Path:
    """Save a deck (atomically) under its sanitised name; returns the file written."""
    return FOLDER.write(name, deck_toml(name, cards, pool))
