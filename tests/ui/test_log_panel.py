"""The log panel: a box of fixed size drawing its own lines (issue 19: at a shared table a
line was added to every player's log with every move, and laid out each player's screen)."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from tabletop_tui.engine import Event
from tabletop_tui.ui.widgets.log import MAX_LINES, LogPanel

from .helpers import settle


def _event(n: int, kind: str = "note") -> Event:
    return Event(text=f"Event number {n} happened on the table.", kind=kind)


class LogApp(App):
    CSS = "#log { height: 8; width: 30; } #other { height: 3; }"

    def __init__(self, anchored: bool = False):
        super().__init__()
        self.anchored = anchored

    def compose(self) -> ComposeResult:
        yield Static("above", id="other")
        yield LogPanel(id="log", anchored=self.anchored)


def _rows(panel: LogPanel) -> list[str]:
    """The panel's rows inside its border, as drawn."""
    width, height = panel.scrollable_content_region.size
    return [panel.render_line(y).text.rstrip() for y in range(height)]


def _spy(monkeypatch) -> tuple[list[str], list[Region]]:
    """Who asks for a layout, and the parts of the screen drawn again, from now on."""
    layouts: list[str] = []
    painted: list[Region] = []
    refresh = Widget.refresh
    render_update = Compositor.render_update

    def spy(self, *regions, repaint=True, layout=False, recompose=False):
        if self.is_mounted and (layout or recompose):
            layouts.append(self.id or type(self).__name__)
        return refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    def drawn(self, *args, **kwargs):
        painted.extend(self._dirty_regions)
        return render_update(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "refresh", spy)
    monkeypatch.setattr(Compositor, "render_update", drawn)
    return layouts, painted


async def test_a_new_line_repaints_the_log_alone_and_lays_nothing_out(monkeypatch):
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        events = [_event(n) for n in range(12)]
        panel.sync(events)
        await settle(pilot)
        assert panel.show_vertical_scrollbar  # (it overflows: Textual's bar, once)
        layouts, painted = _spy(monkeypatch)
        for n in range(12, 20):
            events.append(_event(n))
            panel.sync(events)
            await settle(pilot)
        assert layouts == []
        assert painted and all(panel.region.contains_region(r) for r in painted)
        # the newest line is at the bottom of the box, the older ones above it
        rows = _rows(panel)
        assert rows[-1].endswith("table.") and "19" in rows[-2]


async def test_the_box_keeps_its_size_and_only_the_last_lines_are_kept():
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        panel.sync([_event(1)])
        await settle(pilot)
        size = panel.size
        events = [_event(n) for n in range(MAX_LINES + 30)]
        panel.sync(events)
        await settle(pilot)
        assert panel.size == size
        assert panel.count == MAX_LINES
        text = panel.text().splitlines()
        assert text[0].endswith(f"number {30} happened on the table.")
        assert text[-1].endswith(f"number {MAX_LINES + 29} happened on the table.")


async def test_one_more_event_past_the_kept_lines_wraps_only_the_new_one(monkeypatch):
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        events = [_event(n) for n in range(MAX_LINES + 5)]
        panel.sync(events)
        await settle(pilot)
        wrapped: list[str] = []
        original = LogPanel._wrap
        monkeypatch.setattr(
            LogPanel, "_wrap", lambda self, e: wrapped.append(e.text) or original(self, e)
        )
        events.append(_event(999))
        panel.sync(events)
        assert wrapped == [events[-1].text]
        assert panel.text().splitlines()[-1].endswith("number 999 happened on the table.")
        assert panel.count == MAX_LINES


async def test_an_undo_takes_its_lines_away():
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        events = [_event(n) for n in range(10)]
        panel.sync(events)
        await settle(pilot)
        panel.sync(events[:7])
        await settle(pilot)
        assert panel.count == 7
        assert "number 6 " in _rows(panel)[-2] + _rows(panel)[-1]
        assert all("number 9 " not in row for row in _rows(panel))


async def test_a_narrower_box_wraps_the_lines_again_and_keeps_the_newest_in_view():
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        panel.sync([_event(n) for n in range(20)])
        await settle(pilot)
        wide = len(panel._lines)
        panel.styles.width = 20
        await settle(pilot)
        assert len(panel._lines) > wide  # more rows a line
        assert all(len(row) <= panel.scrollable_content_region.width for row in _rows(panel))
        assert panel.scroll_y == panel.max_scroll_y
        assert _rows(panel)[-1].endswith("table.")


async def test_an_anchored_short_log_sits_at_the_bottom_of_its_box():
    for anchored, first in ((True, 4), (False, 0)):
        app = LogApp(anchored=anchored)
        async with app.run_test(size=(60, 20)) as pilot:
            panel = app.query_one(LogPanel)
            panel.sync([Event(text="one", kind="note"), Event(text="two", kind="roll")])
            await settle(pilot)
            rows = _rows(panel)
            assert len(rows) == 6
            assert rows[first] == "· one" and rows[first + 1] == "⚄ two"
            assert sum(1 for row in rows if row) == 2


async def test_a_random_seed_stays_out_of_the_log_until_shown():
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        start = Event(text="New game of Army Of Zero, seed 27944.", kind="start")
        panel.sync([start])
        assert panel.text() == "· New game of Army Of Zero."
        panel.show_seed = True
        panel.sync([start, _event(1)])
        await settle(pilot)
        assert "seed 27944" in panel.text()
