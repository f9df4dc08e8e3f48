"""Zeo through the UI: a whole 1v1 game with keys (Blocks included), the Block prompt behind
the defender's curtain, refused moves naming their rule, a card's own moves, and the
game-over chart."""

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import make_bot
from tabletop_tui.games.zeo_dbg.models import Attached, Buy
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.games.zeo_dbg.screen import MOVE_CAP
from tabletop_tui.ui.widgets.inspector import inspect_plain

from .helpers import (
    engine_until,
    past_curtains,
    screen_lines,
    screen_name,
    screen_text,
    settle,
    zeo_key,
)


def _app(humans=1, seed=5, size_hint=None, seats=None, **kw) -> TabletopApp:
    """Vee against Hugh (a bot unless `humans` > 1), or the `seats` given; no autosave."""
    kw.setdefault("autosave", False)
    seats = seats or [
        SeatSpec(name="Vee", kind="human"),
        SeatSpec(name="Hugh", kind="human" if humans > 1 else "heuristic"),
    ]
    return TabletopApp(game="zeo-dbg", seats=seats, seed=seed, bot_delay=0, **kw)


async def test_a_whole_1v1_game_with_keys_answering_blocks():
    """Issue #5 and #20: a 1v1 game played to its end through the screen with keys only (the
    driver reads the screen, never the match), a Block answered, and the move panel never
    longer than its cap at the top level."""
    app = _app(seed=6)  # (seed 6: a short game, 37 keys, a Block among them)
    answered: list[str] = []
    longest = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for pressed in range(4000):
            name = screen_name(app)
            if name == "GameOverScreen":
                break
            if name in ("CurtainScreen", "RevealScreen", "CardMenu"):
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert name == "ZeoScreen", name
            if app.screen.waiting:
                await pilot.pause()
                continue
            rows = app.screen.move_rows()
            longest = max(longest, len(rows))
            assert len(rows) <= MOVE_CAP, [r.label.plain for r in rows]
            answered.append(await zeo_key(pilot, pressed))
            await pilot.pause()
        assert screen_name(app) == "GameOverScreen", "no game over after 4000 keys"
        match = app.screen_stack[-2].match
        assert match.outcome() is not None
        assert "answer:block" in answered, "the Hero never attacked: no Block prompt was shown"
        assert "buy" in answered and "play" in answered
        assert longest > 3  # the panel was really used
        text = screen_text(app)
        assert "HP at the start of each turn" in text
        assert "Villains" in text and "Heroes" in text


async def test_the_block_prompt_comes_up_behind_the_defenders_curtain():
    """Rulebook "Attacks and Blocks": a Block is an interrupt the defender decides on their turn's
    opponent's time; in hot-seat the keyboard passes to the defender, then back."""
    app = _app(humans=2, seed=7)
    bot = make_bot("zeo-dbg", "heuristic")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # the same bot plays the engine up to the move that attacks a human defender
        await engine_until(
            pilot, lambda v: v.attack is not None and v.decision_seat not in (None, v.active)
        )
        seen_block_curtain = False
        for _ in range(1500):
            name = screen_name(app)
            if name == "CurtainScreen":
                screen = app.screen_stack[-2]
                view = screen.match.view(None)
                if view.attack is not None and view.decision_seat not in (None, view.active):
                    defender = view.seats[view.decision_seat].name
                    assert f"Pass to {defender}" in screen_text(app)
                    # nobody is "locked in": an Attack is no secret choice (issue 16)
                    assert "locked in" not in screen_text(app)
                    seen_block_curtain = True
                    await pilot.press("enter")
                    await settle(pilot)
                    screen = app.screen
                    assert screen_name(app) == "ZeoScreen"
                    assert screen.session.on_screen == view.decision_seat
                    assert screen.mode == "decision"
                    assert "Block" in screen_text(app) or "block" in screen_text(app)
                    # the answers are rows of the move panel, and it has the focus
                    assert screen.focused is screen.query_one("#zeo-list")
                    assert any("Do not Block" in r.label.plain for r in screen.move_rows())
                    # "Do not Block" names no card: the inspector shows the attacking one
                    rows = screen.move_rows()
                    n = next(i for i, r in enumerate(rows) if "Do not Block" in r.label.plain)
                    screen.query_one("#zeo-list").highlighted = n
                    await settle(pilot)
                    source = view.attack.source.split(" (")[0]
                    assert source in inspect_plain(screen.inspector().info)
                    break
                await pilot.press("enter")
                continue
            if name != "ZeoScreen":
                break
            screen = app.screen
            seat = screen.session.on_screen
            match = screen.match
            if screen.waiting or seat is None or seat not in match.to_act():
                await pilot.pause()
                continue
            choice = bot.choose(
                match.view(seat),
                match.legal_actions(seat),
                seat,
                bot_rng(match.seed, len(match.actions), seat),
            )
            screen.submit(choice)
            await pilot.pause()
        assert seen_block_curtain, "no Attack against a human defender was reached"


