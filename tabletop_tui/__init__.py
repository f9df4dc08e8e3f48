"""tabletop-tui: five tabletop games in the terminal."""

__version__ = "0.1.0"
