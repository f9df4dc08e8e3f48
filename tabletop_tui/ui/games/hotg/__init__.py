"""Heroes of the Grid on screen: the table (screen.py, screen.tcss), its cards (cards.py),
the grouped moves and follow-up prompts (moves.py), the text panels (panels.py), setup
(options.py)."""
