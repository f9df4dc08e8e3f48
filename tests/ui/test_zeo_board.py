"""Zeo's board drawn as the box draws it (issue 36): the Grid as six fixed card frames, each
character as one card with its slots as coloured boxes, the Zord Bay's five boxes, The Lair,
the stacks as piles with counts; the move panel in key order; names, never ids. And the table
kit's additions these need: a card's own frame lines, border label and tone."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from tabletop_tui.ui.widgets.card import CardFace
from tabletop_tui.ui.widgets.table import CardInfo, Zone


def _screen_text(app: App) -> str:
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(s.text for s in strip).rstrip() for strip in update.strips)


class _KitTable(Screen):
    def __init__(self, infos: list[CardInfo]) -> None:
        super().__init__()
        self.infos = infos

    def compose(self):
        yield Zone("Slots:", frames=True, id="framed")

    def on_mount(self) -> None:
        self.add_class("-wide")
        self.query_one(Zone).show(self.infos)


class _KitApp(App):
    def __init__(self, infos: list[CardInfo]) -> None:
        super().__init__()
        self.infos = infos

    def on_mount(self) -> None:
        self.push_screen(_KitTable(self.infos))


async def test_a_card_may_give_its_frame_its_own_lines_label_and_tone():
    """Kit: `frame` lines replace the face's subtitle, numbers, text and marks inside the
    border, `label` the top border's type letter and cost, `tone` adds a CSS class; the
    inspector's face is untouched, and a card without them is drawn as before."""
    face = CardFace(title="Widow's Spindle", letter="I", subtitle="Signature Item · cost 4◆")
    own = CardInfo(
        key="s",
        face=face,
        cost="4◆",
        marks="1P●",
        frame=("takes Villains", "● ready"),
        label="[P] slot 1",
        tone="purple",
    )
    plain = CardInfo(key="p", face=face, cost="4◆", marks="1P●")
    app = _KitApp([own, plain])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        zone = app.screen.query_one(Zone)
        mine, other = zone.cards
        text = _screen_text(app)
        assert "[P] slot 1" in text and "takes Villains" in text and "● ready" in text
        assert mine.has_class("tone-purple") and not other.has_class("tone-purple")
        assert mine.outer_size.height == 5  # border, name, two lines of its own, border
        # the plain card keeps the kit's look: type letter and cost, subtitle and marks
        assert "[I] 4◆" in text and "Signature Item" in text
        # a new tone replaces the old one; no tone leaves none
        zone.show([CardInfo(key="s", face=face, tone="red", frame=()), plain])
        await pilot.pause()
        assert mine.has_class("tone-red") and not mine.has_class("tone-purple")
        assert mine.outer_size.height == 4  # `()`: the name alone (the kit's least height)
        zone.show([CardInfo(key="s", face=face), plain])
        await pilot.pause()
        assert not mine.has_class("tone-red")
        assert "[I]" in _screen_text(app)


def test_a_frame_cut_to_its_width_leaves_the_card_text_whole():
    """Kit: drawing a narrow frame once must not cut the card's own Text lines (the inspector
    and a wider frame read them later): today a frame's first, narrow layout left "…"."""
    from rich.text import Text

    from tabletop_tui.ui.widgets.card_frame import frame_text

    line = Text("Battle reward: gain 2 Energy")
    extra = Text("Draw 1 card, then discard 1")
    info = CardInfo(key="k", face=CardFace(title="Card", letter="M"), frame=(line,))
    frame_text(info, width=3)
    assert line.plain == "Battle reward: gain 2 Energy"
    plain = CardInfo(key="p", face=CardFace(title="Card", letter="M", extra=(extra,)))
    frame_text(plain, width=3)
    assert extra.plain == "Draw 1 card, then discard 1"


# -- the Zeo board ------------------------------------------------------------------------------
from tabletop_tui.engine.match import SeatSpec  # noqa: E402
from tabletop_tui.games.zeo_dbg.models import Attached  # noqa: E402
from tabletop_tui.ui.app import TabletopApp  # noqa: E402
from tabletop_tui.ui.widgets.inspector import inspect_plain  # noqa: E402

from .helpers import screen_name, settle  # noqa: E402


