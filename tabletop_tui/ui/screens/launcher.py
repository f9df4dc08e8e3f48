"""The first screen: the five games, which are playable, and a way back into the last game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...games import GAMES
from ...paths import latest_autosave
from .base import BaseScreen


class LauncherScreen(BaseScreen):
    BINDINGS = [
        Binding("enter", "start", "Play", show=True),
        Binding("t", "learn", "Learn to play"),
        Binding("r", "resume", "Resume last game"),
        Binding("b", "deck_builder", "Deck builder"),
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
        yield Footer()

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

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.focus()
        games.highlighted = 0
        self._describe(next(iter(GAMES)))

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
        if action == "deck_builder":
            from ..app import DECK_BUILDERS

            try:
                game_id = self._highlighted()
            except Exception:  # not composed yet
                return False
            return game_id in DECK_BUILDERS and GAMES[game_id].playable
        return True

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
            from ..app import DECK_BUILDERS

            if game_id in DECK_BUILDERS:
                text.append("\nb: build your own decks.", style="bold")
        else:
            text.append("Coming soon: not playable yet.", style="italic")
        last = latest_autosave()
        if last is not None:
            text.append(f"\n\nr: resume the last autosave ({last.stem}).", style="dim")
        self.query_one("#game-detail", Static).update(text)

    def action_cursor_down(self) -> None:
        self.query_one("#games", OptionList).action_cursor_down()

    def action_cursor_up(self) -> None:
        self.query_one("#games", OptionList).action_cursor_up()

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
        last = latest_autosave()
        if last is None:
            self.notify("No autosave yet: start a game first.", severity="warning")
            return
        self.app.open_save(last)  # type: ignore[attr-defined]

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
                ("r", "resume the last game"),
                ("b", "deck builder (games with constructed decks)"),
                ("q", "quit"),
            ],
            game_id,
        )
