"""Issue 41: with TABLETOP_TUI_CURSOR=focus (`--braille-cursor`) the terminal's own cursor is
shown and sits on the focused card, so a braille display following the cursor follows the
focus; without it nothing changes. (The real terminal was checked in tmux as well: the
cursor's cell and visibility, `#{cursor_x},#{cursor_y}` and `#{cursor_flag}`.)"""

from __future__ import annotations

import html
import re

from textual.app import App
from textual.driver import Driver
from textual.geometry import Offset

from tabletop_tui.cli import build_parser, main
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.cursor import SHOW_CURSOR, VARIABLE, showing_driver, wanted
from tabletop_tui.ui.widgets.table import TableCard

from .helpers import past_curtains, screen_name, settle

HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]
HIDE_CURSOR = "\x1b[?25l"


def army_app() -> TabletopApp:
    return TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)


def text_from(app, offset: Offset) -> str:
    """The screen's text on the cursor's row, from the cursor's column on."""
    svg = app.export_screenshot()
    run = re.compile(
        r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
        r'clip-path="url\(#[^)]*line-(\d+)\)">(.*?)</text>'
    )
    line = ""
    for x, row, text in sorted(run.findall(svg), key=lambda r: float(r[0])):
        if int(row) == offset.y:
            col = round(float(x) / 12.2)
            line = line.ljust(col)[:col] + html.unescape(text).replace("\xa0", " ")
    return line[offset.x :]


async def test_the_cursor_sits_on_each_card_the_keys_focus(monkeypatch):
    """Down steps through the squad (the list scrolls at 80x24), then the terminal grows:
    after every key the cursor is the focused chip's first cell, as laid out now."""
    monkeypatch.setenv(VARIABLE, "focus")
    app = army_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains(pilot)
        assert screen_name(app) == "ArmyOfZeroScreen"
        seen: list[Offset] = []
        names: list[str] = []
        for key in ("down", "down", "j", "down", "down", "down", "up"):
            await pilot.press(key)
            await settle(pilot)
            card = app.screen.focused
            assert isinstance(card, TableCard)
            origin = card.region.offset
            assert card.content_region.offset == origin  # (a chip: no border, no padding)
            assert app.cursor_position == origin
            assert app.screen.get_widget_at(*app.cursor_position)[0] is card
            assert text_from(app, app.cursor_position).startswith("▶")  # the focus glyph
            seen.append(origin)
            names.append(card.info.key)
        assert len(set(names)) == 6  # six cards focused in turn...
        assert len(set(seen)) < len(set(names))  # ...some at a row the list scrolled under
        await pilot.resize_terminal(120, 36)
        await settle(pilot, 3)
        card = app.screen.focused
        assert isinstance(card, TableCard) and card.info.key == names[-1]
        assert app.cursor_position == card.content_region.offset


