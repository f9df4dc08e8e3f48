"""The shell around every game: seed privacy, the curtain's quit, the setup form (issue 20)."""

from textual.containers import VerticalScroll
from textual.widgets import Input, Select

from tabletop_tui.engine.match import SeatSpec
from tabletop_tui.ui.app import TabletopApp
from tabletop_tui.ui.widgets import LogPanel

from .helpers import screen_name, screen_text, settle

VS_BOT = [SeatSpec(name="Alice"), SeatSpec(name="Robo", kind="heuristic")]
HUMANS = [SeatSpec(name="Alice"), SeatSpec(name="Bob")]


def _log(app) -> str:
    return app.screen.query_one(LogPanel).text()


async def test_a_random_seed_is_never_shown_while_the_game_runs():
    """Issue 20, privacy: knowing a random seed lets a second copy show every hand."""
    app = TabletopApp(game="pr-ccg-2008", seats=VS_BOT, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        seed = app.screen.match.seed
        assert "New game of" in _log(app)
        assert f"seed {seed}" not in _log(app)
        assert f"seed {seed}" not in screen_text(app)


async def test_a_seed_the_players_gave_is_shown():
    app = TabletopApp(game="pr-ccg-2008", seats=VS_BOT, seed=4321, bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 3)
        assert "seed 4321" in _log(app)


async def test_setup_leaves_the_seed_blank_and_draws_it_at_start():
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_setup("army-of-zero")
        await settle(pilot)
        assert app.screen.query_one("#seed", Input).value == ""
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        game = app.screen
        assert game.session.seed_given is False
        assert f"seed {game.match.seed}" not in _log(app)


async def test_quit_from_the_curtain_asks_and_never_shows_the_next_screen():
    """Issue 20, curtain: q asks there; the game below stays hidden."""
    app = TabletopApp(game="army-of-zero", seats=HUMANS, seed=5, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"
        assert "q: quit" in screen_text(app)
        await pilot.press("q")
        await settle(pilot)
        assert screen_name(app) == "ConfirmQuit"
        await pilot.press("n")
        await settle(pilot)
        assert screen_name(app) == "CurtainScreen"  # still hidden: "no" keeps the curtain
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert screen_name(app) == "ConfirmQuit"
        await pilot.press("y")
        await settle(pilot)
    assert app.return_code == 0 or app.return_code is None
    assert not app.is_running


async def test_setup_opens_at_the_top_on_the_first_field_at_80x24():
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_setup("pr-ccg-2008")
        await settle(pilot, 3)
        assert app.focused is not None and app.focused.id == "name-0"
        assert app.screen.query_one("#setup", VerticalScroll).scroll_y == 0
        text = screen_text(app)
        assert "New game: " in text
        # the focused row is marked by more than colour: its label turns reverse
        row = app.focused.parent
        assert row is not None and row.has_pseudo_class("focus-within")


async def test_setup_decks_carry_a_one_line_description():
    from tabletop_tui.games.pr_ccg_2008.cards import catalog

    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 48)) as pilot:
        await settle(pilot)
        app.open_setup("pr-ccg-2008")
        await settle(pilot, 3)
        decks = {d.info.id: d.info.blurb for d in catalog().card_set.decks}
        select = app.screen.query_one("#opt-decks-0", Select)
        desc = app.screen.query_one("#desc-decks-0")
        assert str(desc.render()) == decks[select.value]
        other = next(k for k in decks if k != select.value)
        select.value = other
        await settle(pilot)
        assert str(desc.render()) == decks[other]


async def test_new_game_after_a_game_keeps_names_seats_and_decks():
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 48)) as pilot:
        await settle(pilot)
        app.open_setup("pr-ccg-2008")
        await settle(pilot, 3)
        setup = app.screen
        setup.query_one("#name-0", Input).value = "Zed"
        setup.query_one("#kind-1", Select).value = "random"
        decks = [v for _, v in setup.options[0].options()]
        setup.query_one("#opt-decks-0", Select).value = decks[-1]
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        assert screen_name(app) in ("PrCcgScreen", "RevealScreen")
        app.open_setup("pr-ccg-2008", replace=True)  # what the game-over "New game" does
        await settle(pilot, 3)
        again = app.screen
        assert screen_name(app) == "SetupScreen"
        assert again.query_one("#name-0", Input).value == "Zed"
        assert again.query_one("#kind-1", Select).value == "random"
        assert again.query_one("#opt-decks-0", Select).value == decks[-1]
        assert again.query_one("#seed", Input).value == ""  # a random seed is not kept


async def test_hotg_setup_lets_each_seat_choose_a_ranger():
    """Base rules, Setup: each player picks a Ranger; an unchosen seat is dealt one."""
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.open_setup("hotg")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#kind-1", Select).value = "heuristic"
        setup.query_one("#opt-ranger_picks-1", Select).value = "ashley"
        setup.query_one("#opt-ranger_picks-0", Select).value = "ashley"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        assert "both chose the same Ranger" in screen_text(app)
        setup.query_one("#opt-ranger_picks-0", Select).value = "tj"
        await pilot.press("ctrl+s")
        await settle(pilot, 3)
        players = app.screen.match.state.players
        assert [p.rangers[0] for p in players[:2]] == ["tj", "ashley"]


async def test_a_refused_setup_names_the_problem_in_plain_words():
    """Psycho Assault with the Psycho Rangers as monsters is refused: the form says why,
    without pydantic's framing ("1 validation error for ...")."""
    app = TabletopApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.open_setup("hotg")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#opt-mode-0", Select).value = "psycho_assault"
        setup.query_one("#opt-psycho_monsters-0", Select).value = "1"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert screen_name(app) == "SetupScreen"
        text = screen_text(app)
        assert "the Psycho Rangers are the only villains" in text
        assert "validation error" not in text
