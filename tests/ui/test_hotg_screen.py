"""Heroes of the Grid through the UI: a deployment phase and a whole battle played with keys,
open hands passing the keyboard without a curtain, hidden hands with one, refused moves
naming their rule, and the co-operative game-over screen."""

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.widgets.inspector import inspect_plain
from tabletop_tui.ui.widgets.table import Zone

from .helpers import drain_menus, hotg_key, screen_lines, screen_name, screen_text, settle


def _app(players=2, seed=5, **config) -> TabletopApp:
    seats = [SeatSpec(name=n, kind="human") for n in ("Ann", "Ben", "Cy", "Dee")[:players]]
    return TabletopApp(
        game="hotg", seats=seats, seed=seed, bot_delay=0, autosave=False, config=config
    )


async def test_a_deployment_phase_and_a_whole_battle_with_keys():
    """Issue #6: a Pilot test plays through a deployment phase and a full battle with keys.
    Base rules "Rounds": deployment, then the action phase; "Battles": Ranger turns alternate
    with enemy turns until the enemies or the Rangers are done."""
    app = _app(players=2, seed=5)
    made: list[str] = []
    battles_done = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == "HotgScreen"
        was_in_battle = False
        for _ in range(600):
            if screen_name(app) != "HotgScreen":
                break
            view = screen.match.view(None)
            if was_in_battle and view.battle is None:
                battles_done += 1
            was_in_battle = view.battle is not None
            if battles_done and view.round >= 2:
                break
            made.append(await hotg_key(pilot))
            await pilot.pause()
        view = screen.match.view(None)
        assert battles_done >= 1, made[-20:]
        assert "play" in made and "battle" in made
        assert view.round >= 2 or view.outcome is not None  # a second deployment phase ran
        log = " ".join(e.text for e in screen.match.log_lines())
        assert "Deployment" in log or "deploy" in log.lower()


async def test_open_hands_pass_the_keyboard_without_a_curtain():
    """Co-op with open hands: nothing is hidden, so handing the turn over needs no curtain."""
    app = _app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.session.on_screen == 0
        await pilot.press("f", "1")  # hand the turn to Ben
        await settle(pilot)
        assert screen_name(app) == "HotgScreen"
        assert screen.session.on_screen == 1
        assert "Ann" in screen_text(app) and "hand" in screen_text(app)