async def test_a_refused_move_names_the_rule_and_changes_nothing():
    """Rulebook "Main Phase": you may not buy what you cannot pay for."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")  # pick a character
        await settle(pilot, 3)
        screen = app.screen
        assert screen.mode == "main"
        before = len(screen.match.actions)
        assert not screen.submit(Buy(source="grid", index=0))  # no Shards played yet
        await settle(pilot)
        assert len(screen.match.actions) == before
        assert "✘" in screen_text(app)


async def test_letter_keys_act_on_the_focused_card_and_e_asks_about_unspent_shards():
    """p b t a x d make that kind of move with the focused card (or name the rule that refuses
    it); P plays every Shard card; e with Shards unspent asks once (rulebook "End Phase":
    unspent Shards are lost)."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        before = len(screen.match.actions)
        await pilot.press("g")  # The Grid: its first card
        await settle(pilot)
        assert screen.focused_card().info.key.startswith("grid-")
        await pilot.press("b")  # an adversary: it is Battled, never bought
        await settle(pilot)
        message = screen.query_one("#zeo-message").render().plain
        assert message.startswith("✘ Buy is not a move") and "Buying Cards" in message
        assert len(screen.match.actions) == before
        await pilot.press("y")  # the hand
        await settle(pilot)
        card = screen.focused_card().info
        assert card.zone == "your hand"
        await pilot.press("p")
        await settle(pilot)
        assert screen.match.actions[-1].action == {"kind": "play", "card": card.key}
        await pilot.press("P")  # play everything that gives Shards
        await settle(pilot)
        shards = screen.match.view(0).shards
        assert shards > 0
        await pilot.press("e")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        assert f"{shards}◆ unspent" in screen_text(app)
        await pilot.press("escape")  # not now
        await settle(pilot)
        assert screen.match.view(0).phase == "main"
        await pilot.press("e", "y")
        await settle(pilot)
        assert screen.match.view(0).phase == "end"
        assert screen.match.actions[-1].action["kind"] == "end_main"