def _zeo(names=("Vee", "Hugh"), characters=("gearwright", "renn"), seed=5) -> TabletopApp:
    """Vee (human) against bots, characters chosen: the table opens on Vee's first turn."""
    seats = [SeatSpec(name=n, kind="human" if i == 0 else "heuristic") for i, n in enumerate(names)]
    return TabletopApp(
        game="zeo-dbg",
        seats=seats,
        seed=seed,
        bot_delay=0,
        autosave=False,
        config={"characters": characters},
    )


def _zeo_2v2() -> TabletopApp:
    return _zeo(("Vee", "Hugh", "Val", "Hal"), ("gearwright", "renn", "voltara", "kat"))


def _redress(screen, **changes) -> None:
    """The table's state with some parts changed (a test's scene), drawn again."""
    match = screen.match
    match.states[-1] = match.state.model_copy(update=changes)
    screen.redraw()


async def _at_the_table(pilot) -> None:
    """Past the Villains' "who goes first" (2v2) to Vee's Main Phase."""
    for _ in range(20):
        await settle(pilot, 2)
        screen = pilot.app.screen
        if screen_name(pilot.app) == "ZeoScreen" and screen.mode == "main":
            return
        if screen_name(pilot.app) == "ZeoScreen" and screen.mode == "decision":
            await pilot.press("1")
        else:
            await pilot.press("enter")
    raise AssertionError(f"not at Vee's Main Phase: {screen_name(pilot.app)}")


def _framed(zone) -> list:
    return [card for card in zone.cards if card.framed]