async def test_hidden_hands_put_a_curtain_between_players():
    """Setup option "Hands: hidden": each hand is shown only to its owner, behind a curtain."""
    app = _app(players=2, seed=5, hidden_hands=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if screen_name(app) == "CurtainScreen":
            await pilot.press("enter")
            await settle(pilot)
        screen = app.screen
        me = screen.session.on_screen
        other = 1 - me
        view = screen.match.view(me)
        assert view.players[other].hand is None and view.players[me].hand is not None
        await pilot.press("f", "1")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "Pass to" in screen_text(app)


async def test_a_refused_move_names_the_rule():
    """Base rules "Action phase": BATTLE needs enemies where the Ranger stands."""
    app = _app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        before = len(screen.match.actions)
        await pilot.press("b")  # at the Command Center: nothing to battle
        await settle(pilot)
        assert len(screen.match.actions) == before
        text = screen_text(app)
        assert "✘ BATTLE (§4.2)" in text
        assert ".." not in text  # the reason's own full stop, not a second one


async def test_game_over_says_win_or_lose_and_plots_panic_and_energy():
    from tabletop_tui.ui.screenshots import SCENES

    scene = next(s for s in SCENES if s.name == "hotg-game-over")
    app = scene.make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await scene.steps(pilot)
        assert screen_name(app) == "GameOverScreen"
        text = screen_text(app)
        assert "The Rangers lose" in text or "The Rangers win" in text
        assert "A draw" not in text
        assert "Panicked locations and Command Center energy per round" in text


async def test_no_color_is_fully_playable(monkeypatch):
    """NO_COLOR: Rangers carry a colour letter, panic a ⚠, and a battle can be fought."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = _app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.no_color
        text = screen_text(app)
        for mark in ("[R]", "[K]", "CC ⚡", "◆", "Command Center", "Power 0/6", "Boss 0/"):
            assert mark in text, mark
        assert "⚠" in text
        for _ in range(40):
            if app.screen.match.view(None).battle is not None:
                break
            await hotg_key(pilot)
            await pilot.pause()
        assert app.screen.match.view(None).battle is not None
        assert "Battle at" in screen_text(app)


def _mastermind_app(rangers_human: bool, seed: int = 3) -> TabletopApp:
    kind = "human" if rangers_human else "heuristic"
    seats = [SeatSpec(name="Ann", kind=kind), SeatSpec(name="Ben", kind=kind)]
    seats.append(SeatSpec(name="Mal", kind="human"))
    return TabletopApp(
        game="hotg",
        seats=seats,
        seed=seed,
        bot_delay=0,
        autosave=False,
        config={"mode": "mastermind"},
    )


async def test_a_mastermind_battle_placed_on_the_grid_with_arrow_keys():
    """Expansion "Mastermind Mode": the Mastermind places each drawn enemy card on an empty
    space of the 3x3 combat grid, then the combat marker; here by arrow keys and Enter."""
    from tabletop_tui.ui.widgets.combat_grid import CombatGrid

    app = _mastermind_app(rangers_human=False)
    placed = marked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(400):
            if screen_name(app) != "HotgScreen" or (placed >= 3 and marked):
                break
            if screen.waiting or screen.session.on_screen is None:
                await pilot.pause()
                continue
            view = screen.match.view(2)
            d = view.decision
            if 2 not in screen.match.to_act():
                await pilot.pause()
                continue
            if d is not None and d.kind in ("grid_place", "marker"):
                grid = screen.query_one("#hg-grid", CombatGrid)
                assert grid.has_focus and grid.display
                assert grid.cursor in grid.legal
                before = len(screen.match.actions)
                await pilot.press("right", "left", "enter")  # there and back: a legal space
                await settle(pilot)
                # the Mastermind's move; bots may follow at once when no Scheme window
                # opens for the Mastermind (Ruling MM6)
                assert len(screen.match.actions) > before
                mine = screen.match.actions[before]
                assert mine.seat == 2 and mine.action["kind"] in ("place", "marker")
                if d.kind == "grid_place":
                    placed += 1
                else:
                    marked += 1
                continue
            first = screen.key_of(screen.groups[0]) if screen.groups else "e"
            await pilot.press(first if d is not None else "e")
            await drain_menus(pilot)
        assert placed >= 3 and marked >= 1
        assert "Schemes" in screen_text(app)


async def test_the_curtain_falls_between_the_mastermind_and_the_rangers():
    """The Mastermind's Scheme hand is hidden from the Rangers: a curtain whenever the
    keyboard passes between them (not between the Rangers, whose hands are open)."""
    app = _mastermind_app(rangers_human=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        curtain_for_mastermind = False
        for _ in range(300):
            name = screen_name(app)
            if name == "CurtainScreen":
                game = app.screen_stack[-2]
                nxt = game.session.next_human()
                if nxt == 2:
                    assert "Pass to Mal" in screen_text(app)
                    curtain_for_mastermind = True
                    break
                await pilot.press("enter")
                await settle(pilot)
                continue
            screen = app.screen
            if screen.waiting:
                await pilot.pause()
                continue
            seat = screen.session.on_screen
            if seat is not None and seat != 2:
                assert screen.match.view(seat).schemes is None  # a Ranger never sees them
            await hotg_key(pilot)
            await pilot.pause()
        assert curtain_for_mastermind


async def test_psycho_assault_deployment_attaches_psychos_to_the_rangers_on_screen():
    """Expansion "Psycho Assault Mode": a Psycho Ranger is deployed to the Ranger of its
    colour; the Ranger panel shows its deployment card."""
    app = _app(players=2, seed=5, mode="psycho_assault")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(300):
            assert screen_name(app) == "HotgScreen"  # open hands: never a curtain
            view = screen.match.view(None)
            attached = [
                psycho for p in view.players for r in p.rangers for psycho in r.psycho_attached
            ]
            if attached or view.outcome is not None:
                break
            await hotg_key(pilot)
            await pilot.pause()
        assert attached, "no Psycho Ranger was deployed"
        await settle(pilot)
        # the deployment card is a card of the Ranger's panel: Tab-reachable and readable
        chips = [
            c
            for z in screen.query(".hg-panel").results(Zone)
            for c in z.cards
            if c.info.key.startswith("psycho-")
        ]
        assert chips, "no Psycho deployment card in a Ranger panel"
        chips[0].focus()
        await settle(pilot)
        assert "[☠] Psycho" in "\n".join(screen_lines(app))
        assert "PSYCHO" in inspect_plain(screen.inspector().info)


async def test_the_team_chooses_the_ranger_for_a_psycho_card_from_the_list():
    """Psycho Assault Mode: when several Rangers may take a Psycho's deployment card, the
    acting player is asked on screen and answers with a number key."""
    app = _app(players=2, seed=5, mode="psycho_assault")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        asked = False
        for _ in range(300):
            d = screen.match.view(None).decision
            if d is not None and d.kind == "psycho_attach":
                asked = True
                await settle(pilot)
                assert "takes its deployment card" in screen_text(app)
                groups = screen.groups
                assert groups and all(a.kind == "psycho_attach" for g in groups for a in g.actions)
                chosen = groups[0].actions[0].ranger
                await pilot.press(screen.key_of(groups[0]))
                await settle(pilot)
                attached = {
                    n.attached_to for n in screen.match.state.nemeses if n.status == "deployed"
                }
                assert chosen in attached
                break
            if screen.match.view(None).outcome is not None:
                break
            await hotg_key(pilot)
            await pilot.pause()
        assert asked, "no Psycho deployment needed the team's choice"


async def test_the_board_says_when_the_easier_deployment_cards_are_in_play():
    """Setup option "Difficulty (foot soldier cards)" (RULINGS.md 2): the easier reading is
    named next to the deployment deck, the standard one needs no note; the first
    deployment of the game is in the log."""
    for heavy in (False, True):
        app = _app(players=2, seed=5, heavy_deployments=heavy)
        async with app.run_test(size=(160, 48)) as pilot:
            await settle(pilot)
            assert app.screen.match.config.heavy_deployments is heavy
            text = screen_text(app)
            assert ("easier cards: 1-1-1-2-3" in text) is not heavy
            assert "Round 1: Deployment Phase" in text or "Deployment: " in text


async def test_the_key_that_chose_a_discard_confirms_it():
    """Mastermind Mode, Scheme Cards (discard down to three): a Scheme discard asks first;
    pressing the move's list key again says yes (it stepped back from the question, and
    the key then did nothing at all: the dialog seemed to swallow the keyboard)."""
    seats = [SeatSpec(name="Ann", kind="human"), SeatSpec(name="Mal", kind="human")]
    app = TabletopApp(
        game="hotg", seats=seats, seed=3, bot_delay=0, autosave=False, config={"mode": "mastermind"}
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(20):
            if screen_name(app) == "CurtainScreen":
                await pilot.press("enter")
                await settle(pilot)
                continue
            screen = app.screen
            d = screen.match.view(1).decision
            if d is not None and d.kind == "scheme_discard":
                break
            await pilot.press(screen.key_of(screen.groups[0]))
            await settle(pilot)
            await drain_menus(pilot)
        assert d is not None and d.kind == "scheme_discard"
        key = screen.key_of(screen.groups[0])
        before = len(screen.match.actions)
        await pilot.press(key)
        await settle(pilot)
        assert screen_name(app) == "CardMenu" and "Discard this Scheme" in screen_text(app)
        await pilot.press(key)
        await settle(pilot, 3)
        assert len(screen.match.actions) == before + 1
        assert screen.match.view(1).scheme_count == 4


async def test_a_psycho_deployment_card_reads_its_psycho_effect():
    """Psycho Assault Mode, Deployment: the team chooses which Ranger takes a Psycho's card
    (here Psycho Green: no green Ranger), and its PSYCHO effect then hits that Ranger
    ("Battle": resolve all PSYCHO effects). The card was never readable: not while
    choosing, and once attached it said only that it was attached."""
    from tabletop_tui.games.hotg.cards import catalog

    effect = catalog().nemeses["psycho_green"].text
    app = _app(players=2, seed=2, mode="psycho_assault")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        d = screen.match.view(0).decision
        assert d is not None and d.kind == "psycho_attach" and "Psycho Green" in d.prompt
        read = inspect_plain(screen.inspector().info)
        assert "Psycho Green" in read and effect in read
        await pilot.press(screen.key_of(screen.groups[0]))
        await settle(pilot)
        chip = next(
            c
            for z in screen.query(".hg-panel").results(Zone)
            for c in z.cards
            if c.info.key == "psycho-psycho_green"
        )
        chip.focus()
        await settle(pilot)
        assert effect in inspect_plain(screen.inspector().info)


async def test_the_footer_lists_undo_and_save_at_every_width():
    """Playtest: u and s were never in HotG's footer, even at 160 columns; then only from 96
    columns. Now the footer lists the keys of the moment (issue 36), so they fit at 80."""
    app = _app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def shown() -> set[str]:
            return {k for k, b in app.screen.active_bindings.items() if b.binding.show}

        assert {"u", "s", "m", "e"} <= shown(), shown()
        assert "u Undo" in screen_lines(app)[-1] and "e End" in screen_lines(app)[-1]
        await pilot.resize_terminal(100, 30)
        await settle(pilot, 2)
        assert {"u", "s"} <= shown(), shown()
        assert "u Undo" in screen_lines(app)[-1] and "e End" in screen_lines(app)[-1]


def test_the_status_line_names_the_seat_asked_not_the_rangers_focus():
    """Mastermind Mode, Deployment: the Mastermind chooses where a Mastermind card deploys;
    the status line still pointed at the first Ranger ("▶ P1 Ann") while the Mastermind was
    the one to act."""
    from tabletop_tui.games.hotg.models import Config
    from tabletop_tui.games.hotg.rules import HotgRules
    from tabletop_tui.ui.games.hotg.panels import status_text

    rules = HotgRules()
    names = ("Ann", "Mal")
    s = rules.new_game(Config(names=names, mode="mastermind"), 3)
    view = rules.view(s, 1)
    assert view.decision is not None and view.decision.asked == (1,)  # the case
    line = status_text(view, lambda seat: names[seat], False).plain
    assert "▶ ☠ Mal (Mastermind)" in line and "P1 Ann" not in line