async def test_setup_offers_characters_and_refuses_one_on_the_wrong_team():
    """Rulebook "Setup": each player takes a character of their own team."""
    from textual.widgets import Select

    from tabletop_tui.games.zeo_dbg.cards import catalog

    hero = catalog().team_characters("heroes", promo=False)[0]
    app = TabletopApp(game="zeo-dbg", seed=3, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        select = app.screen.query_one("#opt-characters-0", Select)
        assert hero in {value for _, value in select._options}
        select.value = hero  # seat 1 is the Villains' first player
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        assert "not on the Villains team" in screen_text(app)


async def test_clicking_a_grid_card_buys_it_or_says_why_not():
    """Mouse: a click on a card of The Grid focuses it and offers its moves; without Shards its
    menu names the rule; with them, the one move is made."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        before = len(screen.match.actions)
        screen.query_one("#zeo-table").scroll_home(animate=False)  # the wheel, as a player would
        await settle(pilot)
        await pilot.click("#zeo-grid .card-grid-1")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        assert "Nothing to do with this card now" in screen_text(app)
        assert "Shard" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.match.actions) == before
        assert screen.focused_card().info.key == "grid-1"
        await pilot.press("P")  # Shards to spend
        await settle(pilot)
        view = screen.match.view(0)
        second = view.grid[1]
        assert second.price is not None and second.price <= view.shards  # seed 5: affordable
        screen.query_one("#zeo-table").scroll_home(animate=False)
        await settle(pilot)
        await pilot.click("#zeo-grid .card-grid-1")
        await settle(pilot)
        assert screen.match.actions[-1].action == {"kind": "buy", "source": "grid", "index": 1}


async def test_no_color_is_fully_playable(monkeypatch):
    """NO_COLOR: teams, card types, slot colours and ready/exhausted still read as glyphs and
    letters, and the game goes on."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        await pilot.press("1")
        await settle(pilot, 3)
        await pilot.press("c")  # your character: its slots scroll into view
        await settle(pilot)
        text = screen_text(app)
        for mark in ("▼V1", "♥30/30", "⚡0/20", "[S]", "1P: empty", "takes Villains", "◆"):
            assert mark in text, mark
        await pilot.press("P", "e", "y", "e")
        await settle(pilot, 3)
        screen = app.screen
        assert screen.match.view(0).turn >= 2


async def test_an_empty_zord_slot_says_in_full_what_it_takes_at_80_columns():
    """Issue 20: the slot letters on screen say what fits each slot; at 80x24 the Zord Bay's
    empty slots used to cut "takes a Zord" off after "takes a"."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        await pilot.press("z")  # the Zord Bay scrolls into view
        await settle(pilot)
        lines = screen_text(app).splitlines()
        empty = [line for line in lines if "slot Z1: empty" in line]
        assert empty and "takes a Zord" in empty[0]


async def test_teammates_share_hands_and_pass_the_keyboard_without_a_curtain():
    """Rulebook "Playing the Game", Pro Tip: teammates may look at each other's hands, so the
    screen shows the teammate's hand and no curtain stands between teammates (only between
    the two teams)."""
    names = ("Vee", "Hugh", "Val", "Hana")
    seats = [SeatSpec(name=n, kind="human") for n in names]
    app = _app(
        seats=seats,
        seed=5,
        config={"format": "2v2", "characters": ("gearwright", "renn", "voltara", "mara")},
    )
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        for _ in range(3):
            if screen_name(app) != "ZeoScreen":
                await pilot.press("enter")
                await settle(pilot)
        screen = app.screen
        # rulebook "Setup": the two Villains first choose which of them goes first
        assert screen.mode == "decision" and "Which Villain goes first" in screen_text(app)
        await pilot.press("1")
        await settle(pilot, 3)
        assert screen.match.view(None).active == 0
        assert screen.session.groups == {0: 0, 1: 1, 2: 0, 3: 1}
        assert screen.session.on_screen == 0
        text = screen_text(app).replace("&#x27;", "'").replace("&#39;", "'")
        assert "Val's hand (teammate" in text and "Hugh's hand (teammate" not in text
        mates = screen.query_one("#zeo-mates").cards
        val = screen.match.view(0).seats[2]
        assert [c.info.key for c in mates] == [inst for inst, _ in val.hand]
        # a foe's hand is one face-down card
        foe = [c.info for c in screen.query_one("#zeo-seat-cards-1").cards if c.info.hidden]
        assert [f.key for f in foe] == ["hand-1"]
        screen.session.on_screen = 1
        assert screen.session.needs_curtain() == 0  # a foe: curtain
        screen.session.on_screen = 2
        assert screen.session.needs_curtain() is None  # a teammate: handed straight over
        assert screen.session.on_screen == 0


async def test_a_dealt_character_shows_its_signature_item_and_zord_or_master():
    """Rulebook "Setup": look at the Signature Item and Zord/Master of both dealt characters
    before choosing."""
    app = _app(seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.mode == "pick"
        text = screen_text(app)
        assert text.count("[I]") >= 2 and text.count("[O]") >= 2  # items and Masters
        offer = [c.info for c in screen.query_one("#zeo-offer").cards]
        assert sum(1 for i in offer if i.actionable) == 2  # the two characters to choose from


async def test_play_all_keeps_cards_that_could_be_attached_for_their_ability():
    """Rulebook "Main Phase": a card in hand is either played or attached; P plays only the
    cards with no other use and says which ones it kept."""
    app = _app(
        seats=[SeatSpec(name="Vee", kind="human"), SeatSpec(name="Hugh", kind="heuristic")],
        seed=5,
        config={"characters": ("gearwright", "renn")},
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        match = screen.match
        state = match.state
        p = state.players[0]
        squad = "cogsoldier-squad#x1"  # a Villain with an Attack: Gearwright has purple slots
        players = (p.model_copy(update={"hand": (*p.hand[:4], squad)}), *state.players[1:])
        match.states[-1] = state.model_copy(update={"players": players})
        screen.redraw()
        await pilot.press("P")
        await settle(pilot)
        left = match.state.players[0].hand
        assert squad in left and match.state.shards > 0
        view = match.view(0)
        rest = [f for c, f in view.seats[0].hand if c != squad]
        assert all(not (f.shards or f.energy) for f in rest)  # every other Shard card played
        assert "kept in hand" in screen_text(app)


# -- the table kit on the Zeo table (issue 20) ---------------------------------------------------
def _kit_app() -> TabletopApp:
    return _app(
        seats=[SeatSpec(name="Vee", kind="human"), SeatSpec(name="Hugh", kind="heuristic")],
        seed=5,
        config={"characters": ("gearwright", "renn")},
    )


def _dress_table(screen) -> None:
    """Hugh has a Pulse Rifle attached (slot 2, blue), The Lair holds Iron Overlord, and Vee
    holds a Cogsoldier Squad (a Villain: two purple slots fit it)."""
    match = screen.match
    state = match.state
    vee, hugh = state.players
    slots = (None, Attached(card="pulse-rifle#x1", ready=False), None, None)
    players = (
        vee.model_copy(update={"hand": (*vee.hand[:4], "cogsoldier-squad#x1")}),
        hugh.model_copy(update={"slots": slots}),
    )
    match.states[-1] = state.model_copy(update={"players": players, "lair": ("iron-overlord#x1",)})
    screen.redraw()


async def _inspect(pilot, key: str) -> str:
    from tabletop_tui.ui.widgets.inspector import inspect_plain

    screen = pilot.app.screen
    zone = next(z for z in screen.query("Zone") if any(c.info.key == key for c in z.cards))
    zone.focus_card(key)
    await settle(pilot)
    assert screen.focused_card().info.key == key
    return inspect_plain(screen.inspector().info)


async def test_focus_moves_by_arrows_tab_and_zone_keys():
    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert screen.focused_card().info.zone == "your hand"  # a turn opens on the hand
        hand = screen.query_one("#zeo-hand")
        await pilot.press("right")
        await settle(pilot)
        assert screen.focused_card() is hand.cards[1]
        await pilot.press("left")
        await settle(pilot)
        assert screen.focused_card() is hand.cards[0]
        await pilot.press("g")
        await settle(pilot)
        grid = screen.query_one("#zeo-grid")
        assert screen.focused_card().parent is grid
        await pilot.press("tab")
        await settle(pilot)
        assert screen.focused_card().parent is screen.query_one("#zeo-stacks")
        await pilot.press("shift+tab")
        await settle(pilot)
        assert screen.focused_card().parent is grid
        await pilot.press("c")
        await settle(pilot)
        assert screen.focused_card().info.key == "char-0"
        await pilot.press("m")
        await settle(pilot)
        assert screen.focused is screen.query_one("#zeo-list")


async def test_the_inspector_reads_cards_nobody_can_act_on():
    """A Grid card too dear to buy, a foe's attached card, a Master in The Lair and the top of
    the Zord stack: each shows its full text, cost, where it is and whose it is."""
    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        _dress_table(screen)
        await settle(pilot)
        view = screen.match.view(0)
        dear = next(g for g in view.grid if g.card is not None and g.price > 0)
        text = await _inspect(pilot, f"grid-{dear.index}")
        assert dear.card.name in text and dear.card.text.splitlines()[0] in text
        assert f"{dear.price}◆" in text and "The Grid, space" in text
        assert "✘" in text and "Shard" in text  # why it cannot be had now
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "CardMenu" and "Nothing to do" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)

        text = await _inspect(pilot, "slot-1-1")
        assert "Pulse Rifle" in text and "Deal 3 damage" in text
        assert "Owner: ▲H2 Hugh" in text and "slot 2B" in text and "exhausted" in text
        assert "Exhausted:" in text  # the keyword's meaning from the rules reference

        text = await _inspect(pilot, "lair-0")
        assert "Iron Overlord" in text and "At the start of your turn" in text
        assert "The Lair" in text and "Ongoing:" in text

        text = await _inspect(pilot, "stack-zords")
        zord = view.zords.top
        assert zord is not None and zord.name in text and zord.text.splitlines()[0] in text
        assert f"{zord.cost}◆" in text and "the Zord stack" in text

        text = await _inspect(pilot, "stack-deck")
        assert "Face down" in text  # the main deck stays face down


async def test_a_cards_menu_lists_it_once_and_asks_for_the_slot_as_a_follow_up():
    """Rulebook "Attaching Cards": a Villain goes to an empty purple slot. Gearwright has two, so
    the card's menu has one Attach entry and the slot is a second prompt."""
    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        _dress_table(screen)
        await settle(pilot)
        rows = [r for r in screen.move_rows() if r.card == "cogsoldier-squad#x1"]
        assert len(rows) == 1 and "Attach" in rows[0].label.plain
        cog_rows = [r for r in screen.move_rows() if "Cog Drill" in r.label.plain]
        assert len(cog_rows) == 1 and "×" in cog_rows[0].label.plain  # copies share a row
        await _inspect(pilot, "cogsoldier-squad#x1")
        await pilot.press("enter")
        await settle(pilot)
        menu = app.screen
        assert screen_name(app) == "CardMenu"
        labels = [e.label.plain for e in menu.entries]
        assert sum("Attach" in label for label in labels) == 1, labels
        assert any("Play" in label for label in labels)
        await pilot.press("a")
        await settle(pilot)
        assert screen_name(app) == "CardMenu" and "which slot" in screen_text(app)
        await pilot.press("2")  # slot 2, purple
        await settle(pilot)
        assert screen.match.actions[-1].action == {
            "kind": "attach",
            "card": "cogsoldier-squad#x1",
            "slot": 1,
        }


