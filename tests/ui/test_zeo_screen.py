"""Zeo through the UI: a whole 1v1 game with keys (Blocks included), the Block prompt behind
the defender's curtain, refused moves naming their rule, filters, and the game-over chart."""

from tabletop_tui.engine.bots import bot_rng
from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.games import make_bot
from tabletop_tui.games.zeo_dbg.models import Buy, EndMain
from tabletop_tui.ui.app import TabletopApp

from .helpers import screen_name, screen_text, settle, zeo_key


def _app(humans=1, seed=5, size_hint=None, **kw) -> TabletopApp:
    kw.setdefault("autosave", False)
    seats = [
        SeatSpec(name="Vee", kind="human"),
        SeatSpec(name="Hugh", kind="human" if humans > 1 else "heuristic"),
    ]
    return TabletopApp(game="zeo-dbg", seats=seats, seed=seed, bot_delay=0, **kw)


async def test_a_whole_1v1_game_with_keys_answering_blocks():
    """Issue #5: a Pilot test plays a 1v1 game through the UI with keys, including a Block."""
    app = _app(seed=7)
    answered: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for pressed in range(4000):
            name = screen_name(app)
            if name == "GameOverScreen":
                break
            if name in ("CurtainScreen", "RevealScreen"):
                await pilot.press("enter")
                continue
            assert name == "ZeoScreen", name
            if app.screen.waiting:
                await pilot.pause()
                continue
            answered.append(await zeo_key(pilot, pressed))
            await pilot.pause()
        assert screen_name(app) == "GameOverScreen", "no game over after 4000 keys"
        match = app.screen_stack[-2].match
        assert match.outcome() is not None
        assert "answer:block" in answered, "the Hero never attacked: no Block prompt was shown"
        assert "buy" in answered and "play" in answered
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


async def test_filters_show_one_kind_of_move_and_esc_shows_all():
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        everything = len(screen._entries)
        await pilot.press("p")
        await settle(pilot)
        assert screen._entries and all(e.label.plain.startswith("▶") for e in screen._entries)
        assert len(screen._entries) < everything
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen._entries) == everything
        await pilot.press("P")  # play everything that gives Shards
        await settle(pilot)
        assert screen.match.view(0).shards > 0
        await pilot.press("e")
        await settle(pilot)
        assert screen.match.view(0).phase in ("end", "main")
        last = screen.match.actions[-1].action
        assert last.get("kind") in ("end_main", EndMain().kind)


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


async def test_clicking_a_grid_card_buys_or_battles_it_or_names_the_rule():
    """Mouse: a click on a card of The Grid makes its move; without Shards the rule says no."""
    app = _app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot, 3)
        screen = app.screen
        before = len(screen.match.actions)
        await pilot.click("#zeo-grid", offset=(6, 1))  # the first card of The Grid
        await settle(pilot)
        assert len(screen.match.actions) == before
        assert "✘" in screen_text(app)
        await pilot.press("P")  # Shards to spend
        await settle(pilot)
        view = screen.match.view(0)
        first = view.grid[0]
        await pilot.click("#zeo-grid", offset=(6, 1))
        await settle(pilot)
        assert first.price is not None and first.price <= view.shards  # seed 5: affordable
        assert screen.match.actions[-1].action["kind"] in ("buy", "battle")


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
        text = screen_text(app)
        for mark in ("▼V1", "▲H2", "♥30/30", "⚡0/20", "[S]", "1P:", "4O:", "◆"):
            assert mark in text, mark
        await pilot.press("P", "e", "e")
        await settle(pilot, 3)
        screen = app.screen
        assert screen.match.view(0).turn >= 2


async def test_teammates_share_hands_and_pass_the_keyboard_without_a_curtain():
    """Rulebook "Playing the Game", Pro Tip: teammates may look at each other's hands, so the
    screen shows the teammate's hand and no curtain stands between teammates (only between
    the two teams)."""
    names = ("Vee", "Hugh", "Val", "Hana")
    seats = [SeatSpec(name=n, kind="human") for n in names]
    app = TabletopApp(
        game="zeo-dbg",
        seats=seats,
        seed=5,
        bot_delay=0,
        autosave=False,
        config={"format": "2v2", "characters": ("gearwright", "renn", "voltara", "mara")},
    )
    async with app.run_test(size=(120, 40)) as pilot:
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
        assert "Val's hand:" in text and "Hugh's hand:" not in text
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


async def test_play_all_keeps_cards_that_could_be_attached_for_their_ability():
    """Rulebook "Main Phase": a card in hand is either played or attached; P plays only the
    cards with no other use and says which ones it kept."""
    app = TabletopApp(
        game="zeo-dbg",
        seats=[SeatSpec(name="Vee", kind="human"), SeatSpec(name="Hugh", kind="heuristic")],
        seed=5,
        bot_delay=0,
        autosave=False,
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
