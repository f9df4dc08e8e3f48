"""A game screen's first frame (issue 36, the start-up budget): drawn whole in one frame,
with the stylesheet parsed once for it and no card drawn just to be measured. Counts and
contents, not times: benchmarks/first_frame_tmux.py and benchmarks/run.py print the times."""

from __future__ import annotations

import re

import pytest
from textual.css.stylesheet import Stylesheet

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.game_screen import GameScreen
from tabletop_tui.ui.textual_internals import Compositor
from tabletop_tui.ui.widgets.table import TableCard

from .helpers import settle

GAMES = ["army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _app(game: str) -> TabletopApp:
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    return TabletopApp(game=game, seats=seats, seed=1, bot_delay=0, autosave=False)


def _watch(app: TabletopApp) -> list[str]:
    """The text of each frame drawn of a game screen, in order."""
    frames: list[str] = []
    display = app._display

    def spied(screen, renderable):
        if renderable is not None and isinstance(screen, GameScreen):
            segments = renderable.render_segments(app.console)
            frames.append(ANSI.sub("", "".join(map(str, segments))))
        display(screen, renderable)

    app._display = spied
    return frames


@pytest.mark.parametrize("game", GAMES)
async def test_the_stylesheet_is_parsed_once_for_a_game_screens_first_frame(monkeypatch, game):
    """Textual parses the whole stylesheet again after each widget class it meets for the
    first time; the game screen gives it every class of its first frame at once."""
    parses: list[bool] = []
    registered: list[bool] = []
    parse, post_register = Stylesheet.parse, GameScreen._post_register

    def spied(self):
        parses.append(bool(registered))
        return parse(self)

    def spied_register(self, app):
        registered.append(True)
        return post_register(self, app)

    monkeypatch.setattr(Stylesheet, "parse", spied)
    monkeypatch.setattr(GameScreen, "_post_register", spied_register)
    app = _app(game)
    frames = _watch(app)
    seen: list[int] = []
    display = app._display

    def first(screen, renderable):
        if renderable is not None and isinstance(screen, GameScreen) and not seen:
            seen.append(sum(parses))
        display(screen, renderable)

    app._display = first
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert frames, "no frame of the game screen was drawn"
        assert seen == [1], f"{game}: {seen[0]} parses before the table's first frame"


async def test_heroes_of_the_grid_draws_its_whole_table_in_the_first_frame():
    """On a wide screen the side column (the game's summary and its log) is in the first
    frame: made by the first redraw, it came a frame later, blank until then."""
    app = _app("hotg")
    frames = _watch(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert frames
        assert "Deployment deck" in frames[0]
        assert "Log" in frames[0]


@pytest.mark.parametrize("game", ["zeo-dbg", "army-of-zero"])
async def test_a_card_frame_is_measured_without_being_drawn(monkeypatch, game):
    """A frame's height is its line count, the same at any width: laying out the table draws
    no card (drawn to be measured, a card asked for its size in the middle of the layout,
    which made Textual work out the whole screen's previous map)."""
    in_layout: list[bool] = [False]
    drawn: list[bool] = []
    layout, render = Compositor.reflow, TableCard.render

    def spied_layout(self, *args, **kwargs):
        in_layout[0] = True
        try:
            return layout(self, *args, **kwargs)
        finally:
            in_layout[0] = False

    def spied_render(self):
        drawn.append(in_layout[0] and self.framed)
        return render(self)

    monkeypatch.setattr(Compositor, "reflow", spied_layout)
    monkeypatch.setattr(TableCard, "render", spied_render)
    app = _app(game)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        framed = [c for c in app.screen.query(TableCard) if c.framed and c.display]
        assert framed, "no card frame on the table"
        assert drawn and not any(drawn)
        for card in framed:  # as tall as its lines (and its border)
            assert card.outer_size.height >= card.info.face.title.count("\n") + 3


def test_each_games_stylesheet_is_kept_in_a_file_of_its_own():
    """The five games' sheets are all called screen.tcss: kept under one name, each game's
    start replaced the last one's, and a game started after another parsed its sheet again."""
    from tabletop_tui.ui import css_cache

    def where(game: str):
        sheet = f"/x/tabletop_tui/ui/games/{game}/screen.tcss"
        return css_cache._file(("css", (sheet, ""), False, 0, ""))

    files = {where(g) for g in ("army_of_zero", "pr_ccg_2008", "zoobotz", "zeo_dbg", "hotg")}
    assert len(files) == 5
    assert all(f.parent == css_cache.css_cache_dir() for f in files)


def test_zeo_reads_its_card_files_once_for_the_default_folder():
    """The rules ask for `catalog(None)` (a Config's cards_dir), the screen for `catalog()`:
    one catalog, so a first frame reads and checks the card files once."""
    from tabletop_tui.games.zeo_dbg.cards import catalog

    assert catalog() is catalog(None) is catalog("")