async def test_row_keys_stay_with_their_card_while_shown():
    """Issue 20: a number read a moment ago still means the same card after another move."""
    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        await pilot.press("P")
        await settle(pilot)
        before = {r.card: screen._row_key_of[r.ident] for r in screen.move_rows() if r.card}
        assert sum(1 for k in before if k.startswith("grid-")) >= 2
        hand = dict(screen.match.view(0).seats[0].hand)
        # a card P kept in hand (it gives no Shards): play it by its row number
        kept = next(k for k in before if k in hand)
        await pilot.press(before[kept])
        await settle(pilot)
        assert screen.match.actions[-1].action == {"kind": "play", "card": kept}
        after = {r.card: screen._row_key_of[r.ident] for r in screen.move_rows() if r.card}
        assert kept not in after
        still = [k for k in before if k in after]
        assert len(still) >= 2
        for key in still:
            assert after[key] == before[key], key


async def test_discarding_an_attached_card_asks_once():
    """Rulebook "End Phase": attached cards may be discarded; it throws the card away, so the
    screen asks first."""
    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        match = screen.match
        state = match.state
        vee = state.players[0]
        slots = (Attached(card="cogsoldier-squad#x1"), None, None, None)
        match.states[-1] = state.model_copy(
            update={"players": (vee.model_copy(update={"slots": slots}), state.players[1])}
        )
        screen.redraw()
        await pilot.press("e")  # no Shards yet: nothing to ask
        await settle(pilot)
        assert match.view(0).phase == "end"
        await _inspect(pilot, "slot-0-0")
        await pilot.press("d")
        await settle(pilot)
        assert screen_name(app) == "CardMenu" and "Discard Cogsoldier Squad" in screen_text(app)
        await pilot.press("n")  # any other key steps back
        await settle(pilot)
        assert match.state.players[0].slots[0] is not None
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("d", "y")
        await settle(pilot)
        assert match.state.players[0].slots[0] is None


