"""Watching a saved game again, one step at a time (`tabletop-tui replay FILE`).

It renders `tables.replay.Replay.text`, the same plain outline for every game, so a
replay needs no game screen and cannot change anything: there is no Match to play on.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from ...tables.replay import Replay
from .base import BaseScreen


class ReplayScreen(BaseScreen):
    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #replay-body { height: 1fr; padding: 0 1; }
    ReplayScreen.-too-small #replay-head, ReplayScreen.-too-small #replay-body { display: none; }
    ReplayScreen.-too-small TooSmall { display: block; }
    """
    BINDINGS = [
        # priority: the scrolling body would take arrows and Home/End for itself
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("home,g", "jump(0)", "Start", priority=True),
        Binding("end,G", "jump(-1)", "End", priority=True),
        Binding("tab", "viewer", "Whose eyes", priority=True),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, replay: Replay, start: int = 0):
        super().__init__()
        self.replay = replay
        self.index = max(0, min(start, len(replay) - 1))
        self.viewer_index = 0

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        yield Static(id="replay-head")
        with VerticalScroll(id="replay-body"):
            yield Static(id="replay-text")
        yield Footer()

    def on_mount(self) -> None:
        self._check_size()
        self.show()

    @property
    def viewer(self):
        return self.replay.viewers()[self.viewer_index]

    def show(self) -> None:
        replay = self.replay
        status = (
            "finished: every hand shown (Tab: whose eyes)"
            if replay.finished
            else "in progress: the public view only"
        )
        head = Text()
        head.append(f"▶ {replay.rules.title}", style="bold")
        head.append(f" · {status}\n")
        head.append(replay.heading(self.index), style="bold")
        head.append(f" · seen by {replay.viewer_name(self.viewer)}")
        self.query_one("#replay-head", Static).update(head)
        body = replay.text(self.index, self.viewer).split("\n", 3)[-1]  # heading is above
        self.query_one("#replay-text", Static).update(Text(body))

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(self.index + delta, len(self.replay) - 1))
        self.show()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.replay)
        self.show()

    def action_viewer(self) -> None:
        self.viewer_index = (self.viewer_index + 1) % len(self.replay.viewers())
        self.show()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


class ReplayApp(App):
    """The replay on its own, for the `replay` command."""

    TITLE = "tabletop-tui replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, replay: Replay):
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay))
