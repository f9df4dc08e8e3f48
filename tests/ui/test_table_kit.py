"""The table kit on its own (issue 20): card chips, zones, the inspector, the card's menu.

A small app holds three zones and an inspector, answered by the same `CardTable` mixin
the game screens use; its moves are plain strings so the tests read what was chosen.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen

from tabletop_tui.ui.widgets import CardFace
from tabletop_tui.ui.widgets import inspector as inspector_module
from tabletop_tui.ui.widgets.card_menu import CardMenu, MenuEntry, StableKeys
from tabletop_tui.ui.widgets.footer import TableFooter
from tabletop_tui.ui.widgets.inspector import Inspector, inspect_plain
from tabletop_tui.ui.widgets.table import CardInfo, TableCard, Zone, chip_text
from tabletop_tui.ui.widgets.table_screen import CardTable

from .helpers import screen_text, settle


def card(key: str, title: str, **kw) -> CardInfo:
    face = CardFace(
        title=title,
        letter=kw.pop("letter", "B"),
        subtitle=kw.pop("subtitle", "Bot · COST 2"),
        extra=kw.pop("extra", (f"{title} text: RESEARCH twice.",)),
        hidden=kw.pop("hidden", False),
    )
    return CardInfo(key=key, face=face, game_id="zoobotz", **kw)


HAND = [
    card("h1", "Data Dodo", zone="your hand", owner="▲1 Alice", cost="2", keywords=("HACK",)),
    card("h2", "Byte Badger", zone="your hand", owner="▲1 Alice", actionable=True),
    card("h3", "Null Newt", zone="your hand", owner="▲1 Alice"),
]
THEIRS = [
    card("t1", "Hidden one", hidden=True, zone="●2 Bob's hand", owner="●2 Bob"),
    card("t2", "Packet Puma", zone="●2 Bob's Botz", owner="●2 Bob", marks="v3 R1/3 ◈SH"),
]
BOARD = [card("g1", "Grid Gecko", zone="the Grid", reason="Cost: you have 1 of 3")]

#: key -> (entries, reason) for the card menus
MOVES: dict[str, tuple[list[MenuEntry], str]] = {
    "h1": (
        [
            MenuEntry("Play it", "play h1", ident="play", key="p"),
            MenuEntry("Invest it", "invest h1", ident="invest", key="i"),
            MenuEntry("Discard it", "discard h1", ident="discard", confirm="Discard Data Dodo?"),
        ],
        "",
    ),
    "h2": ([MenuEntry("Play it", "play h2")], ""),
    "g1": ([], "Buy: it costs 3 Shards and you have 1"),
}


class KitScreen(CardTable, Screen):
    def __init__(self):
        super().__init__()
        self.waiting = False
        self.played: list[str] = []

    def compose(self) -> ComposeResult:
        yield Zone("Theirs:", id="theirs")
        yield Zone("Board:", id="board")
        yield Zone("Hand", vertical=True, id="hand")
        yield Inspector(id="inspector")
        yield TableFooter()  # the game screens' footer

    def on_mount(self) -> None:
        self.query_one("#theirs", Zone).show(THEIRS)
        self.query_one("#board", Zone).show(BOARD)
        self.query_one("#hand", Zone).show(HAND)
        self.call_after_refresh(self.query_one("#hand", Zone).focus_card)

    def card_moves(self, info):
        return MOVES.get(info.key, ([], "no move uses it"))

    def submit(self, action) -> bool:
        self.played.append(action)
        return True

    def busy(self) -> None:
        self.played.append("busy")


class KitApp(App):
    CSS = "Inspector { height: 12; }"

    def on_mount(self) -> None:
        self.push_screen(KitScreen())


def focused_key(app) -> str | None:
    return app.focused.info.key if isinstance(app.focused, TableCard) else None


def inspector_text(app) -> str:
    return inspect_plain(app.screen.query_one(Inspector).info)


async def test_arrows_move_within_a_zone_and_tab_between_zones():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert focused_key(app) == "h1"
        await pilot.press("down")
        assert focused_key(app) == "h2"
        await pilot.press("j", "j")  # hjkl too; the last card stays put
        assert focused_key(app) == "h3"
        await pilot.press("up")
        assert focused_key(app) == "h2"
        await pilot.press("tab")  # past the last zone: around to the first
        assert focused_key(app) == "t1"
        await pilot.press("right", "tab")
        assert focused_key(app) == "g1"
        await pilot.press("shift+tab")
        assert focused_key(app) == "t2"  # back to the card last focused in that zone
        await pilot.press("shift+tab")
        assert focused_key(app) == "h2"


async def test_the_inspector_shows_the_focused_card_in_full():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = inspector_text(app)
        for part in ("Data Dodo", "Bot · COST 2", "Data Dodo text: RESEARCH twice.", "Cost 2"):
            assert part in text
        assert "◆ HACK" in text  # named even without the reference module
        assert "Where: your hand" in text and "Owner: ▲1 Alice" in text
        await pilot.press("tab")
        text = inspector_text(app)  # a face-down card: where and whose only
        assert "Face down" in text and "Owner: ●2 Bob" in text
        assert "Hidden one text" not in text
        await pilot.press("tab")
        assert "✘ Cost: you have 1 of 3" in inspector_text(app)  # why it is not playable


async def test_keyword_meanings_come_from_the_reference(monkeypatch):
    calls = []

    def meaning(game_id, word):
        calls.append((game_id, word))
        return "a USED Bot attacks another Bot" if word == "HACK" else None

    monkeypatch.setattr(inspector_module, "keyword_text", meaning)
    text = inspect_plain(HAND[0])
    assert "◆ HACK: a USED Bot attacks another Bot" in text
    assert calls == [("zoobotz", "HACK")]


def test_an_unknown_keyword_has_no_meaning_to_show():
    from tabletop_tui.reference import keyword_text

    assert keyword_text("zoobotz", "NO-SUCH-KEYWORD-XYZ") is None


async def test_hover_previews_and_leaving_returns_to_the_focused_card():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.hover(".card-t2")
        await settle(pilot)
        assert "Packet Puma" in inspector_text(app)
        assert focused_key(app) == "h1"  # hovering does not move the focus
        await pilot.hover("#inspector")
        await settle(pilot)
        assert "Data Dodo" in inspector_text(app)


async def test_enter_offers_the_cards_moves_with_their_keys():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CardMenu)
        text = screen_text(app)
        assert "p) Play it" in text and "i) Invest it" in text and "1) Discard it" in text
        await pilot.press("i")
        await settle(pilot)
        assert screen.played == ["invest h1"]


async def test_a_move_that_throws_something_away_asks_once():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("enter", "1")
        await settle(pilot)
        assert "Discard Data Dodo?" in screen_text(app)
        assert screen.played == []
        await pilot.press("x")  # any other key steps back from the question
        await settle(pilot)
        assert isinstance(app.screen, CardMenu) and screen.played == []
        await pilot.press("1", "1")  # the same key again: yes
        await settle(pilot)
        assert screen.played == ["discard h1"]


async def test_one_plain_move_is_made_at_once_and_none_says_why():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("down", "enter")
        await settle(pilot)
        assert screen.played == ["play h2"]
        await pilot.click(".card-g1")  # a click focuses and opens the card
        await settle(pilot)
        assert focused_key(app) is None or isinstance(app.screen, CardMenu)
        text = " ".join(screen_text(app).split())
        assert isinstance(app.screen, CardMenu)
        assert "Nothing to do with this card now" in text
        assert app.screen.reason == "Buy: it costs 3 Shards and you have 1"
        assert "Buy: it costs 3 Shards" in text
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and focused_key(app) == "g1"


async def test_a_card_chosen_while_the_table_is_busy_is_not_dropped_silently():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.waiting = True
        await pilot.press("enter")
        await settle(pilot)
        assert screen.played == ["busy"]


def test_stable_keys_keep_their_move_while_it_is_shown():
    keys = StableKeys()
    first = keys.assign(["a", "b", "c"])
    assert first == {"a": "1", "b": "2", "c": "3"}
    # b is gone and d arrives: a and c keep theirs, d takes the freed key
    second = keys.assign(["a", "c", "d"])
    assert second == {"a": "1", "c": "3", "d": "2"}
    # a wanted letter is used when free, never stolen from a move still shown
    third = keys.assign(["a", "c", "d", "e", "f"], wanted={"e": "p", "f": "1"})
    assert third["e"] == "p" and third["a"] == "1" and third["f"] == "4"


async def test_zone_keeps_focus_in_place_when_cards_come_and_go():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        await pilot.press("down")
        assert focused_key(app) == "h2"
        # a card arrives before it: focus stays on the same card
        hand.show([card("h0", "Zero Zebu"), *HAND])
        await settle(pilot)
        assert focused_key(app) == "h2"
        # the focused card leaves: focus goes to the card now in its place, not the first
        hand.show([card("h0", "Zero Zebu"), HAND[0], HAND[2]])
        await settle(pilot)
        assert focused_key(app) == "h3"
        # a card's info changes: the chip redraws and the inspector follows
        hand.show([card("h0", "Zero Zebu"), HAND[0], card("h3", "Null Newt", marks="v9")])
        await settle(pilot)
        assert "v9" in chip_text(app.focused.info).plain
        assert "Null Newt" in inspector_text(app)


async def test_the_screen_decides_where_the_focus_lands_after_an_update():
    """One owner for the focus after an update (the Zeo Block scene raced on this): a zone
    whose focused card left asks to keep the focus at its place, the screen's own placement
    made in the same update wins, whatever order their callbacks would have run in; without
    one the zone's request lands, even after Textual moved the focus to another zone as the
    card left."""
    for repeat in range(3):
        app = KitApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            hand = screen.query_one("#hand", Zone)
            board = screen.query_one("#board", Zone)
            await pilot.press("down")
            assert focused_key(app) == "h2"
            if repeat % 2:  # the screen asks first, the zone second
                screen.request_focus(board.focus_card)
                hand.show([HAND[0], HAND[2]])
            else:
                hand.show([HAND[0], HAND[2]])
                screen.request_focus(board.focus_card)
            await settle(pilot, 3)
            assert focused_key(app) == "g1"
            # no placement from the screen: the zone keeps the focus at the card's place
            await pilot.press("tab", "up")
            assert focused_key(app) == "h1"
            hand.show([HAND[2]])  # (Textual moves the focus on by itself meanwhile)
            await settle(pilot, 3)
            assert focused_key(app) == "h3"
            hand.show(HAND[:1])
            await settle(pilot)
            # the screen let go on purpose: the zone's request is dropped with it
            hand.show(HAND[:2])
            await settle(pilot)
            await pilot.press("down")
            assert focused_key(app) == "h2"
            hand.show([HAND[0]])
            screen.drop_kept_focus()
            screen.set_focus(None)
            await settle(pilot, 3)
            assert focused_key(app) is None


async def test_a_zone_holds_its_title_and_empty_line_only_while_they_show():
    """Every widget is a message pump that each frame's idle checks visit: an untitled zone
    filled with cards holds its cards and nothing else; the "empty" line is made when the
    zone first empties, hidden when cards come back, and a title given later goes first."""
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.query_one("#hand", Zone)
        untitled = Zone(id="untitled")
        await screen.mount(untitled)
        untitled.show(BOARD)
        await settle(pilot)
        assert list(untitled.children) == untitled.cards
        assert not hand.query_children(".zone-empty")  # filled from the start
        hand.show([])
        await settle(pilot)
        (line,) = hand.query_children(".zone-empty")
        assert line.display and "—" in screen_text(app)
        hand.show(HAND[:2])
        await settle(pilot)
        assert not line.display
        assert [c.info.key for c in hand.cards] == ["h1", "h2"]
        assert list(hand.children)[-1] is line  # the cards sit between title and line
        untitled.set_title("Later:")
        await settle(pilot)
        assert list(untitled.children)[0].has_class("zone-title")
        assert "Later:" in screen_text(app)


async def test_a_zone_never_given_cards_says_it_is_empty():
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        idle = Zone("Idle:", id="idle", empty="nothing here")
        await app.screen.mount(idle)
        await settle(pilot, 3)
        assert "nothing here" in screen_text(app)


def test_face_down_cards_look_face_down():
    hidden = chip_text(THEIRS[0]).plain
    assert "▒▒▒" in hidden and "[" not in hidden
    shown = chip_text(THEIRS[1]).plain
    assert "[B] Packet Puma v3 R1/3 ◈SH" in shown
    assert chip_text(HAND[1]).plain.startswith("▸")  # something can be done with it


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_kit_snapshot(snap_compare, size):
    async def steps(pilot):
        await settle(pilot, 3)
        await pilot.press("down")
        await settle(pilot)

    assert snap_compare(KitApp(), terminal_size=size, run_before=steps)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_card_menu_snapshot(snap_compare, size):
    async def steps(pilot):
        await settle(pilot, 3)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(KitApp(), terminal_size=size, run_before=steps)


async def test_a_focus_move_redraws_the_two_cards_and_the_inspector_only(monkeypatch):
    """Issue 20 item 5: moving between cards whose text is as long lays nothing out and
    repaints no whole screen; the inspector follows in the same step (it is told before the
    card takes focus)."""
    from textual._compositor import Compositor

    same_shape = [card(f"s{n}", f"Bot {n}", zone="your hand", owner="▲1 Alice") for n in range(3)]
    monkeypatch.setitem(globals(), "HAND", same_shape)
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert focused_key(app) == "s0"
        counts = {"layout": 0, "full": 0}
        reflow, full = Compositor.reflow, Compositor.render_full_update

        def count_layout(self, *args, **kwargs):
            counts["layout"] += 1
            return reflow(self, *args, **kwargs)

        def count_full(self, *args, **kwargs):
            counts["full"] += 1
            return full(self, *args, **kwargs)

        monkeypatch.setattr(Compositor, "reflow", count_layout)
        monkeypatch.setattr(Compositor, "render_full_update", count_full)
        for key, want in (("down", "s1"), ("down", "s2"), ("up", "s1"), ("up", "s0")):
            await pilot.press(key)
            assert focused_key(app) == want
            assert screen.inspector().info.key == want  # already, before any pause
            await settle(pilot)
            assert f"Bot {want[1]} text" in inspector_text(app)
        assert counts == {"layout": 0, "full": 0}


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize(
    "keys",
    [("tab",), ("shift+tab", "enter"), ("enter", "1")],
    ids=["face-down-card", "no-move-says-why", "asks-once"],
)
def test_kit_widget_snapshot(snap_compare, size, keys):
    """The inspector on a face-down card; a card's menu with no legal move (the rule's
    reason); a move that throws something away, asking once."""

    async def steps(pilot):
        await settle(pilot, 3)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(KitApp(), terminal_size=size, run_before=steps)


async def test_a_card_taller_than_the_inspector_lays_nothing_out_and_scrolls_in_full(
    monkeypatch,
):
    """Issue 20 item 5: a card whose text overflows the inspector changes no layout (the box
    keeps its size and draws its own lines and scrollbar); the text is there in full and the
    mouse wheel scrolls it; a card drawn before is not drawn again, a changed one is."""
    from textual import events
    from textual._compositor import Compositor
    from textual.visual import Visual

    def tall(n: int, lines: int) -> CardInfo:
        extra = tuple(f"Line {i} of Bot {n}" for i in range(lines))
        return card(f"s{n}", f"Bot {n}", zone="your hand", owner="▲1 Alice", extra=extra)

    short = card("s2", "Bot 2", zone="your hand", owner="▲1 Alice")
    monkeypatch.setitem(globals(), "HAND", [tall(0, 14), tall(1, 20), short])
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        inspector = app.screen.inspector()
        counts = {"layout": 0, "drawn": 0}
        reflow, to_strips = Compositor.reflow, Visual.to_strips.__func__

        def count_layout(self, *args, **kwargs):
            counts["layout"] += 1
            return reflow(self, *args, **kwargs)

        def count_drawn(cls, widget, *args, **kwargs):
            counts["drawn"] += widget is inspector
            return to_strips(cls, widget, *args, **kwargs)

        monkeypatch.setattr(Compositor, "reflow", count_layout)
        monkeypatch.setattr(Visual, "to_strips", classmethod(count_drawn))
        for key, want in (("down", "s1"), ("up", "s0"), ("down", "s1"), ("up", "s0")):
            await pilot.press(key)
            await settle(pilot)
            assert focused_key(app) == want
            drawn_text = "\n".join(line.text for line in inspector._lines)
            last = 19 if want == "s1" else 13
            assert f"Line {last} of Bot {want[1]}" in drawn_text
            height = inspector.virtual_size.height
            assert height == len(inspector._lines) > inspector.scrollable_content_region.height
            assert inspector.bar == 1  # (its own scrollbar: Textual's would need a layout)
            assert inspector.render_line(0).cell_length == inspector.container_size.width
            assert "Line 9 of" not in screen_text(app)  # (below the box, for now)
        assert counts["layout"] == 0
        assert counts["drawn"] <= 4  # each card at most twice (with and without a scrollbar)
        # a short card after a long one: the scrollbar goes, still without a layout
        for key in ("down", "down"):
            await pilot.press(key)
            await settle(pilot)
        assert focused_key(app) == "s2"
        assert inspector.bar == 0 and "Bot 2 text" in screen_text(app)
        assert counts["layout"] == 0
        for key in ("up", "up"):
            await pilot.press(key)
            await settle(pilot)
        assert focused_key(app) == "s0" and inspector.bar == 1
        assert counts["layout"] == 0
        drawn_before = counts["drawn"]
        # the wheel scrolls the text to its end
        for _ in range(12):
            await pilot._post_mouse_events([events.MouseScrollDown], "#inspector", offset=(4, 4))
        await settle(pilot)
        assert inspector.scroll_y > 0
        assert "Line 13 of Bot 0" in screen_text(app)
        # the same card with another text is drawn again, from its top
        zone = app.screen.query_one("#hand", Zone)
        zone.show([tall(0, 16), tall(1, 20), short])
        await settle(pilot)
        assert counts["drawn"] > drawn_before
        assert inspector.scroll_y == 0
        assert "Line 15 of Bot 0" in "\n".join(line.text for line in inspector._lines)
        assert inspector.virtual_size.height == len(inspector._lines)


def drawn(update) -> list:
    """What a partial update writes to the terminal: per span of a line, the cells' text and
    style (a chop that only touches a span writes nothing)."""
    if update is None:
        return []
    out = []
    for y, x1, x2 in update.spans:
        line, ends = update.chops[y], update.chop_ends[y]
        for end, (x, strip) in zip(ends, line.items(), strict=False):
            if x >= x2 or end <= x1:
                continue
            if strip is None:
                out.append((y, x, None))
                continue
            part = strip.crop(max(x1 - x, 0), min(end, x2) - x)
            out.append((y, max(x, x1), [(s.text, s.style) for s in part if s.text]))
    return out


async def test_a_frame_drawn_in_small_areas_writes_what_textual_would(monkeypatch):
    """Issue 20 item 5: the table's compositor draws a focus move's changes (two cards, the
    inspector) as separate small areas, asking widgets only for the changed lines; every
    frame must put on the terminal exactly what Textual's own drawing puts there."""
    from textual._compositor import Compositor

    from tabletop_tui.ui.widgets.compositor import TableCompositor

    frames: list[tuple[list, list]] = []
    ours = TableCompositor.render_partial_update

    def both(self):
        dirty = set(self._dirty_regions)
        theirs = Compositor.render_partial_update(self)  # (clears the dirty regions)
        self._dirty_regions.update(dirty)
        mine = ours(self)
        frames.append((drawn(mine), drawn(theirs)))
        return mine

    monkeypatch.setattr(TableCompositor, "render_partial_update", both)
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert isinstance(app.screen._compositor, TableCompositor)
        frames.clear()
        for key in ("down", "down", "tab", "right", "tab", "shift+tab", "up"):
            await pilot.press(key)
            await settle(pilot)
    assert len(frames) >= 7
    for mine, theirs in frames:
        assert mine == theirs
    assert sum(len(mine) for mine, _ in frames) > 20  # (the frames drew something)