async def test_every_public_card_reads_in_full_and_nothing_hidden_shows():
    """Issue 20: at a mid-game state, focus walks over every card on the table; the inspector
    shows each public card's full text, and no card hidden from the seat appears anywhere."""
    from .walk import assert_nothing_hidden_shown, hidden_names, walk_cards

    app = _kit_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)

        def attached(view) -> int:
            return sum(1 for s in view.seats if s.character for sl in s.character.slots if sl.card)

        await _bots_play_until(pilot, lambda view: view.turn >= 7 and attached(view) >= 1)
        screen = app.screen
        view = screen.match.view(0)
        assert view.turn >= 7
        walked = await walk_cards(pilot)
        by_key = {info.key: (info, text) for info, text in walked}
        expected = {f"grid-{g.index}": g.card for g in view.grid if g.card}
        for i, s in enumerate(view.seats):
            for k, sl in enumerate(s.character.slots):
                if sl.card:
                    expected[f"slot-{i}-{k}"] = sl.card
        expected.update({inst: face for inst, face in view.seats[0].hand})
        expected.update({f"lair-{n}": m for n, m in enumerate(view.lair)})
        expected.update({f"bay-{k}": z.card for k, z in enumerate(view.bay.slots) if z.card})
        for key, card in (("stack-zords", view.zords.top), ("stack-masters", view.masters.top)):
            if card is not None:
                expected[key] = card
        assert len(expected) >= 10
        for key, card in expected.items():
            info, text = by_key[key]
            assert card.name in text, key
            for line in card.text.splitlines():
                assert line in text, (key, line)
            assert "Where:" in text and info.zone in text
        for info, text in walked:
            if info.hidden:
                assert "Face down" in text
            else:
                assert info.face.title in text
        await assert_nothing_hidden_shown(
            pilot, walked, hidden_names(screen.rules, screen.match.state, 0)
        )


