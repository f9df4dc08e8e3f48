"""Names, human or bot for each seat, the game's options, and the seed.

The seed is blank unless the players give one: a random seed is drawn at Start and kept
off screen until the game is over. The answers are remembered per game, so "New game"
after a game starts from the same names, seats and decks.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...engine.levels import KIND_LABELS
from ...engine.match import SeatSpec
from ...games import GAMES, get_rules
from ..seats import seat_tag
from ..setup_options import options_for
from .base import BaseScreen, FreshKeys

#: a human or a bot of one of the levels (easy, normal, hard) or the random bot
KINDS = [(label, kind) for kind, label in KIND_LABELS.items()]
#: seats past a game's minimum may stay empty (ZOOBOTZ: 2 to 6 players)
EMPTY = ("Empty seat", "none")


def plain_error(exc: ValueError) -> str:
    """A Config's refusal in the player's words: pydantic's messages without its framing."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    out = []
    for err in errors():
        msg = str(err.get("msg", ""))
        msg = msg.removeprefix("Value error, ")
        out.append(msg[:1].upper() + msg[1:])
    return "; ".join(out) or str(exc)


class SetupScreen(FreshKeys, BaseScreen):
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
        Binding("ctrl+b", "deck_builder", "Deck builder"),
    ]

    def __init__(self, game_id: str, seed: int | None = None, memory: dict | None = None):
        super().__init__()
        self.game_id = game_id
        self.seed = seed
        #: widget id -> value, from the last game started from this form
        self.memory = dict(memory or {})
        self.rules = get_rules(game_id)
        self.options = options_for(game_id) if self.rules else []
        self.seat_count = self.rules.max_seats if self.rules else 2
        self.min_seats = self.rules.min_seats if self.rules else 2

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
                    yield Input(
                        value=str(self.memory.get(f"name-{seat}", f"Player {seat + 1}")),
                        id=f"name-{seat}",
                        max_length=20,
                    )
                    optional = seat >= self.min_seats
                    kinds = KINDS + [EMPTY] if optional else KINDS
                    kind = "human" if seat == 0 else "none" if optional else "heuristic"
                    if self.memory.get(f"kind-{seat}") in {v for _, v in kinds}:
                        kind = self.memory[f"kind-{seat}"]  # type: ignore[assignment]
                    yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{seat}")
            for option in self.options:
                choices = option.options()
                for seat in range(self.seat_count if option.per_seat else 1):
                    default = self._first_answer(option, seat, choices)
                    label = f"{seat_tag(seat)} {option.label}" if option.per_seat else option.label
                    with Horizontal(classes="seat-row"):
                        yield Label(label, classes="seat-label option-label")
                        yield Select(
                            choices,
                            value=default,
                            allow_blank=False,
                            id=f"opt-{option.key}-{seat}",
                            classes="option-select",
                        )
                    if option.describe is not None:
                        yield Static(
                            option.describe(default),
                            id=f"desc-{option.key}-{seat}",
                            classes="option-desc",
                        )
            with Horizontal(classes="seat-row"):
                yield Label("Seed", classes="seat-label")
                seed = self.seed if self.seed is not None else self.memory.get("seed", "")
                yield Input(
                    value="" if seed is None else str(seed),
                    placeholder="random",
                    id="seed",
                    restrict=r"[0-9]*",
                )
                # (the field is too narrow for this as its placeholder)
                yield Static("blank: random, shown at the end", classes="seed-note")
            yield Static("", id="setup-error")
            yield Static("", id="setup-warnings")
            with Horizontal(classes="buttons"):
                yield Button("Start  (Ctrl+S)", id="start", variant="primary")
                yield Button("Back  (Esc)", id="back")
        yield Footer()

    def _first_answer(self, option, seat: int, choices=None):
        """What an option shows as the form opens: remembered from the last game started here,
        else given on the command line, else its default; a named mix (a difficulty) names
        the answers its options open with."""
        if option.presets:
            answers = {
                key: self._first_answer(other, 0)
                for other in self.options
                for key in {k for mix in option.presets.values() for k in mix}
                if other.key == key
            }
            for name, mix in option.presets.items():
                if all(answers.get(k) == v for k, v in mix.items()):
                    return name
            return "custom"
        choices = option.options() if choices is None else choices
        values = [value for _, value in choices]
        default = option.default[seat] if option.per_seat else option.default
        given = self._given(option.key, seat)
        if given in values:  # from the command line (`play pr-ccg-2008 --sealed`)
            default = given
        remembered = self.memory.get(f"opt-{option.key}-{seat}")
        if remembered in values:
            default = remembered
        if default not in values and values:  # e.g. a deck renamed since
            default = values[0]
        return default

    def _given(self, key: str, seat: int) -> str | None:
        """An option's answer the command line gave the app (`--sealed`: 4 packs), as the
        form's value; the form asking for the seats must not drop it."""
        value = getattr(self.app, "config", {}).get(key)
        if isinstance(value, tuple):
            value = value[seat] if seat < len(value) else None
        if isinstance(value, bool):  # (a yes/no field: the choice that converts to it)
            option = next((o for o in self.options if o.key == key), None)
            if option is None or option.convert is None:
                return None
            return next((c for _, c in option.options() if option.convert(c) is value), None)
        if not isinstance(value, (int, str)):
            return None
        return str(value)

    def on_mount(self) -> None:
        # The form opens at its top, on the first field (not on Start, scrolled past the title)
        self.query_one("#name-0", Input).focus(scroll_visible=False)
        self.query_one("#setup", VerticalScroll).scroll_home(animate=False)
        self._show_warnings()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A deck chosen: its one-line description follows it. A named mix (a difficulty)
        chosen: the options it names follow it; one of those changed: the name follows."""
        sid = event.select.id or ""
        if not sid.startswith("opt-"):
            return
        self._follow_presets(sid, event.value)
        for option in self.options:
            if option.describe is None:
                continue
            for seat in range(self.seat_count if option.per_seat else 1):
                if sid == f"opt-{option.key}-{seat}":
                    desc = self.query(f"#desc-{option.key}-{seat}")
                    if desc:
                        desc.first(Static).update(option.describe(event.value))

    def _follow_presets(self, sid: str, value) -> None:
        for option in self.options:
            if not option.presets:
                continue
            mine = f"opt-{option.key}-0"
            if sid == mine:  # ("custom" names no mix: the answers stay)
                for key, wanted in option.presets.get(str(value), {}).items():
                    select = self.query_one(f"#opt-{key}-0", Select)
                    if select.value != wanted:
                        select.value = wanted
            elif any(sid == f"opt-{key}-0" for mix in option.presets.values() for key in mix):
                self._name_preset(option)

    def _name_preset(self, option) -> None:
        """Show the named mix the options' answers now match, or "custom"."""
        answers = {
            key: self.query_one(f"#opt-{key}-0", Select).value
            for mix in option.presets.values()
            for key in mix
        }
        name = next(
            (
                n
                for n, mix in option.presets.items()
                if all(answers[k] == v for k, v in mix.items())
            ),
            "custom",
        )
        select = self.query_one(f"#opt-{option.key}-0", Select)
        if select.value != name:
            select.value = name

    def on_screen_resume(self) -> None:
        # (Textual also runs SizedMixin's handler: handlers of base classes are called too)
        self._refresh_choices()

    def _refresh_choices(self) -> None:
        """Back from the deck builder: offer the decks saved there, keep what was chosen."""
        for option in self.options:
            if not callable(option.choices):
                continue
            choices = option.options()
            values = {v for _, v in choices}
            for seat in range(self.seat_count if option.per_seat else 1):
                select = self.query_one(f"#opt-{option.key}-{seat}", Select)
                current = select.value
                select.set_options(choices)
                if current in values:
                    select.value = current
                elif choices:
                    select.value = choices[0][1]
        self._show_warnings()

    def _show_warnings(self) -> None:
        problems = [p for option in self.options for p in option.problems()]
        notice = self.query_one("#setup-warnings", Static)
        notice.display = bool(problems)
        if problems:
            text = Text("Not offered (fix or delete the file):\n", style="bold yellow")
            for problem in problems:
                text.append(f"⚠ {problem}\n")
            notice.update(text)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "deck_builder":
            from ..registry import DECK_BUILDERS

            return self.game_id in DECK_BUILDERS
        return True

    def action_deck_builder(self) -> None:
        self.app.open_deck_builder(self.game_id)  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.app.pop_screen()

    def taken(self) -> list[int]:
        """The seats that are played (not left empty)."""
        return [
            seat
            for seat in range(self.seat_count)
            if self.query_one(f"#kind-{seat}", Select).value != "none"
        ]

    def seats(self) -> list[SeatSpec]:
        out = []
        for seat in self.taken():
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Player {seat + 1}"
            kind = self.query_one(f"#kind-{seat}", Select).value
            out.append(SeatSpec(name=name, kind=kind))  # type: ignore[arg-type]
        return out

    def action_start(self) -> None:
        seats = self.seats()
        names = [s.name for s in seats]
        error = self.query_one("#setup-error", Static)
        if len(set(names)) != len(names):
            self._error(error, Text("Each seat needs a different name.", style="bold red"))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        given = bool(seed_text)
        if given and not seed_text.isdigit():
            self._error(error, Text("The seed must be a whole number.", style="bold red"))
            return
        seed = int(seed_text) if given else random.randrange(1, 100000)
        try:
            config = self.config()
        except ValueError as exc:
            self._error(error, Text(f"✘ {exc}", style="bold red"))
            return
        try:
            self.remember()
            self.app.start_game(  # type: ignore[attr-defined]
                self.game_id, seats, seed, replace=True, config=config, seed_given=given
            )
        except ValueError as exc:  # e.g. a Villain character chosen for a Hero seat
            self._error(error, Text(f"✘ {plain_error(exc)}", style="bold red"))

    def remember(self) -> None:
        """Keep the answers for the next "New game" of this game (a random seed is not kept)."""
        memory = {w.id: w.value for w in self.query(Input) if w.id}
        memory.update({w.id: w.value for w in self.query(Select) if w.id})
        memory = {
            k: v for k, v in memory.items() if k.startswith(("name-", "kind-", "opt-", "seed"))
        }
        store = getattr(self.app, "setup_memory", None)
        if isinstance(store, dict):
            store[self.game_id] = memory

    def _error(self, error: Static, text: Text) -> None:
        """Say what stops the start, where it can be seen (the form opens at its top)."""
        error.update(text)
        error.scroll_visible(animate=False)

    def config(self) -> dict:
        """The game options as Config fields (per-seat ones as tuples, for the seats played).

        Raises ValueError with a message for the player when an answer can't be used.
        """
        out: dict = {}
        taken = self.taken()
        for option in self.options:
            if option.presets:  # (a name for other answers, no Config field of its own)
                continue
            seats = taken if option.per_seat else [0]
            values = [self.query_one(f"#opt-{option.key}-{i}", Select).value for i in seats]
            values = [int(v) if isinstance(v, str) and v.isdigit() else v for v in values]
            value = tuple(values) if option.per_seat else values[0]
            out[option.key] = option.convert(value) if option.convert else value
        return out
