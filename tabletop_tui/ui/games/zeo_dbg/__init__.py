"""Zeo on screen: the table (screen.py, screen.tcss), its cards (cards.py), the moves sorted
onto their cards (moves.py) and the widgets of its parts (widgets.py)."""