async def _bots_play_until(pilot, done, limit: int = 400) -> None:
    """The heuristic bot plays the human seat too, until `done(view)`: on the engine up to
    the move that makes it hold, then through the screen."""
    await engine_until(pilot, done)
    app = pilot.app
    bot = make_bot("zeo-dbg", "heuristic")
    for _ in range(limit):
        screen = app.screen
        if screen_name(app) in ("CurtainScreen", "RevealScreen"):
            await pilot.press("enter")
            await settle(pilot, 1)
            continue
        match = screen.match
        seat = screen.session.on_screen
        if screen.waiting or seat is None or seat not in match.to_act():
            await settle(pilot, 1)
            continue
        view = match.view(seat)
        if screen.mode == "main" and done(view):
            return
        action = bot.choose(
            view, match.legal_actions(seat), seat, bot_rng(match.seed, len(match.actions), seat)
        )
        screen.submit(action)
        await settle(pilot, 1)
    raise AssertionError("never reached")


async def test_every_discard_pile_reads_in_full_not_only_its_top_card():
    """Rulebook "Discarding Cards": a player's discard pile "may be inspected by your foes"
    and is "always public information"; "The Main Deck Discard Pile": players may look
    through it. QA: only each pile's top card could be read. Now every card of every pile
    is on the table, once per card with how many copies the pile holds."""
    from collections import Counter

    from .walk import walk_cards

    app = _kit_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        await _bots_play_until(
            pilot, lambda v: v.turn >= 5 and v.main_discard and all(s.discard for s in v.seats)
        )
        view = app.screen.match.view(0)
        walked = await walk_cards(pilot)
        texts = [text for info, text in walked if info.key.startswith("pile-")]
        piles = [("the main deck's discard pile", view.main_discard)]
        piles += [(f"{s.name}'s discard pile", s.discard) for s in view.seats]
        for where, pile in piles:
            for name, n in Counter(face.name for face in pile).items():
                assert any(
                    name in t and where in t and f"{n} of {len(pile)}" in t for t in texts
                ), (where, name, n)


async def test_zones_made_late_keep_the_tables_order_title_over_zone():
    """Zones made the first time they show keep the table's order whichever comes first:
    QA, a resumed 2v1 game made the discard piles (public at once) before the teammate's
    hand (shown once a seat sat), and that hand came between the piles' title and cards."""
    app = _kit_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for ident in ("zeo-discards", "zeo-mates", "zeo-played"):
            screen._late_zone(ident, True)
        await settle(pilot)
        ids = [w.id for w in screen.query_one("#zeo-table").children]
        order = ["zeo-played-title", "zeo-played", "zeo-hand-title", "zeo-hand"]
        order += ["zeo-mates-title", "zeo-mates", "zeo-discards-title", "zeo-discards"]
        assert [i for i in ids if i in order] == order, ids


