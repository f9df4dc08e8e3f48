"""Names, human or bot for each seat, and the seed."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...engine.match import SeatSpec
from ...games import GAMES, get_rules
from ..setup_options import options_for
from .base import BaseScreen
from .curtain import seat_tag

KINDS = [("Human", "human"), ("Bot (heuristic)", "heuristic"), ("Bot (random)", "random")]


class SetupScreen(BaseScreen):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, game_id: str, seed: int | None = None):
        super().__init__()
        self.game_id = game_id
        self.seed = seed if seed is not None else random.randrange(1, 100000)
        self.rules = get_rules(game_id)
        self.options = options_for(game_id) if self.rules else []
        self.seat_count = self.rules.max_seats if self.rules else 2

    def compose(self) -> ComposeResult:
        info = GAMES[self.game_id]
        yield from self.compose_notice()
        with VerticalScroll(id="setup"):
            yield Static(Text(f"New game: {info.title}", style="bold"), id="setup-title")
            for seat in range(self.seat_count):
                with Horizontal(classes="seat-row"):
                    yield Label(
                        f"{seat_tag(seat)} Seat {seat + 1}", classes=f"seat-label seat-{seat}"
                    )
                    yield Input(value=f"Player {seat + 1}", id=f"name-{seat}", max_length=20)
                    yield Select(
                        KINDS,
                        value="human" if seat == 0 else "heuristic",
                        allow_blank=False,
                        id=f"kind-{seat}",
                    )
            for option in self.options:
                for seat in range(self.seat_count if option.per_seat else 1):
                    default = option.default[seat] if option.per_seat else option.default
                    label = f"{seat_tag(seat)} {option.label}" if option.per_seat else option.label
                    with Horizontal(classes="seat-row"):
                        yield Label(label, classes="seat-label option-label")
                        yield Select(
                            option.options(),
                            value=default,
                            allow_blank=False,
                            id=f"opt-{option.key}-{seat}",
                            classes="option-select",
                        )
            with Horizontal(classes="seat-row"):
                yield Label("Seed", classes="seat-label")
                yield Input(value=str(self.seed), id="seed", restrict=r"[0-9]*")
            yield Static("", id="setup-error")
            with Horizontal(classes="buttons"):
                yield Button("Start  (Ctrl+S)", id="start", variant="primary")
                yield Button("Back  (Esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.app.pop_screen()

    def seats(self) -> list[SeatSpec]:
        out = []
        for seat in range(self.seat_count):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            kind = self.query_one(f"#kind-{seat}", Select).value
            out.append(SeatSpec(name=name, kind=kind))  # type: ignore[arg-type]
        return out

    def action_start(self) -> None:
        seats = self.seats()
        names = [s.name for s in seats]
        error = self.query_one("#setup-error", Static)
        if len(set(names)) != len(names):
            error.update(Text("Each seat needs a different name.", style="bold red"))
            return
        seed_text = self.query_one("#seed", Input).value
        if not seed_text.isdigit():
            error.update(Text("The seed must be a whole number.", style="bold red"))
            return
        self.app.start_game(  # type: ignore[attr-defined]
            self.game_id, seats, int(seed_text), replace=True, config=self.config()
        )

    def config(self) -> dict:
        """The game options as Config fields (per-seat ones as tuples)."""
        out: dict = {}
        for option in self.options:
            count = self.seat_count if option.per_seat else 1
            values = [self.query_one(f"#opt-{option.key}-{i}", Select).value for i in range(count)]
            values = [int(v) if isinstance(v, str) and v.isdigit() else v for v in values]
            out[option.key] = tuple(values) if option.per_seat else values[0]
        return out
