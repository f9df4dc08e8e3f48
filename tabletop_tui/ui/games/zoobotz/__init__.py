"""ZOOBOTZ on screen: the table (screen.py, screen.tcss), its cards (cards.py), the deck
builder (decks.py) and a player's saved decks (tabletop_tui/decklists/zoobotz.py)."""