async def test_e_ends_at_once_when_the_shards_left_can_do_nothing():
    """The question about unspent Shards (rulebook "End Phase": they are lost) comes only
    while some move is left that could use them; QA: with 1◆ and nothing to buy, play or
    activate, `e` asked anyway."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        match = screen.match
        state = match.state
        empty = state.players[0].model_copy(update={"hand": ()})
        match.states[-1] = state.model_copy(
            update={"shards": 1, "players": (empty, *state.players[1:])}
        )
        screen.redraw()
        legal = match.legal_actions(0)
        assert [a.kind for a in legal] == ["end_main"], legal
        await pilot.press("e")
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
        assert match.view(0).phase == "end"


async def test_e_ends_at_once_when_nothing_in_the_grid_or_stacks_is_affordable():
    """Issue #33: with 1◆ left and cards still to play, nothing in The Grid or the stacks
    costs as little (no Buy and no Battle among the legal moves), so the Shards cannot be
    spent and `e` ends the Main Phase without asking; once a Grid card costs 1◆, it asks."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        match = screen.match
        start = match.state
        match.states[-1] = start.model_copy(update={"shards": 1})
        screen.redraw()
        legal = match.legal_actions(0)
        assert any(a.kind == "play" for a in legal), legal  # moves are left, none spends ◆
        assert not any(a.kind in ("buy", "battle") for a in legal), legal
        await pilot.press("e")
        await settle(pilot)
        assert screen_name(app) == "ZeoScreen"
        assert "unspent" not in screen_text(app)
        assert match.view(0).phase == "end"

    app = _app(seed=5)  # the same turn with enough ◆ for a Grid card: the question is asked
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        match = screen.match
        match.states[-1] = match.state.model_copy(update={"shards": 9})
        screen.redraw()
        assert any(a.kind in ("buy", "battle") for a in match.legal_actions(0))
        await pilot.press("e")
        await settle(pilot)
        assert screen_name(app) == "CardMenu"
        assert "9◆ unspent" in screen_text(app)