async def test_the_cursor_sits_on_the_highlighted_row_of_a_list(monkeypatch):
    """The launcher's list of games: the cursor is on the highlighted game's row."""
    monkeypatch.setenv(VARIABLE, "focus")
    app = TabletopApp(autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = []
        for key in ("down", "down", "up"):
            await pilot.press(key)
            await settle(pilot)
            rows.append(app.cursor_position.y)
            listed = app.screen.focused
            title = str(listed.get_option_at_index(listed.highlighted).prompt).replace("▶", "")
            assert text_from(app, app.cursor_position).startswith("▶ " + title.split()[0])
        assert rows[0] < rows[1] and rows[2] == rows[0]


def test_the_driver_shows_the_cursor_after_textual_hides_it(monkeypatch):
    """With the option on the app's driver is Textual's, with one more step when the terminal
    is set up (also after a suspend): the cursor shown after Textual's hiding it."""

    class Recording(Driver):
        def __init__(self):
            self.written: list[str] = []

        def write(self, data: str) -> None:
            self.written.append(data)

        def start_application_mode(self) -> None:
            self.write(HIDE_CURSOR)  # as Textual's drivers do

        def disable_input(self) -> None:
            pass

        def stop_application_mode(self) -> None:
            pass

    driver = showing_driver(Recording)()
    driver.start_application_mode()
    assert driver.written == [HIDE_CURSOR, SHOW_CURSOR]
    monkeypatch.setenv(VARIABLE, "focus")
    app = TabletopApp()
    textuals = App.get_driver_class(app)
    assert app.driver_class is showing_driver(textuals) and issubclass(app.driver_class, textuals)


async def test_off_by_default_nothing_changes(monkeypatch):
    """No variable: Textual's driver (the cursor stays hidden) and its cursor place, which
    a focus move leaves where it was."""
    monkeypatch.delenv(VARIABLE, raising=False)
    app = army_app()
    assert app.driver_class is App.get_driver_class(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_curtains(pilot)
        for key in ("down", "down"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen.focused, TableCard)
            assert app.cursor_position == Offset(0, 0)
    app.cursor_position = Offset(3, 4)  # what a widget sets is what Textual reads
    assert app.cursor_position == Offset(3, 4)


def test_the_command_line_flag_sets_the_variable(monkeypatch, capsys):
    monkeypatch.setenv(VARIABLE, "off")  # (put back after the test)
    assert not wanted() and wanted({VARIABLE: " Focus "}) and not wanted({VARIABLE: "1"})
    assert build_parser().parse_args(["play", "zoobotz", "--braille-cursor"]).braille_cursor
    assert main(["--braille-cursor", "list"]) == 0
    assert wanted()


async def test_in_a_card_frame_the_cursor_is_on_the_card_text(monkeypatch):
    """A wide Zeo table draws its cards in frames: the cursor goes inside the border, on
    the line that names the card, not on the frame's corner."""
    monkeypatch.setenv(VARIABLE, "focus")
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]
    app = TabletopApp(game="zeo-dbg", seats=seats, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(140, 44)) as pilot:
        await past_curtains(pilot)
        while not isinstance(app.screen.focused, TableCard):
            await pilot.press("enter")  # (the character pick, the first hand)
            await past_curtains(pilot)
        for key in ("", "right"):
            if key:
                await pilot.press(key)
                await settle(pilot)
            card = app.screen.focused
            assert isinstance(card, TableCard) and card.framed
            assert app.cursor_position == card.region.offset + Offset(1, 1)  # inside the border
            assert app.cursor_position == card.content_region.offset
            assert text_from(app, app.cursor_position).startswith("▶" + card.info.face.title[:8])


async def test_the_shared_tables_move_rows_put_the_cursor_on_the_highlighted_row():
    """F2's move list at a shared table (our own list widget, a row a line): the cursor
    follows its highlight, also when the list scrolls."""
    from rich.text import Text
    from textual.app import ComposeResult

    from tabletop_tui.ui.cursor import focus_point
    from tabletop_tui.ui.widgets.moves_panel import MoveRows

    class Rows(App):
        CSS = "MoveRows { max-height: 5; }"

        def compose(self) -> ComposeResult:
            yield MoveRows()

    app = Rows()
    async with app.run_test(size=(40, 12)) as pilot:
        rows = app.query_one(MoveRows)
        rows.set_rows([Text(f"move {n}") for n in range(12)])
        rows.focus()
        await settle(pilot)
        top = rows.content_region.y
        for presses, row in ((0, 0), (3, 3), (4, 4), (6, 4)):  # (5 rows shown: it scrolls)
            for _ in range(presses - rows.highlighted):
                await pilot.press("down")
            await settle(pilot)
            assert rows.highlighted == presses
            assert focus_point(app, Offset(0, 0)) == Offset(rows.content_region.x, top + row)


def test_an_ssh_player_can_ask_for_it(tmp_path):
    """`ssh -o SetEnv=TABLETOP_TUI_CURSOR=focus`: the one value passes to the player's app."""
    from tabletop_tui.serve.ssh import DemoServer, SSHServeConfig

    server = DemoServer(SSHServeConfig(data_dir=tmp_path))
    asked = server.app_env("xterm", tmp_path / "u", {VARIABLE: "focus"})
    assert wanted(asked)
    assert VARIABLE not in server.app_env("xterm", tmp_path / "u", {VARIABLE: "$(x)"})
