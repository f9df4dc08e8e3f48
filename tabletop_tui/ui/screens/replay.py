"""Watching a saved game again on the game's own table (`tabletop-tui replay FILE`, the
launcher's finished games, the lobby's finished tables).

The game's screen is made as for a live game, on a `ReplayMatch` (tables/replay.py): the
views and the log of one step, nothing to play. `ReplayControls`, mixed in front of the
screen's class, adds the replay bar and its keys: step, jump, play back, whose eyes. A game
still in progress is seen only as a watcher would; a finished one by any seat's eyes too.
"""

from __future__ import annotations

from functools import cache

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ...tables.replay import Replay, ReplayMatch
from ...tables.seat_session import SeatSession
from ..registry import game_screen_class

#: seconds between steps when playing back, slowest first (+ and - move along it)
SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
#: the game screen's own actions a replay keeps (the rest would play a move)
KEPT = frozenset({"help", "app.quit"})


class ReplaySession(SeatSession):
    """The session of a replay: one viewer (a seat or everyone), no curtains, no bots."""

    read_only = True

    def __init__(self, match: ReplayMatch, viewer: int | None = None):
        self.match = match
        self.on_screen = viewer
        self.bots = {}

    @property
    def at_this_terminal(self) -> list[int]:
        return []  # (so never a curtain: nobody's keyboard to pass)

    def viewer(self) -> int | None:
        return self.on_screen

    def act(self, seat, action):
        return ReplayMatch.REFUSAL

    def undo(self) -> int:
        return 0


class ReplayBar(Static):
    """Where the replay is, and its keys (two lines above the footer)."""

    DEFAULT_CSS = """
    ReplayBar { dock: bottom; height: auto; max-height: 3; margin-bottom: 1; padding: 0 1;
                background: $boost; }
    """


class ReplayControls:
    """Mixed in front of a game screen's class (`replay_screen`): the replay's keys, which
    win over the game's, and its bar. The game's own move keys are switched off."""

    BINDINGS = [
        Binding("right,l", "replay_step(1)", "Next", priority=True),
        Binding("left,h", "replay_step(-1)", "Back", priority=True),
        Binding("home", "replay_jump(0)", "Start", priority=True, show=False),
        Binding("end", "replay_jump(-1)", "End", priority=True, show=False),
        Binding("pagedown", "replay_turn(1)", "Next turn", priority=True, show=False),
        Binding("pageup", "replay_turn(-1)", "Turn back", priority=True, show=False),
        Binding("space", "replay_play", "Play/pause", priority=True),
        Binding("plus,equals_sign", "replay_speed(1)", "Faster", priority=True, show=False),
        Binding("minus", "replay_speed(-1)", "Slower", priority=True, show=False),
        Binding("tab", "replay_eyes", "Whose eyes", priority=True),
        Binding("q,escape", "replay_close", "Close", priority=True),
    ]

    replay: Replay
    _speed = 1
    _player = None

    def on_mount(self) -> None:
        footers = [w for w in self.children if type(w).__name__.endswith("Footer")]  # type: ignore[attr-defined]
        bar = ReplayBar(id="replay-bar")
        if footers:
            self.mount(bar, before=footers[0])  # type: ignore[attr-defined]
        else:
            self.mount(bar)  # type: ignore[attr-defined]
        self.call_after_refresh(self.show_step)  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters) -> bool | None:
        if action.startswith("replay_") or action in KEPT:
            return True
        return False  # (hidden from the footer, and never run)

    # -- where we are ------------------------------------------------------------------------
    @property
    def rmatch(self) -> ReplayMatch:
        return self.session.match  # type: ignore[attr-defined]

    def show_step(self) -> None:
        match = self.rmatch
        replay = self.replay
        viewer = self.session.on_screen  # type: ignore[attr-defined]
        last = len(replay) - 1
        head = Text()
        head.append(f"⏵ Replay · step {match.index}/{last}", style="bold")
        head.append(f" · {replay.heading(match.index).partition(': ')[2]}")
        head.append(f" · seen by {replay.viewer_name(viewer)}")
        if self._player is not None:
            head.append(f" · ▶ playing, {SPEEDS[self._speed]:g} s a step", style="bold")
        if not replay.finished:
            head.append(" · in progress: the public view only", style="italic")
        keys = Text(
            "←→ step · PgUp/PgDn turn · Home/End · Space play · +/- speed · "
            + ("Tab whose eyes · " if replay.finished else "")
            + "q close",
            style="dim",
        )
        bars = self.query(ReplayBar)  # type: ignore[attr-defined]
        for bar in bars:
            bar.update(Text("\n").join([head, keys]))
        self.redraw()  # type: ignore[attr-defined]

    def go_to(self, index: int) -> None:
        before = self.rmatch.index
        self.rmatch.at(index)
        if self.rmatch.index != before:
            self.show_step()

    # -- the keys ------------------------------------------------------------------------------
    def action_replay_step(self, delta: int) -> None:
        self.go_to(self.rmatch.index + delta)

    def action_replay_jump(self, where: int) -> None:
        self.go_to(where % len(self.replay))

    def action_replay_turn(self, direction: int) -> None:
        self.go_to(self.rmatch.next_turn(self.rmatch.index, direction))

    def action_replay_play(self) -> None:
        if self._player is not None:
            self._player.stop()
            self._player = None
        else:
            if self.rmatch.index >= len(self.replay) - 1:
                self.rmatch.at(0)
            self._player = self.set_interval(SPEEDS[self._speed], self._tick)  # type: ignore[attr-defined]
        self.show_step()

    def _tick(self) -> None:
        if self.rmatch.index >= len(self.replay) - 1:
            self.action_replay_play()  # (the end: it stops)
            return
        self.go_to(self.rmatch.index + 1)

    def action_replay_speed(self, change: int) -> None:
        self._speed = max(0, min(len(SPEEDS) - 1, self._speed + change))
        if self._player is not None:
            self._player.stop()
            self._player = self.set_interval(SPEEDS[self._speed], self._tick)  # type: ignore[attr-defined]
        self.show_step()

    def action_replay_eyes(self) -> None:
        viewers = self.replay.viewers()
        now = self.session.on_screen  # type: ignore[attr-defined]
        nxt = viewers[(viewers.index(now) + 1) % len(viewers)] if now in viewers else viewers[0]
        if nxt != now:
            self.session.on_screen = nxt  # type: ignore[attr-defined]
            self.seat_changed()  # type: ignore[attr-defined]
        self.show_step()

    def action_replay_close(self) -> None:
        if self._player is not None:
            self._player.stop()
        if len(self.app.screen_stack) > 2:  # type: ignore[attr-defined]
            self.app.pop_screen()  # type: ignore[attr-defined]
        else:
            self.app.exit()  # type: ignore[attr-defined]


@cache
def replay_class(game_id: str) -> type:
    """The game's screen class with the replay's controls in front (its stylesheet and
    module stay the game's)."""
    base = game_screen_class(game_id)
    # (its own BINDINGS: Textual merges the bindings of the DOM classes of the MRO only)
    attrs = {"__module__": base.__module__, "BINDINGS": ReplayControls.BINDINGS}
    return type(f"Replay{base.__name__}", (ReplayControls, base), attrs)


def replay_screen(replay: Replay, start: int = 0, viewer: int | None = None):
    """A game's own screen showing `replay` from step `start`, seen by `viewer` (a seat's
    eyes only once the game is over)."""
    if viewer not in replay.viewers():
        viewer = None
    match = ReplayMatch(replay, start)
    screen = replay_class(replay.rules.game_id)(ReplaySession(match, viewer), delay=0)
    screen.replay = replay
    return screen
