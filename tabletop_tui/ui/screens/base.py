"""A screen that swaps its layout for a clear notice when the terminal is too small."""

from __future__ import annotations

import math

from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..textual_internals import event_clock

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall { display: none; width: 100%; height: 100%; content-align: center middle;
               text-align: center; background: $error 20%; }
    """

    def on_mount(self) -> None:
        self.refresh_text()

    def refresh_text(self) -> None:
        w, h = self.app.size
        self.update(
            f"Terminal too small: {w}x{h}.\n"
            f"tabletop-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window; the game is paused and saved."
        )


class SizedMixin:
    """Adds `-too-small` to the screen below 80x24; CSS hides everything but the notice.

    The notice is mounted the first time the terminal is too small: a hidden widget is still
    a message pump that every frame's idle checks visit."""

    def compose_notice(self) -> ComposeResult:
        yield from ()

    def _check_size(self) -> None:
        w, h = self.app.size  # type: ignore[attr-defined]
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        if small:
            notices = list(self.query_children(TooSmall))  # type: ignore[attr-defined]
            if not notices:
                self.mount(TooSmall())  # type: ignore[attr-defined]  (its text on mount)
            for notice in notices:
                notice.refresh_text()

    def on_resize(self, event) -> None:
        self._check_size()

    def on_screen_resume(self) -> None:
        self._check_size()

    def dismiss(self, result=None) -> AwaitComplete:
        """Close this screen, if it is the one on top; else nothing. Textual's dismiss pops
        whatever screen is on top: a burst of keys read at once ("x", "m" over the coach's
        box) all reach the box, and the second one's dismiss popped the game screen under it,
        leaving a blank app that answered no key."""
        if not self.is_active:  # type: ignore[attr-defined]
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]


class BaseScreen(SizedMixin, Screen):
    pass


class BaseModal(SizedMixin, ModalScreen):
    pass


class BackModal(BaseModal):
    """A dialog that Esc leaves without an answer (it dismisses with None): one place for
    the key every list-and-input dialog shares."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def action_close(self) -> None:
        self.dismiss(None)


class FreshKeys:
    """A screen that takes only keys typed once it exists: the app drops a key older than
    `keys_from`. A box that appears while a player is still typing the last round's keys
    (a reveal, the game's end, a new game's form) must not take those keys as answers: a
    terminal hands over a burst of keys at once, all read before the box was made. (Not
    from its first frame: a key typed as soon as the box shows must count.)"""

    keys_from = math.inf

    def on_mount(self) -> None:
        self.keys_from = event_clock()