async def test_the_grid_is_six_frames_in_their_places_and_an_emptied_space_stays_empty():
    """Issue 36, rulebook "Setup" (The Grid: one line of six cards) and "Buying Cards" (a card
    bought is not replaced until the next Start Phase): six frames in one row at 160x48, each
    with its name, type letter, cost, numbers and whether Vee can buy or Battle it; a space
    emptied stays where it was, empty, and no card slides into it."""
    app = _zeo()
    async with app.run_test(size=(160, 48)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        grid = screen.query_one("#zeo-grid")
        view = screen.match.view(0)
        assert [c.info.key for c in grid.cards] == [f"grid-{i}" for i in range(6)]
        assert len(_framed(grid)) == 6
        assert len({c.region.y for c in grid.cards}) == 1  # one line, as on the table
        cheap = min((g for g in view.grid if g.card), key=lambda g: g.price)
        dear = max((g for g in view.grid if g.card), key=lambda g: g.price)
        assert dear.price > cheap.price
        _redress(screen, shards=cheap.price)
        await settle(pilot)
        text = _screen_text(app)
        for g in view.grid:
            assert f"#{g.index + 1} [{g.card.letter}]" in text  # space, type letter, cost
        frame = str(grid.cards[cheap.index].render())
        assert cheap.card.name[:12] in frame
        assert ("✓ can Battle" if cheap.adversary else "✓ can buy") in frame
        short = dear.price - cheap.price
        assert f"✗ {short}◆ short" in str(grid.cards[dear.index].render())
        # a space emptied: six places still, the others where they were
        before = [c.info.face.title for c in grid.cards]
        emptied = screen.match.state.grid
        _redress(screen, grid=(*emptied[:2], None, *emptied[3:]))
        await settle(pilot)
        after = [c.info.face.title for c in grid.cards]
        assert len(grid.cards) == 6 and after[2] == "empty"
        assert after[:2] == before[:2] and after[3:] == before[3:]
        assert "next refill" in str(grid.cards[2].render())


async def test_four_characters_fit_at_160x48_each_one_card_with_its_slots_as_coloured_boxes():
    """Issue 36: in 2v2 each character is one box (player, character, Energy) whose four slots
    are boxes in their colours, each saying its colour's letter, what it takes and what is
    attached; all four stand on screen at 160x48 with the table unscrolled."""
    app = _zeo_2v2()
    async with app.run_test(size=(160, 48)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        state = screen.match.state
        vee = state.players[0]
        slots = (Attached(card="overlord-wrench#x1", ready=False), *vee.slots[1:])
        players = (vee.model_copy(update={"slots": slots, "item_gained": True}), *state.players[1:])
        _redress(screen, players=players)
        await settle(pilot)
        table = screen.query_one("#zeo-table")
        assert table.scroll_y == 0
        view = screen.match.view(0)
        for i, seat in enumerate(view.seats):
            box = screen.query_one(f"#zeo-seat-{i}")
            assert box.region.bottom <= table.region.bottom, f"seat {i} is below the fold"
            assert seat.name in str(box.border_title)
            assert "⚡" in str(box.query_one(".zeo-seat-head").render())
            assert seat.character.name in str(box.query_one(".zeo-seat-head").render())
            boxes = _framed(box.slots)
            assert len(boxes) == 4
            for k, (card, slot) in enumerate(zip(boxes, seat.character.slots, strict=True)):
                assert card.has_class(f"tone-{slot.colour}")
                drawn = str(card.render())
                assert card.info.label.startswith("[") and f"{k + 1}" in card.info.label
                assert ("takes" in drawn) == (slot.card is None)
        # the Signature Item, bought, lies in its slot and says so
        first = str(screen.query_one("#zeo-seat-0").slots.cards[0].render())
        assert "Overlord" in first and "○exhausted" in first
        assert not any(c.info.key == "item-0" for c in screen.query_one("#zeo-seat-0").cards.cards)


async def test_the_zord_bay_is_five_boxes_in_a_row_the_lair_its_masters_the_stacks_piles():
    """Issue 36: the Zord Bay's tile and its five Zord slots in one row (each Zord with its
    numbers and used or ready), The Lair with its Masters as cards, and the stacks as piles
    whose border says how many cards each holds."""
    app = _zeo()
    async with app.run_test(size=(160, 48)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        _redress(
            screen,
            bay=(Attached(card="sunlance-zord#x1", ready=False),),
            lair=("iron-overlord#x1",),
        )
        await settle(pilot)
        bay = screen.query_one("#zeo-bay")
        assert len(_framed(bay)) == 6 and len({c.region.y for c in bay.cards}) == 1
        labels = [c.info.label for c in bay.cards]
        assert [label.split(" ✦")[0] for label in labels[1:]] == [f"[Z] Z{k}" for k in range(1, 6)]
        assert "✦" in labels[1]  # the Zord's ability cost on its border
        zord = str(bay.cards[1].render())
        assert "Sunlance Zord" in zord and "○ used" in zord
        assert "Attack" in zord or "Deal" in zord or "Heal" in zord or "Draw" in zord  # its text
        assert "a Zord" in str(bay.cards[2].render())
        lair = screen.query_one("#zeo-lair")
        assert [c.info.face.title for c in _framed(lair)][1:] == ["Iron Overlord"]
        view = screen.match.view(0)
        piles = {c.info.key: c.info.label for c in _framed(screen.query_one("#zeo-stacks"))}
        assert piles["stack-deck"] == f"[?] ×{view.main_deck.count}"
        assert piles["stack-blasters"].endswith(f"×{view.blasters.count}")
        assert piles["stack-stuns"].endswith(f"×{view.stuns.count}")
        assert piles["stack-zords"].endswith(f"×{view.zords.count}")
        assert piles["stack-masters"].endswith(f"×{view.masters.count}")


async def test_at_80x24_the_board_is_lines_and_an_empty_grid_space_keeps_its_place():
    """Issue 36: without the room every card is today's one-line chip (no frame), The Grid
    still six places."""
    app = _zeo()
    async with app.run_test(size=(80, 24)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        emptied = screen.match.state.grid
        _redress(screen, grid=(None, *emptied[1:]))
        await settle(pilot)
        grid = screen.query_one("#zeo-grid")
        assert len(grid.cards) == 6 and not _framed(grid)
        assert all(c.outer_size.height == 1 for c in grid.cards)
        assert grid.cards[0].info.marks == "#1" and grid.cards[0].info.face.title == "empty"
        slots = screen.query_one("#zeo-seat-0").slots
        assert len(slots.cards) == 4 and not _framed(slots)
        assert {c.outer_size.height for c in slots.cards} == {1}


async def test_the_move_panel_lists_its_rows_in_key_order():
    """Issue 36: a row keeps its key while shown, and the panel lists the rows in key order
    (after `P` it showed "2) … 1) … 3) …")."""
    app = _zeo()
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        for _ in range(3):
            await pilot.press("P")
            await settle(pilot)
            keys = [screen._row_key_of.get(row.ident, "") for row in screen.move_rows()]
            digits = [int(k) for k in keys if k.isdigit()]
            assert digits == sorted(digits), keys
            lines = [str(o.prompt).split(")")[0] for o in screen.query_one("#zeo-list")._options]
            assert [k for k in lines if k.strip().isdigit()] == [str(d) for d in digits]


async def test_choosing_a_character_the_inspector_shows_its_slots():
    """Issue 36: a dealt character in the inspector shows its four slots, each with what it
    takes, as a character in play does."""
    seats = [SeatSpec(name="Vee", kind="human"), SeatSpec(name="Hugh", kind="heuristic")]
    app = TabletopApp(game="zeo-dbg", seats=seats, seed=7, bot_delay=0, autosave=False)
    async with app.run_test(size=(160, 48)) as pilot:
        for _ in range(10):
            await settle(pilot, 2)
            if screen_name(app) == "ZeoScreen" and app.screen.mode == "pick":
                break
            await pilot.press("enter")
        screen = app.screen
        offer = screen.query_one("#zeo-offer")
        dealt = [c for c in offer.cards if c.info.key.startswith("offer-0-")]
        assert len(dealt) == 2
        for card in dealt:
            offer.focus_card(card.info.key)
            await settle(pilot)
            text = inspect_plain(screen.inspector().info)
            assert "Slots: 1" in text and "4" in text.split("Slots:")[1]
            assert text.count("takes") >= 4
            assert " 1" in str(card.render()) or "1" in str(card.render())


async def test_two_copies_of_a_block_card_are_one_answer():
    """Issue 36: the Block prompt listed two copies of Junior Cadet in hand as two answers
    (and by their ids in F2): one answer a card, said by its name."""
    from tabletop_tui.games.zeo_dbg.models import Choose

    app = _zeo(characters=("gearwright", "renn"))
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_the_table(pilot)
        screen = app.screen
        match = screen.match
        state = match.state
        hugh = state.players[1]
        hand = ("junior-cadet#x1", "junior-cadet#x2", *hugh.hand[:3])
        players = (state.players[0], hugh.model_copy(update={"hand": hand}))
        teams = (state.teams[0], state.teams[1].model_copy(update={"energy": 5}))
        match.states[-1] = state.model_copy(update={"players": players, "teams": teams})
        labels = [o.label for o in match.rules.block_options(match.state, 1)]
        assert labels == []  # no attack yet: nothing to answer
        from tabletop_tui.games.zeo_dbg.models import PendingAttack

        attack = PendingAttack(
            attacker=0,
            source="Test Attack",
            effects=(),
            parts=(1,),
            waiting=((1, 0),),
            negated=(False,),
        )
        match.states[-1] = match.state.model_copy(update={"attack": attack})
        view = match.view(1)
        assert view.decision is not None and view.decision.kind == "block"
        twice = [o for o in view.decision.options if o.id.startswith("hand:junior-cadet")]
        assert len(twice) == 2  # the rules list each copy
        screen.session.on_screen = 1
        screen.mode = "decision"
        rows = screen._option_rows(view, 1, [Choose(option=o.id) for o in view.decision.options])
        said = [r.label.plain for r in rows if "Junior Cadet" in r.label.plain]
        assert len(said) == 1 and "#" not in said[0]


def test_a_pile_of_one_card_says_one_card():
    """Issue 36 (grammar): a pile holding one card says "1 card", never "1 cards"."""
    from tabletop_tui.games import get_rules
    from tabletop_tui.ui.games.zeo_dbg.cards import seat_extras, stack_cards

    rules = get_rules("zeo-dbg")
    config = rules.default_config().model_copy(update={"characters": ("gearwright", "renn")})
    state = rules.new_game(config, 5)
    one = state.main_deck[:1]
    players = (state.players[0].model_copy(update={"discard": one}), *state.players[1:])
    state = state.model_copy(update={"main_discard": one, "players": players})
    view = rules.view(state, 0)
    zones = [c.zone for c in stack_cards(view) + seat_extras(view, 0)]
    assert any("(1 card)" in z for z in zones if "discard pile" in z)
    assert not any("1 cards" in z for z in zones), zones
