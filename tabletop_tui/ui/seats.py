"""How a seat is marked on screen besides its colour: a glyph and a number, and "(you)"."""

from __future__ import annotations

SEAT_GLYPHS = "▲●■◆★♣"


def seat_tag(seat: int) -> str:
    """Every seat has a glyph and a number as well as a colour."""
    return f"{SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]}{seat + 1}"


def you_mark(name: str) -> str:
    """The " (you)" after the seat on screen, but not after a seat already named You (the
    guided games'), which would read "You (you)"."""
    return "" if name.strip().casefold() == "you" else " (you)"