@pytest.mark.parametrize("game", ["pr-ccg-2008", "zeo-dbg"])
async def test_a_game_table_drawn_in_small_areas_writes_what_textual_would(
    monkeypatch, tmp_path, game
):
    """The same on a whole game table (nested containers, borders, lists beside the cards):
    focus moves and Tabs between zones, each frame compared with Textual's own drawing."""
    from textual._compositor import Compositor

    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.widgets.compositor import TableCompositor

    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    frames: list[tuple[list, list]] = []
    ours = TableCompositor.render_partial_update

    def both(self):
        dirty = set(self._dirty_regions)
        theirs = Compositor.render_partial_update(self)
        self._dirty_regions.update(dirty)
        mine = ours(self)
        frames.append((drawn(mine), drawn(theirs)))
        return mine

    monkeypatch.setattr(TableCompositor, "render_partial_update", both)
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    config = {"opening_hand": 5} if game == "pr-ccg-2008" else None
    app = TabletopApp(game=game, seats=seats, seed=1, bot_delay=0, autosave=False, config=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        frames.clear()
        for key in ["down"] * 3 + ["tab", "down", "tab", "up", "shift+tab", "right", "left"]:
            await pilot.press(key)
            await settle(pilot)
    assert len(frames) >= 6
    for mine, theirs in frames:
        assert mine == theirs


def cells(chops) -> list[list]:
    """A frame's chops as the text and style of each drawn piece, line by line."""
    return [
        [
            (x, None if s is None else [(g.text, g.style) for g in s if g.text])
            for x, s in line.items()
        ]
        for line in chops
    ]


@pytest.mark.parametrize("game", ["army-of-zero", "pr-ccg-2008", "zoobotz", "zeo-dbg", "hotg"])
async def test_a_whole_table_frame_is_drawn_as_textual_draws_it(monkeypatch, tmp_path, game):
    """Whole frames (a new screen, screenshots) go through the table's compositor too, which
    skips the containers whose every piece a widget in front already drew: each game's table,
    after focus moves, must come out piece for piece as Textual's own drawing."""
    from textual._compositor import Compositor

    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp
    from tabletop_tui.ui.widgets.compositor import TableCompositor

    monkeypatch.setenv("TABLETOP_TUI_HOME", str(tmp_path))
    seats = [SeatSpec(name="Alice"), SeatSpec(name="Bob", kind="heuristic")]
    app = TabletopApp(game=game, seats=seats, seed=1, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        for key in ("down", "tab", "down", "down"):
            await pilot.press(key)
            await settle(pilot)
            compositor = app.screen._compositor
            assert isinstance(compositor, TableCompositor)
            whole = compositor.size.region
            theirs = Compositor._render_chops(compositor, whole, lambda y: True)
            mine = compositor._render_chops(whole, lambda y: True)
            assert cells(mine) == cells(theirs)
            assert all(s is not None for line in mine for s in line.values())


async def test_the_inspectors_scrollbar_thumb_drags_and_the_bar_pages(monkeypatch):
    """A card text longer than the inspector: the mouse reads it all from the scrollbar as
    from any other, by dragging the thumb or clicking the bar below or above it."""
    extra = tuple(f"Line {i} of a long card" for i in range(40))
    monkeypatch.setitem(globals(), "HAND", [card("s0", "Long", zone="your hand", extra=extra)])
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        inspector = app.screen.inspector()
        assert inspector.bar == 1 and inspector.scroll_y == 0
        box = inspector.content_region
        x = box.right - 1  # the bar's column, on the screen
        await pilot.mouse_down(None, offset=(x, box.y))  # the thumb, at the top
        await pilot.hover(None, offset=(x, box.y + 3))
        await pilot.mouse_up(None, offset=(x, box.y + 3))
        await settle(pilot)
        dragged = inspector.scroll_y
        assert dragged > 0
        assert inspector._grab is None and app.mouse_captured is None
        await pilot.hover(None, offset=(x, box.bottom - 1))  # the mouse lets go: no drag now
        assert inspector.scroll_y == dragged
        await pilot.click(None, offset=(x, box.bottom - 1))  # below the thumb: a page down
        await settle(pilot)
        assert inspector.scroll_y > dragged


async def test_a_question_on_a_move_whose_key_is_y_names_y_once():
    """QA (HotG, a Mastermind discarding a Scheme): the question read "y, y or Enter: yes"."""
    entry = MenuEntry("Discard it", "discard", ident="discard", key="y", confirm="For good?")
    menu = CardMenu("Scheme", [entry], "")

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(menu)

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "For good?" in text
        assert "y or Enter: yes" in text and "y, y" not in text, text


@pytest.mark.parametrize(
    ("game", "tag"), [("zoobotz", "▲1 You"), ("zeo-dbg", "1 You"), ("hotg", "P1 You")]
)
async def test_a_seat_named_you_is_not_called_you_twice(game, tag):
    """QA session 14: the guided games name their seat "You", and its bar read "You (you)";
    another name still gets the "(you)" of the seat on screen."""
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp

    from .helpers import screen_lines

    for name, marked in (("You", False), ("Ann", True)):
        seats = [SeatSpec(name=name), SeatSpec(name="Bot", kind="heuristic")]
        app = TabletopApp(game=game, seats=seats, seed=5, bot_delay=0, autosave=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            text = "\n".join(screen_lines(app))
            assert tag.replace("You", name) in text
            assert "You (you)" not in text
            assert (f"{name} (you)" in text) is marked


async def test_a_click_beside_the_card_menu_closes_it():
    """Playtest (HotG, the mouse): a click on a card with no move opens the menu saying
    why; a click on another card then did nothing at all (the menu held the mouse), so the
    card box could not be moved on without the keyboard. A click outside the menu closes it;
    one inside does not."""
    menu = CardMenu("Putty Pummel", [], "attacks cannot target it: GUARD")
    closed: list = []

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(menu, closed.append)

    app = One()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = menu.query_one(".card-menu").region
        await pilot.click(None, offset=(box.x + 2, box.y + 1))  # on the menu: it stays
        await settle(pilot)
        assert app.screen is menu and not closed
        await pilot.click(None, offset=(1, 1))  # beside it
        await settle(pilot)
        assert app.screen is not menu and closed == [None]
