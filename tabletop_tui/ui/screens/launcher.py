"""The first screen: the five games, which are playable, and a way back into games in progress."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...files import os_problem
from ...games import GAMES
from ...paths import (
    SavedGame,
    autosave_dir,
    finished_games,
    history_dir,
    put_away,
    shown,
    unfinished_games,
)
from ..keys_footer import KeysFooter
from .base import BackModal, BaseModal, BaseScreen


class ConfirmPutAway(BaseModal):
    """Asks before a game in progress leaves the resume list (it moves to the history)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Put away"),
        Binding("n,escape", "answer(False)", "Keep"),
    ]

    def __init__(self, game: SavedGame):
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text("Put this game away?", style="bold"))
            yield Static(self.game.label())
            yield Static(
                "It leaves the list of games in progress and moves to the history folder; "
                "nothing is deleted. y: put it away · n: keep it"
            )

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class SavedGamesScreen(BackModal):
    """A list of saved games to pick one from; a damaged file is listed with its problem but
    cannot be picked. Dismisses with the chosen file, or None."""

    DEFAULT_CSS = """
    SavedGamesScreen #games-list { height: auto; max-height: 16; margin: 1 0; }
    SavedGamesScreen .dialog { width: 90; }
    """
    BINDINGS = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]
    TITLE = ""

    def __init__(self, games: list[SavedGame]):
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(classes="dialog"):
            yield Static(Text(self.TITLE, style="bold"))
            yield OptionList(*self._options(), id="games-list")
            yield Static(Text(self.hint(), style="dim"))

    def hint(self) -> str:  # pragma: no cover - each list's own
        raise NotImplementedError

    def line(self, game: SavedGame) -> Text | str:
        return game.label()

    def _options(self) -> list[Option]:
        out = []
        for number, game in enumerate(self.games, 1):
            mark = "▶ " if game.problem is None else "✘ "
            label = Text.assemble((f"{number}. ", "bold"), (mark, "bold"), self.line(game))
            out.append(Option(label, id=str(number - 1), disabled=game.problem is not None))
        return out

    def on_mount(self) -> None:
        options = self.query_one("#games-list", OptionList)
        options.focus()
        options.highlighted = self._first_enabled()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.dismiss(self.games[int(event.option.id)].path)

    def action_cursor_down(self) -> None:
        self.query_one("#games-list", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#games-list", OptionList).action_cursor_up()

    def _first_enabled(self) -> int:
        return next((i for i, g in enumerate(self.games) if g.problem is None), 0)


class FinishedScreen(SavedGamesScreen):
    """The finished games (the history folder), newest first: Enter replays one on its own
    game's table."""

    DEFAULT_CSS = "FinishedScreen .dialog { width: 100; }"
    TITLE = "Finished games: replay one"

    def hint(self) -> str:
        return f"↑↓ choose · Enter replay · Esc back. Newest first; files in {shown(history_dir())}"

    def line(self, game: SavedGame) -> Text | str:
        if game.problem is not None:
            return game.label()
        from ...engine.grammar import second_person  # (the engine: not before frame 1)

        return Text.assemble(
            (f"{game.title}: ", "bold"),
            f"{', '.join(game.players)} · ",
            # (said to a seat named You: "all ten of your characters", issue 36)
            (second_person(game.result) if game.result else "put away before its end", "italic"),
            f" · {game.when}",
        )


class ResumeScreen(SavedGamesScreen):
    """Pick one of several games in progress (`d` puts one away into the history)."""

    BINDINGS = [Binding("d", "put_away", "Put away")]
    TITLE = "Resume a game in progress"

    def hint(self) -> str:
        return (
            "↑↓ choose · Enter resume · d put away · Esc back. Played last first; "
            f"files in {shown(autosave_dir())}"
        )

    def action_put_away(self) -> None:
        options = self.query_one("#games-list", OptionList)
        if options.highlighted is None or not self.games:
            return
        game = self.games[options.highlighted]

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                moved = put_away(game.path)
            except OSError as exc:
                self.notify(
                    shown(f"{game.path}: {os_problem(exc)}"), title="Not moved", severity="error"
                )
                return
            self.notify(shown(f"Moved to {moved}"), title="Put away")
            self.games = [g for g in self.games if g.path != game.path]
            if not self.games:
                self.dismiss(None)
                return
            options.clear_options()
            options.add_options(self._options())
            options.highlighted = min(options.option_count - 1, self._first_enabled())

        self.app.push_screen(ConfirmPutAway(game), answered)


class LauncherScreen(BaseScreen):
    BINDINGS = [
        Binding("enter", "start", "Play", show=True),
        Binding("t", "learn", "Learn to play"),
        Binding("r", "resume", "Resume"),
        Binding("f", "finished", "Finished games"),
        Binding("b", "deck_builder", "Deck builder"),
        Binding("o", "tables", "Tables (online)"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_notice()
        with Vertical(id="launcher"):
            yield Static(Text("tabletop-tui", style="bold"), id="launcher-title")
            yield Static("Five tabletop games, hot-seat at one keyboard.", id="launcher-sub")
            with Horizontal(id="launcher-main"):
                yield OptionList(*self._options(), id="games")
                yield Static(id="game-detail")
        yield KeysFooter()  # moving the highlight re-announces the same keys

    def _options(self) -> list[Option]:
        out = []
        for info in GAMES.values():
            mark = "▶" if info.playable else "…"
            label = Text.assemble(
                (f"{mark} ", "bold"),
                (info.title, "bold" if info.playable else ""),
                "\n  ",
                (f"{info.players} players · ", "dim"),
                (
                    "ready to play" if info.playable else "coming soon",
                    "bold" if info.playable else "dim italic",
                ),
            )
            out.append(Option(label, id=info.id))
        return out

    _unfinished: list[SavedGame] = []

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.call_after_refresh(self._read_unfinished)

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.focus()
        games.highlighted = 0
        self._describe(next(iter(GAMES)))
        if getattr(self.app, "tables_link", None) is not None:
            # served: say where it is this player's move, now and whenever it changes
            self.call_after_refresh(self._watch_turns)

    def _watch_turns(self) -> None:
        from .lobby import watch_turns

        watch_turns(self.app)

    def _read_unfinished(self) -> None:
        """The games in progress, read once the launcher is drawn: each save is checked
        against its game's rules (pydantic, the models), which a first frame need not wait for."""
        self._unfinished = unfinished_games()
        highlighted = self._highlighted()
        if highlighted is not None:
            self._describe(highlighted)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._describe(event.option.id)
            self.refresh_bindings()

    def _highlighted(self) -> str | None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            return None
        return games.get_option_at_index(games.highlighted).id

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "tables":  # only under `serve ssh`, where other players are
            return getattr(self.app, "tables_link", None) is not None
        if action == "deck_builder":
            from ..registry import DECK_BUILDERS

            try:
                game_id = self._highlighted()
            except Exception:  # not composed yet
                return False
            return game_id in DECK_BUILDERS and GAMES[game_id].playable
        return True

    def action_tables(self) -> None:
        self.app.open_lobby()  # type: ignore[attr-defined]

    def action_deck_builder(self) -> None:
        game_id = self._highlighted()
        if game_id is not None:
            self.app.open_deck_builder(game_id)  # type: ignore[attr-defined]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._start(event.option.id)

    def _describe(self, game_id: str) -> None:
        info = GAMES[game_id]
        text = Text()
        text.append(f"{info.title}\n", style="bold")
        text.append(f"id: {info.id}   players: {info.players}\n\n")
        text.append(info.blurb + "\n\n")
        if info.playable:
            text.append("Enter: set up a game.", style="bold")
            text.append("\nt: learn to play (a guided first game).", style="bold")
            from ..registry import DECK_BUILDERS

            if game_id in DECK_BUILDERS:
                text.append("\nb: build your own decks.", style="bold")
        else:
            text.append("Coming soon: not playable yet.", style="italic")
        if getattr(self.app, "tables_link", None) is not None:
            text.append("\n\no: tables, to play with the others on this server.", style="bold")
        games = self._unfinished
        if len(games) == 1:
            text.append(f"\n\nr: resume {games[0].label()}.", style="dim")
        elif games:
            text.append(f"\n\nr: resume one of {len(games)} games in progress.", style="dim")
        if text == self._detail:  # (said already: the key's own step, see _cursor)
            return
        self._detail = text
        # its size is fixed by the stylesheet (1fr x 100%): no layout pass per highlight
        self.query_one("#game-detail", Static).update(text, layout=False)

    _detail: Text | None = None

    def _cursor(self, down: bool) -> None:
        """Move the highlight and describe the game in the same step: waiting for the list's
        message drew a second frame for every key (the list's, then the description's)."""
        games = self.query_one("#games", OptionList)
        games.action_cursor_down() if down else games.action_cursor_up()
        highlighted = self._highlighted()
        if highlighted is not None:
            self._describe(highlighted)

    def action_cursor_down(self) -> None:
        self._cursor(True)

    def action_cursor_up(self) -> None:
        self._cursor(False)

    def action_start(self) -> None:
        games = self.query_one("#games", OptionList)
        if games.highlighted is not None:
            option = games.get_option_at_index(games.highlighted)
            if option.id:
                self._start(option.id)

    def _start(self, game_id: str) -> None:
        info = GAMES[game_id]
        if not info.playable:
            self.notify(
                f"{info.title} is coming soon and cannot be started yet.", severity="warning"
            )
            return
        self.app.open_setup(game_id)  # type: ignore[attr-defined]

    def action_resume(self) -> None:
        games = self._unfinished = unfinished_games()
        if not games:
            self.notify("No game in progress: start one first.", severity="warning")
            return
        if len(games) == 1 and games[0].problem is None:
            self.app.open_save(games[0].path)  # type: ignore[attr-defined]
            return

        def chosen(path) -> None:
            if path is not None:
                self.app.open_save(path)  # type: ignore[attr-defined]

        self.app.push_screen(ResumeScreen(games), chosen)

    def action_finished(self) -> None:
        games = finished_games()
        if not games:
            self.notify("No finished game yet: finished games are kept to replay.")
            return

        def chosen(path) -> None:
            if path is not None:
                self.app.open_replay(path)  # type: ignore[attr-defined]

        self.app.push_screen(FinishedScreen(games), chosen)

    def action_learn(self) -> None:
        game_id = self._highlighted()
        if game_id is not None and GAMES[game_id].playable:
            self.app.start_tutorial(game_id)  # type: ignore[attr-defined]

    def action_help(self) -> None:
        """The launcher's keys, with the rules reference of the highlighted game."""
        game_id = self._highlighted()
        self.app.show_help(  # type: ignore[attr-defined]
            GAMES[game_id].title if game_id else "Launcher",
            [
                ("↑↓ / j k", "choose a game"),
                ("Enter", "set up the game"),
                ("t", "learn to play: a guided first game"),
                ("r", "resume a game in progress (a list when there are several)"),
                ("f", "finished games: replay one on its own table"),
                ("b", "deck builder (games with constructed decks)"),
                ("q", "quit"),
            ],
            game_id,
        )