async def test_a_choice_handed_to_a_teammate_without_a_curtain_names_who_chooses():
    """Teammates pass the keyboard without a curtain (rulebook "Playing the Game", Pro Tip),
    so the prompt names whose choice is on screen; QA: at 80x24 in a 2v1 game the second
    Villain's characters came up under "choose your character" with no name in sight."""
    seats = [
        SeatSpec(name="Vee", kind="human"),
        SeatSpec(name="Hugh", kind="heuristic"),
        SeatSpec(name="Val", kind="human"),
    ]
    app = _app(seats=seats, seed=5, config={"format": "2v1", "lone": "heroes"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 3)
        screen = app.screen
        assert screen.session.on_screen == 0
        assert "▼V1 Vee: Choose your character" in screen.query_one("#zeo-prompt").render().plain
        await pilot.press("1")
        await settle(pilot, 3)
        assert screen_name(app) == "ZeoScreen" and screen.session.on_screen == 2
        assert "▼V3 Val: Choose your character" in screen.query_one("#zeo-prompt").render().plain
        await pilot.press("1")
        await settle(pilot, 3)
        prompt = screen.query_one("#zeo-prompt").render().plain
        assert "Which Villain goes first" in prompt and "▼V" in prompt, prompt


async def test_playing_a_card_from_a_teammates_hand_is_refused_naming_the_rule():
    """Teammates may look at each other's hands (rulebook "Playing the Game", Pro Tip), not
    play from them ("Playing Cards": you play cards from your hand). QA: the refusal said
    only "no move uses it now (it is in Val's hand (your teammate))"."""
    names = ("Vee", "Hugh", "Val", "Hana")
    app = _app(
        seats=[SeatSpec(name=n, kind="human") for n in names],
        seed=5,
        config={"format": "2v2", "characters": ("gearwright", "renn", "voltara", "mara")},
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            if screen_name(app) != "ZeoScreen":
                await pilot.press("enter")
                await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        before = len(screen.match.actions)
        mates = screen.query_one("#zeo-mates")
        mates.focus_card(mates.cards[0].info.key)
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        message = screen.query_one("#zeo-message").render().plain
        assert "Playing Cards" in message and "Val" in message, message
        assert len(screen.match.actions) == before


async def test_battling_a_card_that_is_no_adversary_names_the_battle_rule():
    """t on a Grid card that is for sale (no adversary) names the rule it breaks (rulebook
    "Battling Adversary Cards"), not the price of buying it; QA: it said "Buying Cards:
    Quarry Outpost costs 3 Shards"."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        view = screen.match.view(0)
        space = next(g for g in view.grid if g.card is not None and not g.adversary)
        grid = screen.query_one("#zeo-grid")
        grid.focus_card(f"grid-{space.index}")
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        message = screen.query_one("#zeo-message").render().plain
        assert "Battling Adversary Cards" in message and "Buying" not in message, message


async def test_tab_never_stops_on_the_scrolling_table_itself():
    """As in Heroes of the Grid: Tab goes from zone to zone and the move panel, never to the
    table's scrolling container (no card marked, the inspector stale)."""
    from textual.containers import VerticalScroll

    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        for _ in range(16):
            await pilot.press("tab")
            await settle(pilot)
            assert not isinstance(app.focused, VerticalScroll), app.focused


def _slot_words(app) -> list[tuple[str, str]]:
    """Each empty slot on the table: (what its box says, what it must say it takes)."""
    from tabletop_tui.ui.games.zeo_dbg.cards import SLOT_SHORT

    out = []
    for zone in app.screen.query(".zeo-seat-slots"):
        for card in zone.cards:
            if card.info.face.title.endswith(": empty"):
                colour = card.info.tone
                word = "Villains" if colour == "rainbow" else SLOT_SHORT[colour]
                out.append((str(card.render()), word))
    return out


async def test_empty_slots_say_what_they_take_in_three_seat_columns_at_160_columns():
    """Three seats at 160x48 (two by two, as four): an empty slot's box says what it takes,
    whole; QA: each read "[P] slot 1P: empty takes", its kind of card cut off."""
    seats = [
        SeatSpec(name="Vee", kind="human"),
        SeatSpec(name="Hugh", kind="heuristic"),
        SeatSpec(name="Val", kind="heuristic"),
    ]
    app = _app(
        seats=seats,
        seed=5,
        config={"format": "2v1", "lone": "heroes", "characters": ("gearwright", "renn", "voltara")},
    )
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        boxes = _slot_words(app)
        assert len(boxes) >= 6, boxes
        for drawn, word in boxes:
            assert f" {word}" in drawn and "…" not in drawn, drawn
            assert "takes" in drawn or "any but" in drawn


async def test_four_seats_stand_two_by_two_so_their_lines_are_not_cut_at_160_columns():
    """Four seats at 160x48 (QA): side by side each column had 25 characters, and a seat's
    slots read "1P: empty takes", the kind of card cut off; two by two, every slot's box
    says what it takes, and the heading keeps its card counts."""
    seats = [SeatSpec(name=n, kind="heuristic") for n in ("Vee", "Hugh", "Val", "Hal")]
    seats[0] = SeatSpec(name="Vee", kind="human")
    app = _app(seats=seats, seed=3)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, 3)
        boxes = _slot_words(app)
        assert boxes, screen_lines(app)
        assert all(f" {word}" in drawn and "…" not in drawn for drawn, word in boxes), boxes
        heads = [str(h.render()) for h in app.screen.query(".zeo-seat-head")]
        assert len(heads) == 4
        assert all("◫" in head and "⌫" in head for head in heads), heads


async def test_a_villain_refused_the_zord_stack_is_told_why():
    """Rulebook "Buying Cards": only Heroes may buy from the Zord stack (and only Villains
    from the Master stack). A Villain pressing b on the Zord stack was told to buy their own
    Master first: the reason of the Master stack, read for the wrong stack."""
    from tabletop_tui.ui.widgets.table import Zone

    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        assert screen.match.view(0).seats[0].team == 0  # Vee plays the Villains
        stack = next(c for z in screen.query(Zone) for c in z.cards if c.info.key == "stack-zords")
        stack.focus()
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        message = screen.query_one("#zeo-message").render().plain
        assert "only Heroes may buy from the Zord stack" in message, message
        assert "Master" not in message


async def test_the_block_question_shows_at_80x24_above_a_long_attack_line():
    """Play-test at 80x24: an Attack's line ("⚔ Attack: X — Deal 3 damage. If negated: Draw 1
    card. · waiting for Y") filled the three-line prompt and cut off the question under it, so
    only the answers showed. The question comes first; the attack's text follows it."""
    app = _app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await engine_until(
            pilot,
            lambda v: v.attack is not None and v.decision_seat == 0 and len(v.attack.text) > 30,
        )
        await past_curtains(pilot)
        screen = app.screen
        assert screen.mode == "decision" and screen.compact
        view = screen.match.view(0)
        assert view.decision is not None and view.decision.kind == "block"
        lines = screen_lines(app)
        # the question itself, not the answer row "1) ☞ Do not Block"
        asked = [line for line in lines if "☞" in line and "Block" in line and "?" in line]
        assert asked, "\n".join(lines)
        assert any("⚔ Attack" in line for line in lines)
        # the defender on screen is the one asked: no "waiting for" them as well
        assert not any("waiting for ▼V1 Vee" in line for line in lines)
