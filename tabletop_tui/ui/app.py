"""The Textual application: launcher -> setup -> a game screen, with one stylesheet."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..startup import collector_paused

with collector_paused():  # Textual's import
    from textual import events
    from textual.app import App

if TYPE_CHECKING:  # imported when a game starts, so the launcher's first frame is quick
    from ..engine.match import Dealt, SeatSpec
    from .session import Session

from .registry import (
    DECK_BUILDERS,
    PACKAGES,
    deck_builder_class,
    game_css,
    game_screen_class,
    pregame,
    screen_module,
)


def launcher_class():
    """The launcher's screen class, imported when first shown: a game started from the
    command line draws its first frame without it."""
    from .screens.launcher import LauncherScreen

    return LauncherScreen


def _is_launcher(screen: object) -> bool:
    return type(screen).__name__ == "LauncherScreen" and isinstance(screen, launcher_class())


class TabletopApp(App):
    TITLE = "tabletop-tui"
    #: each game's own stylesheet is read when its first screen is shown (registry.game_css)
    CSS_PATH = ["app.tcss"]
    ENABLE_COMMAND_PALETTE = False

    @property
    def cursor_position(self):
        """Where Textual puts the terminal's cursor after each frame: what a widget set (an
        Input's caret), or with the braille cursor on, the focused card (ui/cursor.py)."""
        if self._cursor_on_focus:
            from .cursor import focus_point

            return focus_point(self, self._cursor_set)
        return self._cursor_set

    @cursor_position.setter
    def cursor_position(self, offset) -> None:
        self._cursor_set = offset

    def get_driver_class(self):
        """Textual's driver; with the braille cursor on, one that shows the cursor."""
        driver = super().get_driver_class()
        if self._cursor_on_focus:
            from .cursor import showing_driver

            driver = showing_driver(driver)
        return driver

    def __init__(
        self,
        game: str | None = None,
        seats: list[SeatSpec] | None = None,
        seed: int | None = None,
        load: Path | None = None,
        demo_delay: float | None = None,
        exit_at_end: bool = False,
        bot_delay: float = 0.4,
        autosave: bool = True,
        config: dict | None = None,
        dealt: Dealt | None = None,
        replay: object | None = None,
        replay_at: int = 0,
        seed_given: bool | None = None,
    ):
        """`dealt`: the starting game, dealt already by `tabletop-tui play`'s checks.
        `replay`: a `tables.replay.Replay` to open on its game's own screen, at `replay_at`.
        `seed_given`: False for a seed the command line drew itself (kept off screen like one
        drawn here); by default a seed passed is the players' own."""
        from .css_cache import install

        install()  # stylesheets parsed in an earlier run are read back, not parsed again
        #: the terminal's cursor shown and kept on the focus (`cursor.VARIABLE`, read here:
        #: that module is imported only when it is on)
        self._cursor_on_focus = os.environ.get("TABLETOP_TUI_CURSOR", "").strip().lower() == "focus"
        super().__init__()
        #: extra game settings, e.g. {"cards_dir": ...} for a player's own cards
        self.config = dict(config or {})
        self.start_game_id = game
        self.start_seats = seats
        self.start_seed = seed
        self.start_seed_given = seed is not None if seed_given is None else seed_given
        self.start_load = load
        self.start_dealt = dealt
        self.start_replay = replay
        self.start_replay_at = replay_at
        self.demo = demo_delay is not None
        self.bot_delay = demo_delay if demo_delay is not None else bot_delay
        self.exit_at_end = exit_at_end
        self.autosave = autosave
        #: the setup form's answers per game, so "New game" after a game starts from them
        self.setup_memory: dict[str, dict[str, object]] = {}
        #: the table service of `serve ssh` (None when playing locally): the lobby's link,
        #: made when the lobby first opens (the launcher's first frame needs no pydantic)
        self.tables_link: object | None = _tables_env()
        if self.no_color:  # Textual's grays, but readable (a red name was dark on dark)
            from textual.filter import Monochrome

            from .no_color import LegibleMonochrome

            self._filters = [
                LegibleMonochrome() if type(f) is Monochrome else f for f in self._filters
            ]
        if game in PACKAGES:  # its stylesheet goes with app.tcss, before the first frame
            css = game_css(screen_module(game))
            if css is not None:
                self.css_path = [*self.css_path, css]

    def _use_game_css(self, screen: object) -> None:
        """Read the stylesheet of the game a screen belongs to, if not read yet."""
        css = game_css(type(screen).__module__)
        if css is None or self.stylesheet.has_source(str(css), ""):
            return
        self.stylesheet.read(css)
        self.stylesheet.reparse()
        self.stylesheet.update(self)

    async def on_event(self, event) -> None:
        """A key made before the screen it would reach was shown is dropped (`keys_from`):
        after a curtain, keys typed in one burst with the one that cleared it."""
        if isinstance(event, events.Key) and event.time < getattr(self.screen, "keys_from", -1):
            return  # (also one that bubbled back up from the curtain: the screen under it)
        await super().on_event(event)

    def push_screen(self, screen, *args, **kwargs):
        self._use_game_css(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        self._use_game_css(screen)
        return super().switch_screen(screen)

    def on_load(self) -> None:
        """No garbage collection until the first frame is drawn: starting up makes some
        hundred thousand objects (widgets, styles, models) and almost none is garbage, yet
        the collector walked them about two hundred times (tens of ms of a game screen's
        first frame). It comes back on after that frame (`_startup_over`), or at exit."""
        self._gc_was_on = gc.isenabled()
        gc.disable()

    def _startup_over(self) -> None:
        if getattr(self, "_gc_was_on", False):
            self._gc_was_on = False
            # (no gc.freeze(): a process running several apps, as the tests do, would keep
            # every earlier app's garbage for good)
            gc.enable()

    def on_unmount(self) -> None:
        self._startup_over()

    def on_mount(self) -> None:
        """The first screen is pushed once Textual's own start-up is over (`call_later`).
        Pushed from here, inside the batch Textual wraps its start-up in, the screen was laid
        out and rendered within it, and that frame is never written (App._display skips a
        frame while a batch is open); Textual then laid it out and rendered it again.
        Measured in a tmux pane at 120x40, CPU of the process until the frame was written:
        the launcher 328 -> 308 ms (medians of 9 runs; the bare Textual app 266), Army Of
        Zero 460 -> 414 ms (one run). The collector comes back after the first screen's
        frame (`_startup_over`), not after the empty default screen's."""
        self.call_later(self._first_screen)

    def _first_screen(self) -> None:
        self.call_after_refresh(self._startup_over)  # (after the first screen's frame)
        if self.start_replay is not None:
            from .screens.replay import replay_screen

            self.push_screen(replay_screen(self.start_replay, self.start_replay_at))
            return
        straight_to_game = self.start_load is None and self.start_seats is not None
        if self.tables_link is not None and not straight_to_game and self.start_game_id is None:
            # a player who dropped out of a shared table goes straight back to it
            self.call_after_refresh(lambda: self.run_worker(self._back_to_a_table()))
        if not straight_to_game or self.start_game_id is None:
            # a game started from the command line skips it: `open_launcher` brings it in
            self.push_screen(launcher_class()())
        if self.start_load is not None:
            self.open_save(self.start_load)
        elif self.start_game_id is not None:
            if self.start_seats is not None:
                import random

                seed = (
                    self.start_seed if self.start_seed is not None else random.randrange(1, 100000)
                )
                self.start_game(
                    self.start_game_id,
                    self.start_seats,
                    seed,
                    seed_given=self.start_seed_given,
                    dealt=self.start_dealt,
                )
            else:
                self.open_setup(self.start_game_id)

    # -- navigation ------------------------------------------------------------
    def open_launcher(self) -> None:
        if not any(_is_launcher(s) for s in self.screen_stack):
            # started straight into a game: the launcher takes that game's place
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(launcher_class()())
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if not _is_launcher(self.screen):
            self.pop_screen() if len(self.screen_stack) > 1 else self.push_screen(
                launcher_class()()
            )

    def leave_game(self) -> None:
        """A player quit a game: back to the launcher if the game was opened from it (only
        `q` on the launcher ends the program), else the program ends (the game is saved)."""
        if any(_is_launcher(s) for s in self.screen_stack):
            self.open_launcher()
        else:
            self.exit()

    def open_setup(self, game_id: str, replace: bool = False) -> None:
        from .screens.setup import SetupScreen

        if replace:
            self.open_launcher()
        memory = self.setup_memory.get(game_id)
        self.push_screen(SetupScreen(game_id, seed=self.start_seed, memory=memory))

    def open_lobby(self, back_to: str | None = None) -> None:
        """Shared tables with the other players of this server (served apps only);
        `back_to`: the code of a table whose seat this player left, to sit at again."""
        if self.tables_link is None:
            self.notify("Shared tables need the SSH server: here every game is hot-seat.")
            return
        from ..tables.remote import TablesLink
        from .screens.lobby import LobbyScreen

        if not isinstance(self.tables_link, TablesLink):
            self.tables_link = TablesLink.from_env()
        self.push_screen(LobbyScreen(self.tables_link, back_to=back_to))

    async def _back_to_a_table(self) -> None:
        """At the start of a served app: if this login holds a seat it dropped out of (its
        connection died), take the player straight back to that table."""
        from ..tables.remote import TablesLink
        from .screens.lobby import LobbyScreen, away_seat_table

        if not isinstance(self.tables_link, TablesLink):
            self.tables_link = TablesLink.from_env()
        link = self.tables_link
        if link is None:
            return
        try:
            client = await link.connect()
            tables = await client.list_tables()
        except Exception:  # (no service: the launcher says so when the lobby is opened)
            return
        code = away_seat_table(tables, client.user)
        if code is None or any(isinstance(s, LobbyScreen) for s in self.screen_stack):
            return
        if not _is_launcher(self.screen):
            return  # the player is busy elsewhere already: the lobby lists the table
        self.open_lobby(back_to=code)

    def open_deck_builder(self, game_id: str) -> None:
        if game_id not in DECK_BUILDERS:
            self.notify("This game plays with fixed decks: there is no deck builder.")
            return
        screen = deck_builder_class(game_id)(self.config.get("cards_dir"))
        self.push_screen(screen)

    def start_game(
        self,
        game_id: str,
        seats: list[SeatSpec],
        seed: int,
        replace: bool = False,
        config: dict | None = None,
        seed_given: bool = False,
        dealt: Dealt | None = None,
    ) -> None:
        from .session import Session

        options = {**self.config, **(config or {})}
        step = pregame(game_id)  # e.g. sealed play: each player builds a deck first
        if step is not None and step(self, game_id, seats, seed, replace, options, seed_given):
            return
        session = Session.new(
            game_id,
            seats,
            seed,
            autosave=self.autosave,
            seed_given=seed_given,
            dealt=dealt,
            save_now=False,
            **options,
        )
        self._show_session(session, replace, first_save=True)

    def start_tutorial(self, game_id: str) -> None:
        """The guided first game: the tutorial's seed and seats, with hints on the screen."""
        from ..engine.match import SeatSpec
        from ..reference.tutorial import HintState, TutorialError, load_tutorial
        from .session import Session

        try:
            tutorial = load_tutorial(game_id)
        except TutorialError as exc:
            self.notify(str(exc), title="Cannot start the guided game", severity="error")
            return
        if tutorial is None:
            self.notify("This game has no guided first game yet.", severity="warning")
            return
        seats = [
            SeatSpec(name=name, kind="heuristic" if kind == "bot" else kind)
            for name, kind in zip(tutorial.names, tutorial.seats, strict=True)
        ]
        options = {**self.config, **tutorial.config}
        try:
            session = Session.new(game_id, seats, tutorial.seed, autosave=self.autosave, **options)
        except ValueError as exc:  # a tutorial file that does not fit its game (pydantic too)
            self.notify(
                str(exc).splitlines()[0], title="Cannot start the guided game", severity="error"
            )
            return
        session.tutorial = HintState(tutorial)
        session.match.guided = True  # its saves say so: it resumes with its hints
        session.match.autosave()
        self._show_session(session, replace=False)

    def open_save(self, path: Path) -> None:
        from ..engine.match import Match, SaveError
        from ..paths import autosave_for, history_dir, shown
        from ..reference.tutorial import resume_hints
        from .session import Session

        try:
            match = Match.load(path)
        except SaveError as exc:
            self.notify(shown(exc), title="Cannot load save", severity="error", timeout=10)
            return
        if self.autosave:  # an autosave goes on in its own file; anything else gets a new one
            names = [s.name for s in match.seats]
            match.autosave_path = autosave_for(path, match.rules.game_id, names)
            match.history_dir = history_dir()
        session = Session.for_match(match)
        session.tutorial = resume_hints(match)  # a guided game: its hints, where play left them
        session.resumed = True
        self._show_session(session, replace=False)
        match.autosave()  # a finished game moves to the history; a loaded copy is now listed
        over = " (the game is over)" if match.outcome() is not None else ""
        moves = len(match.actions)
        self.notify(
            f"{match.rules.title}: {', '.join(s.name for s in match.seats)}, "
            f"{moves} move{'' if moves == 1 else 's'}{over}.",
            title=shown(f"Resumed {Path(path).name}"),
            timeout=6,
        )

    def open_replay(self, path: Path) -> None:
        """A saved game on its own table, step by step (a broken file: one line, nothing
        written)."""
        from ..engine.match import SaveError
        from ..paths import shown
        from ..tables.replay import Replay
        from .screens.replay import replay_screen

        try:
            replay = Replay.load(path)
        except SaveError as exc:
            self.notify(shown(exc), title="Cannot replay", severity="error", timeout=10)
            return
        self.push_screen(replay_screen(replay))

    def _show_session(self, session: Session, replace: bool, first_save: bool = False) -> None:
        """`first_save`: the new game's first autosave is written once its table is drawn
        (a failure is told like any other autosave failure)."""

        def autosave_changed(error: str | None) -> None:
            severity = "warning" if error else "information"
            self.notify(
                session.autosave_warning(error),
                title="Autosave",
                severity=severity,
                timeout=15 if error else 5,
            )

        session.match.on_autosave_change = autosave_changed
        if session.match.autosave_error is not None:  # the first write failed already
            autosave_changed(session.match.autosave_error)
        screen = game_screen_class(session.match.rules.game_id)(
            session, delay=self.bot_delay, demo=self.demo, exit_at_end=self.exit_at_end
        )
        if first_save:
            screen.call_after_refresh(session.match.autosave)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_help(self, title: str, keys: list[tuple[str, str]], game_id: str | None) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen(title, keys, game_id))


def _tables_env() -> tuple[str, str] | None:
    """Where `serve ssh`'s table service is, when it started this app (the names are
    `tables.remote.SOCKET_VARIABLE` and `TICKET_VARIABLE`)."""
    path = os.environ.get("TABLETOP_TUI_TABLES")
    ticket = os.environ.get("TABLETOP_TUI_TABLE_TICKET")
    return (path, ticket) if path and ticket else None
