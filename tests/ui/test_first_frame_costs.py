"""What a game screen's first frame leaves undone or shares (issue 18, start-up): chips
mounted together share one styling, chips that look the same share one drawing, a chip's
focused look is styled when first needed, the parts a first frame hides are made when first
shown, Zeo's keyword words need no parsed reference, and HotG's table is laid out once.
Counts and identities, not times: benchmarks/run.py --parts startup prints the times."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet

from tabletop_tui.ui.widgets.table import TableCard, Zone, card_class, chip_text

from .helpers import settle
from .test_table_kit import HAND, KitApp, card


async def test_chips_are_styled_before_they_are_named_and_named_once_mounted(monkeypatch):
    """No rule names a card, and its own class is what would keep chips mounted together
    from sharing Textual's styling: a chip gets it right after it is styled."""
    seen: list[frozenset[str]] = []
    apply = Stylesheet.apply

    def spied(self, node, **kwargs):
        if isinstance(node, TableCard) and not node.is_mounted:
            seen.append(frozenset(node.classes))
        return apply(self, node, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", spied)
    app = KitApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#hand", Zone)
        assert len(seen) >= len(hand.cards) == 3
        assert not any(c.startswith("card-") for classes in seen for c in classes)
        for chip, info in zip(hand.cards, HAND, strict=True):
            assert app.screen.query_one(f".{card_class(info.key)}", TableCard) is chip
        # a chip mounted later, alone, is named as soon as it is mounted too
        more = HAND[0].__class__(key="h9", face=HAND[0].face, zone="your hand")
        hand.show([*HAND, more])
        assert app.screen.query_one(f".{card_class('h9')}", TableCard) is hand.cards[-1]
        await settle(pilot)
        assert [c.info.key for c in hand.cards] == ["h1", "h2", "h3", "h9"]


class ChipApp(App):
    """A row of face-down cards (a hand the seat on screen may not see) and one face up."""

    CSS = "Zone { height: 3; }"
    AUTO_FOCUS = None

    def compose(self) -> ComposeResult:
        yield Zone(id="row")

    def on_mount(self) -> None:
        down = [card(f"d{n}", "card", hidden=True) for n in range(4)]
        self.query_one(Zone).show([*down, card("u1", "Data Dodo")])


def _lines(chip: TableCard) -> list[str]:
    return [strip.text for strip in chip._render_cache.lines]


async def test_chips_that_look_the_same_share_one_drawing():
    app = ChipApp()
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        chips = app.query_one(Zone).cards
        down, up = chips[:4], chips[4]
        drawings = {id(c._render_cache) for c in down}
        assert len(drawings) == 1, "four face-down chips were drawn four times"
        assert up._render_cache is not down[0]._render_cache
        assert _lines(down[0]) == [chip_text(down[0].info).plain]
        assert _lines(up) == [chip_text(up.info).plain]
        # focus draws the focused look (its own marker); leaving it gives back the shared one
        up.focus()
        await settle(pilot)
        down[1].focus()
        await settle(pilot)
        assert _lines(down[1])[0].startswith("▶")
        assert down[1]._render_cache is not down[0]._render_cache
        down[2].focus()
        await settle(pilot)
        assert down[1]._render_cache is down[0]._render_cache
        assert _lines(down[1]) == [chip_text(down[1].info).plain]


async def test_a_chip_is_drawn_again_when_its_card_size_or_style_changes():
    app = ChipApp()
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        chips = app.query_one(Zone).cards
        chip = chips[4]
        before = chip._render_cache
        # the card: new marks, drawn with them (the chips beside it keep theirs)
        chip.set_info(replace(chip.info, marks="v3 R1"))
        await settle(pilot)
        assert _lines(chip) == [chip_text(chip.info).plain] and "v3 R1" in _lines(chip)[0]
        assert chip._render_cache is not before
        # the size: a wider chip is drawn at its new width
        width = chip.size.width
        chip.styles.width = chip.outer_size.width + 6
        await settle(pilot)
        assert chip.size.width == width + 6
        assert chip._render_cache.size == chip.size  # (drawn for this size)
        assert _lines(chip) == [chip_text(chip.info).plain]
        # the style: the card turned face down takes the muted colour of one
        colour = chip._render_cache.lines[0]._segments[-1].style.color
        face = replace(chip.info.face, hidden=True, title="card")
        chip.set_info(replace(chip.info, face=face, marks=""))
        chip.styles.width = None
        await settle(pilot)
        assert chip.has_class("-hidden")
        assert chip._render_cache is chips[0]._render_cache  # as the other face-down ones
        assert chip._render_cache.lines[0]._segments[-1].style.color != colour
        # the theme: every chip's look changes with it
        old = chips[0]._render_cache
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await settle(pilot)
        assert chips[0]._render_cache is not old
        assert chips[0]._render_cache is chips[1]._render_cache


# -- ZOOBOTZ: the hand panel and the card box ---------------------------------------------------
def _game(game: str, humans: int = 2, seed: int = 1):
    from tabletop_tui.engine.match import SeatSpec
    from tabletop_tui.ui.app import TabletopApp

    names = ["Alice", "Bob"]
    seats = [
        SeatSpec(name=n, kind="human" if i < humans else "heuristic") for i, n in enumerate(names)
    ]
    return TabletopApp(game=game, seats=seats, seed=seed, bot_delay=0, autosave=False)


def _under(app, name: str):
    return next(s for s in app.screen_stack if type(s).__name__ == name)


def _ids(widget) -> list[str]:
    return [w.id or "" for w in widget.children]


async def test_zoobotz_makes_the_hand_panel_when_a_seat_first_sits_and_no_card_box_at_80x24():
    """Before the curtain names a seat, the table has no hand to show: the first frame makes
    neither the hand panel nor (at 80x24, where it never shows) the card box."""
    app = _game("zoobotz")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert type(app.screen).__name__ == "CurtainScreen"
        screen = _under(app, "ZoobotzScreen")
        assert _ids(screen.query_one("#zb-controls")) == ["zb-log"]
        assert not screen.query("Inspector") and not screen.query("#zb-list")
        await pilot.press("enter")  # Alice sits down
        await settle(pilot, 3)
        assert app.screen is screen and screen.session.on_screen == 0
        assert _ids(screen.query_one("#zb-controls")) == ["zb-hands", "zb-log"]
        hand = screen.query_one("#zb-hand", Zone)
        mine = screen.match.view(0).seats[0].hand
        assert [c.info.key for c in hand.cards] == [inst for inst, _ in mine]
        assert hand.display and screen.query_one("#zb-hands").display
        assert not screen.query("#zb-middle")
        # the card box, asked for, is made (hidden at this size) with the focused card in it
        focused = screen.focused_card()
        assert focused is not None
        inspector = screen.inspector()
        assert inspector.info == focused.info
        assert _ids(screen.query_one("#zb-controls")) == ["zb-hands", "zb-middle", "zb-log"]
        assert not screen.query_one("#zb-middle").display
        await pilot.press("down")
        await settle(pilot)
        assert inspector.info == screen.focused_card().info != focused.info


async def test_zoobotz_makes_the_card_box_on_a_wide_first_frame_and_when_the_screen_widens():
    app = _game("zoobotz")
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = _under(app, "ZoobotzScreen")
        assert _ids(screen.query_one("#zb-controls")) == ["zb-middle", "zb-log"]
        discards = screen.query_one("#zb-discards", Zone)
        titles = [w for w in discards.children if "zone-title" in w.classes]
        assert titles == discards.children[:1]  # (one title, before the cards)
        assert "Discard piles (public)" in str(titles[0].render())
        await pilot.press("enter")
        await settle(pilot, 3)
        assert _ids(screen.query_one("#zb-controls")) == ["zb-hands", "zb-middle", "zb-log"]
        assert screen.inspector().info == screen.focused_card().info
    app = _game("zoobotz")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await pilot.press("enter")
        await settle(pilot, 3)
        screen = app.screen
        assert not screen.query("#zb-middle")
        await pilot.resize_terminal(160, 48)
        await settle(pilot, 4)
        middle = screen.query_one("#zb-middle")
        assert middle.display and middle.region.width > 0
        assert screen.inspector().info == screen.focused_card().info
        assert _ids(screen.query_one("#zb-controls")) == ["zb-hands", "zb-middle", "zb-log"]


async def test_a_zoobotz_spectator_never_gets_a_hand_panel():
    """Bots only: nobody sits at this terminal, and the log takes the hand's room."""
    app = _game("zoobotz", humans=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        screen = _under(app, "ZoobotzScreen")
        assert screen.session.on_screen is None
        assert not screen.query("#zb-hands")
        log = screen.query_one("#zb-log")
        assert log.region.width == 80
        await pilot.press("j")  # (no list, no hand: nothing to move to, and nothing breaks)
        await settle(pilot)


# -- Zeo: the offer, the play area, a teammate's hand, the move panel ----------------------------
def _table_ids(screen) -> list[str]:
    return _ids(screen.query_one("#zeo-table"))


async def test_zeo_makes_the_offer_and_the_move_panel_when_a_seat_first_sits():
    """A first frame (before the curtain names a seat) has no character offer to show and no
    moves: neither is made. The offer comes, titled, at the top of the table; the panel
    between the prompt and the log, as compose placed them."""
    app = _game("zeo-dbg")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        assert type(app.screen).__name__ == "CurtainScreen"
        screen = _under(app, "ZeoScreen")
        table = _table_ids(screen)
        assert table[0] == "zeo-grid-title"
        assert not {"zeo-offer", "zeo-played", "zeo-mates"} & set(table)
        assert _ids(screen.query_one("#zeo-side")) == ["inspector", "zeo-prompt", "zeo-log"]
        await pilot.press("enter")  # Alice sits down and chooses her character
        await settle(pilot, 3)
        assert screen.mode == "pick"
        table = _table_ids(screen)
        assert table[:3] == ["zeo-offer-title", "zeo-offer", "zeo-grid-title"]
        assert not {"zeo-played", "zeo-mates"} & set(table)
        offer = screen.query_one("#zeo-offer", Zone)
        dealt = screen.match.view(0).seats[0].offer
        assert offer.display and len(offer.cards) >= len(dealt) > 0
        assert "choose 1 character" in str(screen.query_one("#zeo-offer-title").render())
        side = _ids(screen.query_one("#zeo-side"))
        assert side == ["inspector", "zeo-prompt", "zeo-list", "zeo-log"]
        options = screen.query_one("#zeo-list")
        assert options.display and options.option_count == len(screen.move_rows()) > 0


async def test_zeo_makes_the_play_area_when_cards_are_first_played():
    from .helpers import zeo_key

    app = _game("zeo-dbg", humans=1, seed=5)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 2)
        for pressed in range(300):
            screen = app.screen
            if type(screen).__name__ != "ZeoScreen":
                await pilot.press("enter")
                await settle(pilot)
                continue
            view = screen._view
            if view is not None and view.phase == "main" and view.seats[view.active].played:
                break
            assert "zeo-played" not in _table_ids(screen)
            await zeo_key(pilot, pressed)
            await settle(pilot)
        else:
            raise AssertionError("no card was played")
        await settle(pilot, 2)
        table = _table_ids(screen)
        at = table.index("zeo-played")
        assert table[at - 2 : at + 3] == [
            "zeo-stacks",
            "zeo-played-title",
            "zeo-played",
            "zeo-hand-title",
            "zeo-hand",
        ]
        played = screen.query_one("#zeo-played", Zone)
        active = screen._view.seats[screen._view.active]
        assert played.display and len(played.cards) == len(active.played)
        assert "this turn" in str(screen.query_one("#zeo-played-title").render())
        offer = screen.query_one("#zeo-offer", Zone)  # made at the pick, hidden since
        assert not offer.display and not screen.query_one("#zeo-offer-title").display


# -- Army Of Zero: the fight and the hand ------------------------------------------------------
async def test_army_of_zero_makes_the_fight_and_the_hand_when_the_ordering_ends():
    """Every game opens on the squads' ordering, which shows no fighter, no dice and no
    Combat Cards: those are made when the fight begins, at their places on the board."""
    app = _game("army-of-zero", seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = _under(app, "ArmyOfZeroScreen")
        assert not screen.query("#aoz-battle") and not screen.query("#aoz-hand")
        assert _ids(screen.query_one("#aoz-actions")) == ["btn-rest"]
        for key in ("enter", "r", "enter", "r"):  # both squads laid down
            await pilot.press(key)
            await settle(pilot)
        assert screen.match.view(None).phase == "battle"
        board = _ids(screen.query_one("#aoz-board"))
        assert board[board.index("aoz-order") + 1 : board.index("inspector")] == ["aoz-battle"]
        # their fighter, the dice between, yours (issue 36: face to face)
        assert _ids(screen.query_one("#aoz-battle")) == [
            "aoz-fight-them",
            "aoz-dice",
            "aoz-fight-me",
        ]
        assert _ids(screen.query_one("#aoz-actions")) == ["aoz-hand", "btn-rest"]
        seat = screen.session.on_screen
        fighters = [
            len(screen.query_one(f"#aoz-fight-{side}", Zone).cards) for side in ("them", "me")
        ]
        assert fighters == [1, 1]  # both fighters, face up
        hand = screen.query_one("#aoz-hand", Zone)
        me = screen.match.view(seat).seats[seat]
        assert len(hand.cards) == me.attacks_in_hand + int(me.defend_in_hand) > 0
        titles = [w for w in hand.children if "zone-title" in w.classes]
        assert titles == hand.children[:1] and "Hand:" in str(titles[0].render())
        assert not screen.query_one("#aoz-order").display
        await pilot.press("d")  # the hand plays as before
        await settle(pilot)
        assert type(app.screen).__name__ == "CurtainScreen"


# -- Heroes of the Grid: the board's blank corners ----------------------------------------------
def _board(screen) -> list[tuple[str, tuple]]:
    board = screen.query_one("#hg-board")
    return [(w.id or "filler", tuple(w.region)) for w in board.children]


async def test_hotg_makes_the_boards_blank_corners_when_the_screen_is_first_wide():
    """At 80x24 the places are one line each and the cross's corners are never shown: a
    screen composed there makes them when it is first wide, where a wide start has them."""
    app = _game("hotg", seed=5)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        wide = _board(_under(app, "HotgScreen"))
    cross = ["filler", "hg-loc-0", "filler", "hg-loc-3", "hg-loc-hq"]
    cross += ["hg-loc-1", "filler", "hg-loc-2", "filler"]
    assert [i for i, _ in wide] == cross
    app = _game("hotg", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = _under(app, "HotgScreen")
        assert "filler" not in [i for i, _ in _board(screen)]
        await pilot.resize_terminal(160, 48)
        await settle(pilot, 4)
        assert _board(screen) == wide
        await pilot.resize_terminal(80, 24)  # (compact again: the corners stay, hidden)
        await settle(pilot, 3)
        fillers = screen.query_one("#hg-board").query_children(".hg-filler")
        assert len(fillers) == 4 and not any(f.display for f in fillers)


# -- Zeo: keyword names from the reference's headings ---------------------------------------------
def test_keyword_titles_read_from_the_headings_are_the_parsed_references_keywords():
    from tabletop_tui.games import GAMES
    from tabletop_tui.reference import keyword_titles, keyword_titles_in, load, parse

    for game_id in GAMES:
        ref = load(game_id)
        want = tuple(s.title for s in ref.keywords().values()) if ref is not None else ()
        assert keyword_titles(game_id) == want, game_id
    assert keyword_titles("no-such-game") == ()
    # (a heading inside a fenced example is no entry, as for the parser)
    text = "# T\n\n## Words {#words}\n\n```\n### Fake {#kw-fake}\n```\n\n### Real {#kw-real}\nx\n"
    assert keyword_titles_in(text) == ("Real",)
    assert [s.title for s in parse(text, "x").keywords().values()] == ["Real"]


FIRST_FRAME_REFERENCE = r"""
import json, os, sys
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.reference import load
from tabletop_tui.ui.app import TabletopApp

app = TabletopApp(game="zeo-dbg", seats=[SeatSpec(name="Alice"), SeatSpec(name="Bob")], seed=1,
                  autosave=False)
display = app._display

def first_frame(screen, renderable):
    if renderable is not None and type(screen).__name__ == "ZeoScreen":
        bay = screen.query_one("#zeo-bay").cards[0].info
        print(json.dumps({"parsed": load.cache_info().currsize, "keywords": bay.keywords}))
        sys.stdout.flush()
        os._exit(0)
    display(screen, renderable)

app._display = first_frame
app.run(headless=True, size=(80, 24))
os._exit(3)
"""


def test_a_zeo_first_frame_finds_its_keywords_without_parsing_the_reference(tmp_path):
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "TABLETOP_TUI_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME_REFERENCE],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    assert data["parsed"] == 0
    assert data["keywords"][:2] == ["Zord Bay", "Activate"]


async def test_hotg_at_80x24_lays_its_table_out_once_for_the_first_frame(monkeypatch):
    """The table overflows its room at 80x24 from the first deal: it starts with its
    scrollbar, so no widget is placed a second time at a width one column narrower."""
    from textual._compositor import Compositor

    resized: list[int] = []
    reflow = Compositor.reflow

    def counted(self, parent, size):
        result = reflow(self, parent, size)
        if type(parent).__name__ == "HotgScreen":
            resized.append(len(result[2]))
        return result

    monkeypatch.setattr(Compositor, "reflow", counted)
    app = _game("hotg", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        table = _under(app, "HotgScreen").query_one("#hg-table")
        assert table.show_vertical_scrollbar
        assert table.virtual_size.height > table.scrollable_content_region.height
        assert resized and not any(resized), resized


async def test_a_hotg_table_that_fits_at_a_compact_size_loses_the_scrollbar():
    app = _game("hotg", seed=5)
    async with app.run_test(size=(100, 70)) as pilot:  # (compact: narrower than 120)
        await settle(pilot, 3)
        screen = _under(app, "HotgScreen")
        assert screen.compact
        table = screen.query_one("#hg-table")
        assert table.virtual_size.height <= table.scrollable_content_region.height
        assert not table.show_vertical_scrollbar
        assert table.scrollable_content_region.width == table.region.width
