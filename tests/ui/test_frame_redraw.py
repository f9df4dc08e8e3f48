"""A focus key between two card frames redraws neither frame once each has been drawn in
both looks (issue 36's key budget: at 160x48 the two frames' borders, labels and text were
drawn again on every key, 3-4 ms of a 4.5 ms frame against 1.2 ms for a bare app's)."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from tabletop_tui.ui.widgets import table as table_module
from tabletop_tui.ui.widgets.card import CardFace
from tabletop_tui.ui.widgets.table import CardInfo, TableCard, Zone


def _cards() -> list[CardInfo]:
    return [
        CardInfo(
            key=key,
            face=CardFace(title=title, letter="A", subtitle="Attack", stats=(("P", power),)),
            cost="3",
            owner="▲1 Ann",
            seat=0,
            marks=marks,
        )
        for key, title, power, marks in (
            ("a", "Zedd's Revenge", 4, "USED"),
            ("b", "Dark Dive", 2, ""),
        )
    ]


class _Table(Screen):
    def compose(self):
        yield Zone("Grid:", frames=True, id="framed")

    def on_mount(self) -> None:
        self.add_class("-wide")
        self.query_one(Zone).show(_cards())


class _App(App):
    def on_mount(self) -> None:
        self.push_screen(_Table())


def _text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(s.text for s in strip).rstrip() for strip in update.strips)


async def _moves(monkeypatch, cached: bool) -> tuple[list[str], int, list[bool]]:
    """The screen after each of four focus keys, the frames drawn in the last two, and
    whether the cards were drawn as frames."""
    if not cached:
        monkeypatch.setattr(table_module, "active", lambda name: name != "chip_drawing")
    drawn = 0
    render = TableCard.render

    def counted(self):
        nonlocal drawn
        drawn += 1
        return render(self)

    monkeypatch.setattr(TableCard, "render", counted)
    app = _App()
    pictures = []
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        cards = list(app.screen.query(TableCard))
        cards[0].focus()
        await pilot.pause()
        for step, key in enumerate(("right", "left", "right", "left")):
            if step == 2:
                drawn = 0
            await pilot.press(key)
            await pilot.pause()
            assert app.focused is cards[(step + 1) % 2]
            pictures.append(_text(app))
        framed = [card.framed for card in cards]
    return pictures, drawn, framed


async def test_a_focus_key_between_frames_seen_before_draws_no_frame_again(monkeypatch):
    pictures, drawn, framed = await _moves(monkeypatch, cached=True)
    assert framed == [True, True]
    assert drawn == 0  # (each key drew both frames: 4 over the last two keys)
    with monkeypatch.context() as patch:
        theirs, drawn_then, _ = await _moves(patch, cached=False)
    assert drawn_then == 4
    assert pictures == theirs
    assert pictures[0] != pictures[1]  # (the focus shows)


async def test_the_inspector_draws_only_the_rows_another_cards_text_changes(monkeypatch):
    """A card whose text is shorter or longer than the last one's, in a box of fixed height
    with no scrollbar: the rows whose text is the same are not drawn again (all the box's
    rows were), and the box shows what a whole redraw shows."""
    from tabletop_tui.ui.widgets.inspector import Inspector

    from . import test_table_kit as kit

    def two(n: int, extra: tuple[str, ...]) -> CardInfo:
        return kit.card(f"s{n}", "Bot", zone="your hand", owner="▲1 Alice", extra=extra)

    hand = [two(0, ("Same first line.",)), two(1, ("Same first line.", "A second one."))]
    monkeypatch.setattr(kit, "HAND", hand)
    rows: list[int] = []
    render_line = Inspector.render_line

    def counted(self, y):
        rows.append(y)
        return render_line(self, y)

    monkeypatch.setattr(Inspector, "render_line", counted)
    app = kit.KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.settle(pilot, 3)
        inspector = app.screen.query_one(Inspector)
        assert kit.focused_key(app) == "s0" and not inspector.bar
        box = inspector.content_region
        for key, want in (("down", "s1"), ("up", "s0")):
            rows.clear()
            await pilot.press(key)
            await kit.settle(pilot)
            assert inspector.info.key == want
            assert 0 < len(set(rows)) < box.height  # (it drew all of its rows)
            shown = app.screen._compositor.render_update(full=True)
            whole = [
                "".join(s.text for s in strip)[box.x : box.right]
                for strip in shown.strips[box.y : box.bottom]
            ]
            inspector.refresh()
            await kit.settle(pilot)
            again = app.screen._compositor.render_update(full=True)
            assert whole == [
                "".join(s.text for s in strip)[box.x : box.right]
                for strip in again.strips[box.y : box.bottom]
            ]
