"""Play by text (issue 41): a second front end on the same engine and views.

It prints lines and reads one typed command per line, so it works with a screen reader, a
braille display, a bare SSH client or a pipe. Never imports Textual or Rich (tests check it):
the table is told in sentences walked from the seat's View (`describe`), the moves are the
Rules' own legal actions numbered and grouped by card (`moves`), and the hot-seat flow is
the same `ui.session.Session` the full screen uses.
"""

from .play import PlainGame, run_plain

__all__ = ["PlainGame", "run_plain"]
